import PaneRouter

extension CommandGrammar {
  /// How templates work, for the help of `template`.
  static let templateDiscussion = [
    "Titles and route arguments may hold {name} placeholders (route detail:{id}, title "
      + "'{repo} review'); {{ and }} are literal braces. 'apply' needs a value for every "
      + "placeholder and no other (exit 64 naming it); a value is the argument's text, so "
      + "any value is one argument. The new tab opens in the nearest tabs container, focused, "
      + "as one undoable change.",
    "Templates are saved in the workspace file; saving or removing one is not recorded for "
      + "undo. 'save' refuses a name that exists unless --force. With --from FILE, list, show "
      + "and apply read a templates file instead (docs/FORMAT.md).",
  ]

  /// `template` and its subcommands.
  static let templateCommands: [CommandDefinition] = [
    CommandDefinition(
      CommandSyntax(
        "template", "Save the active tab as a named template, apply one as a new tab, remove one.",
        help: [
          ArgumentHelp("NAME", "letters, digits, '_', '-' and '.' in any script"),
          ArgumentHelp(
            "--node N|%ID|MARK", "save that pane or node's subtree instead of the tab"),
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
                  "N|%ID|MARK", [.paneReference],
                  expected: "a pane number, a node id such as %7, a mark or last")),
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
      values: { _ in nil })
  ]
}
