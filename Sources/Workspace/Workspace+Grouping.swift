/// Several changes as one undo step.
extension Workspace {
  /// Runs `body` and records every change it makes (commands and typed router calls) as one
  /// undo step, labelled with their words in order.
  ///
  ///     workspace.grouping {
  ///       router.push(.detail(7))
  ///       router.present(.compose)
  ///     }
  ///     try workspace.undo()          // back to before both
  ///
  /// Each change still applies at once and is reported on its own; only the history is
  /// merged when the outermost group ends. An undo or redo inside the group, or a replaced
  /// state, closes what was recorded before it: only the entries recorded after it merge.
  /// This is not a rollback: when `body` throws, what it applied stays (merged as one step).
  ///
  /// - Parameter body: The changes to group.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  public func grouping<Result>(_ body: () throws -> Result) rethrows -> Result {
    undoGroup = (depth: (undoGroup?.depth ?? 0) + 1, entries: undoGroup?.entries ?? 0)
    defer {
      if let group = undoGroup, group.depth == 1 {
        undoGroup = nil
        if group.entries > 1 {
          var next = state
          next.history.mergeLast(group.entries)
          // Only the history changes: no node does, so nothing is reported.
          setState(next)
        }
      } else {
        undoGroup?.depth -= 1
      }
    }
    return try body()
  }

  /// Counts the undo entries a transaction recorded inside a group; an undo or redo restarts
  /// the count, since the entries before it are no longer the last ones.
  func countUndoEntries(of change: WorkspaceChange) {
    guard var group = undoGroup else { return }
    let isHistory = change.commands.contains {
      if case .undo = $0 { true } else if case .redo = $0 { true } else { false }
    }
    group.entries = isHistory ? 0 : group.entries + change.recordedHistoryEntries
    undoGroup = group
  }
}

extension History {
  /// Merges the last `count` undo entries into one that undoes them all.
  ///
  /// - Complexity: O(*m*), for *m* nodes in the merged entries.
  mutating func mergeLast(_ count: Int) {
    let count = min(count, undoEntries.count)
    guard count > 1 else { return }
    let merged = undoEntries.suffix(count)
    var journal = merged.first!.journal
    journal.restoresZoom = merged.contains { $0.journal.restoresZoom }
    for entry in merged.dropFirst() {
      for (id, image) in entry.journal.nodes where !journal.nodes.contains(id) {
        journal.nodes[id] = image
      }
    }
    let label = merged.map(\.label).joined(separator: " ")
    undoEntries.removeLast(count)
    undoEntries.append(Entry(label: label, journal: journal))
  }
}
