import PaneRouter
import Testing

/// A `/` in an argument: typed as it is or as `%2F`, it is one token that prints `/`, so a
/// path reads as a path (`file:Sources/App/main.swift`).
@Suite struct RouteTokenSlashTests {
  /// Spellings of one token, `file:Sources/App/main.swift`.
  static let spellings = [
    "file:Sources/App/main.swift",
    "file:Sources%2FApp%2Fmain.swift",
    "file:Sources%2fApp%2fmain.swift",
    "file:Sources/App%2Fmain.swift",
    "file:%53ources/App/main.swift",
  ]

  static let path = RouteToken(name: "file", arguments: ["Sources/App/main.swift"])

  @Test(arguments: spellings)
  func everySpellingIsTheSameToken(text: String) throws {
    let token = try RouteToken(parsing: text)
    #expect(token == Self.path)
    #expect(token.hashValue == Self.path.hashValue)
    #expect(token.name == "file")
    #expect(token.arguments == ["Sources/App/main.swift"])
    #expect(token.description == "file:Sources/App/main.swift")
  }

  @Test(arguments: spellings)
  func parsingBytesGivesTheSameToken(text: String) throws {
    var text = text
    let token = try text.withUTF8 { try RouteToken(parsingUTF8: $0) }
    #expect(token == Self.path)
    #expect(token.description == "file:Sources/App/main.swift")
  }

  @Test func bothSpellingsAreOneElementOfASet() throws {
    let tokens: Set<RouteToken> = [
      try RouteToken(parsing: "file:a/b"), try RouteToken(parsing: "file:a%2Fb"), Self.path,
    ]
    #expect(tokens.count == 2)
    #expect(tokens.contains(RouteToken(name: "file", arguments: ["a/b"])))
  }

  @Test(arguments: [
    ("a:/", ["/"], "a:/"),
    ("a:%2F", ["/"], "a:/"),
    ("a://", ["//"], "a://"),
    ("a:/x:y/", ["/x", "y/"], "a:/x:y/"),
    ("a:x/y%3Fz", ["x/y?z"], "a:x/y%3Fz"),
    ("a:x%2F:%3A/", ["x/", ":/"], "a:x/:%3A/"),
    ("a:dir/caf\u{E9}", ["dir/café"], "a:dir/caf%C3%A9"),
    ("a:dir%2Fcafe%CC%81", ["dir/cafe\u{301}"], "a:dir/caf%C3%A9"),
  ])
  func slashesStayInTheirArgument(text: String, arguments: [String], canonical: String) throws {
    let token = try RouteToken(parsing: text)
    #expect(token.arguments == arguments)
    #expect(token.description == canonical)
    #expect(try RouteToken(parsing: canonical) == token)
  }

  @Test func aDecomposedArgumentWithASlashEqualsItsComposedForm() throws {
    let decomposed = try RouteToken(parsing: "file:cafe\u{301}/x")
    let composed = try RouteToken(parsing: "file:caf%C3%A9%2Fx")
    #expect(decomposed == composed)
    #expect(decomposed.hashValue == composed.hashValue)
    #expect(decomposed.description == "file:caf%C3%A9/x")
    #expect(decomposed.arguments == ["cafe\u{301}/x"])
  }

  @Test(arguments: [
    ("a:b/c d", 5, PaneRouterError.TokenProblem.invalidArgumentCharacter(" ")),
    ("a:b/c?", 5, .invalidArgumentCharacter("?")),
    ("a:/#", 3, .invalidArgumentCharacter("#")),
    ("a/b:c", 1, .invalidNameCharacter("/")),
    ("a:b/%2", 4, .invalidPercentEscape),
  ])
  func otherRulesStillHold(text: String, offset: Int, problem: PaneRouterError.TokenProblem) {
    #expect(throws: PaneRouterError.malformedToken(text, offset: offset, reason: problem)) {
      try RouteToken(parsing: text)
    }
  }

  @Test func aPathIsMeasuredWithEachSlashAsOneByte() throws {
    // "a:" and 2,047 × "a/": 4,096 bytes, the limit, in the text as in the canonical form.
    let argument = String(repeating: "a/", count: 2047)
    let token = try RouteToken(parsing: "a:" + argument)
    #expect(token.description.utf8.count == RouteToken.maximumLength)
    #expect(
      throws: PaneRouterError.malformedToken("a:\(argument)b", offset: 4096, reason: .tooLong)
    ) {
      try RouteToken(parsing: "a:\(argument)b")
    }
    // Typed as escapes, the same path prints a third as long.
    let escaped = try RouteToken(parsing: "a:" + String(repeating: "%2F", count: 1000))
    #expect(escaped.description == "a:" + String(repeating: "/", count: 1000))
  }
}
