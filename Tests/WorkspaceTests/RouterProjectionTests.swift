import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// A route type whose token drops a field: `draft(7, "x")` writes `draft:7`, which reads back
/// as `draft(7, "")`.
enum LossyRoute: Route {
  case list
  case draft(Int, String)

  static let kind = "note"

  var token: RouteToken {
    switch self {
    case .list: RouteToken("list")
    case .draft(let id, _): RouteToken("draft", id)
    }
  }

  init(token: RouteToken) throws {
    switch token.name {
    case "list": self = .list
    case "draft": self = .draft(try token.arguments(as: Self.self, Int.self), "")
    default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
    }
  }
}

/// Everything a router and its workspace report, in the order they report it.
@MainActor
final class EventLog {
  var lines: [String] = []

  func watch<R: Route>(_ router: Router<R>, as name: String) {
    router.onChange = { [unowned self] in self.lines.append("\(name): \($0.cause)") }
    router.logger = { [unowned self] in self.lines.append("\(name) log: \($0)") }
  }

  func watch(_ workspace: Workspace) {
    workspace.onChange = { [unowned self] change in
      let words = change.commands.map(\.description).joined(separator: " ")
      self.lines.append("workspace: \(change.origin) \(words)")
    }
  }

  /// The lines that are not log lines.
  var events: [String] { lines.filter { !$0.contains(" log: ") } }
}

@MainActor
@Suite struct RouterProjectionTests {
  private func notes() -> Workspace {
    Workspace(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
  }

  // MARK: one source of truth

  @Test func theRouterReadsTheTree() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    #expect(router.isProjection)
    try workspace.apply(.route(.push(["note:2", "note:3"])))
    #expect(router.stack == [.list, .note(2), .note(3)])
    #expect(router.state == (try workspace.state.router(NoteRoute.self, for: NodeID(1))))
  }

  @Test func aStandaloneRouterKeepsItsOwnState() {
    let router = Router(root: NoteRoute.list)
    #expect(!router.isProjection)
    #expect(router.push(.note(1)))
    #expect(router.stack == [.list, .note(1)])
  }

  // MARK: refusals change nothing

