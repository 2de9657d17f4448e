import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// `finish ROUTE`: a modal flow finishes with a result, which the workspace hands to the
/// router that presented it: in its typed transitions and in the change, with the owner's id.
@MainActor
@Suite struct FlowFinishTests {
  /// `%1` with the stack `[a, b]` and a sheet whose flow is `[picker, page]`.
  private func presenting() -> WorkspaceState {
    WorkspaceState(pane("A", routes: ["a", "b"], modal: (.sheet, ["picker", "page"])))
  }

  // MARK: the command

  @Test(arguments: [
    WorkspaceCommand.route(.finish("attachment:3")),
    .route(.finish("attachment:3"), at: NodeID(1)),
  ])
  func finishClosesTheFlowAndReportsTheResultWithItsOwner(command: WorkspaceCommand) throws {
    var state = presenting()
    let change = try state.applyChecked(command)
    #expect(state.routes(of: NodeID(1)) == ["a", "b"])
    #expect(state.node(NodeID(1))?.router?.stack.modal == nil)
    #expect(change.flowResults == [FlowResult(owner: NodeID(1), result: "attachment:3")])
    #expect(change.flowResults.first?.description == "%1 attachment:3")
    #expect(change.changedNodes == [NodeID(1)])
  }

  @Test(arguments: [
    WorkspaceState(pane("A", routes: ["a"])),
    WorkspaceState(pane("A", routes: ["a", "b", "c"])),
  ])
  func finishingWithNoPresentedFlowIsRefusedAndChangesNothing(state: WorkspaceState) {
    var state = state
    state.expectRefusal(
      .route(.finish("x")),
      .routeRejected(.noModal, operation: "finish x", node: NodeID(1)))
  }

  @Test func aFlowFinishesOnceEvenInOneTransaction() throws {
    var state = presenting()
    state.expectRefusal(
      [.route(.finish("x")), .route(.finish("y"))],
      .routeRejected(.noModal, operation: "finish y", node: NodeID(1)))
    try state.applyChecked(.route(.finish("x")))
    state.expectRefusal(
      .route(.finish("y")), .routeRejected(.noModal, operation: "finish y", node: NodeID(1)))
  }

  @Test func finishingAContainersFlowReportsTheContainer() throws {
    let tabRouter = RouterState(
      kind: RouteToken.kind,
      stack: try RouteStack(routes: ["tab"], modal: (.cover, ["wizard"])))
    var state = WorkspaceState(hsplit(pane("A"), pane("B")).owning(tabRouter))
    let change = try state.applyChecked(.route(.finish("done:1"), at: state.rootID))
    #expect(change.flowResults == [FlowResult(owner: state.rootID, result: "done:1")])
    #expect(state.node(state.rootID)?.router?.stack.modal == nil)
  }

  @Test func aChangeWithoutFinishCarriesNoResult() throws {
    var state = presenting()
    let change = try state.applyChecked([.route(.push(["x"])), .route(.dismiss)])
    #expect(change.flowResults.isEmpty)
  }

  // MARK: undo

  @Test func undoBringsTheFlowBackAndRedoClosesItWithoutAResult() throws {
    var state = presenting()
    try state.applyChecked(.route(.finish("attachment:3")))
    #expect(state.history.undoEntries.last?.label == "finish attachment:3")
    let undone = try state.applyChecked(.undo())
    #expect(state == presenting().withHistory(of: state))
    #expect(state.node(NodeID(1))?.router?.stack.modal?.stack == ["picker", "page"])
    #expect(undone.flowResults.isEmpty)
    let redone = try state.applyChecked(.redo())
    #expect(state.node(NodeID(1))?.router?.stack.modal == nil)
    #expect(redone.flowResults.isEmpty)
  }

  // MARK: typed presenters

  @Test func theTypedPresenterHearsTheResultBeforeTheWorkspace() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    #expect(router.present(.note(1)))
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    let results = Recorded<NoteRoute>()
    router.onChange = { [log] transition in
      log.lines.append("router: \(transition.cause)")
      if let result = transition.result { results.values.append(result) }
    }
    #expect(router.finish(with: .note(3)))
    #expect(results.values == [.note(3)])
    #expect(router.modal == nil)
    #expect(
      log.events == ["router: finish note:3", "workspace: local at %1 finish note:3"])
    workspace.state.checkInvariants()
  }

  @Test func aTypedPresenterHearsAResultThatCameAsACommand() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    router.present(.note(1))
    let results = Recorded<NoteRoute>()
    router.onChange = { if let result = $0.result { results.values.append(result) } }
    let change = try workspace.apply(CommandParser.parse(["finish", "note:3"]))
    #expect(results.values == [.note(3)])
    #expect(try change.flowResults.map { try $0.route(NoteRoute.self) } == [.note(3)])
    workspace.state.checkInvariants()
  }

  @Test(arguments: ["bogus:1", "note:x", "note"])
  func aResultThePresentersTypeCannotReadIsReportedNotDropped(token: String) throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    router.present(.note(1))
    let log = EventLog()
    log.watch(router, as: "router")
    let results = Recorded<NoteRoute>()
    let result = try RouteToken(parsing: token)
    let change = try workspace.apply(.route(.finish(result)))
    #expect(router.modal == nil)
    #expect(results.values.isEmpty)
    #expect(log.events == ["router: finish \(token)"])
    #expect(
      log.lines.contains {
        $0.hasPrefix("router log: finish \(token): result not readable as 'note': ")
      })
    let finished = try #require(change.flowResults.first)
    #expect(finished.result == result)
    #expect(throws: (any Error).self) { try finished.route(NoteRoute.self) }
    workspace.state.checkInvariants()
  }

  @Test func aReplacedStateCarriesNoResultEvenIfItsFlowIsClosed() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    router.present(.note(1))
    var closed = workspace.state
    try closed.applyChecked(.route(.finish("note:3")))
    let transitions = Recorded<RouteTransition<NoteRoute>>()
    router.onChange = { transitions.values.append($0) }
    let changes = Recorded<WorkspaceChange>()
    workspace.onChange = { changes.values.append($0) }
    workspace.replaceState(closed)
    #expect(router.modal == nil)
    #expect(transitions.values.map(\.result) == [nil])
    #expect(changes.values.map(\.flowResults) == [[]])
  }

  @Test func aPresenterWithNoFlowRefusesAndLogs() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    let log = EventLog()
    log.watch(router, as: "router")
    let before = workspace.state
    #expect(router.finish(with: .note(3)) == false)
    #expect(workspace.state == before)
    #expect(log.lines == ["router log: finish note:3 rejected: no modal is presented"])
  }
}

/// Values a `@MainActor` callback records.
@MainActor
final class Recorded<Value> {
  var values: [Value] = []
}

extension WorkspaceState {
  /// The state with another state's history, to compare trees after undo.
  fileprivate func withHistory(of other: WorkspaceState) -> WorkspaceState {
    var copy = self
    copy.history = other.history
    return copy
  }
}
