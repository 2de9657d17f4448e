import Workspace

extension FileChange {
  /// How the history moved from `old` to `new`, with the commands it tells: the labels of the
  /// entries added, or `undo N` / `redo N` for entries moved between the lists; `nil` when
  /// the new history is none of those (nothing recorded, or rewritten).
  ///
  /// A redo is told apart from new entries first: a redo moves entries back from the redo
  /// list with their labels, where a new command clears the redo list. Old entries may have
  /// been dropped from the front, past the history's limit.
  static func historyStep(from old: History, to new: History)
    -> (step: HistoryStep, commands: [String])?
  {
    let (oldUndo, newUndo) = (old.undoEntries, new.undoEntries)
    let (oldRedo, newRedo) = (old.redoEntries, new.redoEntries)
    // Undo: the last entries moved, last first, onto the redo list.
    let undone = oldUndo.count - newUndo.count
    if undone > 0, newRedo.count == oldRedo.count + undone,
      newUndo[...] == oldUndo.prefix(newUndo.count), newRedo.prefix(oldRedo.count) == oldRedo[...],
      labels(newRedo.suffix(undone)) == labels(oldUndo.suffix(undone).reversed())
    {
      return (.undone(undone), [WorkspaceCommand.undo(count: undone).description])
    }
    // Redo: the redo list's last entries moved back, last first, onto the undo list.
    let redone = oldRedo.count - newRedo.count
    if redone > 0, newRedo[...] == oldRedo.prefix(newRedo.count),
      let kept = keptLength(of: oldUndo, in: newUndo, limit: new.limit),
      newUndo.count == kept + redone,
      labels(newUndo.suffix(redone)) == labels(oldRedo.suffix(redone).reversed())
    {
      return (.redone(redone), [WorkspaceCommand.redo(count: redone).description])
    }
    guard let kept = keptLength(of: oldUndo, in: newUndo, limit: new.limit), newUndo.count > kept
    else {
      return nil
    }
    return (.recorded, newUndo.dropFirst(kept).flatMap { commands(inLabel: $0.label) })
  }

  /// How many of the old entries start the new list, when the new list extends the old one
  /// (the old entries the limit dropped from the front aside, as long as one is kept);
  /// `nil` if it does not.
  private static func keptLength(
    of old: [History.Entry], in new: [History.Entry], limit: Int
  ) -> Int? {
    if new.starts(with: old) { return old.count }
    // Entries are dropped from the front only by a list that reached its limit.
    guard new.count == limit, old.count > 1 else { return nil }
    for dropped in 1..<old.count where new.starts(with: old.dropFirst(dropped)) {
      return old.count - dropped
    }
    return nil
  }

  /// The commands of an entry's label, each in its own words (`focus 2 push detail:7` is
  /// `focus 2` and `push detail:7`); the label as it is when it does not read back as
  /// exactly those words (it was shortened with `…`).
  private static func commands(inLabel label: String) -> [String] {
    guard let commands = try? CommandParser.parse(line: label) else { return [label] }
    let words = commands.map(\.description)
    return words.joined(separator: " ") == label ? words : [label]
  }

  private static func labels<S: Sequence<History.Entry>>(_ entries: S) -> [String] {
    entries.map(\.label)
  }
}
