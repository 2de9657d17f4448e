import Workspace

/// A parsed command line: global options and the steps to run, in order.
struct Invocation {
  /// Options that apply to the whole call.
  struct Options {
    var file: String?
    var json = false
    var dryRun = false
    var quiet = false
  }

  /// One step: a workspace command, or one of the tool's own commands.
  enum Step {
    case edit(WorkspaceCommand)
    case link(String, [WorkspaceCommand])
    case show(size: Size?, ascii: Bool)
    case tree
    case routes(PaneReference?)
    case layout(Size)
    case history
    case validate
    case initialize(force: Bool)
    case migrate
    case restoreBackup
    case completions(String)
    case help(String?)
    case version
  }

  var options = Options()
  var steps: [Step] = []

  /// The words of the tool's own commands; they also end a workspace command's variadic
  /// arguments, as workspace command words do.
  static let toolWords: [String] = CommandHelp.toolCommands.map(\.name)

  /// Steps that must be the only command of a call.
  private static let standaloneWords: Set<String> = [
    "validate", "init", "migrate", "restore-backup", "completions", "help",
  ]

  /// Parses the arguments after the program name.
  ///
  /// - Throws: A usage ``Failure`` naming the offending word.
  init(arguments: [String]) throws(Failure) {
    var words: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.isNumber(argument) {
        words.append(argument)
        continue
      }
      switch argument {
      case "--": optionsEnded = true
      case "-f", "--file":
        guard index < arguments.count else { throw .usage("option '\(argument)' needs a FILE") }
        options.file = arguments[index]
        index += 1
      case "--json": options.json = true
      case "--dry-run", "-n": options.dryRun = true
      case "-q", "--quiet": options.quiet = true
      case "-h", "--help": words.append("--help")
      case "--version", "-V": steps.append(.version)
      default:
        if argument.hasPrefix("--file=") {
          options.file = String(argument.dropFirst("--file=".count))
        } else if Self.commandOptions.contains(argument) {
          // Read by their command.
          words.append(argument)
        } else {
          throw .usage("unknown option '\(argument)'")
        }
      }
    }
    try parseSteps(words)
  }

  /// Options that belong to one command and are read by it.
  private static let commandOptions: Set<String> = ["--size", "--ascii", "--force"]

  private static func isNumber(_ word: String) -> Bool {
    Int(word) != nil
  }

  private mutating func parseSteps(_ words: [String]) throws(Failure) {
    if words.first == "--help" || (words.isEmpty && steps.isEmpty) {
      steps = [.help(nil)]
      return
    }
    var parser = CommandParser(words: words, extraCommandWords: Set(Self.toolWords))
    while let word = parser.nextWord {
      let start = parser.index
      if words.indices.contains(start + 1), words[start + 1] == "--help" {
        steps.append(.help(word))
        parser.index += 2
        continue
      }
      if Self.toolWords.contains(word) {
        parser.index += 1
        steps.append(try toolStep(word, at: start, parser: &parser))
        continue
      }
      do {
        guard let command = try parser.next() else { break }
        steps.append(.edit(command))
      } catch {
        throw Self.failure(error, words: words)
      }
    }
    if steps.count > 1,
      let lone = steps.first(where: { Self.isStandalone($0) })
    {
      throw .usage("'\(Self.name(of: lone))' cannot be combined with other commands")
    }
  }

  private static func isStandalone(_ step: Step) -> Bool {
    switch step {
    case .validate, .initialize, .migrate, .restoreBackup, .completions, .help: true
    default: false
    }
  }

  private static func name(of step: Step) -> String {
    switch step {
    case .validate: "validate"
    case .initialize: "init"
    case .migrate: "migrate"
    case .restoreBackup: "restore-backup"
    case .completions: "completions"
    default: "help"
    }
  }

  /// A usage failure for a grammar error, suggesting among every command word.
  static func failure(_ error: WorkspaceError, words: [String]) -> Failure {
    if case .unknownCommand(let word, let index, _) = error {
      let suggestion = CommandParser.suggestion(
        for: word, among: CommandParser.commandWords + toolWords)
      return Failure(WorkspaceError.unknownCommand(word, index: index, suggestion: suggestion))
    }
    return Failure(error)
  }
}
