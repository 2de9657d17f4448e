import PaneRouter
import Testing

/// Text the parser accepts prints a canonical text that parses back, so a token whose escapes
/// would print longer than ``RouteToken/maximumLength`` is rejected when parsed (found by
/// `Fuzz/FuzzWorkspaceLoader`: such a token saved a file that no longer loaded).
@Suite struct RouteTokenCanonicalLengthTests {
  @Test(
    arguments: [
      // 1,364 × "%21" = 4,092 bytes after "a:": 4,094 in all.
      ("a:" + String(repeating: "!", count: 1364), nil),
      ("a:" + String(repeating: "!", count: 1365), 2),
      ("a:" + String(repeating: "!", count: 2100), 2),
      // "%C3%A9" per "é": the second argument goes past the limit.
      ("a:x:" + String(repeating: "é", count: 1400), 4),
      ("a:x:" + String(repeating: "%C3%A9", count: 682), nil),
      ("a:x:" + String(repeating: "%21", count: 1364), nil),
      ("a:" + String(repeating: "b", count: 4094), nil),
    ] as [(String, Int?)])
  func canonicalTextFits(_ text: String, rejectedAt offset: Int?) throws {
    guard let offset else {
      let token = try RouteToken(parsing: text)
      #expect(token.description.utf8.count <= RouteToken.maximumLength)
      #expect(try RouteToken(parsing: token.description) == token)
      return
    }
    #expect(throws: PaneRouterError.malformedToken(text, offset: offset, reason: .tooLong)) {
      try RouteToken(parsing: text)
    }
  }
}
