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

/// A host route type of an editor, whose `line` takes a file and an Int, for the quarantine
/// tests: `file:a`, `line:a.swift:12`.
enum FileRoute: Route {
  case file(String)
  case line(String, Int)

  static let kind = "file"

  var token: RouteToken {
    switch self {
    case .file(let name): RouteToken("file", name)
    case .line(let name, let line): RouteToken("line", name, line)
    }
  }

  init(token: RouteToken) throws {
    switch token.name {
    case "file": self = .file(try token.arguments(as: Self.self, String.self))
    case "line":
      let (name, line) = try token.arguments(as: Self.self, String.self, Int.self)
      self = .line(name, line)
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}
