import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// A floating pane of a template at `frame`, pinned or not.
private func floating(
  _ title: String, _ frame: FloatingFrame = .centred, pinned: Bool = false
) -> FloatingPaneTemplate {
  FloatingPaneTemplate(pane(title), frame: frame, isPinned: pinned)
}

/// `T(Main: H(A, B) + floating [Log at 0.1,0.1 0.3x0.4 pinned, Help], Side: C)`.
private func floatingTabs(isFocused: Bool = false, isHidden: Bool = false) -> NodeTemplate {
  let layer = FloatingLayerTemplate(
    [
      floating("Log", FloatingFrame(x: 0.1, y: 0.1, width: 0.3, height: 0.4), pinned: true),
      floating("Help"),
    ],
    isFocused: isFocused, isHidden: isHidden)
  return tabs(("Main", hsplit(pane("A"), pane("B")).floating(layer)), ("Side", pane("C")))
}

/// The titles of a tab's floating panes, bottom to top, with their frames and pins.
private func layer(
  _ state: WorkspaceState, tabs: NodeID, tab: Int
) -> [(title: String, frame: FloatingFrame, isPinned: Bool)] {
  state.node(tabs)!.floatingLayers[tab].panes.map {
    (state.node($0.id)!.title, $0.frame, $0.isPinned)
  }
}

