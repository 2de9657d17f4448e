import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// A draft works out a call of several transactions on the workspace's state; nothing is seen
/// until it is committed, and a draft that fails half-way is dropped unseen.
@MainActor
@Suite struct WorkspaceDraftTests {
  /// What a workspace reported, in order: each change's commands, and each router transition.
  final class Recorder {
    var changes: [String] = []
    var transitions: [String] = []
  }

  private func observed(_ workspace: Workspace) throws -> (Recorder, Router<NoteRoute>) {
    let recorder = Recorder()
    workspace.onChange = { change in
      recorder.changes.append(change.commands.map(\.description).joined(separator: " "))
    }
    let router = try workspace.router(NoteRoute.self, for: NodeID(3))
    router.onChange = { recorder.transitions.append("\($0.cause)") }
    return (recorder, router)
  }

  private func notes() -> Workspace {
    Workspace(RouteRegistryTests.notesState(), routeTypes: RouteRegistryTests.routeTypes)
  }

  @Test func aDraftIsSeenOnlyOnCommitThenEachTransactionInOrder() throws {
    let workspace = notes()
    let (recorder, router) = try observed(workspace)
    let before = workspace.state
    var draft = workspace.makeDraft()
    var failedIndex: Int?
    try draft.apply(
      [.focus(.pane(.number(1))), .route(.push(["note:7"]))], failedIndex: &failedIndex)
    try draft.apply([.split(.horizontal)], failedIndex: &failedIndex)
    #expect(workspace.state == before)
    #expect(recorder.changes.isEmpty && recorder.transitions.isEmpty)
    try workspace.commit(draft)
    #expect(workspace.state == draft.state)
    #expect(workspace.state.invariantViolations() == [])
    #expect(recorder.changes == ["focus 1 push note:7", "split h"])
    #expect(recorder.transitions == ["push note:7"])
    #expect(router.current == .note(7))
    // Two transactions, two undo steps, as file mode records them.
    #expect(
      workspace.state.history.undoEntries.map(\.label) == ["focus 1 push note:7", "split h"])
  }

  @Test func aDraftThatFailsHalfWayIsDroppedUnseen() throws {
    let workspace = notes()
    let (recorder, _) = try observed(workspace)
    let before = workspace.state
    var draft = workspace.makeDraft()
    var failedIndex: Int?
    try draft.apply(
      [.focus(.pane(.number(1))), .route(.push(["note:7"]))], failedIndex: &failedIndex)
    #expect(throws: WorkspaceError.self) {
      try draft.apply([.route(.push(["note:x"]))], failedIndex: &failedIndex)
    }
    #expect(failedIndex == 0)
    // The caller drops the draft: the workspace never saw the first transaction either.
    #expect(workspace.state == before)
    #expect(recorder.changes.isEmpty && recorder.transitions.isEmpty)
  }

  @Test func anEmptyDraftCommitsNothing() throws {
    let workspace = notes()
    let (recorder, _) = try observed(workspace)
    try workspace.commit(workspace.makeDraft())
    #expect(recorder.changes.isEmpty)
    #expect(workspace.state == RouteRegistryTests.notesState())
  }

  @Test func aDraftIsCurrentUntilTheWorkspaceChanges() throws {
    let workspace = notes()
    let draft = workspace.makeDraft()
    #expect(workspace.isCurrent(draft))
    try workspace.apply(.focus(.pane(.number(2))))
    #expect(!workspace.isCurrent(draft))
    let second = workspace.makeDraft()
    try workspace.recordLayoutSize(Size(width: 50, height: 20))
    #expect(!workspace.isCurrent(second))
    #expect(workspace.isCurrent(workspace.makeDraft()))
  }

  @Test(arguments: [
    // The word that stored the token is named, not the end of the transaction.
    (["push note:1", "push note:abc", "push note:2"], 1),
    (["focus 2", "split h note:x"], 1),
    // A token stored and popped in one transaction was still stored: refused.
    (["push note:abc", "pop"], 0),
  ])
  func routeTypesNameTheCommandThatStoredTheToken(lines: [String], index: Int) throws {
    let workspace = notes()
    try workspace.apply(.focus(.pane(.number(1))))
    let before = workspace.state
    let commands = try lines.flatMap { try CommandParser.parse(line: $0) }
    var failedIndex: Int?
    do {
      try workspace.apply(commands, failedIndex: &failedIndex)
      Issue.record("\(lines) applied")
    } catch {
      switch error {
      case .refusedRoute, .refusedNewRoute: break
      default:
        Issue.record("unexpected \(error)")
        return
      }
    }
    #expect(failedIndex == index)
    #expect(workspace.state == before)
  }

  @Test func aTemplateRouteValueTheTypeCannotReadIsRefusedAtItsCommand() throws {
    let root = NodeTemplate.pane(
      "N",
      router: RouterState(
        kind: NoteRoute.kind,
        stack: RouteStack(root: RouteToken(name: "note", arguments: ["{id}"]))))
    var state = RouteRegistryTests.notesState()
    state.templates = try TemplateLibrary([WorkspaceTemplate(name: "n", title: "N", root: root)])
    let workspace = Workspace(state, routeTypes: RouteRegistryTests.routeTypes)
    var failedIndex: Int?
    do {
      try workspace.apply(
        [.focus(.pane(.number(1))), .applyTemplate("n", parameters: ["id": "abc"])],
        failedIndex: &failedIndex)
      Issue.record("applied")
    } catch {
      guard case .invalidTemplateArgument("id", "abc", _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(error.exitCode == .usage)
    }
    #expect(failedIndex == 1)
    #expect(workspace.state == state)
  }

  @Test func anOwnersRefusalChangesNothing() throws {
    let workspace = notes()
    let (recorder, _) = try observed(workspace)
    workspace.ownerRefusal = { state, _ in
      state.node(NodeID(3))?.title == "Too long" ? .unsavable("too long to save") : nil
    }
    let before = workspace.state
    #expect(throws: WorkspaceError.unsavable("too long to save")) {
      try workspace.apply([.focus(.pane(.number(1))), .rename("Too long")])
    }
    #expect(workspace.state == before)
    #expect(recorder.changes.isEmpty)
    try workspace.apply([.focus(.pane(.number(1))), .rename("Fine")])
    #expect(recorder.changes == ["focus 1 rename Fine"])
  }

  /// A presenter that pushes a flow's result from its transition handler: the change stream
  /// reports the finish, then the push it caused.
  @Test func aChangeMadeWhileAChangeIsReportedIsReportedAfterIt() async throws {
    let workspace = notes()
    try workspace.apply(CommandParser.parse(line: "focus 1 present sheet note:1"))
    let recorder = Recorder()
    let router = try workspace.router(NoteRoute.self, for: NodeID(3))
    router.onChange = { transition in
      recorder.transitions.append("\(transition.cause)")
      if transition.result != nil { router.push(.note(9)) }
    }
    workspace.onChange = { change in
      recorder.changes.append(change.commands.map(\.description).joined(separator: " "))
    }
    let stream = workspace.changes
    try workspace.apply(.route(.finish("note:5")))
    // The router applies its push at its node (`at %3`).
    #expect(recorder.changes == ["finish note:5", "at %3 push note:9"])
    #expect(recorder.transitions == ["finish note:5", "push note:9"])
    #expect(router.current == .note(9))
    var streamed: [String] = []
    for await change in stream {
      streamed.append(change.commands.map(\.description).joined(separator: " "))
      if streamed.count == 2 { break }
    }
    #expect(streamed == ["finish note:5", "at %3 push note:9"])
  }
}
