import Workspace

/// A parsed command line: global options and the steps to run, in order.
struct Invocation {
  /// Options that apply to the whole call.
  struct Options {
    var file: String?
    var json = false
    var dryRun = false
    var quiet = false
    /// `--no-host`: edit the file even when a host for it is live.
    var noHost = false
    /// `--size WxH`: the drawing size of `show`, and the area edits measure in.
    var size: Size?
    /// `--from FILE`: the templates file `template list`, `show` and `apply` read instead of
    /// the workspace's own templates.
    var templatesFile: String?
  }

  /// One step: a workspace command, or one of the tool's own commands.
  ///
  /// `word` is the 0-based index of the step's first word, for errors that name it.
  enum Step {
    case edit(WorkspaceCommand, word: Int)
    case link(String, [WorkspaceCommand], word: Int)
    case show(ascii: Bool)
    case tree
    case routes(PaneReference?, word: Int)
    case layout(Size)
    case history
    /// `template list`: the templates, of `--from FILE` or the workspace.
    case templateList
    /// `template show NAME`.
    case templateShow(String, word: Int)
    /// `template export FILE [NAME]... [--force]`: a templates file of the named templates (of
    /// `--from FILE` or the workspace), or all; FILE `-` is standard output.
    case templateExport(file: String, names: [String], force: Bool, word: Int)
    case validate
    case initialize(force: Bool)
    case migrate
    /// `restore-backup [--force]`: `force` restores even while a host is live for the file.
    case restoreBackup(force: Bool)
    case status
    case watch
    case completions(String)
    case complete([String])
    case help(String?)
    case version
  }

  var options = Options()
  var steps: [Step] = []

  /// The words of the tool's own commands; they also end a workspace command's variadic
  /// arguments, as workspace command words do.
  static let toolWords: [String] = CommandHelp.toolCommands.map(\.name)

