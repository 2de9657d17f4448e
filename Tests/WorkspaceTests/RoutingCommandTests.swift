import PaneRouter
import Testing

@testable import Workspace

/// A router operation on a pane's stack and what it should leave.
struct RouteCase: Sendable, CustomTestStringConvertible {
  var routes: [RouteToken]
  var modal: [RouteToken]? = nil
  var maxDepth = 30
  var operation: RouteOperation<RouteToken>
  var expectedRoutes: [RouteToken] = []
  var expectedModal: [RouteToken]? = nil
  var rejection: RouteRejection? = nil

  var testDescription: String {
    "\(operation) on \(routes)" + (modal.map { " with modal \($0)" } ?? "")
  }

  /// A single pane, `%1`, whose router holds the case's stack.
  var state: WorkspaceState {
    WorkspaceState(
      pane("A", routes: routes, modal: modal.map { (.sheet, $0) }, maxDepth: maxDepth))
  }
}

/// `push`, `pop`, `pop-to`, `root`, `replace`, `replace-top`, `present`, `dismiss`,
/// `dismiss-all` and the path bindings, through ``WorkspaceCommand/route(_:at:)``.
@Suite struct RoutingCommandTests {
  static let accepted: [RouteCase] = [
    RouteCase(routes: ["a"], operation: .push(["b"]), expectedRoutes: ["a", "b"]),
    RouteCase(routes: ["a"], operation: .push(["b", "c"]), expectedRoutes: ["a", "b", "c"]),
    RouteCase(routes: ["a", "b", "c"], operation: .pop(count: 1), expectedRoutes: ["a", "b"]),
    RouteCase(routes: ["a", "b", "c"], operation: .pop(count: 5), expectedRoutes: ["a"]),
    RouteCase(
      routes: ["a", "b", "c", "b", "d"], operation: .popTo("b"), expectedRoutes: ["a", "b"]),
    RouteCase(
      routes: ["a", "b", "c", "b", "d"], operation: .popToLast("b"),
      expectedRoutes: ["a", "b", "c", "b"]),
    RouteCase(routes: ["a", "b"], modal: ["s"], operation: .popToRoot, expectedRoutes: ["a"]),
    RouteCase(routes: ["a", "b"], operation: .replace(["x", "y"]), expectedRoutes: ["x", "y"]),
    RouteCase(routes: ["a", "b"], operation: .replaceCurrent("z"), expectedRoutes: ["a", "z"]),
    RouteCase(routes: ["a"], operation: .replaceCurrent("z"), expectedRoutes: ["z"]),
    RouteCase(
      routes: ["a"], operation: .present("s", style: .sheet), expectedRoutes: ["a"],
      expectedModal: ["s"]),
    RouteCase(routes: ["a", "b"], modal: ["s"], operation: .dismiss, expectedRoutes: ["a", "b"]),
    RouteCase(routes: ["a", "b"], operation: .dismiss, expectedRoutes: ["a"]),
    RouteCase(
      routes: ["a", "b"], modal: ["s", "t"], operation: .dismiss, expectedRoutes: ["a", "b"]),
    RouteCase(
      routes: ["a", "b"], modal: ["s"], operation: .dismissModals, expectedRoutes: ["a", "b"]),
    RouteCase(
      routes: ["a", "b"], operation: .setPath(["p", "q"]), expectedRoutes: ["a", "p", "q"]),
    RouteCase(
      routes: ["a"], modal: ["s"], operation: .setModalPath(["m"]), expectedRoutes: ["a"],
      expectedModal: ["s", "m"]),
    // While a modal is up, the stack operations act on the modal's own stack.
    RouteCase(
      routes: ["a"], modal: ["s"], operation: .push(["t"]), expectedRoutes: ["a"],
      expectedModal: ["s", "t"]),
    RouteCase(
      routes: ["a"], modal: ["s", "t"], operation: .pop(count: 1), expectedRoutes: ["a"],
      expectedModal: ["s"]),
    RouteCase(
      routes: ["a"], modal: ["s", "t", "u"], operation: .popTo("s"), expectedRoutes: ["a"],
      expectedModal: ["s"]),
    RouteCase(
      routes: ["a"], modal: ["s", "t"], operation: .replaceCurrent("v"), expectedRoutes: ["a"],
      expectedModal: ["s", "v"]),
    RouteCase(
      routes: ["a"], modal: ["s", "t"], operation: .replace(["x"]), expectedRoutes: ["a"],
      expectedModal: ["x"]),
  ]

