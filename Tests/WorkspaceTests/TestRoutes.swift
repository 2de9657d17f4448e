import PaneRouter

/// A host route type for lookup tests.
enum NoteRoute: Route {
  case list
  case note(Int)

  static let kind = "note"

  var token: RouteToken {
    switch self {
    case .list: RouteToken("list")
    case .note(let id): RouteToken("note", id)
    }
  }

  init(token: RouteToken) throws {
    switch token.name {
    case "list":
      try token.arguments(as: Self.self)
      self = .list
    case "note": self = .note(try token.arguments(as: Self.self, Int.self))
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}

/// A second route type, to check that lookups pass over routers of other kinds.
enum SettingsRoute: Route {
  case general

  static let kind = "settings"
  var token: RouteToken { RouteToken("general") }

  init(token: RouteToken) throws {
    guard token.name == "general" else {
      throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
    self = .general
  }
}
