import PaneRouter

/// Reads workspace commands from words: the text grammar shared by `wsctl`, deep links and
/// command palettes.
///
///     try CommandParser.parse(["focus", "2", "push", "detail:7"])
///     // [.focus(.pane(.number(2))), .route(.push(["detail:7"]), at: nil)]
///
/// Each command starts with one of ``commandWords`` and takes the arguments listed in
/// `docs/COMMANDS.md`. An argument list that is variadic (`push R...`) or optional
/// (`close [N]`, `split h [RATIO] [ROUTE]`) ends at the next command word: one of
/// ``commandWords`` or of the parser's ``extraCommandWords``.
///
/// **The `=` escape.** A word that starts with `=` is never a command word: the `=` is
/// stripped and the rest is taken as a route or a title. `push =focus detail:7` pushes the
/// route named `focus`, then `detail:7`; `tab new =split` opens a tab titled `split`. A
/// leading `=` is always stripped once from a route or title word, so `rename ==x` sets the
/// title `=x`. A route named like a command word needs the escape everywhere, even where one
/// route is required (`pop-to =root`): a command word there is reported as a missing route.
/// ``WorkspaceCommand/words`` adds the escape wherever it is needed.
///
/// Required titles (`rename TITLE`, `tab rename TITLE`) are exactly the next word, whatever it
/// is. In `tab new [TITLE] [ROUTE]` one word is a title and two are a title and a route; a
/// title of `-` means no title (the tab takes its route's name). Deep links
/// (`myapp://workspace/focus/2`) are read by ``parse(link:)-(String)``.
///
/// Errors carry the offending word and its 0-based index in the word list, or the index where a
/// missing argument was expected. Besides ``parse(_:)`` for a whole list, the parser reads one
/// command at a time with ``next()``, so a caller such as `wsctl` can interleave its own words:
///
///     var parser = CommandParser(words: words, extraCommandWords: ["show"])
///     while let word = parser.nextWord {
///       if word == "show" { _ = parser.readWord(); show(); continue }
///       commands.append(try parser.next()!)
///     }
public struct CommandParser: Sendable {
  /// The first words of the grammar's commands (of ``CommandGrammar``), for completion
  /// scripts and help.
  public static let commandWords: [String] = CommandGrammar.commands.map(\.word)

  /// The command words that start a router operation, alone or after `at %ID`.
  static let routerOperationWords = Set(CommandGrammar.routerOperationWords)

  /// The words being parsed.
  public let words: [String]
  /// Words of the caller's own commands, which end an argument list like the grammar's own.
  public var extraCommandWords: Set<String> { Set(extraWords) }
  /// ``extraCommandWords``, listed: a caller's own commands are a few words, and a set of them
  /// cost its hashing and its storage's metadata at each `wsctl` call's start (20 K
  /// instructions of `wsctl routes`' 307 K), where a look through a few words costs less than
  /// the grammar's own look-up beside it.
  private let extraWords: [String]
  /// The index in ``words`` of the next word to read, from 0 to `words.count` (the end).
  ///
  /// A caller that handles a word itself, such as one of ``extraCommandWords``, reads it and
  /// its arguments with ``readWord()``.
  public internal(set) var index: Int
  /// For the path segments of a deep link, each segment percent-decoded (`nil` where the
  /// escapes are not UTF-8): what every word but a route means.
  var decodedLinkWords: [String?]?

  /// Creates a parser at the first of `words`.
  ///
  /// - Parameters:
  ///   - words: The words to parse, such as a command line's arguments.
  ///   - extraCommandWords: The first words of the caller's own commands; like the grammar's
  ///     command words, they end a variadic or optional argument list.
  public init(words: [String], extraCommandWords: Set<String> = []) {
    self.words = words
    extraWords = Array(extraCommandWords)
    self.index = 0
  }

  /// Creates a parser at the first of `words`, with the caller's command words listed rather
  /// than in a set; see ``init(words:extraCommandWords:)``.
  package init(words: [String], extraCommandWordList: [String]) {
    self.words = words
    extraWords = extraCommandWordList
    self.index = 0
  }

