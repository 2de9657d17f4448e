import PaneRouter

extension CommandGrammar {
  /// A window number's slot.
  static let windowNumber = ArgumentSyntax("N", [.windowNumber], expected: "a window number")

  /// `window`: open, select, close, rename windows, move a pane or tab to another, and run a
  /// command in another window.
  static let windowCommands: [CommandDefinition] = [
    CommandDefinition(
      CommandSyntax(
        "window", "Open, select, close or rename windows; move panes and tabs between them.",
        arguments: [
          ArgumentSyntax(
            "N|next|prev|last", [.windowNumber, .cycle],
            expected: "new, close, rename, move-pane, move-tab, at, a window number or "
              + "next|prev|last")
        ],
        help: [
          ArgumentHelp("N", "a 1-based window number ('wsctl show --all' lists them)"),
          ArgumentHelp("TITLE", "a window title"), newRouteHelp,
        ],
        discussion: [
          "Each window has its own tabs, splits, focus and most recently used panes; every "
            + "other command acts in the active window. 'window N' makes window N active "
            + "(not recorded by undo, as focus is not); 'window at N COMMAND' runs COMMAND in "
            + "window N without making it active, as 'wsctl -w N COMMAND' does.",
          "'window close' is undone like any edit and 'reopen' brings the window back with "
            + "its routers; the last window cannot be closed (exit 1).",
        ],
        example: "window new Mail inbox"),
      subcommands: [
        CommandDefinition(
          CommandSyntax(
            "new", "Open a window of one pane and make it active.",
            arguments: [
              ArgumentSyntax("TITLE", [.title], isOptional: true, expected: "a title"),
              ArgumentSyntax("ROUTE", [.newRoute], isOptional: true, expected: "a route"),
            ]),
          make: {
            .newWindow(title: $0.title(0), root: $0.newRoute(1)?.root, kind: $0.newRoute(1)?.kind)
          },
          values: { command in
            guard case .newWindow(let title, let root, let kind) = command else { return nil }
            let titleValue = title.map(ArgumentValue.title) ?? (root == nil ? nil : .noTitle)
            return [titleValue, root.map { ArgumentValue.newRoute($0, kind: kind) }]
          }),
        CommandDefinition(
          CommandSyntax(
            "close", "Close a window (default the active one) with everything in it.",
            arguments: [
              ArgumentSyntax("N", [.windowNumber], isOptional: true, expected: "a window number")
            ]),
          make: { .closeWindow($0.number(0)) },
          values: { command in
            guard case .closeWindow(let number) = command else { return nil }
            return [number.map(ArgumentValue.number)]
          }),
        CommandDefinition(
          CommandSyntax("rename", "Rename the active window.", arguments: [title]),
          make: { .renameWindow($0.title(0)!) },
          values: { command in
            guard case .renameWindow(let title) = command else { return nil }
            return [.title(title)]
          }),
        CommandDefinition(
          CommandSyntax(
            "move-pane", "Move the focused pane to a new tab of window N, and go there.",
            arguments: [windowNumber]),
          make: { .movePaneToWindow($0.number(0)!) },
          values: { command in
            guard case .movePaneToWindow(let number) = command else { return nil }
            return [.number(number)]
          }),
        CommandDefinition(
          CommandSyntax(
            "move-tab", "Move the tab holding the focused pane to window N, and go there.",
            arguments: [windowNumber]),
          make: { .moveTabToWindow($0.number(0)!) },
          values: { command in
            guard case .moveTabToWindow(let number) = command else { return nil }
            return [.number(number)]
          }),
        CommandDefinition(
          CommandSyntax(
            "at", "Run a command in window N without making it active.",
            arguments: [
              windowNumber,
              ArgumentSyntax(
                "COMMAND", [.windowCommand],
                expected: "a command that is not a window command, undo or redo"),
            ]),
          make: { .inWindow($0.number(0)!, $0.command(1)!) },
          values: { command in
            guard case .inWindow(let number, let inner) = command else { return nil }
            return [.number(number), .command(inner)]
          }),
      ],
      make: { values in
        switch values[0] {
        case .cycle(.next)?: .selectWindow(.next)
        case .cycle(.previous)?: .selectWindow(.previous)
        case .cycle(.last)?: .selectWindow(.last)
        default: .selectWindow(.number(values.number(0)!))
        }
      },
      values: { command in
        guard case .selectWindow(let target) = command else { return nil }
        return switch target {
        case .number(let number): [.number(number)]
        case .next: [.cycle(.next)]
        case .previous: [.cycle(.previous)]
        case .last: [.cycle(.last)]
        }
      })
  ]
}
