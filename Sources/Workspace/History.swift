/// The bounded undo and redo history of a workspace, saved with it.
///
/// Each entry holds the before-images of the nodes one command changed, so undo and redo
/// cost what the command touched, not the size of the tree.
public struct History: Equatable, Sendable {
  /// One undoable change.
  public struct Entry: Equatable, Sendable {
    /// The command text that made the change, such as `split h`.
    public let label: String
    /// What to put back to undo (or redo) it.
    package var journal: Journal

    /// The ids of the nodes the entry restores.
    public var nodeIDs: [NodeID] { journal.nodes.keys.sorted() }

    /// An entry from its parts; the file layer builds stored history with it.
    package init(label: String, journal: Journal) {
      self.label = label
      self.journal = journal
    }
  }

  /// The default number of entries kept.
  public static let defaultLimit = 100

  /// Changes that `undo` reverts, oldest first.
  public package(set) var undoEntries: [Entry] = []
  /// Changes that `redo` re-applies, the next one last.
  public package(set) var redoEntries: [Entry] = []
  /// How many undo entries are kept; older ones are dropped.
  public package(set) var limit: Int

  /// An empty history.
  ///
  /// - Parameter limit: How many entries to keep (at least 0).
  public init(limit: Int = History.defaultLimit) {
    self.limit = max(0, limit)
  }

  /// Records a new change: it becomes the next to undo, and the redo list is cleared.
  mutating func record(_ entry: Entry) {
    redoEntries.removeAll()
    undoEntries.append(entry)
    if undoEntries.count > limit {
      undoEntries.removeFirst(undoEntries.count - limit)
    }
  }
}
