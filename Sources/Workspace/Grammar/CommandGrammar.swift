import PaneRouter

/// The workspace grammar as a table: every command's words, arguments and their kinds,
/// summary, help, and how its argument values make a ``WorkspaceCommand`` and come back from
/// one.
///
/// It is the only description of the commands: ``CommandParser`` reads words with it,
/// ``WorkspaceCommand/words`` spells commands with it (undo labels, `history`), and help,
/// usage lines and shell completion (``CommandCompleter``) read it. Adding a command is one
/// entry here and one case in `WorkspaceState.apply(_:)`.
///
///     CommandGrammar.command("split")?.usage  // "split h|v [RATIO] [ROUTE]"
public enum CommandGrammar {
  private static let fraction = "a ratio between 0 and 1 (0.3) or a percentage (30%)"
  private static let direction = ArgumentSyntax(
    "left|right|up|down", [.direction], expected: "a direction, left|right|up|down")
  private static let route = ArgumentSyntax("ROUTE", [.route], expected: "a route")
  private static let routes = ArgumentSyntax(
    "ROUTE", [.route], isRepeated: true, expected: "a route")
  private static let path = ArgumentSyntax(
    "ROUTE", [.route], isOptional: true, isRepeated: true, expected: "a route")
  private static let routeInStack = ArgumentSyntax("ROUTE", [.routeInStack], expected: "a route")
  private static let count = ArgumentSyntax(
    "N", [.count], isOptional: true, expected: "a positive count")
  private static let title = ArgumentSyntax("TITLE", [.title], expected: "a title")
  private static let templateName = ArgumentSyntax(
    "NAME", [.templateName], expected: "a template name")

  private static let paneHelp = ArgumentHelp(
    "N|%ID", "a pane number (as 'show' draws it) or a pane id")
  private static let directionHelp = ArgumentHelp("DIRECTION", "left, right, up or down")
  private static let routeHelp = ArgumentHelp(
    "ROUTE", "a route token such as detail:7 (write =NAME for a route named like a command)")

  /// The help of a route that starts a new router, which may name the router's kind.
  private static let newRouteHelp = ArgumentHelp(
    "ROUTE",
    "a route token such as detail:7 (write =NAME for a route named like a command); "
      + "KIND/ROUTE names the new pane's kind, such as notes/note:7")

  /// What undo and redo cover, for their help.
  private static let undoCoverage = [
    "Undo covers edits: every command that changes the tree, titles, weights, routers or "
      + "zoom; the commands of one call are one entry. Zoom is an entry of its own (zoom, "
      + "then undo, only unzooms), and an entry puts zoom back only if it changed zoom, so "
      + "undoing a push never also undoes a later zoom.",
    "Focus and tab selection are a cursor, not edits: 'focus' and 'tab N|next|prev|last' "
      + "alone are not recorded and keep the redo list. A command that changes nothing "
      + "('root' at the root, 'focus 1' on pane 1) records nothing.",
  ]

  /// How templates work, for the help of `template`.
  private static let templateDiscussion = [
    "Titles and route arguments may hold {name} placeholders (route detail:{id}, title "
      + "'{repo} review'); {{ and }} are literal braces. 'apply' needs a value for every "
      + "placeholder and no other (exit 64 naming it); a value is the argument's text, so "
      + "any value is one argument. The new tab opens in the nearest tabs container, focused, "
      + "as one undoable change.",
    "Templates are saved in the workspace file; saving or removing one is not recorded for "
      + "undo. 'save' refuses a name that exists unless --force. With --from FILE, list, show "
      + "and apply read a templates file instead (docs/FORMAT.md).",
  ]

