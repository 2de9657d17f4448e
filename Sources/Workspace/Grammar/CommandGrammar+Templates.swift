import PaneRouter

extension CommandGrammar {
  /// How templates work, for the help of `template`.
  static let templateDiscussion = [
    "Titles and route arguments may hold {name} placeholders (route detail:{id}, title "
      + "'{repo} review'); {{ and }} are literal braces. 'apply' needs a value for every "
      + "placeholder and no other (exit 64 naming it); a value is the argument's text, so "
      + "any value is one argument. The new tab opens in the nearest tabs container, focused, "
      + "as one undoable change. A workspace template (a layout file's 'tabs') opens each of its "
      + "tabs. With --reconcile the template is applied onto the active tab instead, as Zellij's "
      + "override-layout: panes it names by title stay, with their routers and ids.",
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
          ArgumentHelp(
            "--reconcile",
            "apply onto the active tab (a workspace template: the workspace): keep the panes it "
              + "names (by mark, then title), open the missing, close the rest"),
          ArgumentHelp(
            "--keep",
            "reconcile, keeping the panes it does not name beside it (implies --reconcile)"),
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
            ],
            options: [CommandOption("--reconcile"), CommandOption("--keep")]),
          make: { values in
            let (name, parameters) = (values.templateName(0)!, values.parameters(1))
            guard values.flag(2) || values.flag(3) else {
              return .applyTemplate(name, parameters: parameters)
            }
            return .reconcileTemplate(name, parameters: parameters, keepingOthers: values.flag(3))
          },
          values: { command in
            func spelled(
              _ name: String, _ parameters: [String: String], reconcile: Bool = false,
              keep: Bool = false
            ) -> [ArgumentValue?] {
              [
                .templateName(name), parameters.isEmpty ? nil : .parameters(parameters),
                reconcile ? .flag : nil, keep ? .flag : nil,
              ]
            }
            switch command {
            case .applyTemplate(let name, let parameters): return spelled(name, parameters)
            case .openTemplate(let template, let parameters):
              return spelled(template.name, parameters)
            case .reconcileTemplate(let name, let parameters, let keep):
              return spelled(name, parameters, reconcile: true, keep: keep)
            case .reconcileWithTemplate(let template, let parameters, let keep):
              return spelled(template.name, parameters, reconcile: true, keep: keep)
            default: return nil
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
