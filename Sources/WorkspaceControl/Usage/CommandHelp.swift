import Workspace

/// The help of one `wsctl` command word, printed from its ``CommandSyntax``: for the grammar's
/// commands the entry of ``CommandGrammar``, for the tool's own that of ``ToolCommand``.
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
  /// FILE [NAME]...` (of ``ToolCommand/all``).
  private static func withInspections(_ template: CommandSyntax) -> CommandSyntax {
    CommandSyntax(
      template.word, template.summary + " List, show and export them.",
      arguments: template.arguments,
      subcommands: template.subcommands
        + ToolCommand.all.filter { $0.parent == template.word }.map(\.syntax),
      options: template.options,
      help: template.help + [
        ArgumentHelp(
          "FILE", "export: the file to write ('-': standard output; --force replaces one)"),
        ArgumentHelp(
          "--from FILE", "list, show, apply and export the templates of a templates file"),
      ],
      discussion: template.discussion, example: template.example)
  }

  /// The commands `wsctl` adds: inspection and maintenance, described like the grammar's (in
  /// ``ToolCommand/all``).
  static let toolCommands = ToolCommand.topLevel.map { CommandHelp(syntax: $0.syntax) }
}
