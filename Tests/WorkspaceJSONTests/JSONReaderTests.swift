import Testing
import WorkspaceTestSupport

@testable import WorkspaceJSON

/// One malformed document and the exact error the reader must report for it.
struct MalformedCase: Sendable, CustomTestStringConvertible {
  /// A short label shown in test results.
  let name: String
  /// The document bytes.
  let bytes: [UInt8]
  /// The expected reason.
  let reason: JSONParseError.Reason
  /// The expected 0-based byte offset of the offending byte.
  let offset: Int
  /// The expected 1-based line.
  let line: Int
  /// The expected 1-based byte column.
  let column: Int

  /// A case whose document is the UTF-8 form of `text`, on the first line.
  init(_ name: String, _ text: String, _ reason: JSONParseError.Reason, at offset: Int) {
    self.init(name, Array(text.utf8), reason, at: offset, line: 1, column: offset + 1)
  }

  /// A case with explicit bytes and location.
  init(
    _ name: String, _ bytes: [UInt8], _ reason: JSONParseError.Reason, at offset: Int,
    line: Int, column: Int
  ) {
    self.name = name
    self.bytes = bytes
    self.reason = reason
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// A case with explicit bytes on the first line.
  init(_ name: String, bytes: [UInt8], _ reason: JSONParseError.Reason, at offset: Int) {
    self.init(name, bytes, reason, at: offset, line: 1, column: offset + 1)
  }

  /// The label shown in test results.
  var testDescription: String { name }
}

/// The UTF-8 bytes of `text`.
private func utf8(_ text: String) -> [UInt8] {
  Array(text.utf8)
}

/// Parses `bytes` and returns the error, or records an issue when parsing succeeds.
private func parseError(
  _ bytes: [UInt8], limits: JSONLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
) -> JSONParseError? {
  do {
    let value = try JSONReader.parse(bytes, limits: limits)
    Issue.record("expected an error, parsed \(value)", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}

/// Rejections: reasons, exact locations and resource limits.
@Suite("JSONReader errors")
struct JSONReaderErrorTests {
  /// Malformed documents with the reason and location the reader must report.
  static let malformed: [MalformedCase] = [
    MalformedCase("empty", "", .emptyDocument, at: 0),
    MalformedCase("only whitespace", " \t", .emptyDocument, at: 2),
    MalformedCase("trailing comma in array", "[1,]", .unexpectedByte(0x5D), at: 3),
    MalformedCase("trailing comma in object", #"{"a":1,}"#, .unexpectedByte(0x7D), at: 7),
    MalformedCase("missing comma", "[1 2]", .unexpectedByte(0x32), at: 3),
    MalformedCase("missing colon", #"{"a" 1}"#, .unexpectedByte(0x31), at: 5),
    MalformedCase("unquoted key", "{a:1}", .unexpectedByte(0x61), at: 1),
    MalformedCase("number key", "{1:2}", .unexpectedByte(0x31), at: 1),
    MalformedCase("leading zero", "01", .invalidNumber, at: 1),
    MalformedCase("negative leading zero", "[-012]", .invalidNumber, at: 3),
    MalformedCase("lone minus", "-", .unexpectedEnd, at: 1),
    MalformedCase("minus letter", "-x", .invalidNumber, at: 1),
    MalformedCase("minus infinity", "-Infinity", .invalidNumber, at: 1),
    MalformedCase("dot at end", "1.", .unexpectedEnd, at: 2),
    MalformedCase("dot without digits", "[1.]", .invalidNumber, at: 3),
    MalformedCase("dot then exponent", "1.e5", .invalidNumber, at: 2),
    MalformedCase("exponent at end", "1e", .unexpectedEnd, at: 2),
    MalformedCase("exponent without digits", "[1e]", .invalidNumber, at: 3),
    MalformedCase("exponent sign only", "[1e+]", .invalidNumber, at: 4),
    MalformedCase("plus sign", "+1", .unexpectedByte(0x2B), at: 0),
    MalformedCase("leading dot", ".5", .unexpectedByte(0x2E), at: 0),
    MalformedCase("NaN", "NaN", .unexpectedByte(0x4E), at: 0),
    MalformedCase("Infinity", "[Infinity]", .unexpectedByte(0x49), at: 1),
    MalformedCase("hex number", "0x10", .trailingContent, at: 1),
    MalformedCase("overflow", "1e400", .numberOutOfRange, at: 0),
    MalformedCase("negative overflow", "[-1e400]", .numberOutOfRange, at: 1),
    MalformedCase("just above max", "1.7976931348623159e308", .numberOutOfRange, at: 0),
    MalformedCase("truncated true", "tru", .unexpectedEnd, at: 3),
    MalformedCase("misspelled true", "trUe", .unexpectedByte(0x55), at: 2),
    MalformedCase("capitalised null", "Null", .unexpectedByte(0x4E), at: 0),
    MalformedCase("line comment", "// c\n1", .unexpectedByte(0x2F), at: 0),
    MalformedCase("block comment", "[1 /* c */]", .unexpectedByte(0x2F), at: 3),
    MalformedCase("trailing content", "[1] x", .trailingContent, at: 4),
    MalformedCase("two values", "1 2", .trailingContent, at: 2),
    MalformedCase("unterminated array", "[1,", .unexpectedEnd, at: 3),
    MalformedCase("unterminated object", "{", .unexpectedEnd, at: 1),
    MalformedCase("unterminated string", #""abc"#, .unexpectedEnd, at: 4),
    MalformedCase("tab in string", "\"a\tb\"", .controlCharacterInString, at: 2),
    MalformedCase("newline in long string", "\"abcdefghij\nk\"", .controlCharacterInString, at: 11),
    MalformedCase("control after escape", "\"\\n\u{1}\"", .controlCharacterInString, at: 3),
    MalformedCase("unknown escape", #""\x""#, .invalidEscape, at: 2),
    MalformedCase("bad hex digit", #""\u12G4""#, .invalidEscape, at: 5),
    MalformedCase("short unicode escape", #"["\u12"]"#, .invalidEscape, at: 6),
    MalformedCase("lone high surrogate", #""\uD800""#, .invalidUnicodeEscape, at: 1),
    MalformedCase("lone low surrogate", #""\uDC00""#, .invalidUnicodeEscape, at: 1),
    MalformedCase("high then BMP", #""\uD800\u0041""#, .invalidUnicodeEscape, at: 1),
    MalformedCase("high then text", #"["ok", "\uD83D x"]"#, .invalidUnicodeEscape, at: 8),
    MalformedCase("inverted pair", #""\uDE00\uD83D""#, .invalidUnicodeEscape, at: 1),
    MalformedCase("bare NUL", bytes: [0x00], .unexpectedByte(0x00), at: 0),
    MalformedCase("NUL in string", bytes: [0x22, 0x00, 0x22], .controlCharacterInString, at: 1),
    MalformedCase("NUL after value", bytes: utf8("[1]") + [0x00], .trailingContent, at: 3),
    MalformedCase("BOM", bytes: [0xEF, 0xBB, 0xBF] + utf8("{}"), .byteOrderMark, at: 0),
    MalformedCase("overlong slash", bytes: [0x22, 0x61, 0xC0, 0xAF, 0x22], .invalidUTF8, at: 2),
    MalformedCase("encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8, at: 1),
    MalformedCase(
      "above U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
    MalformedCase("byte F5", bytes: [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], .invalidUTF8, at: 1),
    MalformedCase("byte FF", bytes: [0x22, 0xFF, 0x22], .invalidUTF8, at: 1),
    MalformedCase("lone continuation", bytes: [0x22, 0x80, 0x22], .invalidUTF8, at: 1),
    MalformedCase(
      "truncated sequence", bytes: [0x22, 0x61, 0xE2, 0x82, 0x22], .invalidUTF8, at: 2),
    MalformedCase("truncated at end", bytes: [0x22, 0xE2, 0x82], .invalidUTF8, at: 1),
    MalformedCase(
      "invalid after long run", bytes: utf8("\"abcdefghijk") + [0xC3, 0x28, 0x22], .invalidUTF8,
      at: 12),
    MalformedCase(
      "invalid after escape", bytes: [0x22, 0x5C, 0x6E, 0x61, 0xC3, 0x22], .invalidUTF8, at: 4),
    MalformedCase(
      "latin-1 outside string", bytes: [0x5B, 0xE9, 0x5D], .unexpectedByte(0xE9), at: 1),
    MalformedCase(
      "third line", utf8("{\n  \"a\": 1\n  \"b\": 2\n}"), .unexpectedByte(0x22), at: 13,
      line: 3, column: 3),
    MalformedCase(
      "line feed after literal", utf8("[\n  1,\n  tru\n]"), .unexpectedByte(0x0A), at: 12,
      line: 3, column: 6),
    MalformedCase(
      "crlf lines", utf8("[\r\n1,\r\n}"), .unexpectedByte(0x7D), at: 7, line: 3, column: 1),
  ]

  @Test("malformed input is rejected at the offending byte", arguments: malformed)
  func malformedInput(_ testCase: MalformedCase) throws {
    let error = try #require(parseError(testCase.bytes))
    #expect(error.reason == testCase.reason)
    #expect(error.offset == testCase.offset)
    #expect(error.line == testCase.line)
    #expect(error.column == testCase.column)
  }

  @Test("the description names the location, the reason and the offset")
  func description() throws {
    let error = try #require(parseError(utf8("{\n  \"a\": [1,\n    2,}\n")))
    #expect(error.description == "line 3, column 7: unexpected character '}' (byte offset 19)")
    let bom = try #require(parseError([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]))
    #expect(bom.description.contains("byte order mark is not allowed"))
    let control = try #require(parseError([0x5B, 0x01]))
    #expect(control.description == "line 1, column 2: unexpected byte 0x01 (byte offset 1)")
  }

  @Test("one million opening brackets hit the depth limit quickly")
  func millionBrackets() throws {
    let document = [UInt8](repeating: 0x5B, count: 1_000_000)
    let clock = ContinuousClock()
    let start = clock.now
    let error = try #require(parseError(document))
    #expect(clock.now - start < .seconds(1))
    #expect(error.reason == .depthLimitExceeded(512))
    #expect(error.offset == 512)
  }

  @Test("the depth limit allows exactly maxDepth open containers")
  func depthBoundary() throws {
    /// A document of `depth` nested empty arrays.
    func nested(_ depth: Int) -> [UInt8] {
      [UInt8](repeating: 0x5B, count: depth) + [UInt8](repeating: 0x5D, count: depth)
    }
    #expect(throws: Never.self) { try JSONReader.parse(nested(512)) }
    let error = try #require(parseError(nested(513)))
    #expect(error.reason == .depthLimitExceeded(512))
    #expect(error.offset == 512)

    let small = JSONLimits(maxDepth: 2)
    #expect(try JSONReader.parse(#"{"a":[1]}"#, limits: small) == ["a": [1]])
    let deep = try #require(parseError(utf8(#"{"a":{"b":[1]}}"#), limits: small))
    #expect(deep.reason == .depthLimitExceeded(2))
    #expect(deep.offset == 10)
    #expect(try JSONReader.parse("7", limits: JSONLimits(maxDepth: 0)) == 7)
  }

  @Test("a document over maxDocumentBytes is rejected before parsing")
  func documentLimit() throws {
    let limits = JSONLimits(maxDocumentBytes: 10)
    #expect(try JSONReader.parse("[1,2,3,44]", limits: limits) == [1, 2, 3, 44])
    let error = try #require(parseError(utf8("[1,2,3,4,5]"), limits: limits))
    #expect(error.reason == .documentTooLarge(10))
    #expect(error.offset == 10)
    #expect(error.column == 11)
  }

  @Test("a string or key over maxStringBytes is rejected at its opening quote")
  func stringLimit() throws {
    let limits = JSONLimits(maxStringBytes: 4)
    #expect(try JSONReader.parse(#"["abcd"]"#, limits: limits) == ["abcd"])
    let long = try #require(parseError(utf8(#"["abcde"]"#), limits: limits))
    #expect(long.reason == .stringTooLong(4))
    #expect(long.offset == 1)
    let key = try #require(parseError(utf8(#"{"abcdefgh":1}"#), limits: limits))
    #expect(key.reason == .stringTooLong(4))
    #expect(key.offset == 1)
    // The limit counts encoded bytes: three escapes are six bytes, although they decode to three.
    let escaped = try #require(parseError(utf8(#""\n\n\n""#), limits: limits))
    #expect(escaped.reason == .stringTooLong(4))
    #expect(escaped.offset == 0)
  }

  @Test("a number over maxNumberLength is rejected at its first character")
  func numberLimit() throws {
    let limits = JSONLimits(maxNumberLength: 5)
    #expect(try JSONReader.parse("[12345]", limits: limits) == [12345])
    let error = try #require(parseError(utf8("[-1.5e3]"), limits: limits))
    #expect(error.reason == .numberTooLong(5))
    #expect(error.offset == 1)
    let defaultError = try #require(parseError(utf8("1" + String(repeating: "0", count: 1000))))
    #expect(defaultError.reason == .numberTooLong(1000))
  }
}

/// Accepted documents: value types, escapes, numbers and object member order.
@Suite("JSONReader values")
struct JSONReaderValueTests {
  @Test(
    "every value type is accepted at the top level",
    arguments: [
      ("null", JSONValue.null),
      ("true", .bool(true)),
      (" false ", .bool(false)),
      ("0", .number(0)),
      ("-12.5e-1", .number(-1.25)),
      ("\"x\"", .string("x")),
      ("\n[ ]\r\n", .array([])),
      ("\t{ }", .object([:])),
    ])
  func topLevel(_ text: String, _ expected: JSONValue) throws {
    #expect(try JSONReader.parse(text) == expected)
  }

  @Test("the three input forms agree")
  func inputForms() throws {
    let text = #"{"a": [1, "two", null], "b": {"c": true}}"#
    let bytes = Array(text.utf8)
    let fromString = try JSONReader.parse(text)
    let fromArray = try JSONReader.parse(bytes)
    let fromBuffer = try bytes.withUnsafeBytes { buffer in
      try Result { () throws(JSONParseError) in try JSONReader.parse(buffer) }.get()
    }
    let expected: JSONValue = ["a": [1, "two", .null], "b": ["c": true]]
    #expect(fromString == expected)
    #expect(fromArray == expected)
    #expect(fromBuffer == expected)
  }

  @Test(
    "escapes decode, including surrogate pairs",
    arguments: [
      (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
      (#""\u00e9\u00C9""#, "éÉ"),
      (#""\uD83D\uDE00""#, "😀"),
      (#""\ud834\udd1e clef""#, "𝄞 clef"),
      (#""\u0000""#, "\u{0}"),
      (#""\u2028\uFFFF""#, "\u{2028}\u{FFFF}"),
      (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
      (#""café \u2014 done""#, "café — done"),
      (
        #""a long run of plain ASCII text\nand another long run after it""#,
        "a long run of plain ASCII text\nand another long run after it"
      ),
      (
        #""ünïcödé text with \"quotes\" — and emoji 👨‍👩‍👧 mixed""#,
        "ünïcödé text with \"quotes\" — and emoji 👨‍👩‍👧 mixed"
      ),
    ])
  func escapes(_ text: String, _ expected: String) throws {
    #expect(try JSONReader.parse(text) == .string(expected))
  }

  @Test("whitespace runs of any length are skipped")
  func whitespaceRuns() throws {
    for length in 0..<20 {
      let spaces = String(repeating: " ", count: length)
      let text =
        spaces + "{" + spaces + "\"a\"" + spaces + ":" + spaces + "[" + spaces + "1"
        + spaces + "," + "\t\r\n" + spaces + "2" + spaces + "]" + spaces + "}" + spaces
      #expect(try JSONReader.parse(text) == ["a": [1, 2]], "\(length) spaces")
    }
  }

  @Test(
    "a line break and indentation end at the first other byte, at every position of the scan",
    arguments: 0..<40)
  func blankRunPositions(_ length: Int) throws {
    let run = "\n" + String(repeating: " ", count: length)
    #expect(try JSONReader.parse("[1," + run + "2" + run + "]") == [1, 2])
    // One space and then more whitespace is not the one space a value follows most often.
    #expect(try JSONReader.parse("{\"a\": " + run + "1}") == ["a": 1])
    // A tab, carriage return or other byte inside the run, at every place of an eight-byte
    // word: whitespace is passed, anything else stops the scan where it stands.
    for (byte, isWhitespace) in [("\t", true), ("\r", true), ("x", false), ("!", false)] {
      let text = "[1," + run + byte + run + "2]"
      if isWhitespace {
        #expect(try JSONReader.parse(text) == [1, 2], "\(length) \(byte.debugDescription)")
      } else {
        let error = try #require(parseError(Array(text.utf8)))
        #expect(error.offset == 3 + run.utf8.count, "\(length) \(byte)")
      }
    }
  }

  @Test(
    "a line break passed on its own: the run after it, another break, a control byte, the end",
    arguments: 0...40)
  func runsAfterALineBreak(_ length: Int) throws {
    let spaces = String(repeating: " ", count: length)
    // A line break right before the value, two breaks in one run, a break after a space.
    #expect(try JSONReader.parse("[1,\n" + "2" + "\n" + spaces + "]") == [1, 2])
    #expect(try JSONReader.parse("[1,\n" + spaces + "\n" + spaces + "2]") == [1, 2])
    #expect(try JSONReader.parse("[1, \n" + spaces + "2]") == [1, 2])
    #expect(try JSONReader.parse("\n" + spaces + "\r\n\t" + spaces + "7") == 7)
    // A control byte that is not whitespace right after the break or inside the run.
    for (offset, byte) in [(0, "\u{0B}"), (length, "\u{0C}"), (length, "\u{00}")] {
      let run = "\n" + String(spaces.prefix(offset)) + byte + String(spaces.dropFirst(offset))
      let error = try #require(parseError(Array(("[1," + run + "2]").utf8)))
      #expect(error.reason == .unexpectedByte(Array(byte.utf8)[0]), "\(length) \(offset)")
      #expect(error.offset == 4 + offset, "\(length) \(offset)")
    }
    // The document ends inside the run.
    let cut = try #require(parseError(Array(("[1,\n" + spaces).utf8)))
    #expect(cut.reason == .unexpectedEnd)
    #expect(cut.offset == 4 + length)
  }

  @Test("special bytes are found at every position of the eight-byte scan", arguments: 0..<20)
  func scanPositions(_ position: Int) throws {
    let prefix = String(repeating: "a", count: position)
    let suffix = String(repeating: "b", count: 11)
    #expect(try JSONReader.parse("\"\(prefix)\"") == .string(prefix))
    #expect(try JSONReader.parse("\"\(prefix)\\n\(suffix)\"") == .string(prefix + "\n" + suffix))
    #expect(try JSONReader.parse("\"\(prefix)é\(suffix)\"") == .string(prefix + "é" + suffix))
    let control = try #require(parseError(Array("\"\(prefix)\u{1F}\(suffix)\"".utf8)))
    #expect(control.reason == .controlCharacterInString)
    #expect(control.offset == position + 1)
    let invalid = try #require(
      parseError(Array("\"\(prefix)".utf8) + [0xC3] + Array("\(suffix)\"".utf8)))
    #expect(invalid.reason == .invalidUTF8)
    #expect(invalid.offset == position + 1)
  }

  /// A string of up to 15 ASCII bytes is copied into its string as it is, any other decoded:
  /// each reads as its text whatever stands after it (non-ASCII bytes in the same word, the end
  /// of the document), at every length around the border.
  @Test("short ASCII strings read as their text", arguments: 0..<18)
  func shortASCIIStrings(_ length: Int) throws {
    let text = String(
      (0..<length).map { Character(Unicode.Scalar(UInt8(0x20 + ($0 * 7) % 0x5F))) }
    ).replacingOccurrences(of: "\"", with: "'").replacingOccurrences(of: "\\", with: "/")
    #expect(text.utf8.count == length)
    #expect(try JSONReader.parse("\"\(text)\"") == .string(text))
    #expect(try JSONReader.parse("[\"\(text)\",\"é\"]") == .array([.string(text), .string("é")]))
    #expect(try JSONReader.parse("[\"\(text)é\"]") == .array([.string(text + "é")]))
  }

  @Test("raw UTF-8 of every length is accepted")
  func rawUTF8() throws {
    let text = "\"aé€😀\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}\""
    #expect(try JSONReader.parse(text) == .string(String(text.dropFirst().dropLast())))
  }

  @Test(
    "numbers convert to the correctly rounded Double",
    arguments: [
      "0", "-0", "1", "-5", "0.1", "0.5", "1e-7", "1E+2", "1e300", "123456789012345",
      "9007199254740992", "9007199254740993", "18446744073709551615", "18446744073709551616",
      "123456789012345678901234567890", "0.000000000000000000000000000001",
      "2.2250738585072011e-308", "2.2250738585072014e-308", "4.9e-324", "2.4703282292062328e-324",
      "1.7976931348623157e308", "3.141592653589793", "1.00000000000000011102230246251565404",
      "7.038531e-26", "9.5e22", "1.5e22", "2e23", "0.30000000000000004",
    ])
  func numberTable(_ text: String) throws {
    let expected = try #require(Double(text))
    let value = try JSONReader.parse(text)
    let actual = try #require(value.numberValue)
    #expect(actual.bitPattern == expected.bitPattern, "\(text)")
  }

  @Test(
    "integers above 2^53 are kept as written and written back digit for digit",
    arguments: [
      ("9007199254740993", 9_007_199_254_740_993), ("-9007199254740993", -9_007_199_254_740_993),
      ("9223372036854775806", 9_223_372_036_854_775_806), ("123456789012345678901234567890", nil),
    ] as [(String, Int?)])
  func bigIntegers(_ text: String, integer: Int?) throws {
    let value = try JSONReader.parse(text)
    #expect(value == .bigInteger(text))
    #expect(value.intValue == integer)
    #expect(value.numberValue == Double(text))
    #expect(JSONWriter.string(value, style: .compact) == text)
    #expect(JSONWriter.string(["k": value], style: .compact) == #"{"k":\#(text)}"#)
  }

  @Test("integers up to 2^53, and fractions and exponents, stay Doubles")
  func notBigIntegers() throws {
    for text in ["9007199254740992", "-9007199254740992", "9007199254740993.0", "1e20"] {
      #expect(try JSONReader.parse(text) == .number(Double(text)!), "\(text)")
    }
  }

  @Test("underflow becomes zero with the sign kept")
  func underflow() throws {
    #expect(try JSONReader.parse("1e-400").numberValue?.bitPattern == (0.0).bitPattern)
    #expect(try JSONReader.parse("-1e-400").numberValue?.bitPattern == (-0.0).bitPattern)
    #expect(try JSONReader.parse("[123e-10000000]") == [0])
  }

  @Test("generated decimal numbers match the standard library bit for bit")
  func generatedNumbers() throws {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<5_000 {
      var text = Bool.random(using: &generator) ? "-" : ""
      let integerDigits = Int.random(in: 1...20, using: &generator)
      text += String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
      if Bool.random(using: &generator) {
        text += "."
        for _ in 0..<Int.random(in: 1...18, using: &generator) {
          text += String(Int.random(in: 0...9, using: &generator))
        }
      }
      if Bool.random(using: &generator) {
        text += "e" + String(Int.random(in: -40...40, using: &generator))
      }
      let expected = try #require(Double(text))
      let actual = try #require(try JSONReader.parse(text).numberValue)
      #expect(actual.bitPattern == expected.bitPattern, "\(text)")
    }
  }

  @Test(
    "decimals of 17 to 19 digits convert to the correctly rounded Double, ties to even",
    arguments: [
      "0.22222222222222227", "0.11111111111111113", "0.14285714285714285", "0.2857142857142857",
      "-0.33333333333333331", "0.0012345678901234567", "0.00099999999999999999",
      "4503599627370496.5", "4503599627370497.5", "4503599627370495.5", "9007199254740991.5",
      "2251799813685248.25", "2251799813685248.75", "2251799813685249.25",
      "4503599627370496.4999", "4503599627370496.5001", "123456789012345.67891",
      "1.0000000000000000002", "0.9999999999999999999", "9999999999999999.999",
      "1234567890123456789e-19", "12345678901234567.1", "0.12345678901234567e1",
    ])
  func longDecimals(_ text: String) throws {
    let expected = try #require(Double(text))
    let actual = try #require(try JSONReader.parse(text).numberValue)
    #expect(actual.bitPattern == expected.bitPattern, "\(text)")
  }

  @Test("printed doubles and long random decimals match the standard library bit for bit")
  func generatedLongDecimals() throws {
    var generator = SeededGenerator(seed: 29)
    for _ in 0..<5_000 {
      // A double as Swift prints it (up to 17 digits), and its neighbours.
      let value = Double.random(in: 1e-4...1e16, using: &generator)
      for double in [value, value.nextUp, value.nextDown] {
        let text = "\(double)"
        let actual = try #require(try JSONReader.parse(text).numberValue)
        #expect(actual.bitPattern == Double(text)!.bitPattern, "\(text)")
      }
      // 16 to 19 digits with the point anywhere.
      var digits = String(Int.random(in: 1...9, using: &generator))
      for _ in 1..<Int.random(in: 16...19, using: &generator) {
        digits += String(Int.random(in: 0...9, using: &generator))
      }
      let point = Int.random(in: 1..<digits.count, using: &generator)
      let text =
        String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
      let actual = try #require(try JSONReader.parse(text).numberValue)
      #expect(actual.bitPattern == Double(text)!.bitPattern, "\(text)")
      let small = "0." + digits
      let smallValue = try #require(try JSONReader.parse(small).numberValue)
      #expect(smallValue.bitPattern == Double(small)!.bitPattern, "\(small)")
    }
  }

  @Test("the exact quotient is the standard library's wherever it gives one")
  func exactQuotient() throws {
    var generator = SeededGenerator(seed: 53)
    var answered = 0
    for _ in 0..<20_000 {
      let significand = UInt64.random(in: ((1 << 53) + 1)...UInt64.max, using: &generator)
      let power = Int.random(in: 0...20, using: &generator)
      guard let value = JSONReader.quotient(significand, byPowerOfTen: power) else { continue }
      answered += 1
      let expected = try #require(Double("\(significand)e-\(power)"))
      #expect(value.bitPattern == expected.bitPattern, "\(significand)e-\(power)")
    }
    // Most of the range is answered: the path is taken, not skipped.
    #expect(answered > 10_000)
  }

  @Test("duplicate keys are kept, lookups return the last value")
  func duplicateKeys() throws {
    let value = try JSONReader.parse(#"{"a": 1, "b": 2, "a": 3, "b": 4, "c": 5, "a": 6}"#)
    let object = try #require(value.objectValue)
    #expect(object.count == 6)
    #expect(object.keys == ["a", "b", "a", "b", "c", "a"])
    #expect(object["a"] == 6)
    #expect(value["b"] == 4)
    #expect(object.duplicateKeys() == ["a", "b"])
  }

  @Test("member order is the document order")
  func memberOrder() throws {
    let value = try JSONReader.parse(#"{"zeta": 1, "alpha": {"y": 2, "x": 3}, "mid": []}"#)
    #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
    #expect(value["alpha"]?.objectValue?.keys == ["y", "x"])
    #expect(value == ["zeta": 1, "alpha": ["y": 2, "x": 3], "mid": []])
    #expect(value != ["alpha": ["y": 2, "x": 3], "zeta": 1, "mid": []])
  }

  @Test("a workspace-shaped document parses into the expected tree")
  func workspaceShape() throws {
    let text = """
      {
        "id": "w1", "kind": "window", "title": "Mail — Inbox",
        "weights": [0.5, 0.5],
        "router": {"kind": "mail", "stack": ["inbox", "detail:7", "search:swift%20testing"]},
        "children": [{"id": "p1", "children": []}, {"id": "p2", "children": [{}]}]
      }
      """
    let expected: JSONValue = [
      "id": "w1", "kind": "window", "title": "Mail — Inbox",
      "weights": [0.5, 0.5],
      "router": ["kind": "mail", "stack": ["inbox", "detail:7", "search:swift%20testing"]],
      "children": [["id": "p1", "children": []], ["id": "p2", "children": [[:]]]],
    ]
    #expect(try JSONReader.parse(text) == expected)
  }
}
