import PaneRouter

extension CommandGrammar {
  /// What `reopen` brings back, and where, for its help.
  static let reopenCoverage = [
    "'close' and 'tab close' keep the last \(ClosedList.limit) closed panes and tabs in the "
      + "file, each with its ids, titles and routers (stack, modal, kind, limits); "
      + "'wsctl closed' lists them, newest first.",
    "It goes back into its split or tabs at its place, with its weight or tab title; if that "
      + "container is gone, beside the pane it sat beside; else into the nearest surviving "
      + "ancestor; else as a new tab. Where a pane would be below the minimum size, it opens "
      + "as a new tab.",
    "Independent of undo: 'reopen' is one undoable change, and a pane that undo brought back "
      + "is not reopened twice.",
  ]

  /// The commands of the layout: focus, split, close, tabs, moving, sizing and naming panes.
  static let layoutCommands: [CommandDefinition] = [
    focusCommand,
    CommandDefinition(
      CommandSyntax(
        "split",
        "Split the focused pane: h puts the new pane beside it, v below it; the new pane gets "
          + "focus (not with -d), if there is room.",
        arguments: [
          ArgumentSyntax("h|v", [.axis], expected: "an axis, h or v"),
          ArgumentSyntax("RATIO", [.ratio], isOptional: true, expected: fraction),
          ArgumentSyntax("ROUTE", [.newRoute], isOptional: true, expected: "a route"),
        ],
        options: [background],
        help: [
          ArgumentHelp("h|v", "side by side or stacked"),
          ArgumentHelp("RATIO", "the new pane's share, such as 0.3 or 30% (default 0.5)"),
          newRouteHelp,
          ArgumentHelp("-d", "keep focus where it is, as tmux's split-window -d"),
        ],
        discussion: [
          "Refused (exit 1, 'no space for new pane', as tmux) if a pane would end up smaller "
            + "than the minimum pane size (6x3 unless 'minimum-size' set another) at the layout "
            + "size; the split's other panes give way while their minimums fit."
        ],
        example: "split h 30% search:inbox"),
      make: {
        .split(
          $0.axis(0)!, ratio: $0.fraction(1), root: $0.newRoute(2)?.root,
          kind: $0.newRoute(2)?.kind, focusing: !$0.flag(3))
      },
      values: { command in
        guard case .split(let axis, let ratio, let root, let kind, let focusing) = command else {
          return nil
        }
        return [
          .axis(axis), ratio.map(ArgumentValue.fraction),
          root.map { ArgumentValue.newRoute($0, kind: kind) }, focusing ? nil : .flag,
        ]
      }),
    CommandDefinition(
      CommandSyntax(
        "close", "Close a pane (default the focused one); its siblings take its space.",
        arguments: [
          ArgumentSyntax(
            "N|%ID|MARK|last", [.paneReference], isOptional: true,
            expected: "a pane number, %ID, mark or last")
        ],
        help: [paneHelp], example: "close 2"),
      make: { .close($0.pane(0)) },
      values: { command in
        guard case .close(let pane) = command else { return nil }
        return [pane.map(ArgumentValue.pane)]
      }),
    CommandDefinition(
      CommandSyntax(
        "reopen", "Bring back the last closed pane or tab (or the Nth) where it was, focused.",
        arguments: [count],
        help: [ArgumentHelp("N", "the Nth most recently closed (default 1, the last)")],
        discussion: reopenCoverage, example: "reopen"),
      make: { .reopen($0.number(0) ?? 1) },
      values: { command in
        guard case .reopen(let number) = command else { return nil }
        return [number == 1 ? nil : .number(number)]
      }),
    CommandDefinition(
      CommandSyntax(
        "tab", "Open, select, close, move or rename tabs of the nearest tabs container.",
        arguments: [
          ArgumentSyntax(
            "N|next|prev|last", [.tabNumber, .cycle],
            expected: "new, close, move, rename, a tab number or next|prev|last")
        ],
        help: [
          ArgumentHelp("N", "a 1-based tab number"), ArgumentHelp("TITLE", "a tab title"),
          newRouteHelp,
          ArgumentHelp("-d", "open the tab without selecting it (tmux new-window -d)"),
        ],
        example: "tab new Notes notes"),
      subcommands: [
        CommandDefinition(
          CommandSyntax(
            "new", "Open a tab (and select it, unless -d).",
            arguments: [
              ArgumentSyntax("TITLE", [.title], isOptional: true, expected: "a title"),
              ArgumentSyntax("ROUTE", [.newRoute], isOptional: true, expected: "a route"),
            ],
            options: [background]),
          make: {
            .newTab(
              title: $0.title(0), root: $0.newRoute(1)?.root, kind: $0.newRoute(1)?.kind,
              focusing: !$0.flag(2))
          },
          values: { command in
            guard case .newTab(let title, let root, let kind, let focusing) = command else {
              return nil
            }
            let titleValue = title.map(ArgumentValue.title) ?? (root == nil ? nil : .noTitle)
            return [
              titleValue, root.map { ArgumentValue.newRoute($0, kind: kind) },
              focusing ? nil : .flag,
            ]
          }),
        CommandDefinition(
          CommandSyntax(
            "close", "Close a tab (default the selected one).",
            arguments: [
              ArgumentSyntax("N", [.tabNumber], isOptional: true, expected: "a tab number")
            ]),
          make: { .closeTab($0.number(0)) },
          values: { command in
            guard case .closeTab(let number) = command else { return nil }
            return [number.map(ArgumentValue.number)]
          }),
        CommandDefinition(
          CommandSyntax(
            "move", "Move the selected tab to a position.",
            arguments: [ArgumentSyntax("N", [.tabNumber], expected: "a tab number")]),
          make: { .moveTab(to: $0.number(0)!) },
          values: { command in
            guard case .moveTab(let number) = command else { return nil }
            return [.number(number)]
          }),
        CommandDefinition(
          CommandSyntax("rename", "Rename the selected tab.", arguments: [title]),
          make: { .renameTab($0.title(0)!) },
          values: { command in
            guard case .renameTab(let title) = command else { return nil }
            return [.title(title)]
          }),
      ],
      make: { values in
        switch values[0] {
        case .cycle(.next)?: .selectTab(.next)
        case .cycle(.previous)?: .selectTab(.previous)
        case .cycle(.last)?: .selectTab(.last)
        default: .selectTab(.number(values.number(0)!))
        }
      },
      values: { command in
        guard case .selectTab(let target) = command else { return nil }
        return switch target {
        case .number(let number): [.number(number)]
        case .next: [.cycle(.next)]
        case .previous: [.cycle(.previous)]
        case .last: [.cycle(.last)]
        }
      }),
    CommandDefinition(
      CommandSyntax(
        "swap", "Exchange the focused pane with a neighbour or another pane.",
        arguments: [
          ArgumentSyntax(
            "left|right|up|down|N|%ID|MARK|last", [.direction, .paneReference],
            expected: "left|right|up|down, a pane number, %ID, mark or last")
        ],
        help: [directionHelp, paneHelp], example: "swap right"),
      make: { values in
        values.direction(0).map { .swap(.direction($0)) } ?? .swap(.pane(values.pane(0)!))
      },
      values: { command in
        switch command {
        case .swap(.direction(let direction)): [.direction(direction)]
        case .swap(.pane(let pane)): [.pane(pane)]
        default: nil
        }
      }),
    CommandDefinition(
      CommandSyntax(
        "move", "Move the focused pane one place in a direction, into the neighbouring position.",
        arguments: [direction], help: [directionHelp], example: "move down"),
      make: { .move($0.direction(0)!) },
      values: { command in
        guard case .move(let direction) = command else { return nil }
        return [.direction(direction)]
      }),
    CommandDefinition(
      CommandSyntax(
        "resize", "Move an edge of the focused pane by cells or a share of its split.",
        arguments: [
          direction,
          ArgumentSyntax(
            "AMOUNT", [.count, .ratio],
            expected: "a number of cells (5), a ratio between 0 and 1 (0.3) or a percentage (30%)"),
        ],
        help: [
          directionHelp,
          ArgumentHelp(
            "AMOUNT", "cells at the layout size (5), or a share of the split (0.1 or 10%)"),
        ],
        discussion: [
          "Which edge moves: the focused pane's edge on DIRECTION's side if a pane lies there "
            + "(the pane grows), else its opposite edge (it shrinks). So 'resize left' grows a "
            + "middle pane to the left, where tmux's resize-pane -L would shrink it.",
          "Of which split: the nearest split of that axis with a pane on that side. A ratio or "
            + "percentage is of that split's length, rounded to whole cells (at least one).",
          "The pane (or group of panes) that shrinks stops at its minimum size; if it is "
            + "already there, the resize is refused (exit 1) and names it.",
        ],
        example: "resize right 10%"),
      make: { values in
        values.number(1).map { .resizeByCells(values.direction(0)!, $0) }
          ?? .resize(values.direction(0)!, amount: values.fraction(1)!)
      },
      values: { command in
        switch command {
        case .resize(let direction, let amount): [.direction(direction), .fraction(amount)]
        case .resizeByCells(let direction, let cells): [.direction(direction), .number(cells)]
        default: nil
        }
      }),
    .plain(
      .equalize, CommandSyntax("equalize", "Give every visible split's children equal shares.")),
    .plain(
      .zoom,
      CommandSyntax(
        "zoom", "Toggle showing the focused pane alone.",
        discussion: ["A zoom is recorded: 'wsctl undo' after it only unzooms."])),
    CommandDefinition(
      CommandSyntax(
        "minimum-size", "Set the workspace's minimum pane size, or go back to the default.",
        arguments: [
          ArgumentSyntax(
            "WxH|default", [.size, .defaultSetting],
            expected:
              "a size WxH such as 6x3, each from \(WorkspaceState.minimumPaneLengths.lowerBound) "
              + "to \(WorkspaceState.minimumPaneLengths.upperBound), or default")
        ],
        help: [
          ArgumentHelp("WxH", "width and height, each 1 to 10000"), ArgumentHelp("default", "6x3"),
        ],
        discussion: [
          "Saved in the file. The layout gives every pane at least this where the panes fit, "
            + "split refuses to go below it and resize stops at it. Not recorded in the history."
        ],
        example: "minimum-size 20x5"),
      make: { .setMinimumPaneSize($0.size(0)) },
      values: { command in
        guard case .setMinimumPaneSize(let size) = command else { return nil }
        return [size.map(ArgumentValue.size) ?? .defaultSetting]
      }),
    CommandDefinition(
      CommandSyntax(
        "rename", "Rename the focused pane.", arguments: [title],
        help: [ArgumentHelp("TITLE", "the new title (one word; quote it in the shell)")],
        example: "rename 'Release notes'"),
      make: { .rename($0.title(0)!) },
      values: { command in
        guard case .rename(let title) = command else { return nil }
        return [.title(title)]
      }),
  ]

