/// What undo records in a host's workspace, and the path writes of one gesture as one step.
extension Workspace {
  /// Merges a path write into the previous undo step when it is the same router's path write
  /// within ``UndoPolicy/pathWriteCoalescing``, labelled with the last write; a merged step
  /// that undoes nothing (the gesture came back to where it started) is dropped, and ends the
  /// gesture.
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
    if let last = lastPathWrite, last.node == node,
      now - last.time <= undoPolicy.pathWriteCoalescing,
      state.history.undoEntries.dropLast().last == last.entry
    {
      var next = state
      next.history.coalesceLastTwo()
      let isEmpty = next.history.undoEntries.last?.journal.isEmpty(comparedWith: next) ?? false
      if isEmpty { next.history.removeLastUndoEntry() }
      // Only the history changes: no node does, so nothing is reported.
      setState(next)
      if isEmpty {
        lastPathWrite = nil
        return
      }
    }
    lastPathWrite = (node, now, state.history.undoEntries.last)
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
  /// Merges the last two undo entries into one that undoes both, labelled with the last.
  mutating func coalesceLastTwo() {
    guard let label = undoEntries.last?.label else { return }
    mergeLast(2)
    let merged = undoEntries.removeLast()
    undoEntries.append(Entry(label: label, journal: merged.journal))
  }

  /// Drops the last undo entry.
  mutating func removeLastUndoEntry() {
    undoEntries.removeLast()
  }
}
