import PaneRouter
import Testing

@Suite struct RouteTokenTests {
  // MARK: Printing and round trips

  /// Awkward arguments and the canonical text each token prints.
  static let printed: [(RouteToken, String)] = [
    (RouteToken(name: "inbox"), "inbox"),
    (RouteToken(name: "detail", arguments: ["7"]), "detail:7"),
    (RouteToken(name: "search", arguments: ["swift testing"]), "search:swift%20testing"),
    (RouteToken(name: "a", arguments: [":"]), "a:%3A"),
    (RouteToken(name: "a", arguments: ["%"]), "a:%25"),
    (RouteToken(name: "a", arguments: ["100%"]), "a:100%25"),
    (RouteToken(name: "a", arguments: ["/"]), "a:/"),
    (RouteToken(name: "a", arguments: ["?"]), "a:%3F"),
    (RouteToken(name: "a", arguments: ["#"]), "a:%23"),
    (RouteToken(name: "a", arguments: ["x/y?z#w"]), "a:x/y%3Fz%23w"),
    (RouteToken(name: "a", arguments: [""]), "a:"),
    (RouteToken(name: "a", arguments: ["", ""]), "a::"),
    (RouteToken(name: "a", arguments: ["", "b", ""]), "a::b:"),
    (RouteToken(name: "emoji", arguments: ["🦊"]), "emoji:%F0%9F%A6%8A"),
    (RouteToken(name: "flag", arguments: ["🇨🇭"]), "flag:%F0%9F%87%A8%F0%9F%87%AD"),
    (RouteToken(name: "search", arguments: ["café"]), "search:caf%C3%A9"),
    // A combining acute accent prints in its composed (NFC) form: equal tokens, equal text.
    (RouteToken(name: "search", arguments: ["cafe\u{301}"]), "search:caf%C3%A9"),
    (RouteToken(name: "a", arguments: ["\u{301}"]), "a:%CC%81"),
    (RouteToken(name: "a", arguments: ["A-z_0.9~"]), "a:A-z_0.9~"),
    (RouteToken(name: "mail", arguments: ["a@b.c"]), "mail:a%40b.c"),
    (RouteToken(name: "a", arguments: ["!$&'()*+,;="]), "a:%21%24%26%27%28%29%2A%2B%2C%3B%3D"),
    (RouteToken(name: "a", arguments: ["\"\\"]), "a:%22%5C"),
    (RouteToken(name: "a", arguments: ["\r\n\t"]), "a:%0D%0A%09"),
    (RouteToken(name: "a", arguments: ["\0"]), "a:%00"),
    (RouteToken(name: "a", arguments: ["\u{85}"]), "a:%C2%85"),
    (RouteToken(name: "_.a-b.9", arguments: []), "_.a-b.9"),
    (RouteToken(name: "move", arguments: ["7", "a b"]), "move:7:a%20b"),
  ]

  @Test(arguments: printed)
  func printsCanonicalText(token: RouteToken, text: String) {
    #expect(token.description == text)
    #expect("\(token)" == text)
  }

  @Test(arguments: printed)
  func parsingTheDescriptionGivesTheTokenBack(token: RouteToken, text: String) throws {
    let parsed = try RouteToken(parsing: token.description)
    #expect(parsed == token)
    #expect(parsed.name == token.name)
    #expect(parsed.arguments == token.arguments)
    #expect(parsed.description == text)
  }

  /// Text a person may type, the token it parses to and its canonical text.
  static let typed: [(String, RouteToken, String)] = [
    ("inbox", RouteToken(name: "inbox"), "inbox"),
    ("detail:7", RouteToken(name: "detail", arguments: ["7"]), "detail:7"),
    ("search:café", RouteToken(name: "search", arguments: ["café"]), "search:caf%C3%A9"),
    (
      "search:日本語", RouteToken(name: "search", arguments: ["日本語"]),
      "search:%E6%97%A5%E6%9C%AC%E8%AA%9E"
    ),
    ("e:🦊", RouteToken(name: "e", arguments: ["🦊"]), "e:%F0%9F%A6%8A"),
    ("a:e\u{301}", RouteToken(name: "a", arguments: ["e\u{301}"]), "a:%C3%A9"),
    ("a:e%CC%81", RouteToken(name: "a", arguments: ["e\u{301}"]), "a:%C3%A9"),
    ("mail:a@b.c", RouteToken(name: "mail", arguments: ["a@b.c"]), "mail:a%40b.c"),
    ("a:%c3%a9", RouteToken(name: "a", arguments: ["é"]), "a:%C3%A9"),
    ("a:%41%7e", RouteToken(name: "a", arguments: ["A~"]), "a:A~"),
    (
      "a:!$&'()*+,;=", RouteToken(name: "a", arguments: ["!$&'()*+,;="]),
      "a:%21%24%26%27%28%29%2A%2B%2C%3B%3D"
    ),
    ("a:", RouteToken(name: "a", arguments: [""]), "a:"),
    ("a::", RouteToken(name: "a", arguments: ["", ""]), "a::"),
    ("a::b", RouteToken(name: "a", arguments: ["", "b"]), "a::b"),
    ("a:%3A", RouteToken(name: "a", arguments: [":"]), "a:%3A"),
    ("a:%00", RouteToken(name: "a", arguments: ["\0"]), "a:%00"),
    ("Z9_.-:x", RouteToken(name: "Z9_.-", arguments: ["x"]), "Z9_.-:x"),
  ]

