import Workspace

/// A change this host made that the file may not hold yet, kept to replay on top of another
/// writer's state.
struct PendingTransaction: Sendable {
  /// What to replay.
  enum Content: Sendable {
    /// Commands applied as one transaction.
    case commands([WorkspaceCommand])
    /// The host replaced the whole state (`Workspace.replaceState(_:)`).
    case replacement(WorkspaceState)
    /// The host recorded the size of the area it lays the panes out in
    /// (`Workspace.recordLayoutSize(_:)`), or a window's by its identifier
    /// (`Workspace.recordLayoutSize(_:ofWindow:)`).
    case layoutSize(Size?, window: String?)
    /// The host's published route types, replacing those of the file it restored.
    case routeSchema(RouteSchema)
  }

  /// The order in which the host made the changes.
  let sequence: Int
  let content: Content
  /// Whether the workspace's undo policy recorded router operations when the host made the
  /// change, so that a replay records the same undo entries.
  var recordsNavigation = true
}

extension [PendingTransaction] {
  /// Replays the transactions in order on `state`; one that no longer applies is dropped and
  /// reported.
  ///
  /// - Returns: The state, the conflicts, and the sequence numbers of the dropped
  ///   transactions.
  /// - Complexity: What the transactions' commands cost.
  func replayed(on state: WorkspaceState) -> (
    state: WorkspaceState, conflicts: [WorkspaceConflict], dropped: Set<Int>
  ) {
    var state = state
    var conflicts: [WorkspaceConflict] = []
    var dropped: Set<Int> = []
    for transaction in self {
      switch transaction.content {
      case .commands(let commands):
        do {
          var failedIndex: Int?
          try state.apply(
            commands, failedIndex: &failedIndex,
            recordsNavigation: transaction.recordsNavigation)
        } catch {
          conflicts.append(WorkspaceConflict(commands: commands, error: error))
          dropped.insert(transaction.sequence)
        }
      case .replacement(let replacement):
        let revision = state.revision
        state = replacement
        state.revision = revision
      case .layoutSize(let size, let window?):
        state.setLayoutSize(size, ofWindow: window)
      case .layoutSize(let size, nil):
        state.layoutSize = size
      case .routeSchema(let schema):
        state.routeSchema = schema
      }
    }
    return (state, conflicts, dropped)
  }
}
