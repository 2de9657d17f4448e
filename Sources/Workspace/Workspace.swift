import Observation
import PaneRouter

/// The observable face of a workspace for a host app: the single owner of the state, with
/// commands, typed routers that project it, a change stream, and undo and redo.
///
///     let workspace = Workspace(WorkspaceState.example)
///     try workspace.apply(.split(.horizontal, root: "detail:7"))
///     let router = try workspace.router(MailRoute.self, for: workspace.focusedPane)
///     router.push(.detail(8))        // applied to the tree, recorded in its history
///
/// A SwiftUI view binds to ``state`` and to the `Router` objects it gets from
/// ``router(_:for:)`` or ``nearestRouter(_:from:)``. Each is one instance per node and route
/// type and holds no state of its own: it reads its node's router in ``state`` and applies
/// every operation through the workspace first. Whatever changes a node's router (a call on
/// the router, a command, undo or redo, a replaced or adopted state) reaches that router's
/// transitions once, and then the workspace's change stream.
@MainActor
@Observable
public final class Workspace {
  /// The whole state of the workspace.
  public private(set) var state: WorkspaceState

  /// The host's route types: a command that would store a token the type registered for a
  /// router's kind cannot read is refused. Empty by default: every router keeps any token.
  @ObservationIgnored public var routeTypes: RouteRegistry {
    didSet { ownerDidUpdateDraftBase?() }
  }

  /// What undo records: the layout only, or the layout and navigation (the default), and
  /// how the path writes of one gesture coalesce into one step; see ``UndoPolicy``.
  @ObservationIgnored public var undoPolicy = UndoPolicy.layoutAndNavigation {
    didSet { ownerDidUpdateDraftBase?() }
  }

  /// Called after every change, once the routers it touched have reported their transitions.
  @ObservationIgnored public var onChange: ((WorkspaceChange) -> Void)?

  /// The handed-out routers by node, then by route type.
  @ObservationIgnored var routers: [NodeID: [ObjectIdentifier: RouterEntry]] = [:]
  /// The open ``grouping(_:)`` calls and how many undo entries they have recorded so far.
  @ObservationIgnored var undoGroup: (depth: Int, entries: Int)?
  /// The last path write, while a later one may still coalesce with it.
  @ObservationIgnored var lastPathWrite:
    (node: NodeID, time: ContinuousClock.Instant, entry: History.Entry?)?
  /// Called for every change before ``onChange``, with the states before and after it, for
  /// the session that owns the workspace.
  @ObservationIgnored package var ownerDidChange:
    ((WorkspaceChange, WorkspaceState, WorkspaceState) -> Void)?
  /// Called after a new layout size was recorded, for the session that owns the workspace:
  /// the size, and whether the host recorded it (``recordLayoutSize(_:)``) rather than
  /// another program that measured in it (``recordMeasuredLayoutSize(_:)``).
  @ObservationIgnored package var ownerDidRecordLayoutSize:
    ((Size?, _ window: String?, _ byHost: Bool) -> Void)?
  /// Called whenever what ``makeDraft()`` starts from changes (the state, with every change,
  /// recorded size and revision; the route types; the undo policy), before the change is
  /// reported: for the session that owns the workspace, which publishes a draft to answer
  /// inspections from off the main actor.
  @ObservationIgnored package var ownerDidUpdateDraftBase: (() -> Void)?
  /// Asked before every command's change is published, with the state it would leave and
  /// the changes leading there: why the owner (a session, whose file has limits) refuses it,
  /// or `nil`.
  @ObservationIgnored package var ownerRefusal:
    ((WorkspaceState, [WorkspaceChange]) -> WorkspaceError?)?
  /// Counts every change of ``state``, so that a draft commits only on the state it was made
  /// from.
  @ObservationIgnored private(set) var generation = 0
  /// Changes applied but not yet reported, each with the states before and after it.
  @ObservationIgnored private var undelivered:
    [(change: WorkspaceChange, before: WorkspaceState, after: WorkspaceState)] = []
  /// Whether changes are being reported, so that one made meanwhile waits its turn.
  @ObservationIgnored private var isDelivering = false
  @ObservationIgnored private let broadcast = Broadcast<WorkspaceChange>()

  /// Creates a workspace over a state.
  ///
  /// - Parameters:
  ///   - state: The initial state, such as one restored from a file.
  ///   - routeTypes: The host's route types, checked on every command (see ``routeTypes``).
  ///     Those that describe their routes are published in the state
  ///     (``WorkspaceState/routeSchema``), and so saved with it, for `wsctl`.
  public init(_ state: WorkspaceState, routeTypes: RouteRegistry = RouteRegistry()) {
    self.state = Self.publishing(routeTypes, in: state)
    self.routeTypes = routeTypes
  }

