import PaneRouter

/// The workspace grammar as a table: every command's words, arguments and their kinds,
/// summary, help, and how its argument values make a ``WorkspaceCommand`` and come back from
/// one.
///
/// It is the only description of the commands: ``CommandParser`` reads words with it,
/// ``WorkspaceCommand/words`` spells commands with it (undo labels, `history`), and help,
/// usage lines and shell completion (``CommandCompleter``) read it. Adding a command is one
/// entry in its family's list (`CommandGrammar+Layout`, `+Floating`, `+Arrange`, `+Stacks`,
/// `+Routes`, `+Templates`, `+History`)
/// and one case in `WorkspaceState.apply(_:)`.
///
///     CommandGrammar.command("split")?.usage  // "split h|v [RATIO] [ROUTE]"
public enum CommandGrammar {
  static let fraction = "a ratio between 0 and 1 (0.3) or a percentage (30%)"
  static let direction = ArgumentSyntax(
    "left|right|up|down", [.direction], expected: "a direction, left|right|up|down")
  static let route = ArgumentSyntax("ROUTE", [.route], expected: "a route")
  static let routes = ArgumentSyntax(
    "ROUTE", [.route], isRepeated: true, expected: "a route")
  static let path = ArgumentSyntax(
    "ROUTE", [.route], isOptional: true, isRepeated: true, expected: "a route")
  static let routeInStack = ArgumentSyntax("ROUTE", [.routeInStack], expected: "a route")
  static let count = ArgumentSyntax(
    "N", [.count], isOptional: true, expected: "a positive count")
  static let title = ArgumentSyntax("TITLE", [.title], expected: "a title")
  static let templateName = ArgumentSyntax(
    "NAME", [.templateName], expected: "a template name")

  static let paneHelp = ArgumentHelp(
    "N|%ID|MARK|last",
    "a pane number (as 'show' draws it), a pane id, a mark, or last (the pane used before)")
  static let background = CommandOption("-d")
  static let directionHelp = ArgumentHelp("DIRECTION", "left, right, up or down")
  static let routeHelp = ArgumentHelp(
    "ROUTE", "a route token such as detail:7 (write =NAME for a route named like a command)")

  /// The help of a route that starts a new router, which may name the router's kind.
  static let newRouteHelp = ArgumentHelp(
    "ROUTE",
    "a route token such as detail:7 (write =NAME for a route named like a command); "
      + "KIND/ROUTE names the new pane's kind, such as notes/note:7")

  /// The entries, in the order help lists them: the layout's commands, the router
  /// operations, marks and `at`, templates, then undo and redo.
  static let definitions: [CommandDefinition] =
    layoutCommands + floatingCommands + arrangeCommands + stackCommands + routerCommands
    + targetCommands + templateCommands + historyCommands + windowCommands

  /// The commands, in the order help lists them.
  public static let commands: [CommandSyntax] = definitions.map(\.syntax)

  /// The entries of the router operations, which `at TARGET` runs on another node's router.
  /// They are all in ``routerCommands`` (`CommandGrammarTests` checks it), so spelling one,
  /// as a host's history label does, builds that family alone.
  static let routerOperations = routerCommands.filter { $0.isRouterOperation }

  /// The words of the router operations, which `at TARGET` runs on another node's router.
  public static let routerOperationWords: [String] = routerOperations.map(\.syntax.word)

  /// The words of the commands `at TARGET` runs: those with a form that acts on the focused
  /// pane or tab (see `WorkspaceCommand.isTargetable`), for completion.
  public static let targetableWords: [String] = commands.map(\.word).filter {
    !["focus", "minimum-size", "reopen", "at", "undo", "redo", "window"].contains($0)
  }

  /// The words of the commands `window at N` runs in another window: all but the window
  /// commands and the history's, for completion.
  public static let windowTargetableWords: [String] = commands.map(\.word).filter {
    !["window", "undo", "redo"].contains($0)
  }

  /// The entry whose first word is `word`, or `nil`.
  ///
  /// A `switch` over the words picks the entry's family, and only that family's list is
  /// built: the lookup every call makes first (`wsctl focus 2` reads one word) builds no
  /// table of every entry and no hashed collection, whose generic metadata the runtime would
  /// instantiate by name and check against the binary's protocol conformances at start-up.
  /// `focus` and `push`, the words of the shortest calls, are entries of their own and build
  /// no family at all.
  /// `CommandGrammarTests` checks that every entry of ``definitions`` is found here and under
  /// its own family.
  ///
  /// - Complexity: O(*f*) word comparisons, for the *f* words of the families listed before
  ///   `word`'s and of its own.
  static func definition(_ word: String) -> CommandDefinition? {
    let family: [CommandDefinition]
    switch word {
    case "focus": return focusCommand
    case "push": return pushCommand
    case "split", "close", "reopen", "tab", "swap", "move", "resize", "equalize",
      "zoom", "minimum-size", "rename":
      family = layoutCommands
    case "float", "embed": family = floatingCommands
    case "arrange", "break", "join": family = arrangeCommands
    case "stack", "unstack": family = stackCommands
    case "pop", "pop-to", "pop-to-last", "root", "replace", "replace-top", "present",
      "dismiss", "dismiss-all", "finish", "set-path", "set-modal-path":
      family = routerCommands
    case "mark", "unmark", "at": family = targetCommands
    case "template": family = templateCommands
    case "undo", "redo": family = historyCommands
    case "window": family = windowCommands
    default: return nil
    }
    for definition in family where definition.syntax.word == word { return definition }
    return nil
  }

  /// The command with a word, or `nil`.
  public static func command(_ word: String) -> CommandSyntax? {
    definition(word)?.syntax
  }
}
