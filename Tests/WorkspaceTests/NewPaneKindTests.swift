import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// A new pane's router takes its kind from its route: "open to the side" with another kind of
/// pane, from code and from words.
@MainActor
@Suite struct NewPaneKindTests {
  /// A third type that also reads `list`, so that `list` is ambiguous between two kinds.
  enum ListRoute: String, Route {
    case list
    static let kind = "lists"
  }

  /// `T(Notes: H(%3 note list, %4 note list), Settings: %5 settings general)`, the settings
  /// pane focused.
  private func settingsFocused(_ registry: RouteRegistry = RouteRegistryTests.routeTypes) throws
    -> Workspace
  {
    let workspace = Workspace(RouteRegistryTests.notesState(), routeTypes: registry)
    try workspace.apply(.selectTab(.number(2)))
    #expect(workspace.focusedPane == NodeID(5))
    return workspace
  }

  @Test func aTypedTabOrSplitOpensAPaneOfItsRoutesKind() throws {
    let workspace = try settingsFocused()
    try workspace.apply(.newTab(title: "Notes", root: NoteRoute.note(3)))
    let tabPane = workspace.focusedPane
    #expect(workspace.state.node(tabPane)?.router?.kind == NoteRoute.kind)
    #expect(try workspace.router(NoteRoute.self, for: tabPane).current == .note(3))
    try workspace.apply(.selectTab(.number(2)))
    try workspace.apply(.split(.horizontal, root: NoteRoute.note(4)))
    let splitPane = workspace.focusedPane
    #expect(workspace.state.node(splitPane)?.router?.kind == NoteRoute.kind)
    #expect(try workspace.router(NoteRoute.self, for: splitPane).current == .note(4))
    // The settings pane it was split from keeps its kind.
    #expect(try workspace.router(SettingsRoute.self, for: NodeID(5)).current == .general)
    #expect(workspace.state.invariantViolations() == [])
    // Undo takes both away; the typed commands are in the history like any other.
    try workspace.undo()
    try workspace.undo()
    #expect(workspace.state.node(tabPane) == nil && workspace.state.node(splitPane) == nil)
  }

  @Test(arguments: [
    // Exactly one registered type reads the token: its kind.
    ("tab new Notes note:5", NoteRoute.kind),
    ("split h note:6", NoteRoute.kind),
    // The focused pane's kind reads it: kept.
    ("split v general", SettingsRoute.kind),
  ])
  func wordsOpenAPaneOfTheOneKindThatReadsTheRoute(line: String, kind: String) throws {
    let workspace = try settingsFocused()
    try workspace.apply(CommandParser.parse(line: line))
    #expect(workspace.state.node(workspace.focusedPane)?.router?.kind == kind)
    #expect(workspace.state.unreadableRoutes(RouteRegistryTests.routeTypes).isEmpty)
  }

  @Test func withTwoKindsThatReadTheRouteTheFocusedKindIsKeptAndRefusedByName() throws {
    var registry = RouteRegistryTests.routeTypes
    registry.register(ListRoute.self)
    let workspace = try settingsFocused(registry)
    let before = workspace.state
    #expect(
      throws: WorkspaceError.refusedNewRoute(
        "list", kind: SettingsRoute.kind, reason: "unknown settings route 'list'")
    ) {
      try workspace.apply(CommandParser.parse(line: "split h list"))
    }
    #expect(workspace.state == before)
    // Typed, the kind is the route type's: no guess.
    try workspace.apply(.split(.horizontal, root: ListRoute.list))
    #expect(workspace.state.node(workspace.focusedPane)?.router?.kind == ListRoute.kind)
  }

  @Test func withoutRouteTypesANewPaneKeepsTheFocusedPanesKind() throws {
    var state = RouteRegistryTests.notesState()
    try state.apply(.selectTab(.number(2)))
    try state.apply(CommandParser.parse(line: "tab new Notes note:5"))
    #expect(state.node(state.focusedPane)?.router?.kind == SettingsRoute.kind)
    // A typed command still says its kind.
    try state.apply(.split(.horizontal, root: NoteRoute.note(1)))
    #expect(state.node(state.focusedPane)?.router?.kind == NoteRoute.kind)
  }
}
