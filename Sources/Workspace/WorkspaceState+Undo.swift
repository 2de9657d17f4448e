/// `undo` and `redo`: each moves entries from one list of the history to the other,
/// restoring their before-images and keeping the images they replace for the way back.
extension WorkspaceState {
  /// Undoes up to `count` entries; with `keepingRouters`, every node that exists keeps its
  /// router as it is now (navigation is not undone).
  mutating func undo(_ count: Int, keepingRouters: Bool = false, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    guard count >= 1 else { throw .invalidCount(count) }
    guard !history.undoEntries.isEmpty else { throw .nothingToUndo }
    replay(
      count, from: \.undoEntries, to: \.redoEntries, keepingRouters: keepingRouters,
      in: &transaction)
  }

  /// Redoes up to `count` entries; `keepingRouters` as for ``undo(_:keepingRouters:in:)``.
  mutating func redo(_ count: Int, keepingRouters: Bool = false, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    guard count >= 1 else { throw .invalidCount(count) }
    guard !history.redoEntries.isEmpty else { throw .nothingToRedo }
    replay(
      count, from: \.redoEntries, to: \.undoEntries, keepingRouters: keepingRouters,
      in: &transaction)
  }

  private mutating func replay(
    _ count: Int, from source: WritableKeyPath<History, [History.Entry]>,
    to destination: WritableKeyPath<History, [History.Entry]>, keepingRouters: Bool,
    in transaction: inout Transaction
  ) {
    for _ in 0..<min(count, history[keyPath: source].count) {
      let entry = history[keyPath: source].removeLast()
      var journal = entry.journal
      if keepingRouters {
        for (id, image) in journal.nodes {
          guard var node = image, let current = nodes[id] else { continue }
          node.setRouter(current.router)
          journal.nodes[id] = node
        }
      }
      let replaced = restore(journal, in: &transaction)
      history[keyPath: destination].append(History.Entry(label: entry.label, journal: replaced))
      settleFocusInEveryWindow()
    }
  }

  /// ``settleFocus()`` in every window: the window list an entry restores holds each
  /// window's list as it was, and its tree may have moved focus since.
  private mutating func settleFocusInEveryWindow() {
    settleFocus()
    let active = windowList.active
    let previous = windowList.previous
    for index in windowList.entries.indices where index != active {
      activateWindow(index)
      settleFocus()
    }
    activateWindow(active)
    windowList.previous = previous
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