  /// `focus`, an entry of its own: the command of the shortest calls (`wsctl focus 2`, a
  /// host's key binding) is read and spelled without building the rest of its family
  /// (the family's list was a fifth of the instructions of `wsctl focus 2` to a live
  /// host).
  static let focusCommand = CommandDefinition(
    CommandSyntax(
      "focus", "Focus a pane by number, id, direction, reading order or most recent use.",
      arguments: [
        ArgumentSyntax(
          "N|%ID|MARK|left|right|up|down|next|prev|last", [.paneReference, .direction, .cycle],
          expected: "a pane number, %ID, mark, left|right|up|down, wrap or next|prev|last")
      ],
      help: [
        paneHelp, directionHelp,
        ArgumentHelp("wrap", "at the edge, go on from the opposite side"),
        ArgumentHelp("next|prev", "the next or previous pane in reading order"),
        ArgumentHelp("last", "the pane focused before this one"),
      ],
      discussion: [
        "A direction follows the rectangles as drawn at the layout size (--size, else the "
          + "size the file records, which 'show' and hosts record, else the terminal's): the "
          + "pane whose edge touches that side, the most recently used of several, then the "
          + "lowest number.",
        "At the edge it is refused (exit 1), so a script can pass the key on; 'focus wrap "
          + "left' goes on from the opposite side instead, as tmux does.",
      ],
      example: "focus 2 push detail:7"),
    subcommands: [
      CommandDefinition(
        CommandSyntax(
          "wrap", "Focus the neighbour that way, wrapping around at the edge.",
          arguments: [direction]),
        make: { .focus(.direction($0.direction(0)!, wrapping: true)) },
        values: { command in
          guard case .focus(.direction(let direction, wrapping: true)) = command else {
            return nil
          }
          return [.direction(direction)]
        }),
      .plain(
        .focus(.floating),
        CommandSyntax(
          "float", "Focus the top floating pane of the focused tab (showing them if hidden).")),
      .plain(
        .focus(.tiled),
        CommandSyntax("tiled", "Focus the tiled pane focused last in the focused tab.")),
    ],
    make: { values in
      switch values[0] {
      case .direction(let direction)?: .focus(.direction(direction))
      case .cycle(.next)?: .focus(.next)
      case .cycle(.previous)?: .focus(.previous)
      case .cycle(.last)?, .pane(.last)?: .focus(.last)
      default: .focus(.pane(values.pane(0)!))
      }
    },
    values: { command in
      guard case .focus(let target) = command else { return nil }
      return switch target {
      case .pane(let pane): [.pane(pane)]
      case .direction(let direction, wrapping: false): [.direction(direction)]
      case .direction(_, wrapping: true): nil
      case .next: [.cycle(.next)]
      case .previous: [.cycle(.previous)]
      case .last: [.cycle(.last)]
      case .floating, .tiled: nil
      }
    })
}
