import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// The template operations a host calls on the observable `Workspace`.
@MainActor
@Suite struct TemplateHostTests {
  @Test func saveApplyAndRemoveThroughTheWorkspace() throws {
    let workspace = Workspace(threeTabs())
    var changes: [WorkspaceChange] = []
    workspace.onChange = { changes.append($0) }
    try workspace.apply(.rename("{who}'s notes"))
    let saved = try workspace.saveTemplate(named: "notes")
    #expect(saved.parameters == ["who"])
    #expect(workspace.templates.names == ["notes"])
    #expect(throws: WorkspaceError.templateExists("notes")) {
      try workspace.saveTemplate(named: "notes")
    }
    try workspace.applyTemplate(named: "notes", parameters: ["who": "Ada"])
    #expect(workspace.state.node(workspace.focusedPane)?.title == "Ada's notes")
    #expect(workspace.state.invariantViolations() == [])
    try workspace.removeTemplate(named: "notes")
    #expect(workspace.templates.isEmpty)
    #expect(changes.map(\.changedTemplates) == [false, true, false, true])
    #expect(changes[2].changedNodes.contains(workspace.focusedPane))
    #expect(throws: WorkspaceError.noSuchTemplate("notes", existing: [])) {
      try workspace.applyTemplate(named: "notes", parameters: ["who": "Ada"])
    }
  }

  @Test func aTypedRouterOfAPaneATemplateOpened() throws {
    let template = try WorkspaceTemplate(
      name: "note", title: "Note {n}",
      root: .pane("{n}", router: RouterState(kind: "note", stack: RouteStack(root: "note:{n}"))))
    let workspace = Workspace(threeTabs(), routeTypes: RouteRegistry([NoteRoute.self]))
    try workspace.applyTemplate(template, parameters: ["n": "12"])
    let router = try workspace.router(NoteRoute.self, for: workspace.focusedPane)
    #expect(router.stack == [.note(12)])
    #expect(router.push(.list))
    #expect(workspace.state.invariantViolations() == [])
    // One undo takes the whole tab back.
    try workspace.apply(.undo(count: 2))
    #expect(workspace.state.nodeCount == 4)
  }

  @Test func anAdoptedStateWithOtherTemplatesSaysSo() throws {
    let workspace = Workspace(threeTabs())
    var changes: [WorkspaceChange] = []
    workspace.onChange = { changes.append($0) }
    var other = workspace.state
    try other.apply(.saveTemplate("x"))
    workspace.replaceState(other)
    #expect(changes.last?.changedTemplates == true)
    #expect(changes.last?.isEmpty == false)
  }
}
