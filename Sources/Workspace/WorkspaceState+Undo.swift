/// `undo` and `redo`.
extension WorkspaceState {
  mutating func undo(_ count: Int) throws(WorkspaceError) {
    guard count >= 1 else { throw .invalidCount(count) }
    guard !history.undoEntries.isEmpty else { throw .nothingToUndo }
    for _ in 0..<min(count, history.undoEntries.count) {
      let entry = history.undoEntries.removeLast()
      let replaced = restore(entry.journal)
      history.redoEntries.append(History.Entry(label: entry.label, journal: replaced))
      settleFocus()
    }
  }

  mutating func redo(_ count: Int) throws(WorkspaceError) {
    guard count >= 1 else { throw .invalidCount(count) }
    guard !history.redoEntries.isEmpty else { throw .nothingToRedo }
    for _ in 0..<min(count, history.redoEntries.count) {
      let entry = history.redoEntries.removeLast()
      let replaced = restore(entry.journal)
      history.undoEntries.append(History.Entry(label: entry.label, journal: replaced))
      settleFocus()
    }
  }

  /// After restoring before-images: keeps only existing panes in the most-recently-used list,
  /// once each and within its limit (a stored history may hold any list), and puts the focused
  /// pane first.
  private mutating func settleFocus() {
    var seen: Set<NodeID> = []
    mostRecentlyUsed.removeAll { nodes[$0]?.isPane != true || !seen.insert($0).inserted }
    if let zoomedPane, zoomedPane != focusedPane { self.zoomedPane = nil }
    touch(focusedPane)
    if mostRecentlyUsed.count > mostRecentlyUsedLimit {
      mostRecentlyUsed.removeLast(mostRecentlyUsed.count - mostRecentlyUsedLimit)
    }
  }
}
