import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// Inbox (`inbox`, two tabs) and Compose (`compose`, a split with a floating pane), Compose
/// active.
private func mailTemplate() throws -> WorkspaceTemplate {
  try WorkspaceTemplate(
    name: "mail", title: "mail",
    windows: [
      WindowTemplate(
        title: "Inbox", identifier: "inbox",
        root: tabs(("Inbox", pane("List")), ("Archive", pane("Old")), selected: 1)),
      WindowTemplate(
        title: "Compose", identifier: "compose",
        root: tabs(
          (
            "Draft",
            hsplit(pane("Draft"), pane("Preview"), weights: [0.5, 0.5]).floating(
              FloatingLayerTemplate([FloatingPaneTemplate(pane("Spell"), isPinned: true)]))
          ))),
    ], activeWindow: 1)
}

/// The windows' identifiers and titles, in order, and the active index.
private func windows(_ state: WorkspaceState) -> [String] {
  state.windows.enumerated().map { index, window in
    (index == state.activeWindowIndex ? "*" : "") + window.identifier + " " + window.title
  }
}

@Suite struct WindowTemplateTests {
  @Test func aFreshStateBuildsEveryWindowWithUniqueIds() throws {
    let template = try mailTemplate()
    let state = try WorkspaceState(template: template, parameters: [:])
    #expect(state.invariantViolations() == [])
    #expect(windows(state) == ["inbox Inbox", "*compose Compose"])
    #expect(state.windowList.previous == nil)
    // Ids run on from one window to the next: the first window's are 1 to 4.
    let inbox = state.activating(window: 0)
    #expect(inbox.nodeIDs.map(\.rawValue) == [1, 2, 3])
    #expect(Set(inbox.nodeIDs).isDisjoint(with: state.nodeIDs))
    #expect(inbox.focusedPane == NodeID(3))
    #expect(state.node(state.focusedPane)?.title == "Draft")
    #expect(try state.workspaceTemplate(named: "mail") == template)
  }

  @Test func oneUntitledMainWindowIsATemplateOfOneTree() throws {
    var state = WorkspaceState(tabs(("A", pane("A"))))
    #expect(try state.workspaceTemplate(named: "w").windows.isEmpty)
    try state.applyChecked(.renameWindow("Titled"))
    let titled = try state.workspaceTemplate(named: "w")
    #expect(titled.windows.map(\.title) == ["Titled"])
    #expect(titled.windows.map(\.identifier) == ["main"])
    #expect(try WorkspaceState(template: titled, parameters: [:]).windows == state.windows)
  }

  /// A window of one tab, and a window whose tree is a single pane.
  @Test func windowsOfOneTabAndOfOnePane() throws {
    var state = WorkspaceState(tabs(("A", pane("A"))))
    try state.applyChecked(.newWindow(title: "Solo", root: "solo"))
    let template = try state.workspaceTemplate(named: "w")
    #expect(template.windows.count == 2)
    #expect(template.activeWindow == 1)
    let fresh = try WorkspaceState(template: template, parameters: [:])
    #expect(fresh.invariantViolations() == [])
    #expect(try fresh.workspaceTemplate(named: "w") == template)
    #expect(windows(fresh) == windows(state))
  }

  @Test func applyingOpensEachWindowAsANewOneInOneUndoStep() throws {
    var state = WorkspaceState(pane("Z"))
    try state.applyChecked([.newWindow(title: "Busy"), .selectWindow(.number(1))])
    try state.applyChecked(.renameWindow("Main"))
    let before = state
    let template = try mailTemplate()
    try state.applyChecked(.openTemplate(template))
    #expect(windows(state).count == 4)
    #expect(windows(state)[2...] == ["inbox Inbox", "*compose Compose"])
    #expect(state.node(state.focusedPane)?.title == "Draft")
    // Again: the identifiers are taken, so the new windows get fresh ones.
    try state.applyChecked(.openTemplate(template))
    let identifiers = state.windows.map(\.identifier)
    #expect(Set(identifiers).count == 6)
    #expect(state.windows.suffix(2).map(\.title) == ["Inbox", "Compose"])
    try state.applyChecked(.undo(count: 2))
    #expect(state.structure == before.structure)
  }

  @Test func applyingPastTheWindowLimitIsRefused() throws {
    var state = WorkspaceState(pane("Z"))
    for _ in 1..<(WorkspaceState.windowLimit - 1) { try state.apply(.newWindow()) }
    state.expectRefusal(.openTemplate(try mailTemplate()), .tooManyWindows(64))
  }

