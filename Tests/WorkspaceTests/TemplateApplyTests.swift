import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// A template `review`: tab `{repo} #{pr}`, `H(V(repo pane, checks), T(Diff: diff, Talk:
/// thread))` with routes holding `{repo}` and `{pr}`.
func reviewTemplate() throws -> WorkspaceTemplate {
  try WorkspaceTemplate(
    name: "review", title: "{repo} #{pr}",
    root: hsplit(
      vsplit(
        pane("{repo}", root: RouteToken(name: "repo", arguments: ["{repo}"])),
        pane("checks", root: "checks"), weights: [0.7, 0.3]),
      tabs(
        ("Diff", pane("diff {pr}", root: RouteToken(name: "diff", arguments: ["{repo}", "{pr}"]))),
        ("Talk", pane("thread", root: RouteToken(name: "thread", arguments: ["{pr}"])))),
      weights: [0.4, 0.6]))
}

@Suite struct TemplateApplyTests {
  @Test func opensANewTabWithEveryPlaceholderFilled() throws {
    var state = threeTabs()
    let change = try state.applyChecked(
      .openTemplate(try reviewTemplate(), parameters: ["repo": "mail", "pr": "42"]))
    let tabs = state.root
    #expect(tabs.tabTitles == ["One", "Two", "Three", "mail #42"])
    #expect(tabs.activeIndex == 3)
    let tab = tabs.children[3]
    #expect(state.outline(of: tab) == "H(V(%7, %8), T(*Diff: %10, Talk: %11))")
    #expect(state.focusedPane == NodeID(7))
    #expect(state[NodeID(7)].title == "mail")
    #expect(state.routes(of: NodeID(7)) == [RouteToken(name: "repo", arguments: ["mail"])])
    #expect(state.routes(of: NodeID(10)) == [RouteToken(name: "diff", arguments: ["mail", "42"])])
    #expect(state[NodeID(10)].title == "diff 42")
    expectWeights(state[tab].weights, [0.4, 0.6])
    #expect(change.changedNodes == Set(([1] + Array(5...11)).map { NodeID($0) }))
  }

  @Test func isOneUndoableChange() throws {
    var state = threeTabs()
    let before = state
    try state.applyChecked(
      .openTemplate(try reviewTemplate(), parameters: ["repo": "r", "pr": "1"]))
    let applied = state
    #expect(state.history.undoEntries.map(\.label) == ["template apply review pr=1 repo=r"])
    try state.applyChecked(.undo())
    #expect(state.structure == before.structure)
    try state.applyChecked(.redo())
    #expect(state.structure == applied.structure)
  }

  @Test(arguments: [
    ["repo": "мой-репо", "pr": "🚀"],
    ["repo": "a b:c/d?e#f", "pr": "%41"],
    ["repo": "{not a placeholder}", "pr": ""],
    ["repo": "\u{202E}rtl\u{1B}[31m", "pr": "e\u{301}"],
  ])
  func anyValueIsOneArgumentAndTitleText(values: [String: String]) throws {
    var state = threeTabs()
    try state.applyChecked(.openTemplate(try reviewTemplate(), parameters: values))
    let repo = values["repo"]!
    let pr = values["pr"]!
    #expect(state[NodeID(7)].title == repo)
    #expect(state.routes(of: NodeID(10)) == [RouteToken(name: "diff", arguments: [repo, pr])])
    #expect(state.root.tabTitles.last == "\(repo) #\(pr)")
    // The stored token reads back as the same arguments.
    let token = try #require(state.routes(of: NodeID(10))?.first)
    #expect(try RouteToken(parsing: token.description) == token)
  }

  @Test(arguments: [
    (["repo": "r"], WorkspaceError.missingTemplateParameter("pr", template: "review")),
    ([:], .missingTemplateParameter("repo", template: "review")),
    (
      ["repo": "r", "pr": "1", "prr": "2"],
      .unknownTemplateParameter("prr", template: "review", expected: ["repo", "pr"])
    ),
    (
      ["rep": "r", "pr": "1"],
      .unknownTemplateParameter("rep", template: "review", expected: ["repo", "pr"])
    ),
  ])
  func missingOrUnknownParametersAreUsageErrors(
    values: [String: String], error: WorkspaceError
  ) throws {
    var state = threeTabs()
    state.expectRefusal(.openTemplate(try reviewTemplate(), parameters: values), error)
    #expect(error.exitCode == .usage)
  }

