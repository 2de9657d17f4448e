/// The bounded undo and redo history of a workspace, saved with it.
///
/// Each entry holds the before-images of the nodes one command changed, so undo and redo
/// cost what the command touched, not the size of the tree.
public struct History: Equatable, Sendable {
  /// One undoable change.
  public struct Entry: Equatable, Sendable {
    /// The command text that made the change, such as `split h`; at most
    /// ``maximumLabelBytes`` UTF-8 bytes, a longer text cut with `…`.
    public let label: String
    /// What to put back to undo (or redo) it.
    package var journal: Journal

    /// The ids of the nodes the entry restores.
    public var nodeIDs: [NodeID] { journal.nodes.keys }

    /// An entry from its parts; the file layer builds stored history with it. A label over
    /// ``maximumLabelBytes`` is shortened, never refused.
    package init(label: String, journal: Journal) {
      self.label = Self.shortened(label)
      self.journal = journal
    }

    /// The most UTF-8 bytes of a label, `…` included: a long title or many chained commands
    /// make a long command text, and the history saved in the file stays small.
    public static let maximumLabelBytes = 256

    /// `label` if it fits in ``maximumLabelBytes``, else its longest prefix of whole
    /// characters (whole Unicode scalars when one character alone is too long) that fits
    /// with `…` after it.
    ///
    /// - Complexity: O(*m*), where *m* is ``maximumLabelBytes``.
    static func shortened(_ label: String) -> String {
      guard label.utf8.count > maximumLabelBytes else { return label }
      let room = maximumLabelBytes - "…".utf8.count
      var end = label.startIndex
      var used = 0
      for character in label {
        let size = character.utf8.count
        guard used + size <= room else { break }
        used += size
        end = label.index(after: end)
      }
      var prefix = String(label[..<end])
      if prefix.isEmpty {
        var scalars = String.UnicodeScalarView()
        for scalar in label.unicodeScalars {
          guard used + scalar.utf8.count <= room else { break }
          used += scalar.utf8.count
          scalars.append(scalar)
        }
        prefix = String(scalars)
      }
      return prefix + "…"
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
