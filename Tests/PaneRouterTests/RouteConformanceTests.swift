import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteConformanceTests {
  static let everyRoute: [MailRoute] = [
    .inbox, .compose, .attachments, .settings, .detail(7), .detail(-1), .detail(0),
    .search("swift testing"), .search(""), .search("a:b/c?d#e%"), .search("café 🦊"),
    .move(7, "archive"), .move(42, ""), .move(1, "Über:Ordner"),
  ]

  @Test(arguments: everyRoute)
  func tokenRoundTrips(route: MailRoute) throws {
    #expect(try MailRoute(token: route.token) == route)
    #expect(try MailRoute(token: RouteToken(parsing: route.token.description)) == route)
  }

  @Test(arguments: [
    ("inbox", MailRoute.inbox),
    ("compose", .compose),
    ("detail:7", .detail(7)),
    ("detail:-3", .detail(-3)),
    ("search:swift%20testing", .search("swift testing")),
    ("search:", .search("")),
    ("search:caf%C3%A9", .search("café")),
    ("move:7:archive", .move(7, "archive")),
    ("move:7:", .move(7, "")),
  ])
  func decodesTokens(text: String, route: MailRoute) throws {
    #expect(try MailRoute(token: RouteToken(parsing: text)) == route)
  }

  @Test(arguments: [
    (MailRoute.inbox, "inbox"),
    (.detail(7), "detail:7"),
    (.search("swift testing"), "search:swift%20testing"),
    (.move(7, "a/b"), "move:7:a/b"),
  ])
  func encodesTokens(route: MailRoute, text: String) {
    #expect(route.token.description == text)
  }

  /// Tokens whose arguments do not fit, and the message of the error they raise.
  @Test(arguments: [
    ("inbox:1", "no arguments", "mail route 'inbox:1' takes no arguments"),
    ("inbox:", "no arguments", "mail route 'inbox:' takes no arguments"),
    ("detail", "one Int", "mail route 'detail' takes one Int"),
    ("detail:x", "one Int", "mail route 'detail:x' takes one Int"),
    ("detail:", "one Int", "mail route 'detail:' takes one Int"),
    ("detail:1.5", "one Int", "mail route 'detail:1.5' takes one Int"),
    ("detail:7:8", "one Int", "mail route 'detail:7:8' takes one Int"),
    ("search", "one String", "mail route 'search' takes one String"),
    ("search:a:b", "one String", "mail route 'search:a:b' takes one String"),
    (
      "move:x:archive", "2 arguments (Int, String)",
      "mail route 'move:x:archive' takes 2 arguments (Int, String)"
    ),
    ("move:7", "2 arguments (Int, String)", "mail route 'move:7' takes 2 arguments (Int, String)"),
    (
      "move:archive:7", "2 arguments (Int, String)",
      "mail route 'move:archive:7' takes 2 arguments (Int, String)"
    ),
  ])
  func rejectsArgumentsThatDoNotFit(text: String, expected: String, message: String) throws {
    let token = try RouteToken(parsing: text)
    let error = PaneRouterError.invalidArguments(token, kind: "mail", expected: expected)
    #expect(throws: error) { try MailRoute(token: token) }
    #expect(error.description == message)
  }

  @Test(arguments: ["outbox", "Inbox", "detail.x:7", "inbox_"])
  func rejectsUnknownNames(text: String) throws {
    let token = try RouteToken(parsing: text)
    #expect(throws: PaneRouterError.unknownRoute(token, kind: "mail")) {
      try MailRoute(token: token)
    }
    #expect(
      PaneRouterError.unknownRoute(token, kind: "mail").description
        == "unknown mail route '\(text)'")
  }

  @Test func argumentsAreConvertedInOrder() throws {
    let token = RouteToken("move", 7, "archive")
    let (id, folder) = try token.arguments(as: MailRoute.self, Int.self, String.self)
    #expect(id == 7)
    #expect(folder == "archive")
    let (flag, ratio, name) = try RouteToken("x", true, 0.5, "n")
      .arguments(as: MailRoute.self, Bool.self, Double.self, String.self)
    #expect(flag == true)
    #expect(ratio == 0.5)
    #expect(name == "n")
  }

  @Test func errorsNameTheRouteKindPassed() throws {
    let token = RouteToken("detail", "x")
    #expect(throws: PaneRouterError.invalidArguments(token, kind: "token", expected: "one Int")) {
      try token.arguments(as: RouteToken.self, Int.self)
    }
    #expect(
      throws: PaneRouterError.invalidArguments(
        token, kind: "mail", expected: "3 arguments (Int, Int, Int)")
    ) {
      try token.arguments(as: MailRoute.self, Int.self, Int.self, Int.self)
    }
  }
}
