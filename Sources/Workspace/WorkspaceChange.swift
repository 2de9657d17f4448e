import PaneRouter

/// What one change of a workspace did: its commands, the nodes it touched and how focus moved.
///
/// The observable ``Workspace`` publishes one per applied transaction, and one each time its
/// whole state is replaced: by the host (``Workspace/replaceState(_:)``) or by a session
/// adopting what another writer saved, with this host's dropped transactions as
/// ``conflicts``.
public struct WorkspaceChange: Hashable, Sendable {
  /// Where a change came from.
  public enum Origin: Hashable, Sendable {
    /// Commands applied in this process (``commands`` holds them).
    case local
    /// The host replaced the whole state.
    case replaced
    /// Another writer's saved state was adopted, with this host's unsaved transactions
    /// replayed on top of it.
    case adopted
  }

  /// The commands, in order; empty for a change that replaced or adopted a state.
  public let commands: [WorkspaceCommand]
  /// The nodes created, changed or deleted.
  public let changedNodes: Set<NodeID>
  /// The focused pane before the transaction.
  public let focusBefore: NodeID
  /// The focused pane after the transaction.
  public let focusAfter: NodeID
  /// The zoomed pane before the transaction, if one was zoomed.
  public let zoomedPaneBefore: NodeID?
  /// The zoomed pane after the transaction, if one is zoomed.
  public let zoomedPaneAfter: NodeID?
  /// Where the change came from.
  public let origin: Origin
  /// The revision of the state after the change (``WorkspaceState/revision``).
  ///
  /// For an adopted change, the revision of the file it came from. A change applied in
  /// memory and not saved yet carries the revision of the saved state it builds on; the save
  /// that writes it gives the file a higher one.
  public let revision: Int
  /// This host's transactions that were dropped because they no longer applied on top of
  /// another writer's state; empty for a local change.
  public let conflicts: [WorkspaceConflict]
  /// The router operations of the transaction, by the node whose router each addressed.
  let routeOperations: [NodeID: [RouteOperation<RouteToken>]]
  /// How many undo entries the transaction added.
  let recordedHistoryEntries: Int
  /// Whether the workspace's templates changed (`template save` or `rm`, or an adopted or
  /// replaced state with other templates).
  public let changedTemplates: Bool
  /// The stored tokens an adopted or replaced state brought in that the host's route types
  /// cannot read (another writer's `wsctl --no-host push line:x:abc`, a restored backup), in
  /// the order ``WorkspaceState/unreadableRoutes(_:)`` finds them; for an adopted change,
  /// ``revision`` is the writer's. Empty for a local change: commands that would store one
  /// are refused. They stay in the state, as they are, until the host repairs them
  /// (`Workspace.repairUnreadableRoutes()`).
  public let unreadableRoutes: [UnreadableRoute]
  /// What each reconcile command of the change did (`template apply NAME --reconcile`,
  /// `wsctl load-layout FILE --reconcile`), in order; empty for other changes.
  public let reconciliations: [Reconciliation]

  /// A change from its parts.
  package init(
    commands: [WorkspaceCommand], changedNodes: Set<NodeID>, focusBefore: NodeID,
    focusAfter: NodeID, zoomedPaneBefore: NodeID?, zoomedPaneAfter: NodeID?,
    origin: Origin = .local, revision: Int, conflicts: [WorkspaceConflict] = [],
    routeOperations: [NodeID: [RouteOperation<RouteToken>]] = [:], recordedHistoryEntries: Int = 0,
    changedTemplates: Bool = false, unreadableRoutes: [UnreadableRoute] = [],
    reconciliations: [Reconciliation] = []
  ) {
    self.reconciliations = reconciliations
    self.changedTemplates = changedTemplates
    self.unreadableRoutes = unreadableRoutes
    self.commands = commands
    self.changedNodes = changedNodes
    self.focusBefore = focusBefore
    self.focusAfter = focusAfter
    self.zoomedPaneBefore = zoomedPaneBefore
    self.zoomedPaneAfter = zoomedPaneAfter
    self.origin = origin
    self.revision = revision
    self.conflicts = conflicts
    self.routeOperations = routeOperations
    self.recordedHistoryEntries = recordedHistoryEntries
  }

  /// Whether the change changed anything, focus, zoom and templates included.
  public var isEmpty: Bool {
    changedNodes.isEmpty && focusBefore == focusAfter && zoomedPaneBefore == zoomedPaneAfter
      && !changedTemplates
  }
}

/// A transaction this host applied but could not keep: after another writer's change it no
/// longer applied, so it was dropped and reported.
public struct WorkspaceConflict: Hashable, Sendable, CustomStringConvertible {
  /// The dropped transaction's commands.
  public let commands: [WorkspaceCommand]
  /// Why it no longer applied.
  public let error: WorkspaceError

  /// A conflict from its parts.
  ///
  /// - Parameters:
  ///   - commands: The dropped transaction's commands.
  ///   - error: Why it no longer applied.
  public init(commands: [WorkspaceCommand], error: WorkspaceError) {
    self.commands = commands
    self.error = error
  }

  /// `dropped 'push detail:7': no node %4`.
  public var description: String {
    "dropped '\(commands.map(\.description).joined(separator: " "))': \(error)"
  }
}
