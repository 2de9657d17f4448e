/// The help of one `wsctl` command word: usage line, one-line abstract, arguments, example.
struct CommandHelp {
  let name: String
  let usage: String
  let abstract: String
  let arguments: [(String, String)]
  let example: String

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
      name: "focus", usage: "focus N|%ID|[wrap] left|right|up|down|next|prev|last",
      abstract:
        "Focus a pane by number, id, direction, reading order or most recent use. A direction "
        + "follows the rectangles drawn at the layout size (see 'show'): the pane touching "
        + "that edge, the most recently used of several. At the edge it is refused (exit 1) "
        + "unless 'wrap' goes on from the opposite side, as tmux does.",
      arguments: [
        pane, direction, ("wrap", "at the edge, wrap around to the far side"),
        ("next|prev", "the next or previous pane in reading order"),
        ("last", "the pane focused before this one"),
      ],
      example: "wsctl focus 2 push detail:7"),
    CommandHelp(
      name: "split", usage: "split h|v [RATIO] [ROUTE]",
      abstract:
        "Split the focused pane: h puts the new pane beside it, v below it; the new pane gets "
        + "focus. Refused (exit 1, 'no space for new pane') if a pane would end up smaller than "
        + "the minimum pane size at the layout size (see 'minimum-size').",
      arguments: [
        ("h|v", "side by side or stacked"),
        ("RATIO", "the new pane's share, such as 0.3 or 30% (default 0.5)"), route,
      ],
      example: "wsctl split h 30% search:inbox"),
    CommandHelp(
      name: "close", usage: "close [N|%ID]",
      abstract: "Close a pane (default the focused one); its siblings take its space.",
      arguments: [pane], example: "wsctl close 2"),
    CommandHelp(
      name: "tab",
      usage:
        "tab new [TITLE] [ROUTE] | tab N|next|prev|last | tab close [N] | tab move N | tab rename TITLE",
      abstract: "Open, select, close, move or rename tabs of the nearest tabs container.",
      arguments: [("N", "a 1-based tab number"), ("TITLE", "a tab title"), route],
      example: "wsctl tab new Notes notes"),
    CommandHelp(
      name: "swap", usage: "swap left|right|up|down|N|%ID",
      abstract: "Exchange the focused pane with a neighbour or another pane.",
      arguments: [direction, pane], example: "wsctl swap right"),
    CommandHelp(
      name: "move", usage: "move left|right|up|down",
      abstract: "Move the focused pane one place in a direction, into the neighbouring position.",
      arguments: [direction], example: "wsctl move down"),
    CommandHelp(
      name: "resize", usage: "resize left|right|up|down AMOUNT",
      abstract:
        "Move an edge of the focused pane towards DIRECTION: the edge on that side if a pane "
        + "lies there (the pane grows), else the opposite edge (it shrinks) - 'resize left' "
        + "grows a middle pane leftwards, where tmux's resize-pane -L would shrink it. The "
        + "edge belongs to the nearest split of that axis with a pane on that side; a "
        + "percentage is of that split's length. The pane that shrinks stops at the minimum "
        + "pane size; already there, it is refused (exit 1).",
      arguments: [
        direction,
        ("AMOUNT", "cells at the layout size (5), or a share of the split (0.1 or 10%)"),
      ],
      example: "wsctl resize right 10%"),
    CommandHelp(
      name: "minimum-size", usage: "minimum-size WxH|default",
      abstract:
        "Set the workspace's minimum pane size (saved in the file; default 6x3): the layout "
        + "gives every pane at least this where it fits, split refuses to go below it and "
        + "resize stops at it.",
      arguments: [("WxH", "width and height, each 1 to 10000"), ("default", "back to 6x3")],
      example: "wsctl minimum-size 20x5"),
    CommandHelp(
      name: "equalize", usage: "equalize",
      abstract: "Give every visible split's children equal shares.",
      arguments: [], example: "wsctl equalize"),
    CommandHelp(
      name: "zoom", usage: "zoom", abstract: "Toggle showing the focused pane alone.",
      arguments: [], example: "wsctl zoom"),
    CommandHelp(
      name: "rename", usage: "rename TITLE", abstract: "Rename the focused pane.",
      arguments: [("TITLE", "the new title (one word; quote it in the shell)")],
      example: "wsctl rename 'Release notes'"),
    CommandHelp(
      name: "push", usage: "push ROUTE...",
      abstract: "Push routes onto the focused pane's router, all or nothing.",
      arguments: [route], example: "wsctl push detail:7 reply"),
    CommandHelp(
      name: "pop", usage: "pop [N]", abstract: "Pop N routes (default 1), never the root.",
      arguments: [("N", "how many routes")], example: "wsctl pop 2"),
    CommandHelp(
      name: "pop-to", usage: "pop-to ROUTE",
      abstract: "Pop back to the first occurrence of a route.",
      arguments: [route], example: "wsctl pop-to inbox"),
    CommandHelp(
      name: "pop-to-last", usage: "pop-to-last ROUTE",
      abstract: "Pop back to the last occurrence of a route.",
      arguments: [route], example: "wsctl pop-to-last detail:7"),
    CommandHelp(
      name: "root", usage: "root", abstract: "Pop to the root and dismiss any modal.",
      arguments: [], example: "wsctl root"),
    CommandHelp(
      name: "replace", usage: "replace ROUTE...",
      abstract: "Replace the whole stack, root included.",
      arguments: [route], example: "wsctl replace inbox detail:7"),
    CommandHelp(
      name: "replace-top", usage: "replace-top ROUTE", abstract: "Replace the top route.",
      arguments: [route], example: "wsctl replace-top detail:8"),
    CommandHelp(
      name: "present", usage: "present sheet|cover ROUTE",
      abstract: "Present a modal whose route is the root of its own stack.",
      arguments: [("sheet|cover", "the modal style"), route], example: "wsctl present sheet compose"
    ),
    CommandHelp(
      name: "dismiss", usage: "dismiss", abstract: "Close the modal if one is up, else pop.",
      arguments: [], example: "wsctl dismiss"),
    CommandHelp(
      name: "dismiss-all", usage: "dismiss-all", abstract: "Close any modal, keeping the stack.",
      arguments: [], example: "wsctl dismiss-all"),
    CommandHelp(
      name: "set-path", usage: "set-path [ROUTE...]",
      abstract: "Set the stack below the root, as a NavigationStack path binding writes it.",
      arguments: [route], example: "wsctl set-path detail:7 reply"),
    CommandHelp(
      name: "set-modal-path", usage: "set-modal-path [ROUTE...]",
      abstract: "Set the presented modal's stack below its root.",
      arguments: [route], example: "wsctl set-modal-path draft:2"),
    CommandHelp(
      name: "at", usage: "at %ID OPERATION",
      abstract:
        "Run a router operation (push, pop, ...) on another node's router, such as a tab's.",
      arguments: [
        ("%ID", "the id of the node that owns the router ('wsctl tree' lists ids)"),
        ("OPERATION", "a router command: push, pop, pop-to, root, replace, present, ..."),
      ],
      example: "wsctl at %1 push settings"),
    CommandHelp(
      name: "undo", usage: "undo [N]", abstract: "Undo the last N recorded changes (default 1).",
      arguments: [("N", "how many changes")], example: "wsctl undo"),
    CommandHelp(
      name: "redo", usage: "redo [N]", abstract: "Redo the last N undone changes (default 1).",
      arguments: [("N", "how many changes")], example: "wsctl redo 2"),
  ]

  /// The commands `wsctl` adds: inspection and maintenance.
  static let toolCommands: [CommandHelp] = [
    CommandHelp(
      name: "show", usage: "show [--size WxH] [--ascii]",
      abstract:
        "Draw the active tab as boxes: pane numbers, titles, top routes, focus marked. The "
        + "file records the area the panes were drawn in (when it changed and the file can be "
        + "written; never an error), and later directional focus, split and resize measure "
        + "there.",
      arguments: [
        ("--size WxH", "the drawing size, 1 to 1000 each way (default: the terminal)"),
        ("--ascii", "ASCII instead of box-drawing characters"),
      ],
      example: "wsctl show --size 80x24"),
    CommandHelp(
      name: "tree", usage: "tree", abstract: "Print the whole tree with ids, kinds and routes.",
      arguments: [], example: "wsctl tree"),
    CommandHelp(
      name: "routes", usage: "routes [N|%ID]",
      abstract: "Print a router's stack and modal (default the focused pane's).",
      arguments: [("N|%ID", "a pane number, or the id of any node that owns a router")],
      example: "wsctl routes 2"),
    CommandHelp(
      name: "layout", usage: "layout WxH",
      abstract: "Print every visible pane's rectangle at a size.",
      arguments: [("WxH", "the size, such as 120x40")], example: "wsctl layout 120x40"),
    CommandHelp(
      name: "history", usage: "history", abstract: "List the undo and redo entries.",
      arguments: [], example: "wsctl history"),
    CommandHelp(
      name: "open", usage: "open URL", abstract: "Run the commands of a deep link.",
      arguments: [("URL", "scheme://workspace/word/word...")],
      example: "wsctl open 'myapp://workspace/focus/2/push/detail:7'"),
    CommandHelp(
      name: "validate", usage: "validate",
      abstract: "Check the file and print every diagnostic; exit 65 if it is not clean.",
      arguments: [], example: "wsctl -f workspace.json validate"),
    CommandHelp(
      name: "init", usage: "init [--force]", abstract: "Write the default workspace to the file.",
      arguments: [("--force", "overwrite an existing file (kept as the backup)")],
      example: "wsctl init"),
    CommandHelp(
      name: "migrate", usage: "migrate",
      abstract:
        "Rewrite an older or repaired file in the current format; a file already so is left alone.",
      arguments: [], example: "wsctl -f old.json migrate"),
    CommandHelp(
      name: "restore-backup", usage: "restore-backup",
      abstract: "Replace the file with its backup (the file is kept as FILE.before-restore).",
      arguments: [], example: "wsctl restore-backup"),
    CommandHelp(
      name: "completions", usage: "completions bash|zsh|fish",
      abstract: "Print a shell completion script.",
      arguments: [("SHELL", "bash, zsh or fish")],
      example: "wsctl completions bash > /etc/bash_completion.d/wsctl"),
    CommandHelp(
      name: "help", usage: "help [COMMAND]", abstract: "Print help for the tool or a command.",
      arguments: [("COMMAND", "a command word")], example: "wsctl help split"),
  ]
}
