import Testing
import WorkspaceTestSupport

@testable import WorkspaceJSON

/// Builds random JSON values from a seeded generator.
private struct ValueGenerator {
  /// Strings that are awkward to escape or encode.
  static let awkwardStrings = [
    "", "a", " ", "\"", "\\", "/", "\n", "\r\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}",
    "\u{8}\u{C}", "é", "€", "😀", "👨‍👩‍👧", "\u{2028}\u{2029}", "\u{FFFF}", "\u{10FFFF}",
    "</script>", "\\u0041", "key with spaces", "mixed \"quotes\" and \\slashes\\ and ünï",
  ]

  /// Numbers that stress the integer and shortest-form paths.
  static let awkwardNumbers: [Double] = [
    0, -0.0, 1, -5, 0.1, 0.5, 1e-7, 1e300, -1e300, 0x1p53, -0x1p53, 0x1p53 - 1, 0x1p53 + 2,
    1e15, 1e16, 1e21, 1e22, 123_456.789, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
    .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 2.5e-308,
    0.30000000000000004, 1.0 / 3.0, 100, 4_294_967_296,
  ]

  /// The source of randomness.
  var random: SeededGenerator

  /// Returns a random string: an awkward one, or a random mix of awkward characters.
  mutating func string() -> String {
    if Bool.random(using: &random) {
      return Self.awkwardStrings.randomElement(using: &random)!
    }
    let pieces = (0..<Int.random(in: 1...6, using: &random)).map { _ in
      Self.awkwardStrings.randomElement(using: &random)!
    }
    return pieces.joined()
  }

  /// Returns a random finite number: an awkward one or an arbitrary bit pattern.
  mutating func number() -> Double {
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      return Self.awkwardNumbers.randomElement(using: &random)!
    case 1:
      return Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 100
    default:
      while true {
        let candidate = Double(bitPattern: random.next())
        if candidate.isFinite { return candidate }
      }
    }
  }

  /// Returns a random value whose containers nest at most `depth` levels.
  mutating func value(depth: Int) -> JSONValue {
    let kind = Int.random(in: 0..<(depth > 0 ? 7 : 5), using: &random)
    switch kind {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2, 3: return .number(number())
    case 4: return .string(string())
    case 5:
      let count = Int.random(in: 0...4, using: &random)
      return .array((0..<count).map { _ in value(depth: depth - 1) })
    default:
      var object = JSONObject()
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        object.append(key: string(), value: value(depth: depth - 1))
      }
      return .object(object)
    }
  }
}

/// Output layout, number and string forms, and round trips through the reader.
@Suite("JSONWriter")
struct JSONWriterTests {
  /// A nested value exercising every kind of output.
  static let sample: JSONValue = [
    "id": "w1",
    "empty": [],
    "nothing": [:],
    "weights": [0.5, 0.5],
    "router": ["kind": "mail", "stack": ["inbox", "search:swift%20testing"]],
    "flags": [true, false, .null],
    "count": 3,
    "children": [["id": "p1", "children": []]],
  ]

  @Test("pretty output matches the golden text")
  func prettyGolden() {
    let expected = """
      {
        "id": "w1",
        "empty": [],
        "nothing": {},
        "weights": [
          0.5,
          0.5
        ],
        "router": {
          "kind": "mail",
          "stack": [
            "inbox",
            "search:swift%20testing"
          ]
        },
        "flags": [
          true,
          false,
          null
        ],
        "count": 3,
        "children": [
          {
            "id": "p1",
            "children": []
          }
        ]
      }

      """
    #expect(JSONWriter.string(Self.sample) == expected)
    #expect(JSONWriter.write(Self.sample) == Array(expected.utf8))
  }

  @Test("compact output is one line without a final line feed")
  func compactGolden() {
    let expected =
      #"{"id":"w1","empty":[],"nothing":{},"weights":[0.5,0.5],"router":{"kind":"mail","#
      + #""stack":["inbox","search:swift%20testing"]},"flags":[true,false,null],"count":3,"#
      + #""children":[{"id":"p1","children":[]}]}"#
    #expect(JSONWriter.string(Self.sample, style: .compact) == expected)
  }

  @Test(
    "scalars at the top level",
    arguments: [
      (JSONValue.null, "null\n"), (.bool(true), "true\n"), (.string("x"), "\"x\"\n"),
      (.array([]), "[]\n"), (.object([:]), "{}\n"), (.number(42), "42\n"),
    ])
  func topLevelScalars(_ value: JSONValue, _ expected: String) {
    #expect(JSONWriter.string(value) == expected)
  }

