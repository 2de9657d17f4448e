import PaneRouter

extension CommandGrammar {
  /// The target of `at` (and of every command that names a pane): a number, an id, a mark
  /// or `last`.
  static let target = ArgumentSyntax(
    "TARGET", [.paneReference, .nodeID], expected: "a pane number, %ID, mark or last")

  /// What a mark is, for the help of `mark` and `at`.
  static let markHelp = ArgumentHelp(
    "MARK",
    "a name: a letter or _, then letters, digits, _, - or . (not a command word, direction, "
      + "next, prev or last)")

  /// Marks, and `at`, which runs a command on a target's pane or tab without moving focus.
  static let targetCommands: [CommandDefinition] = [
    CommandDefinition(
      CommandSyntax(
        "mark", "Name the focused pane, so that commands can target it by name.",
        arguments: [ArgumentSyntax("MARK", [.mark], expected: "a mark such as editor")],
        help: [markHelp],
        discussion: [
          "A mark is unique in the workspace: marking another pane with it moves it there (as "
            + "i3 does), and a pane holds one mark. It is saved in the file, kept by templates, "
            + "shown by 'show' and 'tree', and undone like any edit.",
          "A mark stands wherever a pane is named: 'focus editor', 'close editor', 'swap "
            + "editor', 'at editor push detail:7'.",
        ],
        example: "mark editor"),
      make: { .mark($0.mark(0)!) },
      values: { command in
        guard case .mark(let name) = command else { return nil }
        return [.mark(name)]
      }),
    CommandDefinition(
      CommandSyntax(
        "unmark", "Remove a mark (default the focused pane's).",
        arguments: [
          ArgumentSyntax("MARK", [.mark], isOptional: true, expected: "a mark such as editor")
        ],
        help: [markHelp], discussion: ["A mark no pane holds is refused (exit 1)."],
        example: "unmark"),
      make: { .unmark($0.mark(0)) },
      values: { command in
        guard case .unmark(let name) = command else { return nil }
        return [name.map(ArgumentValue.mark)]
      }),
    CommandDefinition(
      CommandSyntax(
        "at", "Run a command on another pane (or a node's router) without moving focus.",
        arguments: [
          target,
          ArgumentSyntax(
            "COMMAND", [.targetedCommand],
            expected: "a command that acts on a pane or tab, such as push, split, close or rename"),
        ],
        help: [
          ArgumentHelp(
            "TARGET",
            "a pane number, %ID (any node's, for a router operation: 'wsctl tree' lists ids), "
              + "a mark, or last (the pane used before)"),
          ArgumentHelp(
            "COMMAND",
            "a command on the focused pane or tab: split, close, swap, move, resize, zoom, "
              + "rename, mark, unmark, tab new|close|move|rename, template save|apply, "
              + "equalize, push, pop, ..."),
        ],
        discussion: [
          "COMMAND runs as if TARGET were focused (a pane number inside it counts in TARGET's "
            + "tab), and focus, the selected tabs and the most recently used panes stay as they "
            + "were: tmux's -t. 'at TARGET zoom' zooms TARGET and focuses it, as tmux does.",
          "Commands that move focus or act on the whole workspace (focus, tab N, undo, redo, "
            + "minimum-size, template rm, at) are refused (exit 64). A TARGET that does not "
            + "exist is refused (exit 1) and changes nothing.",
        ],
        example: "at 1 split v 30%"),
      make: { values in
        let command = values.command(1)!
        if case .pane(.id(let id))? = values[0], case .route(let operation, nil) = command {
          return .route(operation, at: id)
        }
        return .at(values.pane(0)!, command)
      },
      values: { command in
        switch command {
        case .route(let operation, let id?): [.pane(.id(id)), .command(.route(operation))]
        case .at(let target, let command): [.pane(target), .command(command)]
        default: nil
        }
      }),
  ]
}
