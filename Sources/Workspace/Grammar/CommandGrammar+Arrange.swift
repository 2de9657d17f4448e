import PaneRouter

extension CommandGrammar {
  /// The commands that rearrange panes across a tab or between tabs: preset arrangements,
  /// `break` and `join`.
  static let arrangeCommands: [CommandDefinition] = [
    CommandDefinition(
      CommandSyntax(
        "arrange",
        "Arrange the active tab's panes (or a pane's tab, or a split) as a preset, as tmux's "
          + "select-layout.",
        arguments: [
          ArgumentSyntax(
            "NAME|next|prev", [.preset],
            expected: "a preset ("
              + LayoutPreset.names + ") or next|prev"),
          ArgumentSyntax(
            "N|%ID|MARK|last", [.paneReference], isOptional: true,
            expected: "a pane number, mark, last, or the %ID of a pane or split"),
        ],
        help: [
          ArgumentHelp("even-horizontal", "one row of equal columns"),
          ArgumentHelp("even-vertical", "one column of equal rows"),
          ArgumentHelp("main-horizontal", "pane 1 across the top, 24 rows; the rest below"),
          ArgumentHelp("main-vertical", "pane 1 down the left, 80 columns; the rest beside"),
          ArgumentHelp("tiled", "a grid, row by row"),
          ArgumentHelp("next|prev", "the next or previous preset, round the ring"),
          ArgumentHelp("N|%ID|MARK|last", "a pane's tab, or a split (default the active tab)"),
        ],
        discussion: [
          "The panes keep their ids, routers, titles and focus; their order is reading order "
            + "(pane 1 is the main pane). The shares are tmux's cells at the layout size, each "
            + "with the border after it, so the rectangles 'layout WxH' prints are tmux's "
            + "panes with their borders; at other sizes they scale. A pane smaller than the "
            + "minimum pane size gets the minimum, where tmux would draw it.",
          "A nested tabs container counts as one pane; a split inside the region that has "
            + "its own router is refused (exit 1) rather than lost. One undoable change.",
        ],
        example: "arrange main-vertical"),
      make: { .arrange($0.arrangement(0)!, at: $0.pane(1)) },
      values: { command in
        guard case .arrange(let arrangement, let target) = command else { return nil }
        return [.arrangement(arrangement), target.map(ArgumentValue.pane)]
      }),
    CommandDefinition(
      CommandSyntax(
        "break",
        "Move a pane (default the focused one) into a new tab of its own, as tmux's "
          + "break-pane.",
        arguments: [
          ArgumentSyntax(
            "N|%ID|MARK|last", [.paneReference], isOptional: true,
            expected: "a pane number, %ID, mark or last")
        ],
        options: [CommandOption("-d")],
        help: [paneHelp, ArgumentHelp("-d", "keep the focus where it is")],
        discussion: [
          "The pane keeps its id, title and router (stack, modal and all); its tab is titled "
            + "as the pane. The only pane of a tab is refused (exit 1): 'tab move' moves a tab."
        ],
        example: "break -d"),
      make: { .breakPane($0.pane(0), staying: $0.flag(1)) },
      values: { command in
        guard case .breakPane(let pane, let staying) = command else { return nil }
        return [pane.map(ArgumentValue.pane), staying ? .flag : nil]
      }),
    CommandDefinition(
      CommandSyntax(
        "join",
        "Move the focused pane beside another pane, in any tab, as tmux's join-pane.",
        arguments: [
          ArgumentSyntax(
            "N|%ID|MARK|last", [.paneReference], expected: "a pane number, %ID, mark or last"),
          ArgumentSyntax("h|v", [.axis], isOptional: true, expected: "an axis, h or v"),
          ArgumentSyntax("RATIO", [.ratio], isOptional: true, expected: fraction),
        ],
        options: [CommandOption("-d")],
        help: [
          ArgumentHelp(
            "N|%ID|MARK|last",
            "the pane to join: a number in the active tab, or any pane's id or mark"),
          ArgumentHelp("h|v", "beside it or below it (default v, as tmux)"),
          ArgumentHelp("RATIO", "the moved pane's share of that space (default 0.5)"),
          ArgumentHelp("-d", "stay in the tab the pane left"),
        ],
        discussion: [
          "The pane keeps its id, title and router (stack, modal and all). A tab it leaves "
            + "empty closes; a target in its own tab moves it there. Refused (exit 1) beside "
            + "itself, or, as 'split', when a pane would end up below the minimum pane size. "
            + "To move another pane, focus it first: 'focus %5 join %2 h'."
        ],
        example: "join 2 h 30%"),
      make: {
        .joinPane($0.pane(0)!, axis: $0.axis(1), ratio: $0.fraction(2), staying: $0.flag(3))
      },
      values: { command in
        guard case .joinPane(let target, let axis, let ratio, let staying) = command else {
          return nil
        }
        return [
          .pane(target), axis.map(ArgumentValue.axis), ratio.map(ArgumentValue.fraction),
          staying ? .flag : nil,
        ]
      }),
  ]
}