@Suite struct FloatingTemplateTests {
  @Test func aStateBuiltFromATemplateHoldsItsFloatingPanes() throws {
    let state = WorkspaceState(floatingTabs(isHidden: true))
    #expect(state.invariantViolations() == [])
    let built = layer(state, tabs: state.rootID, tab: 0)
    #expect(built.map(\.title) == ["Log", "Help"])
    #expect(built[0].frame == FloatingFrame(x: 0.1, y: 0.1, width: 0.3, height: 0.4))
    #expect(built.map(\.isPinned) == [true, false])
    #expect(state.root.floatingLayers[0].isHidden)
    #expect(state.root.floatingLayers[1].isEmpty)
    // A floating pane's parent is the tabs container, as `float` makes it.
    for id in state.root.floatingLayers[0].ids { #expect(state.node(id)?.parent == state.rootID) }
    #expect(!state.isFloating(state.focusedPane))
  }

  @Test func saveKeepsTheTabsFloatingPanesAndApplyOpensThem() throws {
    var state = WorkspaceState(tabs(("Main", hsplit(pane("A"), pane("B"), pane("C")))))
    try state.applyChecked([.float, .pinFloating(true), .focus(.pane(.number(1))), .float])
    try state.applyChecked(.showFloating(false))
    try state.applyChecked(.saveTemplate("t"))
    let saved = try #require(state.templates["t"])
    let savedLayer = try #require(saved.root.floatingLayer)
    // Hiding the layer moved focus to the pinned pane, which rose to the top.
    #expect(savedLayer.panes.map(\.isPinned) == [false, true])
    #expect(savedLayer.isHidden)
    #expect(saved.root.nodeCount == 3)
    #expect(saved.root == (try state.template(named: "t").root))
    let before = state.root.floatingLayers[0]
    try state.applyChecked(.applyTemplate("t"))
    // The new tab has the same floating panes, new, at the same frames, hidden with the pin.
    let opened = state.root.floatingLayers[1]
    #expect(opened.panes.map(\.frame) == before.panes.map(\.frame))
    #expect(opened.panes.map(\.isPinned) == before.panes.map(\.isPinned))
    #expect(opened.isHidden == before.isHidden)
    #expect(opened.isFocused == before.isFocused)
    #expect(Set(opened.ids).isDisjoint(with: before.ids))
    #expect(try state.template(named: "again").root == saved.root)
  }

  /// A focused layer keeps the template's order: focus goes to its top shown pane (the
  /// pinned one below a hidden pane) without raising it.
  @Test func aFocusedHiddenLayerFocusesItsTopPinnedPaneInOrder() throws {
    let template = try WorkspaceTemplate(
      name: "t", title: "T",
      root: pane("A").floating(
        FloatingLayerTemplate(
          [floating("Pinned", pinned: true), floating("Hidden")], isFocused: true, isHidden: true)))
    var state = WorkspaceState(pane("Z"))
    try state.applyChecked(.openTemplate(template))
    let tabs = state.rootID
    #expect(layer(state, tabs: tabs, tab: 1).map(\.title) == ["Pinned", "Hidden"])
    #expect(state.node(state.focusedPane)?.title == "Pinned")
    #expect(try state.template(named: "t").root == template.root)
    let fresh = try WorkspaceState(template: template, parameters: [:])
    #expect(fresh.invariantViolations() == [])
    #expect(fresh.node(fresh.focusedPane)?.title == "Pinned")
  }

  @Test func aTabOfOnlyHiddenFloatingPanesShowsItsTiledPane() throws {
    let template = try WorkspaceTemplate(
      name: "t", title: "T",
      root: pane("A").floating(
        FloatingLayerTemplate([floating("X"), floating("Y")], isHidden: true)))
    var state = WorkspaceState(pane("Z"))
    try state.applyChecked(.openTemplate(template))
    #expect(state.node(state.focusedPane)?.title == "A")
    #expect(state.visiblePanes.map { state.node($0)!.title } == ["A"])
    try state.applyChecked(.showFloating(true))
    #expect(state.visiblePanes.count == 3)
  }

  @Test func aWorkspaceTemplateRoundTripsThroughAFreshState() throws {
    var state = WorkspaceState(floatingTabs(isFocused: true))
    try state.applyChecked([.selectTab(.number(2)), .split(.horizontal), .float])
    let template = try state.workspaceTemplate(named: "w")
    let fresh = try WorkspaceState(template: template, parameters: [:])
    #expect(fresh.invariantViolations() == [])
    #expect(try fresh.workspaceTemplate(named: "w") == template)
    #expect(fresh.focusedPane.rawValue > 0)
    #expect(fresh.node(fresh.focusedPane)?.title == state.node(state.focusedPane)?.title)
  }

  @Test func applyingIsOneUndoStep() throws {
    var state = WorkspaceState(pane("Z"))
    let before = state
    let template = try WorkspaceTemplate(
      name: "w", title: "w", root: floatingTabs(), scope: .workspace)
    try state.applyChecked(.openTemplate(template))
    #expect(state.root.floatingLayers.map(\.panes.count) == [0, 2, 0])
    try state.applyChecked(.undo())
    #expect(state.structure == before.structure)
  }

  @Test(arguments: [
    (
      hsplit(pane("A").floating(FloatingLayerTemplate([floating("X")])), pane("B")),
      "a floating layer on a node that is not a tab"
    ),
    (pane("A").floating(FloatingLayerTemplate([])), "a floating layer holds at least one pane"),
    (
      pane("A").floating(
        FloatingLayerTemplate([FloatingPaneTemplate(hsplit(pane("X"), pane("Y")))])),
      "floating pane 0 is not a pane"
    ),
    (
      pane("A").floating(
        FloatingLayerTemplate([
          floating("X"), floating("Y", FloatingFrame(x: 0.5, y: 0, width: 0.6, height: 0.5)),
        ])),
      "floating pane 1 has an invalid rectangle 0.5,0.0 0.6x0.5"
    ),
    (
      pane("A").floating(
        FloatingLayerTemplate([floating("X", FloatingFrame(x: 0, y: 0, width: 0, height: 1))])),
      "floating pane 0 has an invalid rectangle"
    ),
    (
      pane("A").floating(FloatingLayerTemplate([floating("X")], isFocused: true, isHidden: true)),
      "a focused floating layer shows a pane"
    ),
  ])
  func malformedFloatingLayersAreRefused(root: NodeTemplate, reason: String) {
    do {
      _ = try WorkspaceTemplate(name: "t", title: "t", root: root)
      Issue.record("accepted \(root)")
    } catch {
      guard case .malformedTemplate("t", let found) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(found.hasPrefix(reason), "\(found)")
    }
  }

  @Test func aWorkspaceTemplatesRootIsNotATab() {
    #expect(
      throws: WorkspaceError.malformedTemplate(
        "w", reason: "a floating layer on a node that is not a tab")
    ) {
      try WorkspaceTemplate(
        name: "w", title: "w", root: pane("A").floating(FloatingLayerTemplate([floating("X")])),
        scope: .workspace)
    }
  }

  @Test func parametersOfFloatingPanesAreFilled() throws {
    let template = try WorkspaceTemplate(
      name: "t", title: "{a}",
      root: pane("A").floating(
        FloatingLayerTemplate([
          FloatingPaneTemplate(.pane("{b}", untyped: RouteToken("log", "{c}")))
        ])))
    #expect(template.parameters == ["a", "b", "c"])
    var state = WorkspaceState(pane("Z"))
    try state.applyChecked(.openTemplate(template, parameters: ["a": "1", "b": "2", "c": "3"]))
    let id = state.root.floatingLayers[1].ids[0]
    #expect(state.node(id)?.title == "2")
    #expect(state.routes(of: id) == [RouteToken("log", "3")])
  }

