import PaneRouter

extension CommandGrammar {
  /// What floating panes are, for the help of `float`.
  static let floatingCoverage = [
    "A floating pane lies over the tiled panes of its tab, at a rectangle kept in fractions "
      + "of the tab's area (so a file opened at another size still fits), in an order: the "
      + "focused one is on top. It keeps its id, router and mark; 'show' numbers the floating "
      + "panes after the tiled ones, in the reading order of their rectangles.",
    "'float' puts the focused pane there, centred at half the tab's size; a tab keeps at least "
      + "one tiled pane, as Zellij does. A workspace without tabs becomes one tab first.",
    "'float hide' hides the tab's floating panes but the pinned ones (Zellij's toggle); "
      + "'float unhide' or 'focus float' shows them again. Commands that act on a tiled pane's "
      + "place (split, swap, move, resize, zoom, break, join) refuse a floating pane: 'embed' "
      + "puts it back.",
  ]

  /// The amount of cells `float move` and `float resize` take.
  static let cells = ArgumentSyntax(
    "N", [.count], isOptional: true, expected: "a positive number of cells")

  /// Floating panes: float and embed, moving and sizing by cells, pinning, hiding.
  static let floatingCommands: [CommandDefinition] = [
    .plain(
      .float,
      CommandSyntax(
        "float", "Float the focused pane over the tiled ones, or move, size, pin or hide them.",
        help: [
          directionHelp, ArgumentHelp("N", "cells at the layout size (default 1)"),
        ],
        discussion: floatingCoverage, example: "float move right 10", standsAlone: true),
      subcommands: [
        CommandDefinition(
          CommandSyntax(
            "move", "Move the focused floating pane by cells, as far as its tab's edge.",
            arguments: [direction, cells]),
          make: { .moveFloating($0.direction(0)!, cells: $0.number(1) ?? 1) },
          values: { command in
            guard case .moveFloating(let direction, let cells) = command else { return nil }
            return [.direction(direction), cells == 1 ? nil : .number(cells)]
          }),
        CommandDefinition(
          CommandSyntax(
            "resize",
            "Move the bottom-right corner of the focused floating pane by cells: right and down "
              + "grow it, left and up shrink it, between the minimum pane size and the tab's "
              + "edge.",
            arguments: [direction, cells]),
          make: { .resizeFloating($0.direction(0)!, cells: $0.number(1) ?? 1) },
          values: { command in
            guard case .resizeFloating(let direction, let cells) = command else { return nil }
            return [.direction(direction), cells == 1 ? nil : .number(cells)]
          }),
        .plain(
          .pinFloating(true),
          CommandSyntax(
            "pin", "Pin the focused floating pane: it stays shown while the others are hidden.")),
        .plain(.pinFloating(false), CommandSyntax("unpin", "Unpin the focused floating pane.")),
        .plain(
          .showFloating(false),
          CommandSyntax("hide", "Hide the floating panes of the focused tab, but the pinned ones.")),
        .plain(
          .showFloating(true),
          CommandSyntax(
            "unhide", "Show the floating panes of the focused tab again and focus the top one.")),
      ]),
    .plain(
      .embed,
      CommandSyntax(
        "embed",
        "Put the focused floating pane back among the tiled panes, beside the tiled pane "
          + "focused last in its tab.",
        example: "embed")),
  ]
}