  /// The state with the schema of `routeTypes` as its published one, when they describe any
  /// routes; otherwise the state as it is (a host without described types keeps the file's).
  private static func publishing(
    _ routeTypes: RouteRegistry, in state: WorkspaceState
  ) -> WorkspaceState {
    let schema = routeTypes.schema
    guard !schema.isEmpty, state.routeSchema != schema else { return state }
    var state = state
    state.routeSchema = schema
    return state
  }

  /// The focused pane.
  public var focusedPane: NodeID { state.focusedPane }

  /// The pane that holds a mark, or `nil`; marks are set and removed by commands:
  ///
  ///     try workspace.apply(.at(.id(pane), .mark("editor")))
  ///     workspace.pane(markedAs: "editor")                       // pane
  ///     try workspace.apply(.at(.mark("editor"), .route(.push(["detail:7"]))))
  ///     try workspace.apply(.unmark("editor"))
  ///
  /// - Parameter name: The mark.
  /// - Returns: The pane's id.
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  public func pane(markedAs name: String) -> NodeID? { state.pane(markedAs: name) }

  /// Applies one command as a transaction and reports it.
  ///
  /// - Parameter command: The command.
  /// - Returns: What changed.
  /// - Throws: A ``WorkspaceError``; nothing changed.
  @discardableResult
  public func apply(_ command: WorkspaceCommand) throws(WorkspaceError) -> WorkspaceChange {
    try apply([command])
  }

  /// Applies several commands as one transaction and reports it.
  ///
  /// - Parameter commands: The commands, in order.
  /// - Returns: What changed.
  /// - Throws: The first failing command's ``WorkspaceError``, or
  ///   ``WorkspaceError/refusedRoute(_:node:reason:)`` for a token that the type in
  ///   ``routeTypes`` for its router's kind cannot read; nothing changed.
  @discardableResult
  public func apply(_ commands: [WorkspaceCommand]) throws(WorkspaceError) -> WorkspaceChange {
    var failedIndex: Int?
    return try apply(commands, failedIndex: &failedIndex)
  }

  /// Applies several commands as one transaction, and on failure says which one failed, for
  /// a caller that read them from words (a live host answering `wsctl`) to name the word.
  ///
  /// - Parameters:
  ///   - commands: The commands, in order.
  ///   - failedIndex: Set to the index in `commands` of the command that threw (the one that
  ///     stored a token the route types refused, too); `nil` when the transaction applied or
  ///     the owner refused the state it would leave.
  /// - Returns: What changed.
  /// - Throws: As ``apply(_:)-([WorkspaceCommand])``; nothing changed.
  @discardableResult
  package func apply(_ commands: [WorkspaceCommand], failedIndex: inout Int?)
    throws(WorkspaceError) -> WorkspaceChange
  {
    var draft = makeDraft()
    let change = try draft.apply(commands, failedIndex: &failedIndex)
    try commit(draft)
    return change
  }

  /// A draft over the workspace's state, with its route types and undo policy, for a call of
  /// several transactions that must all apply before any is seen (a `wsctl` call to a live
  /// host); see ``WorkspaceDraft``.
  package func makeDraft() -> WorkspaceDraft {
    WorkspaceDraft(
      state, routeTypes: routeTypes, recordsNavigation: undoPolicy.recordsNavigation,
      generation: generation)
  }

  /// Whether a draft was made from the workspace's state as it is now.
  package func isCurrent(_ draft: WorkspaceDraft) -> Bool {
    draft.generation == generation
  }

  /// Publishes a draft's transactions: the state becomes the draft's, then each change is
  /// reported in order (its routers' transitions, then the callback and the stream).
  ///
  /// The draft must come from ``makeDraft()`` with no change to the workspace in between
  /// (``isCurrent(_:)``).
  ///
  /// - Parameters:
  ///   - draft: The draft.
  ///   - checkedByOwner: Whether the caller already checked the resulting state as
  ///     ``ownerRefusal`` would (a live host checks off its main actor).
  /// - Throws: ``WorkspaceError/unsavable(_:)`` when the owner (a session) finds that its file
  ///   could not hold the resulting state; nothing changed then.
  package func commit(_ draft: WorkspaceDraft, checkedByOwner: Bool = false)
    throws(WorkspaceError)
  {
    precondition(isCurrent(draft), "a draft commits on the state it was made from")
    guard let final = draft.steps.last?.state else { return }
    if !checkedByOwner, let problem = ownerRefusal?(final, draft.changes) { throw problem }
    for step in draft.steps { countUndoEntries(of: step.change) }
    publish(draft.steps)
    if draft.steps.count == 1 {
      coalescePathWrite(draft.steps[0].change)
    } else {
      lastPathWrite = nil
    }
  }

