/// What undo records in a host's workspace, and the path writes of one gesture as one step.
extension Workspace {
  /// Merges a path write into the previous undo step when it is the same router's path write
  /// within ``UndoPolicy/pathWriteCoalescing``; a merged step that undoes nothing (the
  /// gesture came back to where it started) is dropped.
  ///
  /// Called after every local change; any other change ends the gesture.
  func coalescePathWrite(_ change: WorkspaceChange) {
    let now = ContinuousClock.now
    guard undoPolicy.recordsNavigation, undoGroup == nil, change.recordedHistoryEntries == 1,
      let node = Self.pathWriteNode(of: change)
    else {
      lastPathWrite = nil
      return
    }
    defer { lastPathWrite = (node, now, state.history.undoEntries.last) }
    guard let last = lastPathWrite, last.node == node,
      now - last.time <= undoPolicy.pathWriteCoalescing,
      let previous = last.entry, state.history.undoEntries.dropLast().last == previous
    else { return }
    var next = state
    next.history.mergeLast(2)
    if let merged = next.history.undoEntries.last, merged.journal.isEmpty(comparedWith: next) {
      next.history.removeLastUndoEntry()
    }
    // Only the history changes: no node does, so nothing is reported.
    setState(next)
  }

  /// The node whose router a change only set the path of, if that is all it did.
  private static func pathWriteNode(of change: WorkspaceChange) -> NodeID? {
    guard change.commands.count == 1, change.routeOperations.count == 1,
      let (node, operations) = change.routeOperations.first, operations.count == 1
    else { return nil }
    switch operations[0] {
    case .setPath, .setModalPath: return node
    default: return nil
    }
  }
}

extension History {
  /// Drops the last undo entry.
  mutating func removeLastUndoEntry() {
    undoEntries.removeLast()
  }
}
