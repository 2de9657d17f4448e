// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

// TEST-ONLY. The names the README and the DocC articles use as given, without declaring them:
// a host's route types, its default layout, its file and its log. A document that declares a
// name itself (the README's `MailRoute`) shadows the one here.
import Foundation
import PaneRouter
import Workspace

/// A mail app's routes, as the articles use them.
public enum MailRoute: Route {
  case inbox
  case detail(Int)
  case search(String)
  case compose

  public static let kind = "mail"

  public var token: RouteToken {
    switch self {
    case .inbox: RouteToken("inbox")
    case .detail(let id): RouteToken("detail", id)
    case .search(let query): RouteToken("search", query)
    case .compose: RouteToken("compose")
    }
  }

  public init(token: RouteToken) throws {
    switch token.name {
    case "inbox":
      try token.arguments(as: Self.self)
      self = .inbox
    case "detail": self = .detail(try token.arguments(as: Self.self, Int.self))
    case "search": self = .search(try token.arguments(as: Self.self, String.self))
    case "compose":
      try token.arguments(as: Self.self)
      self = .compose
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}

/// A settings pane's routes.
public enum SettingsRoute: String, Route {
  case general, accounts
  public static let kind = "settings"
}

extension WorkspaceState {
  /// The mail app's default layout.
  public static var mail: WorkspaceState {
    WorkspaceState(
      .split(
        .horizontal,
        [.pane("Inbox", root: MailRoute.inbox), .pane("Message", root: MailRoute.detail(1))]))
  }
}

/// The host's default workspace.
public func makeDefaultWorkspace() -> WorkspaceState { .mail }

/// The host's workspace file, in Application Support as the README's app keeps it.
public let fileURL = URL.applicationSupportDirectory.appending(path: "mail-workspace.json")

/// A pane the articles look routers up from.
public let pane = NodeID(2)

/// The host's log.
public func log(_ message: String) {}

/// The host's banner.
public func showBanner(_ message: String) {}

/// A screen of the mail app for any route, as the SwiftUI examples show one.
public struct MailScreen<R: Route>: View {
  public init(route: R) {}
  public var body: Never { return fatalError("stand-in") }
}

/// A host's view of the whole tree of panes.
public struct PaneTree: View {
  public init(workspace: Workspace) {}
  public var body: Never { return fatalError("stand-in") }
}