  @Test(arguments: typed)
  func parsesTypedText(text: String, token: RouteToken, canonical: String) throws {
    let parsed = try RouteToken(parsing: text)
    #expect(parsed == token)
    #expect(parsed.arguments == token.arguments)
    #expect(parsed.description == canonical)
    #expect(try RouteToken(parsing: parsed.description) == parsed)
  }

  @Test func canonicallyEquivalentArgumentsAreEqualAndPrintAlike() throws {
    let composed = try RouteToken(parsing: "search:caf%C3%A9")
    let decomposed = try RouteToken(parsing: "search:cafe%CC%81")
    #expect(composed.arguments[0].unicodeScalars.count == 4)
    #expect(decomposed.arguments[0].unicodeScalars.count == 5)
    #expect(composed == decomposed)
    #expect(composed.description == decomposed.description)
    #expect(!(composed < decomposed) && !(decomposed < composed))
    #expect(Set([composed, decomposed]).count == 1)
  }

  // MARK: Malformed text

  typealias Problem = PaneRouterError.TokenProblem

  /// Malformed text, the 0-based offset (in Unicode scalars) and the reason.
  static let malformed: [(String, Int, Problem)] = [
    ("", 0, .empty),
    ("7up", 0, .invalidNameCharacter("7")),
    (":a", 0, .invalidNameCharacter(":")),
    ("-a", 0, .invalidNameCharacter("-")),
    (".a", 0, .invalidNameCharacter(".")),
    (" inbox", 0, .invalidNameCharacter(" ")),
    ("🦊", 0, .invalidNameCharacter("🦊")),
    ("inbox ", 5, .invalidNameCharacter(" ")),
    ("de tail", 2, .invalidNameCharacter(" ")),
    ("a/b", 1, .invalidNameCharacter("/")),
    ("a%20", 1, .invalidNameCharacter("%")),
    ("café", 3, .invalidNameCharacter("é")),
    ("e\u{301}x", 1, .invalidNameCharacter("\u{301}")),
    ("search:swift testing", 12, .invalidArgumentCharacter(" ")),
    ("a:b/c?", 5, .invalidArgumentCharacter("?")),
    ("a:?", 2, .invalidArgumentCharacter("?")),
    ("a:#x", 2, .invalidArgumentCharacter("#")),
    ("a:\"", 2, .invalidArgumentCharacter("\"")),
    ("a:\\", 2, .invalidArgumentCharacter("\\")),
    ("a:x\ty", 3, .invalidArgumentCharacter("\t")),
    ("a:\u{85}", 2, .invalidArgumentCharacter("\u{85}")),
    ("a:🦊 b", 3, .invalidArgumentCharacter(" ")),
    ("a:b::c d", 6, .invalidArgumentCharacter(" ")),
    ("a:%4", 2, .invalidPercentEscape),
    ("a:%", 2, .invalidPercentEscape),
    ("a:x%", 3, .invalidPercentEscape),
    ("a:%zz", 2, .invalidPercentEscape),
    ("a:%4g", 2, .invalidPercentEscape),
    ("a:%%41", 2, .invalidPercentEscape),
    ("a:ok:%4:b", 5, .invalidPercentEscape),
    ("a:%FF", 2, .invalidUTF8),
    ("a:ok%FF", 4, .invalidUTF8),
    ("a:%C3", 2, .invalidUTF8),
    ("a:%C3%A9%C3", 8, .invalidUTF8),
    ("a:é%A9", 3, .invalidUTF8),
    ("a:x:%ED%A0%80", 4, .invalidUTF8),
    ("a:%C0%AF", 2, .invalidUTF8),
  ]

