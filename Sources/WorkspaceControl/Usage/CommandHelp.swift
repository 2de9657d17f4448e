import Workspace

/// The help of one `wsctl` command word: its syntax (word, summary, argument kinds; for the
/// grammar's commands, the row of ``CommandGrammar``), what each argument means, an example.
struct CommandHelp {
  let syntax: CommandSyntax
  let arguments: [(String, String)]
  let example: String
  /// Paragraphs printed after the arguments, such as what `undo` covers.
  var discussion: [String] = []

  /// The command's word.
  var name: String { syntax.word }
  /// The usage line after `wsctl [options]`, generated from the syntax.
  var usage: String { syntax.usage }
  /// The one-line summary.
  var abstract: String { syntax.summary }

  /// The help of a command of the grammar, whose syntax comes from ``CommandGrammar``.
  init(
    _ word: String, arguments: [(String, String)], example: String, discussion: [String] = []
  ) {
    guard let syntax = CommandGrammar.command(word) else {
      preconditionFailure("'\(word)' is not in CommandGrammar.commands")
    }
    self.init(syntax: syntax, arguments: arguments, example: example)
    self.discussion = discussion
  }

  /// What undo and redo cover, for their help and zoom's.
  private static let undoCoverage = [
    "Undo covers edits: every command that changes the tree, titles, weights, routers or "
      + "zoom; the commands of one call are one entry. Zoom is an entry of its own (zoom, "
      + "then undo, only unzooms), and an entry puts zoom back only if it changed zoom, so "
      + "undoing a push never also undoes a later zoom.",
    "Focus and tab selection are a cursor, not edits: 'focus' and 'tab N|next|prev|last' "
      + "alone are not recorded and keep the redo list. A command that changes nothing "
      + "('root' at the root, 'focus 1' on pane 1) records nothing.",
  ]

  /// The help of one of the tool's own commands.
  init(
    syntax: CommandSyntax, arguments: [(String, String)], example: String,
    discussion: [String] = []
  ) {
    self.syntax = syntax
    self.arguments = arguments
    self.example = example
    self.discussion = discussion
  }

