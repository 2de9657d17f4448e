import PaneRouter
import Testing

/// An enum whose cases take no arguments conforms to `Route` with a `kind` and nothing else.
@Suite struct RouteCaseConformanceTests {
  enum RawSettings: String, Route {
    case general, accounts
    case privacy = "privacy-and-security"
    static let kind = "settings"
  }

  enum Tab: Route, CaseIterable {
    case inbox, archive
    static let kind = "tab"
  }

  enum Both: String, Route, CaseIterable {
    case first = "one"
    case second = "two"
    static let kind = "both"
  }

  @Test(arguments: [
    (RawSettings.general, "general"), (.accounts, "accounts"), (.privacy, "privacy-and-security"),
  ])
  func rawValueIsTheToken(route: RawSettings, text: String) throws {
    #expect(route.token.description == text)
    #expect(try RawSettings(token: route.token) == route)
  }

  @Test func caseNameIsTheTokenOfACaseIterableEnum() throws {
    #expect(Tab.archive.token == "archive")
    #expect(try Tab(token: "inbox") == .inbox)
  }

  @Test func rawValueWinsForAnEnumThatIsBoth() throws {
    #expect(Both.second.token == "two")
    #expect(try Both(token: "one") == .first)
    #expect(throws: PaneRouterError.unknownRoute("first", kind: "both")) {
      try Both(token: "first")
    }
  }

  @Test(arguments: [
    (RouteToken("nope"), PaneRouterError.unknownRoute("nope", kind: "settings")),
    (
      RouteToken("general", 1),
      PaneRouterError.invalidArguments(
        RouteToken("general", 1), kind: "settings", expected: "no arguments")
    ),
  ])
  func unknownNameOrArgumentsAreRefused(token: RouteToken, error: PaneRouterError) {
    #expect(throws: error) { try RawSettings(token: token) }
    #expect(throws: PaneRouterError.self) { try Tab(token: token) }
  }

  @MainActor @Test func worksInARouter() {
    let router = Router(root: Tab.inbox)
    #expect(router.push(.archive))
    #expect(router.stack == [.inbox, .archive])
  }
}
