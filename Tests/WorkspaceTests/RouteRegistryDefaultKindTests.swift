import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// A host names the type that reads untyped routers (kind `token`, as `wsctl` makes them), and
/// every state that enters the workspace reports the tokens its types cannot read.
@MainActor
@Suite struct RouteRegistryDefaultKindTests {
  /// `H(%2 Notes note:list (kind note), %3 Scratch list (kind token))`.
  static func mixedState() -> WorkspaceState {
    WorkspaceState(
      .split(
        .horizontal,
        [.pane("Notes", root: NoteRoute.list), .pane("Scratch", untyped: RouteToken("list"))]))
  }

  @Test func withoutADefaultUntypedRoutersKeepAnyToken() throws {
    let workspace = Workspace(Self.mixedState(), routeTypes: RouteRegistry([NoteRoute.self]))
    try workspace.apply(CommandParser.parse(line: "focus 2 push bogus:1"))
    #expect(workspace.state.node(NodeID(3))?.router?.stack.current == "bogus:1")
  }

  @Test(arguments: ["push bogus:1", "push note:abc", "replace-top list:1", "split h bogus"])
  func withADefaultUntypedRoutersAreCheckedAsThatKind(line: String) throws {
    let registry = RouteRegistry([NoteRoute.self], default: NoteRoute.self)
    #expect(registry.defaultKind == "note")
    #expect(registry.isRegistered(kind: RouteToken.kind))
    let workspace = Workspace(Self.mixedState(), routeTypes: registry)
    try workspace.apply(.focus(.pane(.number(2))))
    let before = workspace.state
    var failedIndex: Int?
    let commands = try CommandParser.parse(line: line)
    do {
      try workspace.apply(commands, failedIndex: &failedIndex)
      Issue.record("'\(line)' applied")
    } catch {
      switch error {
      case .refusedRoute(_, _, let reason), .refusedNewRoute(_, _, let reason):
        #expect(reason.contains("note route"), "\(reason)")
      default:
        Issue.record("unexpected \(error)")
      }
    }
    #expect(failedIndex == 0)
    #expect(workspace.state == before)
    // What the type reads is kept, and typed access reads the untyped router.
    try workspace.apply(CommandParser.parse(line: "push note:3"))
    #expect(try workspace.router(NoteRoute.self, for: NodeID(3)).current == .note(3))
  }

  @Test func aDefaultFindsAndRepairsUntypedRoutersUnreadableTokens() throws {
    var state = Self.mixedState()
    try state.apply(CommandParser.parse(line: "focus 2 push note:4 bogus:1"))
    let registry = RouteRegistry([NoteRoute.self], default: NoteRoute.self)
    let found = state.unreadableRoutes(registry)
    #expect(found.map(\.token) == ["bogus:1"])
    #expect(found.first?.kind == RouteToken.kind)
    state.repairUnreadableRoutes(registry)
    #expect(state.node(NodeID(3))?.router?.stack.stack == ["list", "note:4"])
  }

  @Test func aReplacedStateReportsTheTokensItBringsIn() throws {
    let registry = RouteRegistry([NoteRoute.self])
    let workspace = Workspace(RouteRegistryTests.notesState(), routeTypes: registry)
    var changes: [WorkspaceChange] = []
    workspace.onChange = { changes.append($0) }
    var next = workspace.state
    try next.apply(CommandParser.parse(line: "focus 2 push note:abc"))
    workspace.replaceState(next)
    let reported = try #require(changes.last?.unreadableRoutes)
    #expect(reported.map(\.token) == ["note:abc"])
    #expect(reported.first?.node == NodeID(4))
    #expect(reported.first?.place == .stack(1))
    // Already there: not reported again by the next replacement.
    var renamed = workspace.state
    try renamed.apply(.rename("Note"))
    workspace.replaceState(renamed)
    #expect(changes.last?.unreadableRoutes.isEmpty == true)
    // A local change never brings one in, and the repair clears them.
    #expect(workspace.unreadableRoutes.count == 1)
    workspace.repairUnreadableRoutes()
    #expect(workspace.unreadableRoutes.isEmpty)
    #expect(changes.last?.unreadableRoutes.isEmpty == true)
  }
}
