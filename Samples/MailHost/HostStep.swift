import Workspace

/// One thing the mail host does: a command of the workspace grammar, or one of the app's own
/// actions, which stand for what its views do when the user taps something.
enum HostStep: Equatable {
  /// A command of the shared grammar, applied to the workspace as it is.
  case command(WorkspaceCommand)
  /// Print every visible pane with its typed routes (what the views would render).
  case show
  /// Open a message in the reader pane (a tap on a row of the message list).
  case open(Int)
  /// Search from the focused pane (the search field of its toolbar).
  case search(String)
  /// Present the compose sheet over the focused pane (the toolbar's compose button).
  case compose
  /// Push an attachment inside the compose sheet's own flow (a button in the sheet).
  case attach(Int)
  /// Open the attachment picker from the compose sheet: the window's router presents it.
  case pick
  /// Choose attachment N in the picker: its flow finishes with `attachment:N`, which the
  /// compose sheet hears from the window's router and pushes in its own flow.
  case choose(Int)
  /// Send the message: dismiss the compose sheet with its whole flow.
  case send
  /// Open note NAME beside the mail panes: pushed in the visible notes pane, or in a new
  /// notes pane split off the focused pane (another kind of pane, opened from code).
  case note(String)
  /// Run `wsctl` with words on the host's own file, as another terminal would: the command
  /// arrives over the control socket and the host applies it at once.
  case wsctl([String])
  /// Run a scripted tour of all of the above.
  case tour
  /// Print the host's commands.
  case help

  /// The app's own first words; like the grammar's, they end an argument list.
  static let hostWords: Set<String> = [
    "show", "open", "search", "compose", "attach", "pick", "choose", "send", "note", "wsctl",
    "tour", "help",
  ]

  /// Reads steps from words: the app's own words and the grammar's commands, mixed.
  ///
  ///     try HostStep.parse(["focus", "2", "search", "swift", "show"])
  ///     // [.command(.focus(.pane(.number(2)))), .search("swift"), .show]
  ///
  /// - Parameter words: The words, such as the command line's arguments.
  /// - Returns: The steps in order.
  /// - Throws: A ``Workspace/CommandSyntaxError`` naming the first word that does not fit.
  static func parse(_ words: [String]) throws(CommandSyntaxError) -> [HostStep] {
    var parser = CommandParser(words: words, extraCommandWords: hostWords)
    var steps: [HostStep] = []
    while let word = parser.nextWord {
      guard hostWords.contains(word) else {
        if let command = try parser.next() { steps.append(.command(command)) }
        continue
      }
      _ = parser.readWord()
      switch word {
      case "show": steps.append(.show)
      case "open": steps.append(.open(try number(for: word, expected: "a message id", &parser)))
      case "search":
        guard let query = parser.nextWord, !parser.isCommandWord(query) else {
          throw .missingArgument(command: word, expected: "a query", index: parser.index)
        }
        _ = parser.readWord()
        steps.append(.search(query.hasPrefix("=") ? String(query.dropFirst()) : query))
      case "compose": steps.append(.compose)
      case "attach":
        steps.append(.attach(try number(for: word, expected: "an attachment number", &parser)))
      case "pick": steps.append(.pick)
      case "choose":
        steps.append(.choose(try number(for: word, expected: "an attachment number", &parser)))
      case "send": steps.append(.send)
      case "note":
        guard let name = parser.nextWord, !parser.isCommandWord(name) else {
          throw .missingArgument(command: word, expected: "a note's name", index: parser.index)
        }
        _ = parser.readWord()
        steps.append(.note(name.hasPrefix("=") ? String(name.dropFirst()) : name))
      case "tour": steps.append(.tour)
      case "wsctl":
        // The rest of the words are wsctl's.
        steps.append(.wsctl(parser.readRemainingWords()))
      default: steps.append(.help)
      }
    }
    return steps
  }

  /// Reads the positive integer after `command`.
  private static func number(
    for command: String, expected: String, _ parser: inout CommandParser
  ) throws(CommandSyntaxError) -> Int {
    guard let word = parser.nextWord, !parser.isCommandWord(word) else {
      throw .missingArgument(command: command, expected: expected, index: parser.index)
    }
    guard let value = Int(word), value > 0, word.allSatisfy(\.isASCII) else {
      throw .invalidArgument(word, index: parser.index, expected: expected)
    }
    _ = parser.readWord()
    return value
  }

  /// The scripted tour: each line is run as if typed.
  static let tourLines = [
    "show",
    "focus 2",
    "search 'swift testing'",
    "open 42",
    "focus 3",
    "compose",
    "attach 1",
    "attach 1",
    "pick",
    "choose 3",
    "show",
    "send",
    "undo",
    "wsctl focus 1 push folder:Sent",
    "show",
  ]

  /// The host's help text.
  static let helpText = """
    commands: the workspace grammar (focus 2, split h, push message:7, undo, ...) and
      show          print every visible pane with its typed routes
      open N        open message N in the reader pane
      search TEXT   push a search in the focused pane
      compose       present the compose sheet over the focused pane
      attach N      push attachment N inside the compose sheet's flow
      pick          open the attachment picker over the window (from the compose sheet)
      choose N      finish the picker with attachment N; the compose sheet pushes it
      send          dismiss the compose sheet with its flow
      note NAME     open note NAME in a notes pane beside the focused pane
      wsctl WORDS   run wsctl on this file from another process: the host applies it live
      tour          run a scripted tour
    """
}
