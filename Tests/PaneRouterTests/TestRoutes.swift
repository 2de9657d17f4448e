import PaneRouter

/// A sample host route type, conformed the way the ``Route`` documentation shows: one token per
/// case, decoded back with ``RouteToken/arguments(as:_:)``.
enum MailRoute: Route {
  case inbox
  case compose
  case attachments
  case settings
  case detail(Int)
  case search(String)
  case move(Int, String)

  static let kind = "mail"

  var token: RouteToken {
    switch self {
    case .inbox: RouteToken("inbox")
    case .compose: RouteToken("compose")
    case .attachments: RouteToken("attachments")
    case .settings: RouteToken("settings")
    case .detail(let id): RouteToken("detail", id)
    case .search(let query): RouteToken("search", query)
    case .move(let id, let folder): RouteToken("move", id, folder)
    }
  }

  init(token: RouteToken) throws {
    switch token.name {
    case "inbox":
      try token.arguments(as: Self.self)
      self = .inbox
    case "compose":
      try token.arguments(as: Self.self)
      self = .compose
    case "attachments":
      try token.arguments(as: Self.self)
      self = .attachments
    case "settings":
      try token.arguments(as: Self.self)
      self = .settings
    case "detail": self = .detail(try token.arguments(as: Self.self, Int.self))
    case "search": self = .search(try token.arguments(as: Self.self, String.self))
    case "move":
      let (id, folder) = try token.arguments(as: Self.self, Int.self, String.self)
      self = .move(id, folder)
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}