  @Test(arguments: accepted)
  func acceptedOperationsChangeTheFocusedPanesStack(_ routeCase: RouteCase) throws {
    var state = routeCase.state
    let change = try state.applyChecked(.route(routeCase.operation))
    let stack = try #require(state.node(NodeID(1))?.router?.stack)
    #expect(stack.stack == routeCase.expectedRoutes)
    #expect(stack.modal?.stack == routeCase.expectedModal)
    #expect(change.changedNodes == [NodeID(1)])
    #expect(state.history.undoEntries.count == 1)
  }

  static let rejected: [RouteCase] = [
    RouteCase(routes: ["a"], operation: .push(["a"]), rejection: .duplicateTop("a")),
    RouteCase(routes: ["a"], operation: .push(["b", "b"]), rejection: .duplicateTop("b")),
    RouteCase(
      routes: ["a", "b"], maxDepth: 2, operation: .push(["c"]), rejection: .depthLimit(2)),
    RouteCase(routes: ["a"], operation: .push([]), rejection: .unchanged),
    RouteCase(routes: ["a"], operation: .pop(count: 1), rejection: .atRoot),
    RouteCase(routes: ["a", "b"], operation: .pop(count: 0), rejection: .nonPositiveCount(0)),
    RouteCase(routes: ["a", "b"], operation: .pop(count: -2), rejection: .nonPositiveCount(-2)),
    RouteCase(routes: ["a", "b"], operation: .popTo("x"), rejection: .notInStack("x")),
    RouteCase(routes: ["a", "b"], operation: .popToLast("x"), rejection: .notInStack("x")),
    RouteCase(routes: ["a", "b"], operation: .replace([]), rejection: .emptyStack),
    RouteCase(
      routes: ["a", "b"], maxDepth: 3, operation: .replace(["a", "b", "c", "d"]),
      rejection: .depthLimit(3)),
    RouteCase(
      routes: ["a"], modal: ["s"], operation: .present("t", style: .cover),
      rejection: .modalAlreadyPresented),
    RouteCase(routes: ["a"], operation: .dismiss, rejection: .atRoot),
    RouteCase(routes: ["a"], operation: .setModalPath(["m"]), rejection: .noModal),
    RouteCase(
      routes: ["a", "b"], maxDepth: 2, operation: .setPath(["b", "c"]), rejection: .depthLimit(2)),
    // A modal's stack never pops below its root, nor reaches the stack under it.
    RouteCase(routes: ["a", "b"], modal: ["s"], operation: .pop(count: 1), rejection: .atRoot),
    RouteCase(
      routes: ["a", "b"], modal: ["s"], operation: .popTo("a"), rejection: .notInStack("a")),
    RouteCase(routes: ["a"], modal: ["s"], operation: .push(["s"]), rejection: .duplicateTop("s")),
  ]

  @Test(arguments: rejected)
  func rejectionsSurfaceAsRouteRejectedAndChangeNothing(_ routeCase: RouteCase) throws {
    var state = routeCase.state
    let rejection = try #require(routeCase.rejection)
    state.expectRefusal(
      .route(routeCase.operation),
      .routeRejected(rejection, operation: routeCase.operation.description, node: NodeID(1)))
    #expect(state.history.undoEntries.isEmpty)
  }