  /// The entries, in the order help lists them.
  static let definitions: [CommandDefinition] = [
    CommandDefinition(
      CommandSyntax(
        "focus", "Focus a pane by number, id, direction, reading order or most recent use.",
        arguments: [
          ArgumentSyntax(
            "N|%ID|left|right|up|down|next|prev|last", [.paneReference, .direction, .cycle],
            expected: "a pane number, %ID, left|right|up|down, wrap or next|prev|last")
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
          })
      ],
      make: { values in
        switch values[0] {
        case .direction(let direction)?: .focus(.direction(direction))
        case .cycle(.next)?: .focus(.next)
        case .cycle(.previous)?: .focus(.previous)
        case .cycle(.last)?: .focus(.last)
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
        }
      }),
    CommandDefinition(
      CommandSyntax(
        "split",
        "Split the focused pane: h puts the new pane beside it, v below it; the new pane gets "
          + "focus, if there is room.",
        arguments: [
          ArgumentSyntax("h|v", [.axis], expected: "an axis, h or v"),
          ArgumentSyntax("RATIO", [.ratio], isOptional: true, expected: fraction),
          ArgumentSyntax("ROUTE", [.newRoute], isOptional: true, expected: "a route"),
        ],
        help: [
          ArgumentHelp("h|v", "side by side or stacked"),
          ArgumentHelp("RATIO", "the new pane's share, such as 0.3 or 30% (default 0.5)"),
          newRouteHelp,
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
          kind: $0.newRoute(2)?.kind)
      },
      values: { command in
        guard case .split(let axis, let ratio, let root, let kind) = command else { return nil }
        return [
          .axis(axis), ratio.map(ArgumentValue.fraction),
          root.map { ArgumentValue.newRoute($0, kind: kind) },
        ]
      }),
    CommandDefinition(
      CommandSyntax(
        "close", "Close a pane (default the focused one); its siblings take its space.",
        arguments: [
          ArgumentSyntax(
            "N|%ID", [.paneReference], isOptional: true, expected: "a pane number or %ID")
        ],
        help: [paneHelp], example: "close 2"),
      make: { .close($0.pane(0)) },
      values: { command in
        guard case .close(let pane) = command else { return nil }
        return [pane.map(ArgumentValue.pane)]
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
        ],
        example: "tab new Notes notes"),
      subcommands: [
        CommandDefinition(
          CommandSyntax(
            "new", "Open a tab.",
            arguments: [
              ArgumentSyntax("TITLE", [.title], isOptional: true, expected: "a title"),
              ArgumentSyntax("ROUTE", [.newRoute], isOptional: true, expected: "a route"),
            ]),
          make: {
            .newTab(title: $0.title(0), root: $0.newRoute(1)?.root, kind: $0.newRoute(1)?.kind)
          },
          values: { command in
            guard case .newTab(let title, let root, let kind) = command else { return nil }
            let titleValue = title.map(ArgumentValue.title) ?? (root == nil ? nil : .noTitle)
            return [titleValue, root.map { ArgumentValue.newRoute($0, kind: kind) }]
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
            "left|right|up|down|N|%ID", [.direction, .paneReference],
            expected: "left|right|up|down, a pane number or %ID")
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
    .routerOperation(
      CommandSyntax(
        "push", "Push routes onto the focused pane's router, all or nothing.",
        arguments: [routes], help: [routeHelp], example: "push detail:7 reply"),
      make: { .push($0.routes(0)) },
      values: { operation in
        guard case .push(let routes) = operation else { return nil }
        return [.routes(routes)]
      }),
    .routerOperation(
      CommandSyntax(
        "pop", "Pop N routes (default 1), never the root.", arguments: [count],
        help: [ArgumentHelp("N", "how many routes")], example: "pop 2"),
      make: { .pop(count: $0.number(0) ?? 1) },
      values: { operation in
        guard case .pop(let count) = operation else { return nil }
        return [count == 1 ? nil : .number(count)]
      }),
    .routerOperation(
      CommandSyntax(
        "pop-to", "Pop back to the first occurrence of a route.", arguments: [routeInStack],
        help: [routeHelp], example: "pop-to inbox"),
      make: { .popTo($0.route(0)!) },
      values: { operation in
        guard case .popTo(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax(
        "pop-to-last", "Pop back to the last occurrence of a route.", arguments: [routeInStack],
        help: [routeHelp], example: "pop-to-last detail:7"),
      make: { .popToLast($0.route(0)!) },
      values: { operation in
        guard case .popToLast(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax("root", "Pop to the root and dismiss any modal."),
      make: { _ in .popToRoot }, values: { $0 == .popToRoot ? [] : nil }),
    .routerOperation(
      CommandSyntax(
        "replace", "Replace the whole stack, root included.", arguments: [routes],
        help: [routeHelp], example: "replace inbox detail:7"),
      make: { .replace($0.routes(0)) },
      values: { operation in
        guard case .replace(let routes) = operation else { return nil }
        return [.routes(routes)]
      }),
    .routerOperation(
      CommandSyntax(
        "replace-top", "Replace the top route.", arguments: [route], help: [routeHelp],
        example: "replace-top detail:8"),
      make: { .replaceCurrent($0.route(0)!) },
      values: { operation in
        guard case .replaceCurrent(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax(
        "present", "Present a modal whose route is the root of its own stack.",
        arguments: [
          ArgumentSyntax(
            "sheet|cover", [.modalStyle], expected: "a modal style, sheet or cover"),
          route,
        ],
        help: [ArgumentHelp("sheet|cover", "the modal style"), routeHelp],
        example: "present sheet compose"),
      make: { .present($0.route(1)!, style: $0.style(0)!) },
      values: { operation in
        guard case .present(let route, let style) = operation else { return nil }
        return [.style(style), .route(route)]
      }),
    .routerOperation(
      CommandSyntax("dismiss", "Close the modal if one is up, else pop."),
      make: { _ in .dismiss }, values: { $0 == .dismiss ? [] : nil }),
    .routerOperation(
      CommandSyntax("dismiss-all", "Close any modal, keeping the stack."),
      make: { _ in .dismissModals }, values: { $0 == .dismissModals ? [] : nil }),
    .routerOperation(
      CommandSyntax(
        "finish",
        "Finish the modal's flow with a result: close it and hand the result to its presenter.",
        arguments: [route],
        help: [ArgumentHelp("ROUTE", "the result the flow finished with")],
        discussion: [
          "The result is a route token handed to the router that presented the modal: a "
            + "running host hears it with that node's id, and '--json' lists it under "
            + "\"results\". Refused (exit 1) when no modal is presented, so a flow finishes once.",
          "'undo' brings the flow back as it was; the file records no result (the presenter "
            + "reacts in the same change, and what it does with the result is saved).",
        ],
        example: "finish attachment:3"),
      make: { .finish($0.route(0)!) },
      values: { operation in
        guard case .finish(let route) = operation else { return nil }
        return [.route(route)]
      }),
    .routerOperation(
      CommandSyntax(
        "set-path", "Set the stack below the root, as a NavigationStack path binding writes it.",
        arguments: [path], help: [routeHelp], example: "set-path detail:7 reply"),
      make: { .setPath($0.routes(0)) },
      values: { operation in
        guard case .setPath(let routes) = operation else { return nil }
        return [.routes(routes)]
      }),
    .routerOperation(
      CommandSyntax(
        "set-modal-path", "Set the presented modal's stack below its root.", arguments: [path],
        help: [routeHelp], example: "set-modal-path draft:2"),
      make: { .setModalPath($0.routes(0)) },
      values: { operation in
        guard case .setModalPath(let routes) = operation else { return nil }
        return [.routes(routes)]
      }),
    CommandDefinition(
      CommandSyntax(
        "at", "Run a router operation (push, pop, ...) on another node's router, such as a tab's.",
        arguments: [
          ArgumentSyntax("%ID", [.nodeID], expected: "a node id such as %7"),
          ArgumentSyntax(
            "OPERATION", [.routerOperation], expected: "a router operation such as push or pop"),
        ],
        help: [
          ArgumentHelp("%ID", "the id of the node that owns the router ('wsctl tree' lists ids)"),
          ArgumentHelp(
            "OPERATION", "a router command: push, pop, pop-to, root, replace, present, ..."),
        ],
        example: "at %1 push settings"),
      make: { values in
        guard case .command(.route(let operation, nil))? = values[1] else {
          preconditionFailure("'at' reads a router operation")
        }
        return .route(operation, at: values.node(0)!)
      },
      values: { command in
        guard case .route(let operation, let id?) = command else { return nil }
        return [.node(id), .command(.route(operation))]
      }),
    CommandDefinition(
      CommandSyntax(
        "template", "Save the active tab as a named template, apply one as a new tab, remove one.",
        help: [
          ArgumentHelp("NAME", "letters, digits, '_', '-' and '.' in any script"),
          ArgumentHelp("--node N|%ID", "save that pane or node's subtree instead of the tab"),
          ArgumentHelp("--force", "replace a template of the same name"),
          ArgumentHelp("KEY=VALUE", "the value of a {KEY} placeholder, once for each"),
        ],
        discussion: templateDiscussion, example: "template apply review repo=mail pr=42"),
      subcommands: [
        CommandDefinition(
          CommandSyntax(
            "save",
            "Store the active tab (or a subtree) as a template: shape, weights, titles, router "
              + "roots.",
            arguments: [templateName],
            options: [
              CommandOption(
                "--node",
                value: ArgumentSyntax(
                  "N|%ID", [.paneReference], expected: "a pane number or a node id such as %7")),
              CommandOption("--force"),
            ]),
          make: {
            .saveTemplate($0.templateName(0)!, node: $0.pane(1), replacing: $0.flag(2))
          },
          values: { command in
            switch command {
            case .saveTemplate(let name, let node, let replacing):
              [.templateName(name), node.map(ArgumentValue.pane), replacing ? .flag : nil]
            case .addTemplate(let template, let replacing):
              [.templateName(template.name), nil, replacing ? .flag : nil]
            default: nil
            }
          }),
        CommandDefinition(
          CommandSyntax(
            "apply", "Open a new tab built from a template, filling in its placeholders.",
            arguments: [
              templateName,
              ArgumentSyntax(
                "KEY=VALUE", [.templateParameter], isOptional: true, isRepeated: true,
                expected: "a parameter KEY=VALUE"),
            ]),
          make: { .applyTemplate($0.templateName(0)!, parameters: $0.parameters(1)) },
          values: { command in
            switch command {
            case .applyTemplate(let name, let parameters):
              [.templateName(name), parameters.isEmpty ? nil : .parameters(parameters)]
            case .openTemplate(let template, let parameters):
              [.templateName(template.name), parameters.isEmpty ? nil : .parameters(parameters)]
            default: nil
            }
          }),
        CommandDefinition(
          CommandSyntax("rm", "Remove a template.", arguments: [templateName]),
          make: { .removeTemplate($0.templateName(0)!) },
          values: { command in
            guard case .removeTemplate(let name) = command else { return nil }
            return [.templateName(name)]
          }),
      ],
      make: { _ in preconditionFailure("'template' is read by its subcommands") },
      values: { _ in nil }),
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

  /// The commands, in the order help lists them.
  public static let commands: [CommandSyntax] = definitions.map(\.syntax)

  /// The entries of the router operations, which `at %ID` runs on another node's router.
  static let routerOperations = definitions.filter(\.isRouterOperation)

  /// The words of the router operations, which `at %ID` runs on another node's router.
  public static let routerOperationWords: [String] = routerOperations.map(\.syntax.word)

  /// The entries by first word.
  static let definitionsByWord: [String: CommandDefinition] = Dictionary(
    uniqueKeysWithValues: definitions.map { ($0.syntax.word, $0) })

  /// The command with a word, or `nil`.
  ///
  /// - Complexity: O(1).
  public static func command(_ word: String) -> CommandSyntax? {
    definitionsByWord[word]?.syntax
  }
}