  /// Whether `word` is one of ``extraCommandWords``.
  func isExtraCommandWord(_ word: String) -> Bool {
    extraWords.contains(word)
  }

  /// Whether every word has been read.
  public var isAtEnd: Bool { index >= words.count }

  /// The next word to read, or `nil` at the end.
  public var nextWord: String? { isAtEnd ? nil : words[index] }

  /// Reads the next word as it is, for a caller that handles its own words, and moves
  /// ``index`` past it.
  ///
  /// - Returns: The word, or `nil` at the end.
  public mutating func readWord() -> String? {
    guard let word = nextWord else { return nil }
    index += 1
    return word
  }

  /// Reads every word left as it is, for a caller that hands the rest of the line to another
  /// program, and moves ``index`` to the end.
  ///
  /// - Returns: The words left, possibly none.
  public mutating func readRemainingWords() -> [String] {
    defer { index = words.count }
    return Array(words[index...])
  }

  /// Whether `word` is a command word of the grammar or of ``extraCommandWords``; a word that
  /// starts with `=` never is.
  ///
  /// - Parameter word: A word.
  /// - Returns: `true` if `word` ends an argument list.
  public func isCommandWord(_ word: String) -> Bool {
    !word.hasPrefix("=")
      && (CommandGrammar.definition(word) != nil || isExtraCommandWord(word))
  }

  /// Parses a whole list of words into commands.
  ///
  ///     try CommandParser.parse(["push", "inbox", "detail:7", "focus", "next"])
  ///     // [.route(.push(["inbox", "detail:7"]), at: nil), .focus(.next)]
  ///
  /// - Parameter words: The words, such as `wsctl`'s arguments after its options.
  /// - Returns: The commands in order; empty for no words.
  /// - Throws: ``CommandSyntaxError/unknownCommand(_:index:suggestion:)``,
  ///   ``CommandSyntaxError/missingArgument(command:expected:index:)``,
  ///   ``CommandSyntaxError/invalidArgument(_:index:expected:)`` or
  ///   ``CommandSyntaxError/malformedRoute(_:index:reason:)`` for the first word that does not fit.
  /// - Complexity: O(*n*), where *n* is the total length of the words.
  public static func parse(_ words: [String]) throws(CommandSyntaxError) -> [WorkspaceCommand] {
    var parser = CommandParser(words: words)
    return try parser.readAll()
  }

  /// Reads the next command and moves ``index`` past it.
  ///
  /// - Returns: The command, or `nil` at the end of the words.
  /// - Throws: The errors of ``parse(_:)``. An extra command word at ``index`` is an
  ///   ``CommandSyntaxError/unknownCommand(_:index:suggestion:)``: the caller handles its own
  ///   words before calling. On error ``index`` is unchanged.
  /// - Complexity: O(*n*), where *n* is the total length of the command's words.
  public mutating func next() throws(CommandSyntaxError) -> WorkspaceCommand? {
    guard !isAtEnd else { return nil }
    var cursor = self
    let command = try cursor.readCommand()
    index = cursor.index
    return command
  }

  /// Reads every remaining command.
  mutating func readAll() throws(CommandSyntaxError) -> [WorkspaceCommand] {
    var commands: [WorkspaceCommand] = []
    while let command = try next() {
      commands.append(command)
    }
    return commands
  }

  /// Reads one command: its word names an entry of ``CommandGrammar``, whose slots say what
  /// follows.
  private mutating func readCommand() throws(CommandSyntaxError) -> WorkspaceCommand {
    let start = index
    let word = decodedLinkWords?[index] ?? words[index]
    index += 1
    guard !word.hasPrefix("="), let definition = CommandGrammar.definition(word) else {
      let suggestion =
        isExtraCommandWord(word)
        ? nil : Self.suggestion(for: word, among: Self.commandWords + extraWords.sorted())
      throw .unknownCommand(words[start], index: start, suggestion: suggestion)
    }
    return try read(definition, named: word)
  }
}
