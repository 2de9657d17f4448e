import PaneRouter
import Workspace

/// The notes app's routes: what a notes pane beside the mail panes can show. A second route
/// type, of its own kind, in the same workspace: each pane's router stores its kind, so a
/// mail pane and a notes pane sit side by side, each read by its own type.
enum NoteRoute: Route {
  /// The list of notes.
  case list
  /// One note by name.
  case note(String)

  static let kind = "notes"
  /// Published in the file, so that `wsctl` with no host running checks notes routes too.
  static let routeShapes: [RouteShape]? = [RouteShape("list"), RouteShape("note", String.self)]

  var token: RouteToken {
    switch self {
    case .list: RouteToken("list")
    case .note(let name): RouteToken("note", name)
    }
  }

  init(token: RouteToken) throws {
    switch token.name {
    case "list":
      try token.arguments(as: Self.self)
      self = .list
    case "note": self = .note(try token.arguments(as: Self.self, String.self))
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}

extension NoteRoute: CustomStringConvertible {
  /// The route as Swift source, such as `.note("groceries")`.
  var description: String {
    switch self {
    case .list: ".list"
    case .note(let name): ".note(\(String(reflecting: name)))"
    }
  }
}

extension MailLayout {
  /// The title of a notes pane that `note NAME` opens.
  static let notesTitle = "Notes"

  /// The app's route types, registered with its session: a token the type of a router's
  /// kind cannot read is refused in commands and quarantined on restore (a mail stack with no
  /// readable route falls back
  /// to the inbox, a notes one to the list). A new pane from text (`wsctl split h
  /// note:groceries`) gets the kind of the one type that reads its root.
  static var routeTypes: RouteRegistry {
    var registry = RouteRegistry()
    registry.register(MailRoute.self, fallbackRoot: .inbox)
    registry.register(NoteRoute.self, fallbackRoot: .list)
    return registry
  }

  /// The first visible notes pane, if any.
  static func notesPane(in state: WorkspaceState) -> NodeID? {
    state.numberedPanes.first { state.node($0)?.router?.kind == NoteRoute.kind }
  }
}
