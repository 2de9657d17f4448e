import PaneRouter

// The route types the test targets share. A suite that needs a type of its own shape (one
// that describes its routes, or reads a token another way) declares it beside its tests.

/// A sample host route type, conformed the way the ``Route`` documentation shows: one token per
/// case, decoded back with ``RouteToken/arguments(as:_:)``.
package enum MailRoute: Route {
  case inbox
  case compose
  case attachments
  case settings
  case detail(Int)
  case search(String)
  case move(Int, String)

  package static let kind = "mail"

  package var token: RouteToken {
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

  package init(token: RouteToken) throws {
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

/// A host route type for lookup tests.
package enum NoteRoute: Route {
  case list
  case note(Int)

  package static let kind = "note"

  package var token: RouteToken {
    switch self {
    case .list: RouteToken("list")
    case .note(let id): RouteToken("note", id)
    }
  }

  package init(token: RouteToken) throws {
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
package enum SettingsRoute: Route {
  case general

  package static let kind = "settings"
  package var token: RouteToken { RouteToken("general") }

  package init(token: RouteToken) throws {
    guard token.name == "general" else {
      throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
    self = .general
  }
}

/// A route type with arguments of two types, for typed templates whose placeholders stand in
/// an `Int` as well as a `String`.
package enum FileRoute: Route {
  case file(String)
  case line(String, Int)

  package static let kind = "file"

  package var token: RouteToken {
    switch self {
    case .file(let path): RouteToken("file", path)
    case .line(let path, let number): RouteToken("line", path, number)
    }
  }

  package init(token: RouteToken) throws {
    switch token.name {
    case "file": self = .file(try token.arguments(as: Self.self, String.self))
    case "line":
      let (path, number) = try token.arguments(as: Self.self, String.self, Int.self)
      self = .line(path, number)
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}

/// A mail route type of two routes, `inbox` and `message:ID` with an Int id, that does not
/// describe its routes: a host of it publishes no route schema, so only the host refuses
/// `message:abc`.
package enum MessageRoute: Route {
  case inbox
  case message(Int)

  package static let kind = "mail"

  package var token: RouteToken {
    switch self {
    case .inbox: RouteToken("inbox")
    case .message(let id): RouteToken("message", id)
    }
  }

  package init(token: RouteToken) throws {
    switch token.name {
    case "inbox":
      try token.arguments(as: Self.self)
      self = .inbox
    case "message": self = .message(try token.arguments(as: Self.self, Int.self))
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}

/// A route type whose routes a test may also want described (`routeShapes`).
package protocol DescribableRoute: Route {
  /// The type's routes, with their arguments' types.
  static var shapes: [RouteShape] { get }
}

/// A route type's routes from a type that describes them: a registry of it has a route
/// schema (a host publishes it, so `wsctl --no-host` refuses what the host would), where one
/// of `Base` has none. Same kind, same tokens, same refusals.
///
///     Workspace(state, routeTypes: RouteRegistry([Described<FileRoute>.self]))
package struct Described<Base: DescribableRoute>: Route {
  /// The route.
  package let route: Base

  package static var kind: String { Base.kind }
  package static var routeShapes: [RouteShape]? { Base.shapes }

  package var token: RouteToken { route.token }

  package init(_ route: Base) { self.route = route }

  package init(token: RouteToken) throws { route = try Base(token: token) }
}

extension FileRoute: DescribableRoute {
  package static let shapes = [
    RouteShape("file", String.self), RouteShape("line", String.self, Int.self),
  ]
}

extension MessageRoute: DescribableRoute {
  package static let shapes = [RouteShape("inbox"), RouteShape("message", Int.self)]
}
