import PaneRouter
import Testing

@testable import Workspace

/// The rule for "already so": a command that names a target state succeeds when that state
/// already holds (nothing changes, no undo entry); a command that names a movement that
/// cannot happen is refused.
@Suite struct AlreadySoTests {
  /// Two tabs, `One` (a split of `A` `%3` and `B` `%4`, `A` focused, its router holding
  /// `routes` and an optional sheet) and `Two` (`C` `%5`).
  static func state(
    routes: [RouteToken], modal: [RouteToken]? = nil
  ) -> WorkspaceState {
    WorkspaceState(
      tabs(
        ("One", hsplit(pane("A", routes: routes, modal: modal.map { (.sheet, $0) }), pane("B"))),
        ("Two", pane("C"))))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var routes: [RouteToken] = ["a"]
    var modal: [RouteToken]? = nil
    var command: WorkspaceCommand
    var testDescription: String { command.description }
  }

  static let holding: [Case] = [
    Case(command: .focus(.pane(.number(1)))),
    Case(command: .focus(.pane(.id(NodeID(3))))),
    Case(command: .selectTab(.number(1))),
    Case(command: .moveTab(to: 1)),
    Case(command: .renameTab("One")),
    Case(command: .rename("A")),
    Case(command: .equalize),
    Case(command: .route(.popToRoot)),
    Case(command: .route(.popToRoot, at: NodeID(3))),
    Case(routes: ["a", "b"], command: .route(.setPath(["b"]))),
    Case(routes: ["a"], command: .route(.setPath([]))),
    Case(routes: ["a"], modal: ["s", "t"], command: .route(.setModalPath(["t"]))),
    Case(routes: ["a", "b"], command: .route(.replace(["a", "b"]))),
    Case(routes: ["a", "b"], command: .route(.replaceCurrent("b"))),
    Case(routes: ["a", "b"], command: .route(.popTo("b"))),
    Case(routes: ["b", "a", "b"], command: .route(.popToLast("b"))),
    Case(routes: ["a", "b"], command: .route(.dismissModals)),
  ]

  @Test(arguments: holding)
  func aTargetStateThatHoldsSucceedsAndChangesNothing(_ holding: Case) throws {
    var state = Self.state(routes: holding.routes, modal: holding.modal)
    let before = state
    let change = try state.applyChecked(holding.command)
    #expect(state == before)
    #expect(change.isEmpty)
    #expect(state.history.undoEntries.isEmpty)
  }

  @Test func aHoldingCommandInATransactionAddsNothingToItsUndoEntry() throws {
    var state = Self.state(routes: ["a"])
    try state.applyChecked([.route(.popToRoot), .route(.push(["b"])), .equalize])
    #expect(state.history.undoEntries.map(\.label) == ["root push b equalize"])
    try state.applyChecked(.undo())
    #expect(state == Self.state(routes: ["a"]).withHistory(of: state))
  }

  static let impossible: [(Case, WorkspaceError)] = [
    (
      Case(command: .route(.pop(count: 1))),
      .routeRejected(.atRoot, operation: "pop", node: NodeID(3))
    ),
    (
      Case(command: .route(.dismiss)),
      .routeRejected(.atRoot, operation: "dismiss", node: NodeID(3))
    ),
    (
      Case(command: .route(.push(["a"]))),
      .routeRejected(.duplicateTop("a"), operation: "push a", node: NodeID(3))
    ),
    (
      Case(command: .route(.popTo("x"))),
      .routeRejected(.notInStack("x"), operation: "pop-to x", node: NodeID(3))
    ),
    (
      Case(command: .route(.setModalPath(["m"]))),
      .routeRejected(.noModal, operation: "set-modal-path m", node: NodeID(3))
    ),
    (
      Case(modal: ["s"], command: .route(.present("t", style: .sheet))),
      .routeRejected(.modalAlreadyPresented, operation: "present sheet t", node: NodeID(3))
    ),
    (Case(command: .focus(.direction(.left))), .noNeighbour(.left)),
    (Case(command: .focus(.last)), .noPreviousPane),
    (Case(command: .focus(.pane(.number(3)))), .noSuchPane(.number(3))),
    (Case(command: .swap(.pane(.number(1)))), .samePane(NodeID(3))),
    (Case(command: .swap(.direction(.up))), .noNeighbour(.up)),
    (Case(command: .move(.left)), .noNeighbour(.left)),
    (Case(command: .resize(.up, amount: 0.1)), .noSplit(.up)),
    (Case(command: .selectTab(.last)), .noPreviousTab),
    (Case(command: .selectTab(.number(3))), .noSuchTab(3)),
    (Case(command: .undo()), .nothingToUndo),
    (Case(command: .redo()), .nothingToRedo),
  ]

  @Test(arguments: impossible)
  func aMovementThatCannotHappenIsRefused(_ impossible: Case, error: WorkspaceError) {
    var state = Self.state(routes: impossible.routes, modal: impossible.modal)
    state.expectRefusal(impossible.command, error)
  }

  @Test func closingTheLastPaneIsRefused() {
    var state = WorkspaceState(pane("A"))
    state.expectRefusal(.close(), .lastPane)
    state.expectRefusal(.closeTab(), .noTabs)
  }
}

extension WorkspaceState {
  /// The state with another state's history, to compare trees alone.
  fileprivate func withHistory(of other: WorkspaceState) -> WorkspaceState {
    var copy = self
    copy.history = other.history
    return copy
  }
}
