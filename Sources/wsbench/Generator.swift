import PaneRouter
import Workspace

/// Generates workspaces shaped like real ones, at any size: tabs of up to 25 panes laid out
/// as rows of five, each pane with a stack of token routes.
enum Generator {
  /// A workspace of `panes` panes with `routesPerPane` routes each (root included).
  static func workspace(panes: Int, routesPerPane: Int) -> WorkspaceState {
    let perTab = 25
    var tabs: [(String, NodeTemplate)] = []
    var made = 0
    while made < panes {
      let count = min(perTab, panes - made)
      var rows: [NodeTemplate] = []
      var row: [NodeTemplate] = []
      for index in 0..<count {
        row.append(.pane("Pane \(made + index + 1)", router: router(made + index, routesPerPane)))
        if row.count == 5 || index == count - 1 {
          rows.append(row.count == 1 ? row[0] : .split(.horizontal, row))
          row = []
        }
      }
      tabs.append(("Tab \(tabs.count + 1)", rows.count == 1 ? rows[0] : .split(.vertical, rows)))
      made += count
    }
    return WorkspaceState(.tabs(tabs))
  }

  /// Why ``workspace(panes:routesPerPane:)`` and ``withHistory(_:entries:)`` cannot make what
  /// `wsbench --generate` asks, or `nil`: a history keeps at most its limit of entries, so
  /// more would never be reached.
  static func problem(panes: Int, routes: Int, entries: Int) -> String? {
    guard panes >= 1 else { return "PANES '\(panes)' must be at least 1" }
    guard routes >= 1 else { return "ROUTES '\(routes)' must be at least 1" }
    guard (0...History.defaultLimit).contains(entries) else {
      return "HISTORY '\(entries)' must be from 0 to \(History.defaultLimit), the history's limit"
    }
    return nil
  }

  /// `state` after a day's work at a host: pushes, pops, splits, closes and focus moves until
  /// the history holds `entries` undo entries (a host saves its history with the tree).
  static func withHistory(_ state: WorkspaceState, entries: Int) -> WorkspaceState {
    var state = state
    var step = 0
    while state.history.undoEntries.count < entries {
      let commands: [WorkspaceCommand] =
        switch step % 5 {
        case 0: [.route(.push([RouteToken("detail", step)]))]
        case 1: [.split(step % 2 == 0 ? .horizontal : .vertical)]
        case 2: [.route(.pop(count: 1))]
        case 3: [.close(nil)]
        default: [.focus(.next), .route(.present(RouteToken("compose"), style: .sheet))]
        }
      _ = try? state.apply(commands)
      step += 1
    }
    return state
  }

  private static func router(_ pane: Int, _ routes: Int) -> RouterState {
    let tokens = (0..<routes).map { index -> RouteToken in
      switch index % 4 {
      case 0: RouteToken("inbox")
      case 1: RouteToken("detail", pane * 1000 + index)
      case 2: RouteToken("search", "swift testing")
      default: RouteToken("thread", index, "reply")
      }
    }
    let stack = try! RouteStack(routes: tokens, maxDepth: max(30, routes + 10))
    return RouterState(kind: "mail", stack: stack)
  }
}