  /// Records the size of the area the host lays the panes out in, whenever it changes, so that
  /// directional focus, `split` and `resize` measure on the rectangles the host draws; see
  /// ``WorkspaceState/recordLayoutSize(_:)``.
  ///
  ///     try workspace.recordLayoutSize(Size(width: 120, height: 39))
  ///
  /// The size is not a command: it records no undo entry and reports no change (no node
  /// changed); a session that owns the workspace saves it like any change.
  ///
  /// - Parameter size: The area's size, or `nil` to forget it.
  /// - Throws: ``WorkspaceError/invalidSize(_:expected:)``; nothing changed.
  public func recordLayoutSize(_ size: Size?) throws(WorkspaceError) {
    guard size != state.layoutSize else { return }
    try setLayoutSize(size)
    ownerDidRecordLayoutSize?(size, nil, true)
  }

  /// Records the size of the area the host lays a window's panes out in (its scene's), for
  /// each window it shows; for the active window it is ``recordLayoutSize(_:)``, which
  /// commands measure in. The file keeps each window's size, and a session saves it.
  ///
  ///     try workspace.recordLayoutSize(Size(width: 100, height: 30), ofWindow: window.id)
  ///
  /// - Throws: ``WorkspaceError/invalidSize(_:expected:)``, or
  ///   ``WorkspaceError/noSuchWindow(_:count:)`` for an identifier no window has; nothing
  ///   changed.
  public func recordLayoutSize(_ size: Size?, ofWindow identifier: String) throws(WorkspaceError) {
    guard state.activeWindow.identifier != identifier else { return try recordLayoutSize(size) }
    var next = state
    try next.recordLayoutSize(size, ofWindow: identifier)
    guard let index = state.windowList.index(of: identifier),
      state.windowList.entries[index].layoutSize != size
    else { return }
    setState(next)
    ownerDidRecordLayoutSize?(size, identifier, true)
  }

  /// Records a layout size that another program measured in (`wsctl show` drew the panes
  /// there), for a host that records none of its own; the owner saves it, and adoption keeps
  /// the file's size as for any host that records none.
  package func recordMeasuredLayoutSize(_ size: Size) throws(WorkspaceError) {
    guard size != state.layoutSize else { return }
    try setLayoutSize(size)
    ownerDidRecordLayoutSize?(size, nil, false)
  }

  private func setLayoutSize(_ size: Size?) throws(WorkspaceError) {
    var next = state
    try next.recordLayoutSize(size)
    setState(next)
  }

  /// Replaces the whole state, for example after restoring a file, and reports it as a
  /// change whose ``WorkspaceChange/origin`` is `replaced`.
  ///
  /// - Parameter newState: The new state.
  /// - Complexity: O(*n*), for *n* nodes, to find what changed.
  public func replaceState(_ newState: WorkspaceState) {
    replace(with: newState, origin: .replaced, conflicts: [])
  }

  /// Every stored token that the types in ``routeTypes`` cannot read, as
  /// ``WorkspaceState/unreadableRoutes(_:)`` finds them.
  public var unreadableRoutes: [UnreadableRoute] {
    state.unreadableRoutes(routeTypes)
  }

  /// Quarantines every stored token that the types in ``routeTypes`` cannot read, keeping
  /// every readable route in its order, and reinstates quarantined tokens they now read, as
  /// ``WorkspaceState/repairUnreadableRoutes(_:)`` does: not an undo step, reported as a
  /// `replaced` change (a session saves it, quarantined tokens included).
  ///
  /// - Returns: What was unreadable; empty when everything reads. Nothing is reported when
  ///   nothing changed.
  @discardableResult
  public func repairUnreadableRoutes() -> [UnreadableRoute] {
    var next = state
    let repaired = next.repairUnreadableRoutes(routeTypes)
    if next != state { replaceState(next) }
    return repaired
  }

  /// Every quarantined token of the workspace with its node, as
  /// ``WorkspaceState/quarantinedRoutes`` lists them.
  public var quarantinedRoutes: [(node: NodeID, route: QuarantinedRoute)] {
    state.quarantinedRoutes
  }