  /// Reconciling treats a tab's floating panes as places like the tiled ones: a pane matched
  /// by mark or title moves between the layer and the tree, keeping its id and router.
  @Test func reconcileMovesPanesBetweenTheLayerAndTheTree() throws {
    var state = WorkspaceState(tabs(("Main", hsplit(pane("A"), pane("Log")))))
    try state.applyChecked([.route(.push(["a2"])), .mark("editor")])
    try state.applyChecked([.focus(.pane(.number(2))), .float])
    let log = state.focusedPane
    let a = try #require(state.pane(markedAs: "editor"))
    let template = try WorkspaceTemplate(
      name: "r", title: "Main",
      root: hsplit(pane("Log"), pane("New")).floating(
        FloatingLayerTemplate([
          FloatingPaneTemplate(
            pane("Renamed").marked("editor"), frame: FloatingFrame(x: 0, y: 0, width: 1, height: 1),
            isPinned: true)
        ])))
    let change = try state.applyChecked(.reconcileWithTemplate(template))
    #expect(!state.isFloating(log))
    #expect(state.isFloating(a))
    #expect(state.routes(of: a) == ["a", "a2"])
    #expect(state.root.floatingLayers[0].panes.map(\.id) == [a])
    #expect(state.root.floatingLayers[0].panes[0].isPinned)
    let reconciliation = try #require(change.reconciliations.first)
    #expect(reconciliation.kept == [log, a])
    #expect(reconciliation.opened.count == 1)
    #expect(reconciliation.closed == [])
  }

  @Test func reconcileClosesOrSetsAsideFloatingPanesTheTemplateDoesNotName() throws {
    var state = WorkspaceState(tabs(("Main", hsplit(pane("A"), pane("Gone")))))
    try state.applyChecked([.focus(.pane(.number(2))), .float])
    let gone = state.focusedPane
    var kept = state
    let template = try WorkspaceTemplate(name: "r", title: "Main", root: pane("A"))
    let change = try state.applyChecked(.reconcileWithTemplate(template))
    #expect(state.node(gone) == nil)
    #expect(state.root.floatingLayers[0].isEmpty)
    #expect(change.reconciliations.first?.closed == [gone])
    // Set aside, it is tiled in the column beside the tab's new tree.
    let keeping = try kept.applyChecked(.reconcileWithTemplate(template, keepingOthers: true))
    #expect(keeping.reconciliations.first?.setAside == [gone])
    #expect(!kept.isFloating(gone))
    #expect(kept.node(gone) != nil)
  }

  /// Reconciling a tab template with floating panes onto a workspace without tabs makes the
  /// tabs container they need, as `float` does.
  @Test func reconcileWithoutTabsMakesATabsContainerForTheFloatingPanes() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    let b = state.paneIDs[1]
    let template = try WorkspaceTemplate(
      name: "r", title: "Main",
      root: pane("A").floating(FloatingLayerTemplate([floating("B", pinned: true)])))
    let change = try state.applyChecked(.reconcileWithTemplate(template))
    #expect(state.root.kind == .tabs)
    #expect(state.root.floatingLayers[0].ids == [b])
    #expect(change.reconciliations.first?.kept.count == 2)
    #expect(try state.template(named: "again").root == template.root)
  }

  @Test func reconcileOfAWorkspaceTemplateRebuildsEveryTabsLayer() throws {
    var state = WorkspaceState(floatingTabs())
    let log = state.root.floatingLayers[0].ids[0]
    let template = try WorkspaceTemplate(
      name: "w", title: "w",
      root: tabs(
        ("One", pane("C")),
        ("Two", pane("A").floating(FloatingLayerTemplate([floating("Log", pinned: true)])))),
      scope: .workspace)
    try state.applyChecked(.reconcileWithTemplate(template))
    #expect(state.root.floatingLayers[0].isEmpty)
    #expect(state.root.floatingLayers[1].ids == [log])
    #expect(state.root.floatingLayers[1].panes[0].frame == .centred)
    // Focus stays on A, kept: its tab is selected.
    #expect(state.root.activeIndex == 1)
    let saved = try state.workspaceTemplate(named: "w").root
    #expect(saved.children.map(\.floatingLayer) == template.root.children.map(\.floatingLayer))
  }
}