  /// The help text, as `wsctl help NAME` and `wsctl NAME --help` print it.
  var text: String {
    var lines = ["usage: wsctl [options] \(usage)", "", abstract]
    if !arguments.isEmpty {
      lines.append("")
      lines.append("arguments:")
      let width = arguments.map(\.0.count).max() ?? 0
      for (name, meaning) in arguments {
        lines.append("  " + name + String(repeating: " ", count: width - name.count + 2) + meaning)
      }
    }
    for paragraph in discussion {
      lines.append("")
      lines += paragraph.wrapped(to: 78)
    }
    lines += ["", "example:", "  \(example)"]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The help of every command word, workspace commands first, in the order `wsctl --help`
  /// lists them.
  static let all: [CommandHelp] = workspaceCommands + toolCommands

  /// The help of a command word, or `nil`.
  static func named(_ name: String) -> CommandHelp? {
    all.first { $0.name == name }
  }

  private static let pane = ("N|%ID", "a pane number (as 'show' draws it) or a pane id")
  private static let direction = ("DIRECTION", "left, right, up or down")
  private static let route = (
    "ROUTE", "a route token such as detail:7 (write =NAME for a route named like a command)"
  )

  /// The commands of the workspace grammar (shared with deep links).
  static let workspaceCommands: [CommandHelp] = [
    CommandHelp(
      "focus",
      arguments: [
        pane, direction, ("wrap", "at the edge, go on from the opposite side"),
        ("next|prev", "the next or previous pane in reading order"),
        ("last", "the pane focused before this one"),
      ],
      example: "wsctl focus 2 push detail:7",
      discussion: [
        "A direction follows the rectangles as drawn at the layout size (--size, else the "
          + "size the file records, which 'show' and hosts record, else the terminal's): the "
          + "pane whose edge touches that side, the most recently used of several, then the "
          + "lowest number.",
        "At the edge it is refused (exit 1), so a script can pass the key on; 'focus wrap "
          + "left' goes on from the opposite side instead, as tmux does.",
      ]),
    CommandHelp(
      "split",
      arguments: [
        ("h|v", "side by side or stacked"),
        ("RATIO", "the new pane's share, such as 0.3 or 30% (default 0.5)"), route,
      ],
      example: "wsctl split h 30% search:inbox",
      discussion: [
        "Refused (exit 1, 'no space for new pane', as tmux) if a pane would end up smaller "
          + "than the minimum pane size (6x3 unless 'minimum-size' set another) at the layout "
          + "size; the split's other panes give way while their minimums fit."
      ]),
    CommandHelp(
      "close", arguments: [pane], example: "wsctl close 2"),
    CommandHelp(
      "tab", arguments: [("N", "a 1-based tab number"), ("TITLE", "a tab title"), route],
      example: "wsctl tab new Notes notes"),
    CommandHelp(
      "swap", arguments: [direction, pane], example: "wsctl swap right"),
    CommandHelp(
      "move", arguments: [direction], example: "wsctl move down"),
    CommandHelp(
      "resize",
      arguments: [
        direction,
        ("AMOUNT", "cells at the layout size (5), or a share of the split (0.1 or 10%)"),
      ],
      example: "wsctl resize right 10%",
      discussion: [
        "Which edge moves: the focused pane's edge on DIRECTION's side if a pane lies there "
          + "(the pane grows), else its opposite edge (it shrinks). So 'resize left' grows a "
          + "middle pane to the left, where tmux's resize-pane -L would shrink it.",
        "Of which split: the nearest split of that axis with a pane on that side. A ratio or "
          + "percentage is of that split's length, rounded to whole cells (at least one).",
        "The pane (or group of panes) that shrinks stops at its minimum size; if it is "
          + "already there, the resize is refused (exit 1) and names it.",
      ]),
    CommandHelp(
      "minimum-size",
      arguments: [("WxH", "width and height, each 1 to 10000"), ("default", "6x3")],
      example: "wsctl minimum-size 20x5",
      discussion: [
        "Saved in the file. The layout gives every pane at least this where the panes fit, "
          + "split refuses to go below it and resize stops at it. Not recorded in the history."
      ]),
    CommandHelp(
      "equalize", arguments: [], example: "wsctl equalize"),
    CommandHelp(
      "zoom", arguments: [], example: "wsctl zoom",
      discussion: ["A zoom is recorded: 'wsctl undo' after it only unzooms."]),
    CommandHelp(
      "rename", arguments: [("TITLE", "the new title (one word; quote it in the shell)")],
      example: "wsctl rename 'Release notes'"),
    CommandHelp(
      "push", arguments: [route], example: "wsctl push detail:7 reply"),
    CommandHelp(
      "pop", arguments: [("N", "how many routes")], example: "wsctl pop 2"),
    CommandHelp(
      "pop-to", arguments: [route], example: "wsctl pop-to inbox"),
    CommandHelp(
      "pop-to-last", arguments: [route], example: "wsctl pop-to-last detail:7"),
    CommandHelp(
      "root", arguments: [], example: "wsctl root"),
    CommandHelp(
      "replace", arguments: [route], example: "wsctl replace inbox detail:7"),
    CommandHelp(
      "replace-top", arguments: [route], example: "wsctl replace-top detail:8"),
    CommandHelp(
      "present", arguments: [("sheet|cover", "the modal style"), route],
      example: "wsctl present sheet compose"
    ),
    CommandHelp(
      "dismiss", arguments: [], example: "wsctl dismiss"),
    CommandHelp(
      "dismiss-all", arguments: [], example: "wsctl dismiss-all"),
    CommandHelp(
      "finish", arguments: [("ROUTE", "the result the flow finished with")],
      example: "wsctl finish attachment:3",
      discussion: [
        "The result is a route token handed to the router that presented the modal: a running "
          + "host hears it with that node's id, and '--json' lists it under \"results\". "
          + "Refused (exit 1) when no modal is presented, so a flow finishes once.",
        "'undo' brings the flow back as it was; the file records no result (the presenter "
          + "reacts in the same change, and what it does with the result is saved).",
      ]),
    CommandHelp(
      "set-path", arguments: [route], example: "wsctl set-path detail:7 reply"),
    CommandHelp(
      "set-modal-path", arguments: [route], example: "wsctl set-modal-path draft:2"),
    CommandHelp(
      "at",
      arguments: [
        ("%ID", "the id of the node that owns the router ('wsctl tree' lists ids)"),
        ("OPERATION", "a router command: push, pop, pop-to, root, replace, present, ..."),
      ],
      example: "wsctl at %1 push settings"),
    CommandHelp(
      "undo", arguments: [("N", "how many changes")], example: "wsctl undo",
      discussion: undoCoverage),
    CommandHelp(
      "redo", arguments: [("N", "how many changes")], example: "wsctl redo 2",
      discussion: undoCoverage),
  ]

  /// The commands `wsctl` adds: inspection and maintenance, described like the grammar's.
  static let toolCommands: [CommandHelp] = [
    CommandHelp(
      syntax: CommandSyntax(
        "show", "Draw the active tab as boxes: pane numbers, titles, top routes, focus marked.",
        options: [
          CommandOption("--size", value: ArgumentSyntax("WxH", [.size])), CommandOption("--ascii"),
        ]),
      arguments: [
        ("--size WxH", "the drawing size, 1 to 1000 each way (default: the terminal)"),
        ("--ascii", "ASCII instead of box-drawing characters"),
      ],
      example: "wsctl show --size 80x24",
      discussion: [
        "The file records the area the panes were drawn in (below the tab bars), so later "
          + "directional focus, split and resize measure on this picture. Only when it "
          + "changed, never for a missing file, a busy lock, --dry-run or a file that cannot "
          + "be written, and never as an error; the backup is left as it was."
      ]),
    CommandHelp(
      syntax: CommandSyntax("tree", "Print the whole tree with ids, kinds and routes."),
      arguments: [], example: "wsctl tree"),
    CommandHelp(
      syntax: CommandSyntax(
        "routes", "Print a router's stack and modal (default the focused pane's).",
        arguments: [ArgumentSyntax("N|%ID", [.paneReference, .nodeID], isOptional: true)]),
      arguments: [("N|%ID", "a pane number, or the id of any node that owns a router")],
      example: "wsctl routes 2"),
    CommandHelp(
      syntax: CommandSyntax(
        "layout", "Print every visible pane's rectangle at a size.",
        arguments: [ArgumentSyntax("WxH", [.size])]),
      arguments: [("WxH", "the size, such as 120x40")], example: "wsctl layout 120x40"),
    CommandHelp(
      syntax: CommandSyntax("history", "List the undo and redo entries."),
      arguments: [], example: "wsctl history"),
    CommandHelp(
      syntax: CommandSyntax(
        "open", "Run the commands of a deep link.", arguments: [ArgumentSyntax("URL", [.link])]),
      arguments: [("URL", "scheme://workspace/word/word...")],
      example: "wsctl open 'myapp://workspace/focus/2/push/detail:7'"),
    CommandHelp(
      syntax: CommandSyntax(
        "validate", "Check the file and print every diagnostic; exit 65 if it is not clean."),
      arguments: [], example: "wsctl -f workspace.json validate"),
    CommandHelp(
      syntax: CommandSyntax(
        "init", "Write the default workspace to the file.", options: [CommandOption("--force")]),
      arguments: [("--force", "overwrite an existing file (kept as the backup)")],
      example: "wsctl init"),
    CommandHelp(
      syntax: CommandSyntax(
        "migrate",
        "Rewrite an older or repaired file in the current format; a file already so is left alone."
      ),
      arguments: [], example: "wsctl -f old.json migrate"),
    CommandHelp(
      syntax: CommandSyntax(
        "restore-backup",
        "Replace the file with its backup (the file is kept as FILE.before-restore)."),
      arguments: [], example: "wsctl restore-backup"),
    CommandHelp(
      syntax: CommandSyntax(
        "status", "Say whether a host is live for the file, and its pid (exit 0 either way)."),
      arguments: [], example: "wsctl status --json"),
    CommandHelp(
      syntax: CommandSyntax(
        "watch",
        "Print every change as it happens, one line each, until interrupted or the host exits."),
      arguments: [], example: "wsctl watch --json"),
    CommandHelp(
      syntax: CommandSyntax(
        "completions", "Print a shell completion script.",
        arguments: [ArgumentSyntax("bash|zsh|fish", [.shell])]),
      arguments: [("SHELL", "bash, zsh or fish")],
      example: "wsctl completions bash > /etc/bash_completion.d/wsctl"),
    CommandHelp(
      syntax: CommandSyntax(
        "help", "Print help for the tool or a command.",
        arguments: [ArgumentSyntax("COMMAND", [.commandWord], isOptional: true)]),
      arguments: [("COMMAND", "a command word")], example: "wsctl help split"),
  ]
}
