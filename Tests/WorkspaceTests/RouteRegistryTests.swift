import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// A host registers its route types: tokens they cannot read are refused at the door, found
/// in a restored state and quarantined by a repair that is not an undo step.
@MainActor
@Suite struct RouteRegistryTests {
  /// `T(Notes: H(%3 list, %4 list:…), Settings: %5 general)`: two note panes and a settings
  /// pane; ids `%1 T, %2 H, %3, %4, %5`.
  static func notesState(second: [RouteToken] = ["list"]) -> WorkspaceState {
    let stack = try! RouteStack(routes: second)
    return WorkspaceState(
      tabs(
        (
          "Notes",
          hsplit(
            .pane("Notes", root: NoteRoute.list),
            .pane("Note", router: RouterState(kind: NoteRoute.kind, stack: stack)))
        ),
        ("Settings", .pane("Settings", root: SettingsRoute.general))))
  }

  static let routeTypes = RouteRegistry([NoteRoute.self, SettingsRoute.self])

  @Test(arguments: [
    ("push note:abc", "note:abc", "note route 'note:abc' takes one Int"),
    ("push note:1 note:abc", "note:abc", "note route 'note:abc' takes one Int"),
    ("push draft:1", "draft:1", "unknown note route 'draft:1'"),
    ("replace list note:x", "note:x", "note route 'note:x' takes one Int"),
    ("replace-top note", "note", "note route 'note' takes one Int"),
    ("present sheet note:1:2", "note:1:2", "note route 'note:1:2' takes one Int"),
    ("split h note:abc", "note:abc", "note route 'note:abc' takes one Int"),
    ("tab new Scratch list:1", "list:1", "note route 'list:1' takes no arguments"),
  ])
  func commandWithAnUnreadableTokenIsRefusedNamingTokenPaneAndReason(
    line: String, token: RouteToken, reason: String
  ) throws {
    let workspace = Workspace(Self.notesState(), routeTypes: Self.routeTypes)
    let before = workspace.state
    #expect(throws: Never.self) { try workspace.apply(.focus(.pane(.number(1)))) }
    let focused = workspace.focusedPane
    let commands = try CommandParser.parse(line: line)
    do {
      try workspace.apply(commands)
      Issue.record("'\(line)' was applied")
    } catch .refusedRoute(let refused, let node, let why) {
      #expect(refused == token)
      #expect(why == reason)
      // The focused pane refuses; a split or a new tab refuses as the pane it would create.
      #expect(!line.hasPrefix("split") && !line.hasPrefix("tab"))
      #expect(node == focused)
    } catch .refusedNewRoute(let refused, let kind, let why) {
      #expect(refused == token)
      #expect(why == reason)
      #expect(kind == NoteRoute.kind)
      #expect(line.hasPrefix("split") || line.hasPrefix("tab"))
      #expect(
        WorkspaceError.refusedNewRoute(refused, kind: kind, reason: why).description
          == "a new note pane cannot hold route '\(token)': \(reason)")
    } catch {
      Issue.record("unexpected \(error)")
    }
    #expect(workspace.state == before)
    #expect(workspace.state.history.undoEntries.isEmpty)
  }

  @Test func refusalIsAStateErrorWithAMessageNamingTheTokenPaneAndReason() {
    let error = WorkspaceError.refusedRoute("note:abc", node: NodeID(3), reason: "why")
    #expect(error.exitCode == .usage)
    #expect(error.description == "%3 cannot hold route 'note:abc': why")
  }

  @Test func readableTokensAndUnregisteredKindsApplyAsBefore() throws {
    let workspace = Workspace(Self.notesState(), routeTypes: Self.routeTypes)
    try workspace.apply(CommandParser.parse(line: "focus 1 push note:7 split h note:8"))
    #expect(workspace.state.unreadableRoutes(Self.routeTypes).isEmpty)
    // An unregistered kind keeps any well-formed token, as without a registry.
    let untyped = Workspace(Self.notesState(), routeTypes: RouteRegistry([SettingsRoute.self]))
    try untyped.apply(CommandParser.parse(line: "focus 1 push note:abc"))
    #expect(try untyped.state.router(RouteToken.self, for: NodeID(3)).current == "note:abc")
  }

  @Test func routerOfKindTokenKeepsAnyToken() throws {
    var registry = RouteRegistry()
    registry.register(NoteRoute.self)
    let workspace = Workspace(WorkspaceState(hsplit(pane("A"), pane("B"))), routeTypes: registry)
    try workspace.apply(CommandParser.parse(line: "push note:abc"))
    #expect(workspace.unreadableRoutes.isEmpty)
  }

  @Test func storedUnreadableTokensAreKeptWhileCommandsAddReadableOnes() throws {
    // A restored router that already holds an unreadable token still takes readable pushes.
    let workspace = Workspace(
      Self.notesState(second: ["list", "note:abc"]), routeTypes: Self.routeTypes)
    try workspace.apply(CommandParser.parse(line: "focus %4 push note:2"))
    #expect(try workspace.state.router(RouteToken.self, for: NodeID(4)).stack.count == 3)
  }

  @Test func unreadableRoutesListsEveryStoredTokenWithItsPlace() throws {
    var state = Self.notesState(second: ["list", "note:1", "note:x", "note:y"])
    try state.apply(CommandParser.parse(line: "focus %4 present sheet note:2 push bad"))
    let found = state.unreadableRoutes(Self.routeTypes)
    #expect(
      found.map(\.description) == [
        "route 'note:x' of %4 (stack index 2): note route 'note:x' takes one Int",
        "route 'note:y' of %4 (stack index 3): note route 'note:y' takes one Int",
        "route 'bad' of %4 (modal index 1): unknown note route 'bad'",
      ])
    #expect(state.unreadableRoutes(RouteRegistry()).isEmpty)
  }

  @Test func repairQuarantinesWhatTheTypeCannotReadWithoutAnUndoStep() throws {
    // The hand-edited part: tokens no command could have stored.
    var edited = Self.notesState(second: ["list", "note:1", "note:x", "note:2"])
    try edited.apply(CommandParser.parse(line: "focus %4 rename Renamed"))
    let workspace = Workspace(edited, routeTypes: Self.routeTypes)
    let history = workspace.state.history
    let repaired = workspace.repairUnreadableRoutes()
    #expect(repaired.map(\.token) == ["note:x"])
    #expect(
      try workspace.state.router(NoteRoute.self, for: NodeID(4)).stack == [
        .list, .note(1), .note(2),
      ])
    #expect(
      workspace.quarantinedRoutes.map(\.route.description) == ["route 'note:x' (stack index 2)"])
    #expect(workspace.state.history.undoEntries.count == history.undoEntries.count)
    #expect(workspace.unreadableRoutes.isEmpty)
    #expect(workspace.repairUnreadableRoutes().isEmpty)
  }

  @Test(
    arguments: [
      (["list", "note:x"], nil as (ModalStyle, [RouteToken])?, ["list"], nil as [RouteToken]?),
      (["list"], (.sheet, ["bad"]), ["list"], nil),
      (["list"], (.cover, ["note:1", "note:2", "x"]), ["list"], ["note:1", "note:2"]),
      (["bad", "note:1"], nil, ["note:1"], nil),
      (["bad"], nil, ["list"], nil),
    ] as [([RouteToken], (ModalStyle, [RouteToken])?, [RouteToken], [RouteToken]?)])
  func repairOfStackAndModal(
    stored: [RouteToken], modal: (ModalStyle, [RouteToken])?, stack: [RouteToken],
    modalStack: [RouteToken]?
  ) throws {
    let router = RouterState(
      kind: NoteRoute.kind,
      stack: try RouteStack(routes: stored, modal: modal.map { (style: $0.0, routes: $0.1) }))
    var state = WorkspaceState(.pane("Note", router: router))
    var registry = RouteRegistry()
    registry.register(NoteRoute.self, fallbackRoot: .list)
    state.repairUnreadableRoutes(registry)
    let repaired = try #require(state.node(state.focusedPane)?.router?.stack)
    #expect(repaired.stack == stack)
    #expect(repaired.modal?.stack == modalStack)
    state.checkInvariants()
  }

  @Test func unreadableRootWithoutAFallbackIsReportedAndKept() throws {
    let router = RouterState(kind: NoteRoute.kind, stack: RouteStack(root: "bad"))
    var state = WorkspaceState(.pane("Note", router: router))
    let found = state.repairUnreadableRoutes(RouteRegistry([NoteRoute.self]))
    #expect(found.map(\.token) == ["bad"])
    #expect(state.node(state.focusedPane)?.router == router)
  }

  @Test func repairAlsoCleansTheHistorySoUndoNeverBringsATokenBack() throws {
    var state = Self.notesState(second: ["list", "note:x"])
    try state.apply(CommandParser.parse(line: "focus %4 close"))
    state.repairUnreadableRoutes(Self.routeTypes)
    let workspace = Workspace(state, routeTypes: Self.routeTypes)
    try workspace.undo()
    #expect(try workspace.state.router(NoteRoute.self, for: NodeID(4)).stack == [.list])
  }
}
