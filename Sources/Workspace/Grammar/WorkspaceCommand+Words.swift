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
    let parser = CommandParser(words: [], extraCommandWords: extraCommandWords)
    // Router operations, the commands hosts record most, are looked up among their own.
    let candidates: [CommandDefinition]
    if case .route(_, nil) = self {
      candidates = CommandGrammar.routerOperations
    } else {
      candidates = CommandGrammar.definitions
    }
    for definition in candidates {
      if let words = definition.spelledWords(of: self, by: parser) { return words }
    }
    preconditionFailure("no entry of CommandGrammar spells \(self)")
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