  @Test(arguments: [
    ([WindowTemplate](), 0, "a template of windows holds at least one"),
    (
      Array(repeating: WindowTemplate(root: pane("A")), count: 65), 0,
      "65 windows, over the limit of 64"
    ),
    ([WindowTemplate(root: pane("A"))], 1, "active window 1 is not from 0 to 0"),
    (
      [
        WindowTemplate(identifier: "a", root: pane("A")),
        WindowTemplate(identifier: "a", root: pane("B")),
      ],
      0, "window 1 repeats the identifier 'a'"
    ),
    ([WindowTemplate(identifier: "", root: pane("A"))], 0, "window 0 has an invalid identifier ''"),
    (
      [
        WindowTemplate(root: pane("A")),
        WindowTemplate(
          root: pane("B").floating(FloatingLayerTemplate([FloatingPaneTemplate(pane("X"))]))),
      ],
      0, "a floating layer on a node that is not a tab"
    ),
  ])
  func malformedWindowsAreRefused(windows: [WindowTemplate], active: Int, reason: String) {
    #expect(throws: WorkspaceError.malformedTemplate("w", reason: reason)) {
      try WorkspaceTemplate(name: "w", title: "w", windows: windows, activeWindow: active)
    }
  }

  @Test func windowsWithoutIdentifiersGetFreshOnes() throws {
    let template = try WorkspaceTemplate(
      name: "w", title: "{t}",
      windows: [
        WindowTemplate(title: "{t} one", root: pane("A")),
        WindowTemplate(root: pane("B")),
        WindowTemplate(identifier: "w2", root: pane("C")),
      ])
    #expect(template.parameters == ["t"])
    let state = try WorkspaceState(template: template, parameters: ["t": "x"])
    #expect(windows(state) == ["*main x one", "w2-2 ", "w2 "])
    #expect(state.invariantViolations() == [])
  }

  /// Windows match by identifier, then title, then order; a matched window keeps its
  /// identifier and its panes named by the template; the rest close.
  @Test func reconcileMatchesWindowsByIdentifierThenTitleThenOrder() throws {
    var state = WorkspaceState(tabs(("Inbox", pane("List"))))
    try state.applyChecked(.renameWindow("Old inbox"))
    try state.applyChecked(.newWindow(title: "Compose", root: "draft"))
    try state.applyChecked(.newWindow(title: "Extra", root: "extra"))
    try state.applyChecked(.newWindow(title: "Gone", root: "gone"))
    // main by identifier; Compose by title; Spare (`Extra`) by order; `Gone` closed.
    let list = state.activating(window: 0).focusedPane
    let draft = state.activating(window: 1).focusedPane
    let extra = state.activating(window: 2).focusedPane
    let gone = state.activating(window: 3).focusedPane
    let template = try WorkspaceTemplate(
      name: "mail", title: "mail",
      windows: [
        WindowTemplate(title: "Spare", root: pane("Extra")),
        WindowTemplate(title: "Inbox", identifier: "main", root: tabs(("Inbox", pane("List")))),
        WindowTemplate(title: "Compose", identifier: "new", root: pane("Compose")),
      ], activeWindow: 1)
    let identifiers = state.windows.map(\.identifier)
    let change = try state.applyChecked(.reconcileWithTemplate(template))
    #expect(
      windows(state) == ["\(identifiers[2]) Spare", "*main Inbox", "\(identifiers[1]) Compose"])
    #expect(state.focusedPane == list)
    #expect(state.activating(window: 2).focusedPane == draft)
    #expect(state.activating(window: 0).focusedPane == extra)
    #expect(state.node(gone) == nil)
    #expect(change.reconciliations.map(\.kept) == [[extra], [list], [draft], []])
    #expect(change.reconciliations.last?.closed == [gone])
    try state.applyChecked(.undo())
    #expect(state.windows.map(\.identifier) == identifiers)
  }

  /// A window of the template left over once every window of the workspace is matched opens
  /// as a new window, with its identifier.
  @Test func reconcileOpensTheWindowsLeftOver() throws {
    var state = WorkspaceState(pane("A"))
    let a = state.focusedPane
    let template = try WorkspaceTemplate(
      name: "w", title: "w",
      windows: [
        WindowTemplate(title: "New", identifier: "new", root: pane("N")),
        WindowTemplate(identifier: "other", root: pane("A")),
      ], activeWindow: 1)
    let change = try state.applyChecked(.reconcileWithTemplate(template))
    // `main` matches the first by order; the second opens.
    #expect(windows(state) == ["main New", "*other "])
    #expect(state.node(a) == nil)
    #expect(change.reconciliations.map(\.closed) == [[a], []])
    #expect(change.reconciliations[1].opened == [state.focusedPane])
  }

  @Test func reconcileKeepingOthersLeavesUnmatchedWindows() throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.newWindow(title: "Other", root: "other"))
    let other = state.focusedPane
    let template = try WorkspaceTemplate(
      name: "w", title: "w", windows: [WindowTemplate(identifier: "main", root: pane("A"))])
    try state.applyChecked(.reconcileWithTemplate(template, keepingOthers: true))
    #expect(windows(state).map { $0.split(separator: " ")[0] } == ["*main", "w2"])
    #expect(state.activating(window: 1).focusedPane == other)
  }
}