  @Test(
    "numbers use integers below 2^53 and the shortest round-trip form otherwise",
    arguments: [
      (3.0, "3"), (-0.0, "0"), (0.0, "0"), (-5, "-5"), (0.1, "0.1"), (1.5, "1.5"),
      (1e-7, "1e-07"), (1e300, "1e+300"), (-2.5e-8, "-2.5e-08"), (0x1p53 - 1, "9007199254740991"),
      (-(0x1p53 - 1), "-9007199254740991"), (0x1p53, "9007199254740992.0"),
      (1e15, "1000000000000000"),
      (1e16, "1e+16"), (1e21, "1e+21"), (123_456.789, "123456.789"),
      (.leastNonzeroMagnitude, "5e-324"),
      (1.7976931348623157e308, "1.7976931348623157e+308"),
      (0.30000000000000004, "0.30000000000000004"),
    ])
  func numbers(_ number: Double, _ expected: String) throws {
    let text = JSONWriter.string(.number(number), style: .compact)
    #expect(text == expected)
    let reread = try #require(try JSONReader.parse(text).numberValue)
    #expect(reread == number)
  }

  @Test(
    "strings escape quotes, backslashes, control characters and what drives a terminal",
    arguments: [
      ("plain", #""plain""#), ("say \"hi\"", #""say \"hi\"""#), ("a\\b", #""a\\b""#),
      ("a/b", #""a/b""#), ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#), ("\u{0}", #""\u0000""#),
      ("\u{1}\u{1F}\u{1B}", #""\u0001\u001f\u001b""#), ("\u{7F}", #""\u007f""#),
      ("\u{80}\u{85}\u{9B}\u{9F}", #""\u0080\u0085\u009b\u009f""#),
      ("\u{202A}\u{202E}\u{2066}\u{2069}", #""\u202a\u202e\u2066\u2069""#),
      ("\u{200E}\u{200F}\u{61C}", #""\u200e\u200f\u061c""#),
      ("\u{2028}\u{2029}", #""\u2028\u2029""#),
      ("é€😀", "\"é€😀\""),
      (
        "\u{A0}\u{178}\u{200D}\u{2010}\u{2030}\u{206A}\u{61B}",
        "\"\u{A0}\u{178}\u{200D}\u{2010}\u{2030}\u{206A}\u{61B}\""
      ),
    ])
  func escaping(_ text: String, _ expected: String) throws {
    #expect(JSONWriter.string(.string(text), style: .compact) == expected)
    #expect(JSONWriter.string(["\(text)": 1], style: .compact) == "{\(expected):1}")
    #expect(try JSONReader.parse(Array(expected.utf8)) == .string(text))
  }

  @Test("generated values round-trip through both styles, byte for byte")
  func roundTrip() throws {
    var generator = ValueGenerator(random: SeededGenerator(seed: 2024))
    for _ in 0..<400 {
      let value = generator.value(depth: 4)
      for style in [JSONWriter.Style.pretty, .compact] {
        let bytes = JSONWriter.write(value, style: style)
        let reread = try JSONReader.parse(bytes)
        #expect(reread == value)
        #expect(JSONWriter.write(reread, style: style) == bytes)
      }
    }
  }

  @Test("writing is deterministic and keeps duplicate keys in order")
  func deterministic() {
    var object = JSONObject()
    object.append(key: "b", value: 1)
    object.append(key: "a", value: 2)
    object.append(key: "b", value: 3)
    let value = JSONValue.object(object)
    #expect(JSONWriter.write(value) == JSONWriter.write(value))
    #expect(JSONWriter.string(value, style: .compact) == #"{"b":1,"a":2,"b":3}"#)
  }

  @Test("deep values are indented two spaces per level")
  func deepIndentation() {
    var value: JSONValue = "leaf"
    for _ in 0..<70 { value = [value] }
    let lines = JSONWriter.string(value).split(separator: "\n")
    #expect(lines.count == 141)
    #expect(lines[70] == Substring(String(repeating: " ", count: 140) + "\"leaf\""))
  }

  @Test("a non-finite number is a precondition failure")
  func nonFinite() async {
    await #expect(processExitsWith: .failure) {
      _ = JSONWriter.write(.number(.infinity))
    }
  }
}
