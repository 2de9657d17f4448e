import PaneRouter

extension CommandGrammar {
  /// What undo and redo cover, for their help.
  static let undoCoverage = [
    "Undo covers edits: every command that changes the tree, titles, weights, routers or "
      + "zoom; the commands of one call are one entry. Zoom is an entry of its own (zoom, "
      + "then undo, only unzooms), and an entry puts zoom back only if it changed zoom, so "
      + "undoing a push never also undoes a later zoom.",
    "Focus and tab selection are a cursor, not edits: 'focus' and 'tab N|next|prev|last' "
      + "alone are not recorded and keep the redo list. A command that changes nothing "
      + "('root' at the root, 'focus 1' on pane 1) records nothing.",
  ]

  /// Undo and redo.
  static let historyCommands: [CommandDefinition] = [
    CommandDefinition(
      CommandSyntax(
        "undo", "Undo the last N recorded changes (default 1).", arguments: [count],
        help: [ArgumentHelp("N", "how many changes")], discussion: undoCoverage, example: "undo"),
      make: { .undo(count: $0.number(0) ?? 1) },
      values: { command in
        guard case .undo(let count) = command else { return nil }
        return [count == 1 ? nil : .number(count)]
      }),
    CommandDefinition(
      CommandSyntax(
        "redo", "Redo the last N undone changes (default 1).", arguments: [count],
        help: [ArgumentHelp("N", "how many changes")], discussion: undoCoverage,
        example: "redo 2"),
      make: { .redo(count: $0.number(0) ?? 1) },
      values: { command in
        guard case .redo(let count) = command else { return nil }
        return [count == 1 ? nil : .number(count)]
      }),
  ]
}