  @Test func aRouterWhoseNodeIsGoneRefusesEveryOperation() throws {
    let workspace = notes()
    try workspace.apply(.split(.horizontal))
    let pane = workspace.focusedPane
    let router = try workspace.router(NoteRoute.self, for: pane)
    try workspace.apply(.close())
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    let before = workspace.state
    #expect(router.push(.note(7)) == false)
    #expect(router.present(.list) == false)
    #expect(router.pop() == false)
    #expect(workspace.state == before)
    #expect(
      log.lines == [
        "router log: push note:7 rejected: its node \(pane) is gone",
        "router log: present sheet list rejected: its node \(pane) is gone",
        "router log: pop rejected: its node \(pane) is gone",
      ])
    #expect(router.stack == [.list])
  }

  @Test func aRouteWhoseTokenDoesNotRoundTripIsRefused() throws {
    let workspace = Workspace(WorkspaceState(.pane("Notes", root: LossyRoute.list)))
    let router = try workspace.router(LossyRoute.self, for: NodeID(1))
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    #expect(router.push(.draft(7, "")))
    #expect(router.push(.draft(8, "x")) == false)
    #expect(router.stack == [.list, .draft(7, "")])
    #expect(workspace.state.node(NodeID(1))?.router?.stack.stack == ["list", "draft:7"])
    #expect(
      log.lines == [
        "router log: push draft:7 -> [list, draft:7]",
        "router: push draft:7",
        "workspace: local at %1 push draft:7",
        "router log: push draft:8 rejected: route 'draft:8' does not read back from its token",
      ])
  }

  @Test(arguments: [
    (RouteOperation<NoteRoute>.push([.list]), "push list rejected: duplicate top"),
    (.pop(count: 1), "pop rejected: already at root"),
    (.dismiss, "dismiss rejected: already at root"),
    (.popTo(.note(9)), "pop-to note:9 rejected: 'note:9' is not in the stack"),
  ])
  func aGuardRefusalIsReturnedAndLoggedNotSwallowed(
    operation: RouteOperation<NoteRoute>, line: String
  ) throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    let before = workspace.state
    #expect(throws: RouteRejection.self) { try router.apply(operation) }
    #expect(workspace.state == before)
    #expect(log.lines == ["router log: \(line)"])
  }

  @Test func aRouterOfAnotherKindNowRefuses() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    var replaced = WorkspaceState(.pane("Settings", root: SettingsRoute.general))
    replaced.nextID = 2
    workspace.replaceState(replaced)
    #expect(router.push(.note(1)) == false)
    #expect(router.stack == [.list])
  }

  // MARK: every source, once, in cause order

  @Test func aTypedCallReportsTheRouterThenTheWorkspace() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    #expect(router.push(.note(7)))
    #expect(log.events == ["router: push note:7", "workspace: local at %1 push note:7"])
  }

  @Test func aCommandReachesTheRouterAsItsOperation() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    try workspace.apply(.route(.push(["note:2"])))
    try workspace.apply([.route(.push(["note:3"])), .route(.pop(count: 1))])
    try workspace.apply(.rename("Renamed"))
    #expect(
      log.events == [
        "router: push note:2", "workspace: local push note:2",
        "workspace: local push note:3 pop",
        "workspace: local rename Renamed",
      ])
    try workspace.apply([.route(.push(["note:3"])), .route(.push(["note:4"]))])
    #expect(
      log.events.suffix(2) == [
        "router: push note:3 push note:4", "workspace: local push note:3 push note:4",
      ])
  }

  /// A change of a router's node that leaves its stack alone (a rename, a focus) reaches the
  /// router as nothing, no transition and no log line; the next change of the stack does.
  @Test func aChangeThatKeepsTheStackReachesTheRouterAsNothing() throws {
    let workspace = Workspace(
      WorkspaceState(hsplit(pane("Notes", root: RouteToken("list")), pane("Other"))))
    let router = try workspace.router(NoteRoute.self, for: NodeID(2))
    let log = EventLog()
    log.watch(router, as: "router")
    try workspace.apply(.rename("Renamed"))
    try workspace.apply(.focus(.pane(.number(2))))
    try workspace.apply(.focus(.pane(.number(1))))
    #expect(log.lines == [])
    try workspace.apply(.route(.push(["note:2"])))
    #expect(log.events == ["router: push note:2"])
    #expect(router.stack == [.list, .note(2)])
  }

  @Test func undoAndRedoReachTheRouter() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    router.push(.note(7))
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    try workspace.undo()
    #expect(router.stack == [.list])
    try workspace.redo()
    #expect(router.stack == [.list, .note(7)])
    #expect(
      log.events == [
        "router: undo", "workspace: local undo", "router: redo", "workspace: local redo",
      ])
  }

  @Test func aReplacedOrAdoptedStateReachesTheRouter() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    var other = workspace.state
    try other.apply(.route(.push(["note:5"])))
    other.revision = 4
    let log = EventLog()
    log.watch(router, as: "router")
    log.watch(workspace)
    workspace.adopt(other, conflicts: [])
    #expect(router.stack == [.list, .note(5)])
    workspace.replaceState(WorkspaceState(.pane("Notes", root: NoteRoute.list)))
    #expect(
      log.events == [
        "router: adopted revision 4", "workspace: adopted ",
        "router: replace state", "workspace: replaced ",
      ])
  }

  @Test func transitionsCarryTheStacksBeforeAndAfter() async throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    let stream = router.transitions
    try workspace.apply(.route(.push(["note:2"])))
    var iterator = stream.makeAsyncIterator()
    let transition = await iterator.next()
    #expect(transition?.operation == .push([.note(2)]))
    #expect(transition?.before.stack == [.list])
    #expect(transition?.after.stack == [.list, .note(2)])
  }

  @Test func undoingACloseBringsTheRouterBack() throws {
    let workspace = notes()
    try workspace.apply(.split(.horizontal, root: "note:1"))
    let pane = workspace.focusedPane
    let router = try workspace.router(NoteRoute.self, for: pane)
    let log = EventLog()
    log.watch(router, as: "router")
    try workspace.apply(.close())
    #expect(router.push(.note(2)) == false)
    try workspace.undo()
    #expect(router.push(.note(2)))
    #expect(router.stack == [.note(1), .note(2)])
    #expect(log.lines.first == "router log: detached: no node \(pane)")
  }

  // MARK: lookup names the owner

  @Test func nearestLookupReturnsTheOwner() throws {
    let state = WorkspaceState(
      NodeTemplate.split(
        .horizontal,
        [
          .pane("Settings", root: SettingsRoute.general),
          .pane("Other", root: SettingsRoute.general),
        ]
      ).owning(RouterState(root: NoteRoute.list)))
    let workspace = Workspace(state)
    let found = try #require(try workspace.nearestRouterWithOwner(NoteRoute.self, from: NodeID(2)))
    #expect(found.node == NodeID(1))
    #expect(found.router === (try workspace.nearestRouter(NoteRoute.self, from: NodeID(2))))
    #expect(try workspace.parentRouterWithOwner(NoteRoute.self, from: NodeID(1)) == nil)
    #expect(try workspace.parentRouterWithOwner(NoteRoute.self, from: NodeID(3))?.node == NodeID(1))
  }

  // MARK: one undo step

  @Test func groupedCallsAreOneUndoStep() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    let entries = workspace.state.history.undoEntries.count
    workspace.grouping {
      router.push(.note(1))
      router.present(.note(2))
      workspace.grouping { router.push(.note(3)) }
    }
    #expect(workspace.state.history.undoEntries.count == entries + 1)
    #expect(
      workspace.state.history.undoEntries.last?.label
        == "at %1 push note:1 at %1 present sheet note:2 at %1 push note:3")
    try workspace.undo()
    #expect(router.state == RouteStack(root: .list))
    try workspace.redo()
    #expect(router.stack == [.list, .note(1)])
    #expect(router.modal?.stack == [.note(2), .note(3)])
    workspace.state.checkInvariants()
  }

  @Test func anUndoInsideAGroupMergesOnlyWhatCameAfterIt() throws {
    let workspace = notes()
    let router = try workspace.router(NoteRoute.self, for: NodeID(1))
    router.push(.note(1))
    workspace.grouping {
      router.push(.note(2))
      try? workspace.undo()
      router.push(.note(3))
      router.push(.note(4))
    }
    #expect(
      workspace.state.history.undoEntries.map(\.label) == [
        "at %1 push note:1", "at %1 push note:3 at %1 push note:4",
      ])
  }
}
