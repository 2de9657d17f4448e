import PaneRouter

extension WorkspaceCommand: CustomStringConvertible {
  /// The command's canonical words, which ``CommandParser`` parses back to an equal command.
  ///
  ///     WorkspaceCommand.route(.push(["root", "detail:7"])).words  // ["push", "=root", "detail:7"]
  ///     WorkspaceCommand.split(.horizontal, ratio: 0.3).words      // ["split", "h", "0.3"]
  ///
  /// Routes named like a command word get the `=` escape, and so do titles where a command
  /// word would end the argument list or where they start with `=`. A command that the grammar
  /// cannot express, such as a count below 1 or an empty push, prints words that the parser
  /// rejects.
  public var words: [String] { words(reserving: []) }

  /// The command's canonical words, escaping also routes and titles that are one of a caller's
  /// own command words.
  ///
  /// - Parameter extraCommandWords: The caller's command words, as given to
  ///   ``CommandParser/init(words:extraCommandWords:)``.
  /// - Returns: Words that a parser with the same extra command words parses back to an equal
  ///   command.
  /// - Complexity: O(*n*), where *n* is the total length of the words.
  public func words(reserving extraCommandWords: Set<String>) -> [String] {
    spelledWords(reserving: extraCommandWords).map { $0.text }
  }

  /// The command's words joined by spaces, such as `focus 2` or `rename 'my notes'`.
  ///
  /// A word that is empty or contains whitespace, a quote or a backslash is put in single
  /// quotes, with a `'` inside it written `'\''` as in a POSIX shell, so
  /// ``CommandParser/parse(line:)`` reads the text back to the same command.
  ///
  /// Joined by `separated(by:)`, not the generic `joined(separator:)`: a history label is
  /// made at every edit (see `separated(by:)`).
  public var description: String {
    words.map(CommandParser.quoted).separated(by: " ")
  }
}

/// One word of a command's canonical spelling.
struct SpelledWord: Hashable {
  /// The word.
  var text: String
  /// Whether the word is a route token, which a deep link writes as it is but for `/` (`%2F`).
  var isRoute = false
}

extension WorkspaceCommand {
  /// The canonical words, each marked whether it is a route: the words of the command's
  /// entry in ``CommandGrammar`` (and subcommand), then each slot's value spelled.
  ///
  /// - Complexity: O(*c* + *n*), for *c* entries of the table and *n* words.
  func spelledWords(reserving extraCommandWords: Set<String>) -> [SpelledWord] {
    guard let words = spelledWords(reserving: extraCommandWords, by: grammarFamily) else {
      preconditionFailure("no entry of CommandGrammar spells \(self)")
    }
    return words
  }

  /// The canonical words as the first of `entries` that spells the command gives them, or
  /// `nil` if none does.
  func spelledWords(
    reserving extraCommandWords: Set<String>, by entries: [CommandDefinition]
  ) -> [SpelledWord]? {
    let parser = CommandParser(words: [], extraCommandWords: extraCommandWords)
    for definition in entries {
      if let words = definition.spelledWords(of: self, by: parser) { return words }
    }
    return nil
  }

  /// The entries of the family of ``CommandGrammar`` that spells the command, so that
  /// spelling one (a history label at every edit) builds that family's list alone, as
  /// `CommandGrammar.definition(_:)` does for reading one; router operations, the commands
  /// hosts record most, are looked up among their own, and `focus` and `push` are their own
  /// entry alone. `CommandGrammarTests` checks that a command of every case is spelled by its
  /// family as by the whole table.
  var grammarFamily: [CommandDefinition] {
    switch self {
    case .focus: [CommandGrammar.focusCommand]
    case .split, .close, .newTab, .selectTab, .closeTab, .moveTab, .renameTab, .swap,
      .move, .resize, .resizeByCells, .setMinimumPaneSize, .equalize, .zoom, .rename, .reopen:
      CommandGrammar.layoutCommands
    case .float, .embed, .moveFloating, .resizeFloating, .pinFloating, .showFloating:
      CommandGrammar.floatingCommands
    case .arrange, .breakPane, .joinPane: CommandGrammar.arrangeCommands
    case .stack, .unstack: CommandGrammar.stackCommands
    case .route(.push, nil): [CommandGrammar.pushCommand]
    case .route(_, nil): CommandGrammar.routerOperations
    case .route, .mark, .unmark, .at: CommandGrammar.targetCommands
    case .saveTemplate, .addTemplate, .removeTemplate, .applyTemplate, .openTemplate,
      .reconcileTemplate, .reconcileWithTemplate:
      CommandGrammar.templateCommands
    case .undo, .redo: CommandGrammar.historyCommands
    case .newWindow, .selectWindow, .closeWindow, .renameWindow, .movePaneToWindow,
      .moveTabToWindow, .inWindow:
      CommandGrammar.windowCommands
    }
  }
}

extension CommandDefinition {
  /// The command's words if it is one of this entry's (or a subcommand's), else `nil`.
  fileprivate func spelledWords(
    of command: WorkspaceCommand, by parser: CommandParser
  ) -> [SpelledWord]? {
    let head = SpelledWord(text: syntax.word)
    if let values = values(command) {
      var words = [head]
      for (slot, value) in zip(syntax.arguments, values) {
        if let value { words += value.spelled(in: slot, by: parser) }
      }
      for (option, value) in zip(syntax.options, values.dropFirst(syntax.arguments.count)) {
        guard let value else { continue }
        words.append(SpelledWord(text: option.name))
        if let slot = option.value { words += value.spelled(in: slot, by: parser) }
      }
      return words
    }
    for subcommand in subcommands {
      if let words = subcommand.spelledWords(of: command, by: parser) { return [head] + words }
    }
    return nil
  }
}