  @Test(arguments: malformed)
  func rejectsMalformedText(text: String, offset: Int, reason: Problem) {
    #expect(throws: PaneRouterError.malformedToken(text, offset: offset, reason: reason)) {
      try RouteToken(parsing: text)
    }
  }

  @Test func acceptsTheMaximumLengthAndRejectsOneByteMore() throws {
    let longest = "a" + String(repeating: "b", count: RouteToken.maximumLength - 1)
    #expect(try RouteToken(parsing: longest).name.utf8.count == 4096)

    let tooLong = longest + "b"
    #expect(throws: PaneRouterError.malformedToken(tooLong, offset: 4096, reason: .tooLong)) {
      try RouteToken(parsing: tooLong)
    }
  }

  @Test func tooLongOffsetCountsScalarsNotBytes() {
    // "a:" then 1,400 three-byte scalars: the scalar at offset 1,366 is the first to end past
    // 4,096 bytes (2 + 1,364 × 3 = 4,094; the next one ends at 4,097).
    let text = "a:" + String(repeating: "€", count: 1400)
    #expect(throws: PaneRouterError.malformedToken(text, offset: 1366, reason: .tooLong)) {
      try RouteToken(parsing: text)
    }
  }

  @Test(arguments: [
    ("7up", "malformed route token '7up' at offset 0: '7' cannot appear in a route name here"),
    ("", "malformed route token '' at offset 0: empty token"),
    (
      "a:b c",
      "malformed route token 'a:b c' at offset 3: ' ' must be percent-encoded in an argument"
    ),
    ("a:%4", "malformed route token 'a:%4' at offset 2: '%' must be followed by two hex digits"),
    ("a:%FF", "malformed route token 'a:%FF' at offset 2: percent escapes are not valid UTF-8"),
    (
      "a:x\ty",
      "malformed route token 'a:x\ty' at offset 3: '\\t' must be percent-encoded in an argument"
    ),
  ])
  func malformedTextMessage(text: String, message: String) {
    #expect(throws: PaneRouterError.self) { try RouteToken(parsing: text) }
    do {
      _ = try RouteToken(parsing: text)
    } catch {
      #expect(error.description == message)
    }
  }

  // MARK: Initializers

  @Test func packInitializerPrintsEachValue() {
    #expect(RouteToken("detail", 7) == RouteToken(name: "detail", arguments: ["7"]))
    #expect(RouteToken("detail", 7).description == "detail:7")
    #expect(RouteToken("inbox") == RouteToken(name: "inbox", arguments: []))
    #expect(RouteToken("move", 7, "a b").arguments == ["7", "a b"])
    #expect(RouteToken("move", 7, "a b").description == "move:7:a%20b")
    #expect(RouteToken("at", -3, 1.5, true).description == "at:-3:1.5:true")
    #expect(RouteToken("char", Character("é")).description == "char:%C3%A9")
  }

  @Test func stringLiteralParses() {
    let token: RouteToken = "search:swift%20testing"
    #expect(token.name == "search")
    #expect(token.arguments == ["swift testing"])
    let bare: RouteToken = "inbox"
    #expect(bare == RouteToken(name: "inbox"))
  }

  @Test(arguments: [
    ("inbox", true), ("_", true), ("a.b-c_9", true), ("Z", true),
    ("", false), ("7", false), ("a b", false), ("a:b", false), ("é", false), ("-a", false),
    (".a", false), ("a/b", false),
  ])
  func validatesNames(name: String, isValid: Bool) {
    #expect(RouteToken.isValidName(name) == isValid)
  }

  // MARK: Comparable and Route

  @Test func ordersByCanonicalText() {
    let tokens: [RouteToken] = ["inbox", "detail:7", "detail:10", "a:b", "a.b", "a", "B"]
    #expect(
      tokens.sorted().map(\.description) == [
        "B", "a", "a.b", "a:b", "detail:10", "detail:7", "inbox",
      ])
    #expect(RouteToken("detail", 10) < RouteToken("detail", 7))
    #expect(!(RouteToken("detail", 7) < RouteToken("detail", 7)))
    #expect(RouteToken("a") < RouteToken("a", ""))
  }

  @Test func isItselfARoute() throws {
    let token: RouteToken = "detail:7"
    #expect(RouteToken.kind == "token")
    #expect(token.token == token)
    #expect(RouteToken(token: token) == token)
    var stack = RouteStack<RouteToken>(root: "inbox")
    let pushed = stack.push("detail:7")
    let pushedAgain = stack.push("detail:7")
    #expect(pushed)
    #expect(pushedAgain == false)
    #expect(stack.description == "[inbox, detail:7]")
  }
}