  @Test func anUnknownTemplateNamesTheOnesThatExist() throws {
    var state = threeTabs()
    state.expectRefusal(.applyTemplate("x"), .noSuchTemplate("x", existing: []))
    try state.applyChecked([.saveTemplate("one"), .saveTemplate("dépôt")])
    state.expectRefusal(.applyTemplate("x"), .noSuchTemplate("x", existing: ["dépôt", "one"]))
    #expect(
      "\(WorkspaceError.noSuchTemplate("x", existing: ["a", "b"]))"
        == "no template 'x'; the templates are 'a', 'b'")
  }

  @Test func aValueTooLongForARouteIsRefusedNamingIt() throws {
    var state = threeTabs()
    let long = String(repeating: "é", count: 1000)
    #expect {
      try state.apply(.openTemplate(try reviewTemplate(), parameters: ["repo": "r", "pr": long]))
    } throws: { error in
      guard case .invalidTemplateArgument("pr", long, _) = error as? WorkspaceError else {
        return false
      }
      return (error as! WorkspaceError).exitCode == .usage
    }
    #expect(state.structure == threeTabs().structure)
  }

  @MainActor
  @Test func aValueTheRouteTypeCannotReadIsRefusedNamingIt() throws {
    let template = try WorkspaceTemplate(
      name: "note", title: "{n}",
      root: .pane("{n}", router: RouterState(kind: "note", stack: RouteStack(root: "note:{n}"))))
    let workspace = Workspace(threeTabs(), routeTypes: RouteRegistry([NoteRoute.self]))
    #expect {
      try workspace.applyTemplate(template, parameters: ["n": "abc"])
    } throws: { error in
      guard case .invalidTemplateArgument("n", "abc", let reason) = error as? WorkspaceError
      else { return false }
      return reason.contains("note")
    }
    #expect(workspace.state.nodeCount == 4)
    try workspace.applyTemplate(template, parameters: ["n": "7"])
    #expect(workspace.state.routes(of: workspace.focusedPane) == ["note:7"])
  }

  @Test func withoutATabsContainerTheTreeBecomesTheFirstTab() throws {
    var state = grid()
    try state.applyChecked(
      .openTemplate(try reviewTemplate(), parameters: ["repo": "r", "pr": "1"]))
    #expect(state.root.kind == .tabs)
    #expect(state.root.tabTitles == ["A", "r #1"])
    #expect(state.root.activeIndex == 1)
  }

  @Test func aTemplateWithNestedTabsAtItsRootNestsThem() throws {
    var state = threeTabs()
    let template = try WorkspaceTemplate(
      name: "t", title: "outer",
      root: tabs(("x", pane("X")), ("y", tabs(("z", pane("Z")))), selected: 1))
    try state.applyChecked(.openTemplate(template))
    #expect(state.outline == "T(One: %2, Two: %3, Three: %4, *outer: T(x: %6, *y: T(*z: %8)))")
    #expect(state.focusedPane == NodeID(8))
  }

  @Test func theTreeIsRepairedWhenBuilt() throws {
    var state = threeTabs()
    let template = try WorkspaceTemplate(
      name: "t", title: "t",
      root: hsplit(hsplit(pane("X"), pane("Y")), vsplit(pane("Z")), .split(.vertical, [])))
    try state.applyChecked(.openTemplate(template))
    #expect(state.outline(of: state.root.children[3]) == "H(%7, %8, %10)")
  }

  @Test func savedThenAppliedGivesTheSameShape() throws {
    var state = nestedWorkspace()
    try state.applyChecked(.saveTemplate("mail"))
    try state.applyChecked(.applyTemplate("mail", parameters: ["project": "ws"]))
    let tab = state.root.children[2]
    #expect(state.outline(of: tab) == "H(%9, T(In: %11, *Out: %12))")
    #expect(state.root.tabTitles[2] == "Mail ws")
    #expect(state[NodeID(9)].title == "ws inbox")
    #expect(state.routes(of: NodeID(9)) == [RouteToken(name: "inbox", arguments: ["ws"])])
  }

  @Test func appliedTwiceGivesFreshIds() throws {
    var state = threeTabs()
    let template = try reviewTemplate()
    try state.applyChecked(.openTemplate(template, parameters: ["repo": "a", "pr": "1"]))
    try state.applyChecked(.openTemplate(template, parameters: ["repo": "b", "pr": "2"]))
    #expect(state.root.tabTitles.suffix(2) == ["a #1", "b #2"])
    #expect(Set(state.nodeIDs).count == state.nodeCount)
  }
}
