import PaneRouter
import Testing

@testable import Workspace

/// `T(Mail: H(A, T(In: B, Out: C)), Notes: D)`: ids `%1 T, %2 H, %3 A, %4 T, %5 B, %6 C,
/// %7 D`; the Mail tab is selected, A focused.
func nestedWorkspace() -> WorkspaceState {
  WorkspaceState(
    tabs(
      (
        "Mail {project}",
        hsplit(
          pane("{project} inbox", root: RouteToken(name: "inbox", arguments: ["{project}"])),
          tabs(("In", pane("B")), ("Out", pane("C")), selected: 1), weights: [0.3, 0.7])
      ),
      ("Notes", pane("D"))))
}

@Suite struct TemplateSaveTests {
  @Test func savesTheActiveTabWithShapeWeightsTitlesAndRoots() throws {
    var state = nestedWorkspace()
    try state.applyChecked(.route(.push(["detail:7"])))
    try state.applyChecked(.saveTemplate("mail"))
    let template = try #require(state.templates["mail"])
    #expect(template.title == "Mail {project}")
    #expect(template.parameters == ["project"])
    // Only the root of each router: the pushed detail:7 is not part of the template.
    let expected = hsplit(
      pane("{project} inbox", root: RouteToken(name: "inbox", arguments: ["{project}"])),
      tabs(("In", pane("B")), ("Out", pane("C")), selected: 1), weights: [0.3, 0.7])
    #expect(template.root == expected)
  }

  @Test func savingRecordsNoUndoEntryAndChangesNoNode() throws {
    var state = nestedWorkspace()
    let change = try state.applyChecked(.saveTemplate("mail"))
    #expect(change.changedNodes.isEmpty)
    #expect(change.changedTemplates)
    #expect(!change.isEmpty)
    #expect(try state.applyChecked(.focus(.next)).changedTemplates == false)
    #expect(state.history.undoEntries.isEmpty)
    #expect(throws: WorkspaceError.nothingToUndo) { try state.apply(.undo()) }
  }

  @Test(arguments: [
    (PaneReference.id(NodeID(5)), "mail", "In"),
    (.id(NodeID(4)), "mail", "mail"),
    (.id(NodeID(7)), "mail", "Notes"),
    (.number(1), "mail", "{project} inbox"),
    (.id(NodeID(2)), "mail", "Mail {project}"),
    (.id(NodeID(1)), "mail", "mail"),
  ])
  func savesASubtree(node: PaneReference, name: String, title: String) throws {
    var state = nestedWorkspace()
    try state.applyChecked(.saveTemplate(name, node: node))
    let template = try #require(state.templates[name])
    #expect(template.title == title)
  }

  @Test func savingANameThatExistsIsRefusedUnlessReplacing() throws {
    var state = nestedWorkspace()
    try state.applyChecked(.saveTemplate("mail"))
    state.expectRefusal(.saveTemplate("mail", node: .id(NodeID(7))), .templateExists("mail"))
    try state.applyChecked(.saveTemplate("mail", node: .id(NodeID(7)), replacing: true))
    #expect(state.templates["mail"]?.title == "Notes")
    #expect(state.templates.names == ["mail"])
  }

  @Test(arguments: ["", "a b", "-x", "x/y", "{x}"])
  func invalidNamesAreUsageErrors(name: String) {
    var state = nestedWorkspace()
    state.expectRefusal(.saveTemplate(name), .invalidTemplateName(name))
    #expect(WorkspaceError.invalidTemplateName(name).exitCode == .usage)
  }

  @Test(arguments: ["dépôt", "日本", "a.b-c_d"])
  func unicodeNames(name: String) throws {
    var state = nestedWorkspace()
    try state.applyChecked(.saveTemplate(name))
    #expect(state.templates.names == [name])
  }

  @Test(arguments: [
    ("json {}", TemplateTextError(text: "json {}", offset: 5, problem: .emptyPlaceholder)),
    ("fn {", TemplateTextError(text: "fn {", offset: 3, problem: .unclosedBrace)),
    ("{a b}", TemplateTextError(text: "{a b}", offset: 0, problem: .invalidName("a b"))),
  ])
  func aMalformedPlaceholderInATitleIsRefused(title: String, error: TemplateTextError) throws {
    var state = nestedWorkspace()
    try state.applyChecked(.rename(title))
    state.expectRefusal(.saveTemplate("mail"), .malformedPlaceholder(error))
    #expect(WorkspaceError.malformedPlaceholder(error).exitCode == .refused)
  }

  @Test func aMalformedPlaceholderInARouteArgumentIsRefused() throws {
    var state = nestedWorkspace()
    try state.applyChecked(.route(.replace([RouteToken(name: "x", arguments: ["}"])])))
    state.expectRefusal(
      .saveTemplate("mail"),
      .malformedPlaceholder(TemplateTextError(text: "}", offset: 0, problem: .unmatchedBrace)))
  }

  @Test func aLiteralBraceIsDoubled() throws {
    var state = nestedWorkspace()
    try state.applyChecked(.rename("fn {{ body }}"))
    try state.applyChecked(.saveTemplate("code"))
    try state.applyChecked(.applyTemplate("code", parameters: ["project": "p"]))
    #expect(state[state.focusedPane].title == "fn { body }")
  }

  @Test func unknownNodesCannotBeSaved() throws {
    var state = nestedWorkspace()
    state.nodes[NodeID(5)]!.content = .unknown("webview")
    state.expectRefusal(.saveTemplate("mail"), .unknownNodeInTemplate(NodeID(5), kind: "webview"))
  }

  @Test(arguments: [
    (PaneReference.id(NodeID(99)), WorkspaceError.noSuchNode(NodeID(99))),
    (.number(9), .noSuchPane(.number(9))),
  ])
  func aMissingNodeIsRefused(node: PaneReference, error: WorkspaceError) {
    var state = nestedWorkspace()
    state.expectRefusal(.saveTemplate("x", node: node), error)
  }

  @Test func removingATemplate() throws {
    var state = nestedWorkspace()
    try state.applyChecked([.saveTemplate("b"), .saveTemplate("a")])
    #expect(state.templates.names == ["a", "b"])
    try state.applyChecked(.removeTemplate("a"))
    #expect(state.templates.names == ["b"])
    state.expectRefusal(.removeTemplate("a"), .noSuchTemplate("a", existing: ["b"]))
  }

  @Test func aFailedTransactionKeepsTheTemplatesAsTheyWere() {
    var state = nestedWorkspace()
    state.expectRefusal([.saveTemplate("a"), .focus(.pane(.number(9)))], .noSuchPane(.number(9)))
    #expect(state.templates.isEmpty)
  }

  @Test func aLibraryRefusesDuplicateNames() throws {
    let state = nestedWorkspace()
    let template = try state.template(named: "a")
    #expect(throws: WorkspaceError.templateExists("a")) {
      try TemplateLibrary([template, template])
    }
  }

  @Test func aTemplateWithoutAPaneIsRefused() {
    #expect(throws: WorkspaceError.templateWithoutPane("x")) {
      try WorkspaceTemplate(name: "x", title: "", root: .split(.horizontal, []))
    }
  }

  @Test func wordsOfTheCommands() {
    #expect(
      WorkspaceCommand.saveTemplate("a", node: .id(NodeID(3)), replacing: true).description
        == "template save a --node %3 --force")
    #expect(WorkspaceCommand.removeTemplate("a").description == "template rm a")
    #expect(
      WorkspaceCommand.applyTemplate("a", parameters: ["z": "1", "b": "x y"]).words
        == ["template", "apply", "a", "b=x y", "z=1"])
  }
}