  @Test func aRejectionReadsAsTheOperationAndItsReason() {
    var state = WorkspaceState(pane("A", routes: ["a"]))
    #expect(
      throws: WorkspaceError.routeRejected(.duplicateTop("a"), operation: "push a", node: NodeID(1))
    ) {
      try state.apply(.route(.push(["a"])))
    }
    let error = WorkspaceError.routeRejected(
      .duplicateTop("a"), operation: "push a", node: NodeID(1))
    #expect(error.description == "push a rejected: duplicate top")
    #expect(error.exitCode == .refused)
  }

  @Test(arguments: ModalStyle.allCases)
  func presentKeepsTheStyle(style: ModalStyle) throws {
    var state = WorkspaceState(pane("A"))
    try state.applyChecked(.route(.present("compose", style: style)))
    #expect(state.node(NodeID(1))?.router?.stack.modal?.style == style)
    #expect(state.node(NodeID(1))?.router?.stack.visibleRoute == "compose")
  }

  @Test func operationsGoToTheFocusedPane() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.focus(.pane(.id(NodeID(3)))))
    try state.applyChecked(.route(.push(["detail:7"])))
    #expect(state.routes(of: NodeID(3)) == ["b", "detail:7"])
    #expect(state.routes(of: NodeID(2)) == ["a"])
  }

  @Test func operationsCanNameAnotherPaneWithoutMovingFocus() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    let change = try state.applyChecked(.route(.push(["detail:7"]), at: NodeID(3)))
    #expect(state.routes(of: NodeID(3)) == ["b", "detail:7"])
    #expect(state.routes(of: NodeID(2)) == ["a"])
    #expect(state.focusedPane == NodeID(2))
    #expect(change.changedNodes == [NodeID(3)])
  }

  @Test func operationsReachAPaneInAHiddenTab() throws {
    var state = WorkspaceState.example
    try state.applyChecked(.route(.push(["privacy"]), at: NodeID(5)))
    #expect(state.routes(of: NodeID(5)) == ["settings", "privacy"])
    #expect(state.root.activeIndex == 0)
  }

  @Test func aModalCatchesOperationsUntilDismissed() throws {
    var state = WorkspaceState(pane("A", routes: ["inbox", "detail:1"]))
    try state.applyChecked(.route(.present("compose", style: .sheet)))
    try state.applyChecked(.route(.push(["attachments"])))
    var stack = try #require(state.node(NodeID(1))?.router?.stack)
    #expect(stack.stack == ["inbox", "detail:1"])
    #expect(stack.modal?.stack == ["compose", "attachments"])
    try state.applyChecked(.route(.dismiss))
    try state.applyChecked(.route(.pop(count: 1)))
    stack = try #require(state.node(NodeID(1))?.router?.stack)
    #expect(stack.stack == ["inbox"])
    #expect(stack.modal == nil)
  }

  @Test(arguments: [
    hsplit(pane("A"), pane("B")).owning(RouterState(root: RouteToken("flow"))),
    tabs(("One", pane("A")), ("Two", pane("B"))).owning(RouterState(root: RouteToken("flow"))),
  ])
  func operationsOnAContainersRouter(template: NodeTemplate) throws {
    var state = WorkspaceState(template)
    let change = try state.applyChecked(.route(.push(["step:1"]), at: NodeID(1)))
    #expect(state.routes(of: NodeID(1)) == ["flow", "step:1"])
    #expect(state.routes(of: NodeID(2)) == ["a"])
    #expect(state.focusedPane == NodeID(2))
    #expect(change.changedNodes == [NodeID(1)])
    state.expectRefusal(
      .route(.push(["step:1"]), at: NodeID(1)),
      .routeRejected(.duplicateTop("step:1"), operation: "push step:1", node: NodeID(1)))
  }

  @Test func aContainerWithoutARouterIsRefused() {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    state.expectRefusal(.route(.push(["x"]), at: NodeID(1)), .noRouter(NodeID(1)))
  }

  @Test func anAbsentNodeIsRefused() {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    state.expectRefusal(.route(.push(["x"]), at: NodeID(9)), .noSuchNode(NodeID(9)))
    state.expectRefusal(.route(.pop(count: 1), at: NodeID(0)), .noSuchNode(NodeID(0)))
  }

  @Test func routingKeepsTheRoutersKind() throws {
    var state = WorkspaceState(
      .pane("Mail", router: RouterState(kind: "mail", stack: RouteStack(root: "inbox"))))
    try state.applyChecked(.route(.push(["detail:3"])))
    #expect(state.node(NodeID(1))?.router?.kind == "mail")
    #expect(state.routes(of: NodeID(1)) == ["inbox", "detail:3"])
  }
}
