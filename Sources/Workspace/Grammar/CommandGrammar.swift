/// The workspace grammar as a table: every command's word, summary and argument kinds.
///
/// It is the one description that help, usage lines and shell completion read; a test keeps
/// it and ``CommandParser`` in step (every word the parser accepts is here, and only those).
///
///     CommandGrammar.command("split")?.usage  // "split h|v [RATIO] [ROUTE]"
public enum CommandGrammar {
  private static let pane = ArgumentSyntax("N|%ID", [.paneReference])
  private static let direction = ArgumentSyntax("left|right|up|down", [.direction])
  private static let route = ArgumentSyntax("ROUTE", [.route])
  private static let routes = ArgumentSyntax("ROUTE", [.route], isRepeated: true)
  private static let count = ArgumentSyntax("N", [.count], isOptional: true)
  private static let title = ArgumentSyntax("TITLE", [.title])

  /// The commands, in the order help lists them.
  public static let commands: [CommandSyntax] = [
    CommandSyntax(
      "focus", "Focus a pane by number, id, direction, reading order or most recent use.",
      arguments: [
        ArgumentSyntax(
          "N|%ID|left|right|up|down|next|prev|last", [.paneReference, .direction, .cycle])
      ],
      subcommands: [
        CommandSyntax(
          "wrap", "Focus the neighbour that way, wrapping around at the edge.",
          arguments: [direction])
      ]),
    CommandSyntax(
      "split",
      "Split the focused pane: h puts the new pane beside it, v below it; the new pane gets "
        + "focus, if there is room.",
      arguments: [
        ArgumentSyntax("h|v", [.axis]), ArgumentSyntax("RATIO", [.ratio], isOptional: true),
        ArgumentSyntax("ROUTE", [.route], isOptional: true),
      ]),
    CommandSyntax(
      "close", "Close a pane (default the focused one); its siblings take its space.",
      arguments: [ArgumentSyntax("N|%ID", [.paneReference], isOptional: true)]),
    CommandSyntax(
      "tab", "Open, select, close, move or rename tabs of the nearest tabs container.",
      arguments: [ArgumentSyntax("N|next|prev|last", [.tabNumber, .cycle])],
      subcommands: [
        CommandSyntax(
          "new", "Open a tab.",
          arguments: [
            ArgumentSyntax("TITLE", [.title], isOptional: true),
            ArgumentSyntax("ROUTE", [.route], isOptional: true),
          ]),
        CommandSyntax(
          "close", "Close a tab (default the selected one).",
          arguments: [ArgumentSyntax("N", [.tabNumber], isOptional: true)]),
        CommandSyntax(
          "move", "Move the selected tab to a position.",
          arguments: [ArgumentSyntax("N", [.tabNumber])]),
        CommandSyntax("rename", "Rename the selected tab.", arguments: [title]),
      ]),
    CommandSyntax(
      "swap", "Exchange the focused pane with a neighbour or another pane.",
      arguments: [ArgumentSyntax("left|right|up|down|N|%ID", [.direction, .paneReference])]),
    CommandSyntax(
      "move", "Move the focused pane one place in a direction, into the neighbouring position.",
      arguments: [direction]),
    CommandSyntax(
      "resize", "Move an edge of the focused pane by cells or a share of its split.",
      arguments: [direction, ArgumentSyntax("AMOUNT", [.count, .ratio])]),
    CommandSyntax("equalize", "Give every visible split's children equal shares."),
    CommandSyntax("zoom", "Toggle showing the focused pane alone."),
    CommandSyntax("rename", "Rename the focused pane.", arguments: [title]),
    CommandSyntax(
      "minimum-size", "Set the workspace's minimum pane size, or go back to the default.",
      arguments: [ArgumentSyntax("WxH|default", [.size, .defaultSetting])]),
    CommandSyntax(
      "push", "Push routes onto the focused pane's router, all or nothing.", arguments: [routes]),
    CommandSyntax("pop", "Pop N routes (default 1), never the root.", arguments: [count]),
    CommandSyntax(
      "pop-to", "Pop back to the first occurrence of a route.",
      arguments: [ArgumentSyntax("ROUTE", [.routeInStack])]),
    CommandSyntax(
      "pop-to-last", "Pop back to the last occurrence of a route.",
      arguments: [ArgumentSyntax("ROUTE", [.routeInStack])]),
    CommandSyntax("root", "Pop to the root and dismiss any modal."),
    CommandSyntax("replace", "Replace the whole stack, root included.", arguments: [routes]),
    CommandSyntax("replace-top", "Replace the top route.", arguments: [route]),
    CommandSyntax(
      "present", "Present a modal whose route is the root of its own stack.",
      arguments: [ArgumentSyntax("sheet|cover", [.modalStyle]), route]),
    CommandSyntax("dismiss", "Close the modal if one is up, else pop."),
    CommandSyntax("dismiss-all", "Close any modal, keeping the stack."),
    CommandSyntax(
      "finish",
      "Finish the modal's flow with a result: close it and hand the result to its presenter.",
      arguments: [route]),
    CommandSyntax(
      "set-path", "Set the stack below the root, as a NavigationStack path binding writes it.",
      arguments: [ArgumentSyntax("ROUTE", [.route], isOptional: true, isRepeated: true)]),
    CommandSyntax(
      "set-modal-path", "Set the presented modal's stack below its root.",
      arguments: [ArgumentSyntax("ROUTE", [.route], isOptional: true, isRepeated: true)]),
    CommandSyntax(
      "at", "Run a router operation (push, pop, ...) on another node's router, such as a tab's.",
      arguments: [
        ArgumentSyntax("%ID", [.nodeID]), ArgumentSyntax("OPERATION", [.routerOperation]),
      ]),
    CommandSyntax("undo", "Undo the last N recorded changes (default 1).", arguments: [count]),
    CommandSyntax("redo", "Redo the last N undone changes (default 1).", arguments: [count]),
  ]

  /// The words of the router operations, which `at %ID` runs on another node's router.
  public static let routerOperationWords: [String] = [
    "push", "pop", "pop-to", "pop-to-last", "root", "replace", "replace-top", "present",
    "dismiss", "dismiss-all", "finish", "set-path", "set-modal-path",
  ]

  /// The command with a word, or `nil`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of commands.
  public static func command(_ word: String) -> CommandSyntax? {
    commands.first { $0.word == word }
  }
}
