import Workspace

/// The help of one `wsctl` command word, printed from its ``CommandSyntax``: for the grammar's
/// commands the entry of ``CommandGrammar``, for the tool's own the entries below.
struct CommandHelp {
  let syntax: CommandSyntax

  /// The command's word.
  var name: String { syntax.word }
  /// The usage line after `wsctl [options]`, generated from the syntax.
  var usage: String { syntax.usage }
  /// The one-line summary.
  var abstract: String { syntax.summary }

  /// The help text, as `wsctl help NAME` and `wsctl NAME --help` print it.
  var text: String {
    var lines = ["usage: wsctl [options] \(usage)", "", abstract]
    if !syntax.help.isEmpty {
      lines.append("")
      lines.append("arguments:")
      let width = syntax.help.map(\.name.count).max() ?? 0
      for argument in syntax.help {
        lines.append(
          "  " + argument.name + String(repeating: " ", count: width - argument.name.count + 2)
            + argument.meaning)
      }
    }
    for paragraph in syntax.discussion {
      lines.append("")
      lines += paragraph.wrapped(to: 78)
    }
    lines += ["", "example:", "  wsctl \(syntax.example)"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help of every command word, workspace commands first, in the order `wsctl --help`
  /// lists them.
  static let all: [CommandHelp] = workspaceCommands + toolCommands

  /// The help of a command word, or `nil`.
  static func named(_ name: String) -> CommandHelp? {
    all.first { $0.name == name }
  }

  /// The commands of the workspace grammar (shared with deep links), from its table; `template`
  /// with the two subcommands `wsctl` adds, which print rather than change.
  static let workspaceCommands = CommandGrammar.commands.map { syntax in
    CommandHelp(syntax: syntax.word == "template" ? withInspections(syntax) : syntax)
  }

  /// `template` with `wsctl`'s `template list`, `template show NAME` and `template export
  /// FILE [NAME]...`.
  private static func withInspections(_ template: CommandSyntax) -> CommandSyntax {
    let name = ArgumentSyntax("NAME", [.templateName], expected: "a template name")
    return CommandSyntax(
      template.word, template.summary + " List, show and export them.",
      arguments: template.arguments,
      subcommands: template.subcommands + [
        CommandSyntax("list", "List the templates: names, tab titles, parameters."),
        CommandSyntax(
          "show", "Print a template's tree (with --json, as the files store it).",
          arguments: [name]),
        CommandSyntax(
          "export", "Write templates (default all) to a templates file, as --from reads it.",
          arguments: [
            ArgumentSyntax("FILE", [.file], expected: "a file name"),
            ArgumentSyntax(
              "NAME", [.templateName], isOptional: true, isRepeated: true,
              expected: "a template name"),
          ],
          options: [CommandOption("--force")]),
      ],
      options: template.options,
      help: template.help + [
        ArgumentHelp(
          "FILE", "export: the file to write ('-': standard output; --force replaces one)"),
        ArgumentHelp(
          "--from FILE", "list, show, apply and export the templates of a templates file"),
      ],
      discussion: template.discussion, example: template.example)
  }

  /// The commands `wsctl` adds: inspection and maintenance, described like the grammar's.
  static let toolCommands: [CommandHelp] = [
    CommandSyntax(
      "show", "Draw the active tab as boxes: pane numbers, titles, top routes, focus marked.",
      options: [
        CommandOption("--size", value: ArgumentSyntax("WxH", [.size])), CommandOption("--ascii"),
      ],
      help: [
        ArgumentHelp("--size WxH", "the drawing size, 1 to 1000 each way (default: the terminal)"),
        ArgumentHelp("--ascii", "ASCII instead of box-drawing characters"),
      ],
      example: "show --size 80x24"),
    CommandSyntax("tree", "Print the whole tree with ids, kinds and routes."),
    CommandSyntax(
      "routes", "Print a router's stack and modal (default the focused pane's).",
      arguments: [ArgumentSyntax("N|%ID", [.paneReference, .nodeID], isOptional: true)],
      help: [ArgumentHelp("N|%ID", "a pane number, or the id of any node that owns a router")],
      example: "routes 2"),
    CommandSyntax(
      "layout", "Print every visible pane's rectangle at a size.",
      arguments: [ArgumentSyntax("WxH", [.size])],
      help: [ArgumentHelp("WxH", "the size, such as 120x40")], example: "layout 120x40"),
    CommandSyntax("history", "List the undo and redo entries."),
    CommandSyntax(
      "open", "Run the commands of a deep link.", arguments: [ArgumentSyntax("URL", [.link])],
      help: [ArgumentHelp("URL", "scheme://workspace/word/word...")],
      example: "open 'myapp://workspace/focus/2/push/detail:7'"),
    CommandSyntax(
      "validate", "Check the file and print every diagnostic; exit 65 if it is not clean.",
      example: "-f workspace.json validate"),
    CommandSyntax(
      "init", "Write the default workspace to the file.", options: [CommandOption("--force")],
      help: [ArgumentHelp("--force", "overwrite an existing file (kept as the backup)")]),
    CommandSyntax(
      "migrate",
      "Rewrite an older or repaired file in the current format; a file already so is left alone.",
      example: "-f old.json migrate"),
    CommandSyntax(
      "restore-backup",
      "Replace the file with its backup (the file is kept as FILE.before-restore).",
      options: [CommandOption("--force")],
      help: [ArgumentHelp("--force", "restore even while a host is live for the file")],
      discussion: [
        "While a host is live for the file, restore-backup is refused (exit 1), naming the "
          + "host's pid: the host would adopt the older backup, and its own saved changes "
          + "would be gone from the file and from the host. Stop the host first, or give "
          + "--force to restore anyway."
      ]),
    CommandSyntax(
      "status",
      "Say whether a host is live for the file, its pid, or why none is (exit 0; 75 for a host"
        + " that does not answer).",
      example: "status --json"),
    CommandSyntax(
      "watch",
      "Print every change as it happens, one line each, until interrupted or the host exits.",
      example: "watch --json"),
    CommandSyntax(
      "completions", "Print a shell completion script.",
      arguments: [ArgumentSyntax("bash|zsh|fish", [.shell])],
      help: [ArgumentHelp("SHELL", "bash, zsh or fish")],
      example: "completions bash > /etc/bash_completion.d/wsctl"),
    CommandSyntax(
      "help", "Print help for the tool or a command.",
      arguments: [ArgumentSyntax("COMMAND", [.commandWord], isOptional: true)],
      help: [ArgumentHelp("COMMAND", "a command word")], example: "help split"),
  ].map(CommandHelp.init)
}
