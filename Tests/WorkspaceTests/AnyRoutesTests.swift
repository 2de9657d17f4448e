import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// One call reads any pane's routes as the host's own values, whatever its kind.
@MainActor
@Suite struct AnyRoutesTests {
  @Test func eachPaneIsReadByItsKindsType() throws {
    var state = RouteRegistryTests.notesState(second: ["list", "note:abc", "note:7"])
    try state.apply(CommandParser.parse(line: "focus 1 push note:3 present sheet note:4"))
    let workspace = Workspace(state, routeTypes: RouteRegistryTests.routeTypes)
    let notes = try workspace.routes(for: NodeID(3))
    #expect(notes.kind == NoteRoute.kind)
    #expect(notes.tokens == ["list", "note:3"])
    #expect(notes.routes.map { $0 as? NoteRoute } == [.list, .note(3)])
    #expect(notes.modal?.style == .sheet)
    #expect(notes.modal?.routes.map { $0 as? NoteRoute } == [.note(4)])
    #expect(notes.current as? NoteRoute == .note(3))
    let settings = try workspace.routes(for: NodeID(5))
    #expect(settings.current as? SettingsRoute == .general)
    // A token the type cannot read is nil at its place; the others are read.
    let mixed = try workspace.routes(for: NodeID(4))
    #expect(mixed.routes.map { $0 as? NoteRoute } == [.list, nil, .note(7)])
    #expect(mixed.tokens[1] == "note:abc")
  }

  @Test func aKindNoTypeReadsHasTokensOnly() throws {
    let workspace = Workspace(.example)
    let routes = try workspace.routes(for: workspace.focusedPane)
    #expect(routes.kind == RouteToken.kind)
    #expect(!routes.tokens.isEmpty)
    #expect(routes.routes.allSatisfy { $0 == nil })
    // The default type reads untyped routers.
    let typed = Workspace(
      WorkspaceState(.pane("P", untyped: RouteToken("note:2"))),
      routeTypes: RouteRegistry([NoteRoute.self], default: NoteRoute.self))
    #expect(try typed.routes(for: typed.focusedPane).current as? NoteRoute == .note(2))
  }

  @Test(arguments: [NodeID(99), NodeID(2)])
  func aMissingNodeOrOneWithoutARouterIsRefused(id: NodeID) {
    let workspace = Workspace(
      RouteRegistryTests.notesState(), routeTypes: RouteRegistryTests.routeTypes)
    #expect(throws: WorkspaceError.self) { try workspace.routes(for: id) }
  }
}
