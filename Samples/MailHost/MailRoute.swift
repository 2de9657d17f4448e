import PaneRouter
import Workspace

/// The mail app's routes: what one pane of the app can show.
///
/// On disk and in commands each route is a token (`message:42`, `search:swift%20testing`),
/// so renaming this type or its cases' Swift names never breaks a saved workspace; only the
/// token names below must stay stable.
enum MailRoute: Route {
  /// The unified inbox.
  case inbox
  /// A mailbox folder by name.
  case folder(String)
  /// One message by id.
  case message(Int)
  /// A new message, usually presented as a sheet.
  case compose
  /// An attachment of the message being read or written, by index.
  case attachment(Int)
  /// The attachment picker: a flow that finishes with the ``attachment(_:)`` chosen.
  case attachments
  /// Search results for a query.
  case search(String)
  /// The app's settings.
  case settings

  static let kind = "mail"

  var token: RouteToken {
    switch self {
    case .inbox: RouteToken("inbox")
    case .folder(let name): RouteToken("folder", name)
    case .message(let id): RouteToken("message", id)
    case .compose: RouteToken("compose")
    case .attachment(let index): RouteToken("attachment", index)
    case .attachments: RouteToken("attachments")
    case .search(let query): RouteToken("search", query)
    case .settings: RouteToken("settings")
    }
  }

  init(token: RouteToken) throws {
    switch token.name {
    case "inbox":
      try token.arguments(as: Self.self)
      self = .inbox
    case "folder": self = .folder(try token.arguments(as: Self.self, String.self))
    case "message": self = .message(try token.arguments(as: Self.self, Int.self))
    case "compose":
      try token.arguments(as: Self.self)
      self = .compose
    case "attachment": self = .attachment(try token.arguments(as: Self.self, Int.self))
    case "attachments":
      try token.arguments(as: Self.self)
      self = .attachments
    case "search": self = .search(try token.arguments(as: Self.self, String.self))
    case "settings":
      try token.arguments(as: Self.self)
      self = .settings
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}

extension MailRoute: CustomStringConvertible {
  /// The route as Swift source, such as `.message(42)`, to tell typed values from tokens in
  /// the output.
  var description: String {
    switch self {
    case .inbox: ".inbox"
    case .folder(let name): ".folder(\(String(reflecting: name)))"
    case .message(let id): ".message(\(id))"
    case .compose: ".compose"
    case .attachment(let index): ".attachment(\(index))"
    case .attachments: ".attachments"
    case .search(let query): ".search(\(String(reflecting: query)))"
    case .settings: ".settings"
    }
  }
}

extension MailRoute {
  /// The app's route types, registered with its session: a token `MailRoute` cannot read is
  /// refused in commands and quarantined on restore (a stack with no readable route falls
  /// back to the inbox).
  static var registry: RouteRegistry {
    var registry = RouteRegistry()
    registry.register(MailRoute.self, fallbackRoot: .inbox)
    return registry
  }
}
