import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// `Workspace.addTemplate(_:replacing:)`: a template built in code added to the workspace's
/// own templates.
@MainActor
@Suite struct TemplateAddTests {
  private func note(_ name: String = "note", root: RouteToken = "note:{n}", title: String = "")
    throws -> WorkspaceTemplate
  {
    try WorkspaceTemplate(
      name: name, title: title.isEmpty ? name : title,
      root: .split(
        .horizontal,
        [
          .pane("{n}", router: RouterState(kind: "note", stack: RouteStack(root: root))),
          .pane("list", router: RouterState(kind: "note", stack: RouteStack(root: "list"))),
        ]))
  }

  @Test func anAddedTemplateIsInTheLibraryAndApplies() throws {
    let workspace = Workspace(threeTabs(), routeTypes: RouteRegistry([NoteRoute.self]))
    let nodes = workspace.state.nodeCount
    let change = try workspace.addTemplate(note())
    #expect(change.changedTemplates)
    #expect(change.changedNodes.isEmpty)
    #expect(workspace.templates.names == ["note"])
    #expect(workspace.templates["note"] == (try note()))
    #expect(workspace.state.nodeCount == nodes)
    #expect(workspace.state.invariantViolations() == [])
    try workspace.applyTemplate(named: "note", parameters: ["n": "7"])
    let router = try workspace.router(NoteRoute.self, for: workspace.focusedPane)
    #expect(router.stack == [.note(7)])
  }

  @Test func undoKeepsAnAddedTemplateAsItKeepsASavedOne() throws {
    // Adding changes the workspace's templates, a setting that undo leaves alone (as for
    // `template save`): the change is not recorded, and an earlier edit is what undo takes.
    let workspace = Workspace(threeTabs())
    try workspace.apply(.rename("before"))
    let entries = workspace.state.history.undoEntries.count
    try workspace.addTemplate(note())
    #expect(workspace.state.history.undoEntries.count == entries)
    try workspace.apply(.undo())
    #expect(workspace.templates.names == ["note"])
    #expect(workspace.state.node(workspace.focusedPane)?.title != "before")
  }

  @Test func aTakenNameIsRefusedUnlessReplacing() throws {
    let workspace = Workspace(threeTabs())
    try workspace.addTemplate(note(title: "first"))
    let before = workspace.state
    #expect(throws: WorkspaceError.templateExists("note")) {
      try workspace.addTemplate(note(title: "second"))
    }
    #expect(workspace.state == before)
    try workspace.addTemplate(note(title: "second"), replacing: true)
    #expect(workspace.templates.names == ["note"])
    #expect(workspace.templates["note"]?.title == "second")
  }

  @Test func aSavedTemplateIsReplacedByAnAddedOne() throws {
    let workspace = Workspace(threeTabs())
    try workspace.saveTemplate(named: "note")
    #expect(throws: WorkspaceError.templateExists("note")) { try workspace.addTemplate(note()) }
    try workspace.addTemplate(note(), replacing: true)
    #expect(workspace.templates["note"] == (try note()))
  }

  @Test(arguments: [
    ("note:abc", "note:abc"), ("page:1", "page:1"), ("note:{{x}}", "note:%7Bx%7D"),
  ])
  func aFixedRouteTheRouteTypeCannotReadIsRefused(root: String, named: String) throws {
    let workspace = Workspace(threeTabs(), routeTypes: RouteRegistry([NoteRoute.self]))
    let before = workspace.state
    let template = try note(root: RouteToken(parsing: root))
    do {
      try workspace.addTemplate(template)
      Issue.record("added \(root)")
    } catch {
      guard case .refusedTemplateRoute(let token, let name, let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(token.description == named)
      #expect(name == "note")
      #expect(!reason.isEmpty)
      #expect(error.description.hasPrefix("template 'note' cannot hold route '\(named)': "))
      #expect(error.exitCode == .refused)
    }
    #expect(workspace.state == before)
  }

  @Test func routesWithPlaceholdersAndUnregisteredKindsAreLeftToApply() throws {
    let workspace = Workspace(threeTabs(), routeTypes: RouteRegistry([NoteRoute.self]))
    // `note:{n}` is read once `n` has a value; a `token` router keeps any token.
    let mixed = try WorkspaceTemplate(
      name: "mixed", title: "mixed",
      root: .split(
        .vertical,
        [
          .pane("a", router: RouterState(kind: "note", stack: RouteStack(root: "note:{n}"))),
          .pane("b", router: RouterState(kind: "token", stack: RouteStack(root: "anything:x"))),
        ]))
    try workspace.addTemplate(mixed)
    #expect(workspace.templates.names == ["mixed"])
    #expect(throws: WorkspaceError.self) {
      try workspace.applyTemplate(named: "mixed", parameters: ["n": "abc"])
    }
  }

  @Test func aTemplateAddedToAStateIsSpelledAsTemplateSave() throws {
    let template = try note()
    #expect(WorkspaceCommand.addTemplate(template).description == "template save note")
    #expect(
      WorkspaceCommand.addTemplate(template, replacing: true).description
        == "template save note --force")
  }
}