  /// Parses the arguments after the program name.
  ///
  /// - Throws: A usage ``Failure`` naming the offending word.
  init(arguments: [String]) throws(Failure) {
    if arguments.first == LineCompletion.command {
      // The completion scripts' hidden command: the rest of the line is not parsed here.
      steps = [.complete(Array(arguments.dropFirst()))]
      return
    }
    var words: [String] = []
    var index = 0
    var optionsEnded = false
    var isHelpRequested = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" || Self.isNumber(argument) {
        words.append(argument)
        continue
      }
      if !argument.hasPrefix("--"), argument.count > 2 {
        // Short options combine as in every Unix tool: `-nq`, `-nqf FILE`, `-nqfFILE`.
        try readShortOptions(argument, arguments, &index, &isHelpRequested)
        continue
      }
      switch argument {
      case "--": optionsEnded = true
      case "-f", "--file":
        options.file = try Self.fileValue(for: argument, arguments, &index)
      case "--from":
        options.templatesFile = try Self.fileValue(for: argument, arguments, &index)
      case "--size":
        guard index < arguments.count else { throw .usage("option '--size' needs a size WxH") }
        try setSize(arguments[index], word: index)
        index += 1
      case "--json": options.json = true
      case "--dry-run", "-n": options.dryRun = true
      case "-q", "--quiet": options.quiet = true
      case "--no-host": options.noHost = true
      case "-h", "--help": isHelpRequested = true
      case "--version", "-V": if steps.isEmpty { steps.append(.version) }
      default:
        if argument.hasPrefix("--file=") {
          guard argument.count > "--file=".count else {
            throw .usage("option '--file' needs a FILE")
          }
          options.file = String(argument.dropFirst("--file=".count))
        } else if argument.hasPrefix("--from=") {
          guard argument.count > "--from=".count else {
            throw .usage("option '--from' needs a FILE")
          }
          options.templatesFile = String(argument.dropFirst("--from=".count))
        } else if argument.hasPrefix("--size=") {
          try setSize(String(argument.dropFirst("--size=".count)), word: index - 1)
        } else if Self.commandOptions[argument] != nil {
          // Read by their command.
          words.append(argument)
        } else {
          throw .usage("unknown option '\(argument)'")
        }
      }
    }
    if isHelpRequested {
      // `--help` anywhere asks for help on the call's first command, as in `git commit --help`.
      steps = [.help(words.first.flatMap { CommandHelp.named($0)?.name })]
      return
    }
    try parseSteps(words)
  }

  /// Reads a cluster of short options such as `-nq` or `-nqfFILE`: each letter is a flag,
  /// and `f` takes the rest of the cluster, or else the next argument, as its FILE.
  private mutating func readShortOptions(
    _ cluster: String, _ arguments: [String], _ index: inout Int, _ isHelpRequested: inout Bool
  ) throws(Failure) {
    var letters = cluster.dropFirst()
    while let letter = letters.popFirst() {
      switch letter {
      case "n": options.dryRun = true
      case "q": options.quiet = true
      case "h": isHelpRequested = true
      case "V": if steps.isEmpty { steps.append(.version) }
      case "f":
        if letters.isEmpty {
          options.file = try Self.fileValue(for: cluster, arguments, &index)
        } else {
          options.file = String(letters)
        }
        return
      default:
        throw .usage("unknown option '-\(letter)' in '\(cluster)'")
      }
    }
  }

  /// The FILE after `-f`, `--file` or a cluster ending in `f`; moves `index` past it.
  private static func fileValue(
    for option: String, _ arguments: [String], _ index: inout Int
  ) throws(Failure) -> String {
    guard index < arguments.count, !arguments[index].isEmpty else {
      throw .usage("option '\(option)' needs a FILE")
    }
    defer { index += 1 }
    return arguments[index]
  }

  /// `at word N` for a 0-based word index, as every message that names a word says it.
  static func position(_ index: Int) -> String {
    CommandSyntaxError.position(ofWord: index)
  }

  /// Options that belong to a command, with the commands they belong to.
  private static let commandOptions = [
    "--ascii": "'show'",
    "--force": "'init', 'restore-backup', 'template save' or 'template export'",
    "--node": "'template save'",
  ]

  /// Reads `--size WxH` (`word` is its 0-based index among the arguments), bounded as every
  /// drawing size is; given twice, it must agree.
  private mutating func setSize(_ text: String, word: Int) throws(Failure) {
    guard let size = Size(parsing: text), size.isDrawable else {
      throw .usage(
        "invalid size '\(text)' \(Self.position(word)): expected WxH such as 80x24, "
          + "each from 1 to \(Size.drawableLengths.upperBound)")
    }
    if let earlier = options.size, earlier != size {
      throw .usage("option '--size' given twice: '\(earlier)' and '\(size)'")
    }
    options.size = size
  }

  /// Whether a word starting with `-` is a negative number (`-1`, `-0.5`, `-.5`) rather than
  /// an option: it is left for the grammar, which reports it as an invalid argument.
  static func isNumber(_ word: String) -> Bool {
    let rest = word.dropFirst()
    return rest.first.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false
  }

  private mutating func parseSteps(_ words: [String]) throws(Failure) {
    if words.isEmpty && steps.isEmpty {
      steps = [.help(nil)]
      return
    }
    var parser = CommandParser(words: words, extraCommandWords: Set(Self.toolWords))
    while let word = parser.nextWord {
      let start = parser.index
      if let owner = Self.commandOptions[word] {
        throw .usage("option '\(word)' \(Self.position(start)) belongs after \(owner)")
      }
      if word == "template", let step = try templateInspection(&parser) {
        steps.append(step)
        continue
      }
      if Self.toolWords.contains(word) {
        _ = parser.readWord()
        steps.append(try toolStep(word, at: start, parser: &parser))
        continue
      }
      do {
        guard let command = try parser.next() else { break }
        steps.append(.edit(command, word: start))
      } catch {
        throw Failure(error)
      }
    }
    if steps.count > 1,
      let lone = steps.first(where: { Self.isStandalone($0) })
    {
      throw .usage("'\(Self.name(of: lone))' cannot be combined with other commands")
    }
    if steps.count > 1, steps.contains(where: \.isTemplateExport) {
      // It writes a file: one that a later step's refusal could not take back.
      throw .usage("'template export' cannot be combined with other commands")
    }
  }

  /// Whether a live host answers the call: edits and inspections of the workspace, which it
  /// holds in memory. Maintenance, help and the tool's own commands work on the file here.
  var isServedByHost: Bool {
    steps.allSatisfy {
      switch $0 {
      case .edit, .link, .show, .tree, .routes, .layout, .history, .templateList, .templateShow:
        true
      // The host hands over the templates; the client writes the file (see `Tool`), so a
      // host never writes a file a peer names.
      case .templateExport(let file, _, _, _): file == Invocation.standardOutput
      default: false
      }
    }
  }

  /// Whether the call may change the workspace: it has an edit and is not a dry run. A host
  /// that got such a call and did not answer may have applied it, so it is not run again.
  var mayChangeWorkspace: Bool {
    !options.dryRun
      && steps.contains {
        switch $0 {
        case .edit, .link: true
        default: false
        }
      }
  }

  /// The FILE of `template export` that means standard output.
  static let standardOutput = "-"

  /// The words `wsctl` adds to the grammar's `template`: `template list`, `template show
  /// NAME` and `template export FILE [NAME]...`, which read rather than change; `nil`
  /// (nothing read) for the grammar's own.
  private func templateInspection(_ parser: inout CommandParser) throws(Failure) -> Step? {
    let words = parser.words
    let next = parser.index + 1
    guard next < words.count, ["list", "show", "export"].contains(words[next]) else {
      return nil
    }
    let start = parser.index
    _ = parser.readWord()
    _ = parser.readWord()
    if words[next] == "list" { return .templateList }
    if words[next] == "export" { return try templateExport(&parser, at: start) }
    guard let name = parser.readWord() else {
      throw .usage("'template show' needs a template name \(Self.position(next + 1))")
    }
    return .templateShow(name.hasPrefix("=") ? String(name.dropFirst()) : name, word: start)
  }

  /// `template export`'s words after `export`: FILE, then every word left a template name (a
  /// leading `=` dropped, as after `template show`), and `--force` anywhere among them, once.
  private func templateExport(
    _ parser: inout CommandParser, at start: Int
  ) throws(Failure) -> Step {
    var file: String?
    var names: [String] = []
    var force = false
    while let word = parser.readWord() {
      if word == "--force" {
        guard !force else {
          throw .usage(
            "option '--force' given twice \(Self.position(parser.index - 1)) for 'template export'")
        }
        force = true
      } else if file == nil {
        file = word
      } else {
        names.append(word.hasPrefix("=") ? String(word.dropFirst()) : word)
      }
    }
    guard let file, !file.isEmpty else {
      throw .usage("'template export' needs a FILE \(Self.position(start + 2))")
    }
    return .templateExport(file: file, names: names, force: force, word: start)
  }

  private static func isStandalone(_ step: Step) -> Bool {
    switch step {
    case .validate, .initialize, .migrate, .restoreBackup, .status, .watch, .completions,
      .complete, .help, .version:
      true
    default: false
    }
  }

  private static func name(of step: Step) -> String {
    switch step {
    case .validate: "validate"
    case .initialize: "init"
    case .migrate: "migrate"
    case .restoreBackup: "restore-backup"
    case .status: "status"
    case .watch: "watch"
    case .completions: "completions"
    case .version: "--version"
    default: "help"
    }
  }
}

extension Invocation {
  /// Whether the call is `template export` to a file (not `-`), which `wsctl` writes itself
  /// after a live host, if any, hands over its templates.
  var exportsToFile: Bool {
    guard steps.count == 1, case .templateExport(let file, _, _, _) = steps[0] else {
      return false
    }
    return file != Self.standardOutput
  }
}

extension Invocation.Step {
  /// Whether the step is `template export`.
  var isTemplateExport: Bool {
    if case .templateExport = self { return true }
    return false
  }
}
