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

  /// Called after every change, once the routers it touched have reported their transitions.
  @ObservationIgnored public var onChange: ((WorkspaceChange) -> Void)?

  /// The handed-out routers by node, then by route type.
  @ObservationIgnored var routers: [NodeID: [ObjectIdentifier: RouterEntry]] = [:]
  /// The open ``grouping(_:)`` calls and how many undo entries they have recorded so far.
  @ObservationIgnored var undoGroup: (depth: Int, entries: Int)?
  /// Called for every change before ``onChange``, for the session that owns the workspace.
  @ObservationIgnored package var ownerDidChange: ((WorkspaceChange) -> Void)?
  /// Called after ``recordLayoutSize(_:)`` recorded a new size, for the session that owns the
  /// workspace.
  @ObservationIgnored package var ownerDidRecordLayoutSize: ((Size?) -> Void)?
  @ObservationIgnored private let broadcast = Broadcast<WorkspaceChange>()

  /// Creates a workspace over a state.
  ///
  /// - Parameter state: The initial state, such as one restored from a file.
  public init(_ state: WorkspaceState) {
    self.state = state
  }

  /// The focused pane.
  public var focusedPane: NodeID { state.focusedPane }

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
  /// - Throws: The first failing command's ``WorkspaceError``; nothing changed.
  @discardableResult
  public func apply(_ commands: [WorkspaceCommand]) throws(WorkspaceError) -> WorkspaceChange {
    var next = state
    let change = try next.apply(commands)
    countUndoEntries(of: change)
    publish(change, replacing: next)
    return change
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
    var next = state
    try next.recordLayoutSize(size)
    state = next
    ownerDidRecordLayoutSize?(size)
  }

  /// Replaces the whole state, for example after restoring a file, and reports it as a
  /// change whose ``WorkspaceChange/origin`` is `replaced`.
  ///
  /// - Parameter newState: The new state.
  /// - Complexity: O(*n*), for *n* nodes, to find what changed.
  public func replaceState(_ newState: WorkspaceState) {
    replace(with: newState, origin: .replaced, conflicts: [])
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
  }

  /// Records the revision a save gave the state; nothing else changes, so nothing is reported.
  package func setRevision(_ revision: Int) {
    if state.revision != revision { state.revision = revision }
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

  /// A new stream of every change from now on.
  public var changes: AsyncStream<WorkspaceChange> {
    broadcast.stream()
  }

  private func replace(
    with newState: WorkspaceState, origin: WorkspaceChange.Origin,
    conflicts: [WorkspaceConflict]
  ) {
    let changed = Set(newState.nodes.keys).union(state.nodes.keys).filter {
      newState.nodes[$0] != state.nodes[$0]
    }
    let change = WorkspaceChange(
      commands: [], changedNodes: changed, focusBefore: state.focusedPane,
      focusAfter: newState.focusedPane, zoomedPaneBefore: state.zoomedPane,
      zoomedPaneAfter: newState.zoomedPane, origin: origin, revision: newState.revision,
      conflicts: conflicts)
    if origin == .replaced || !conflicts.isEmpty { undoGroup?.entries = 0 }
    publish(change, replacing: newState)
  }

  /// Swaps in the new state, then reports the change: first each handed-out router it
  /// touched, then the callback and the stream.
  private func publish(_ change: WorkspaceChange, replacing newState: WorkspaceState) {
    let before = state
    state = newState
    deliverTransitions(of: change, from: before)
    ownerDidChange?(change)
    onChange?(change)
    broadcast.yield(change)
  }
}