  /// Takes another writer's state (with this host's replayed transactions on top) as the new
  /// state and reports it as an `adopted` change carrying the dropped transactions.
  ///
  /// - Parameters:
  ///   - newState: The state to adopt.
  ///   - conflicts: This host's transactions that no longer applied.
  package func adopt(_ newState: WorkspaceState, conflicts: [WorkspaceConflict]) {
    replace(with: newState, origin: .adopted, conflicts: conflicts)
  }

  /// Sets the state without reporting a change, for edits that touch no node.
  func setState(_ newState: WorkspaceState) {
    state = newState
    generation &+= 1
    ownerDidUpdateDraftBase?()
  }

  /// Records the revision a save gave the state; nothing else changes, so nothing is reported.
  package func setRevision(_ revision: Int) {
    guard state.revision != revision else { return }
    var next = state
    next.revision = revision
    setState(next)
  }

  /// Undoes the last recorded change.
  ///
  /// - Throws: ``WorkspaceError/nothingToUndo``.
  public func undo() throws(WorkspaceError) {
    try apply(.undo())
  }

  /// Redoes the last undone change.
  ///
  /// - Throws: ``WorkspaceError/nothingToRedo``.
  public func redo() throws(WorkspaceError) {
    try apply(.redo())
  }

  /// Runs `action` on the workspace on the main actor, from any task or actor, as
  /// `Router.send(_:)` does for a router.
  ///
  ///     Task.detached { await workspace.send { _ = try? $0.apply(.zoom) }.value }
  ///
  /// - Parameter action: The work to do with the workspace.
  /// - Returns: The task running `action`; await its `value` to wait for it.
  @discardableResult
  public nonisolated func send(
    _ action: @escaping @MainActor @Sendable (Workspace) -> Void
  ) -> Task<Void, Never> {
    Task { @MainActor in action(self) }
  }

  /// A new stream of every change from now on.
  public var changes: AsyncStream<WorkspaceChange> {
    broadcast.stream()
  }

  private func replace(
    with newState: WorkspaceState, origin: WorkspaceChange.Origin,
    conflicts: [WorkspaceConflict]
  ) {
    // Another writer's state, or one the host built, carries this host's published routes.
    let newState = Self.publishing(routeTypes, in: newState)
    let changed = Set(newState.nodes.keys).union(state.nodes.keys).filter {
      newState.nodes[$0] != state.nodes[$0]
    }
    let change = WorkspaceChange(
      commands: [], changedNodes: changed, focusBefore: state.focusedPane,
      focusAfter: newState.focusedPane, zoomedPaneBefore: state.zoomedPane,
      zoomedPaneAfter: newState.zoomedPane, origin: origin, revision: newState.revision,
      conflicts: conflicts, changedTemplates: newState.templates != state.templates,
      unreadableRoutes: unreadableRoutes(enteringWith: newState, changed: changed))
    if origin == .replaced || !conflicts.isEmpty { undoGroup?.entries = 0 }
    lastPathWrite = nil
    publish([(change, newState)])
  }

  /// The tokens of `newState`'s changed nodes that the route types cannot read and the state
  /// did not hold unreadable before.
  ///
  /// - Complexity: O(*c* + *k*), for *c* changed nodes and *k* routes in their routers.
  private func unreadableRoutes(enteringWith newState: WorkspaceState, changed: Set<NodeID>)
    -> [UnreadableRoute]
  {
    guard !routeTypes.kinds.isEmpty, !changed.isEmpty else { return [] }
    let before = Set(state.unreadableRoutes(routeTypes, in: changed))
    return newState.unreadableRoutes(routeTypes, in: changed).filter { !before.contains($0) }
  }

  /// Swaps in the last state, then reports each change in order: first each handed-out
  /// router it touched, then the owner, the callback and the stream.
  ///
  /// A change made while a change is being reported (a presenter pushing a flow's result
  /// from its transition or change handler) applies at once, and is reported once the changes
  /// before it are: every listener sees changes in cause order.
  private func publish(_ steps: [(change: WorkspaceChange, state: WorkspaceState)]) {
    var before = state
    setState(steps[steps.count - 1].state)
    for step in steps {
      undelivered.append((step.change, before, step.state))
      before = step.state
    }
    guard !isDelivering else { return }
    isDelivering = true
    defer { isDelivering = false }
    var next = 0
    while next < undelivered.count {
      let (change, before, after) = undelivered[next]
      next += 1
      deliverTransitions(of: change, from: before, to: after)
      ownerDidChange?(change, before, after)
      onChange?(change)
      broadcast.yield(change)
    }
    undelivered = []
  }
}
