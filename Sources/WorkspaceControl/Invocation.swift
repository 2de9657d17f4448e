import Workspace

/// A parsed command line: global options and the steps to run, in order.
struct Invocation {
  /// Options that apply to the whole call.
  struct Options: Equatable {
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
    /// `-w N|all`: the window commands act in and `show` shows; `nil` for the active one.
    var window: WindowChoice?
  }

  /// What `-w` names.
  enum WindowChoice: Equatable {
    /// A 1-based window number.
    case number(Int)
    /// Every window (`show`, `tree` and the other views only).
    case all
  }

  /// One step: a workspace command, or one of the tool's own commands.
  ///
  /// `word` is the 0-based index of the step's first word, for errors that name it.
  enum Step {
    case edit(WorkspaceCommand, word: Int)
    /// One of the tool's own commands: its entry, and what its words ask.
    case tool(ToolCommand, Action)
    /// `__complete WORD...`, the completion scripts' hidden command.
    case complete([String])
    case version
  }

  /// What the words of one of the tool's own commands ask, one case a command of
  /// ``ToolCommand/all``.
  enum Action {
    case show(ascii: Bool)
    case tree
    case routes(PaneReference?, word: Int)
    case layout(Size)
    case history
    /// `closed`: the closed panes and tabs `reopen` can bring back, newest first.
    case closed
    /// `open URL`: the commands of the deep link, which run as edits.
    case open(String, [WorkspaceCommand], word: Int)
    /// `template list`: the templates, of `--from FILE` or the workspace.
    case templateList
    /// `template show NAME`.
    case templateShow(String, word: Int)
    /// `template export FILE [NAME]... [--force]`: a templates file of the named templates (of
    /// `--from FILE` or the workspace), or all; FILE `-` is standard output.
    case templateExport(file: String, names: [String], force: Bool, word: Int)
    /// `load-layout LAYOUT [KEY=VALUE]... [--reconcile] [--keep]`: the layout's template,
    /// opened or reconciled onto the active tab, as an edit.
    case loadLayout(
      file: String, parameters: [String: String], reconcile: Bool, keep: Bool, word: Int)
    /// `save-layout FILE [--tab] [--name NAME] [--force]`: the workspace (or its active tab)
    /// as a layout file; FILE `-` is standard output.
    case saveLayout(file: String, name: String?, tab: Bool, force: Bool, word: Int)
    case validate
    /// `init [--force]`, or with `--from LAYOUT` `init [NAME] [KEY=VALUE]...`.
    case initialize(force: Bool, name: String?, parameters: [String: String])
    case migrate
    /// `restore-backup [--force]`: `force` restores even while a host is live for the file.
    case restoreBackup(force: Bool)
    case status
    case watch
    /// `control [SCRIPT] [--write-at-end]`: the calls of SCRIPT's lines (standard input when
    /// it is missing or `-`), one after another over one connection to a live host, else on
    /// the file, one reply line each.
    case control(script: String?, writeAtEnd: Bool)
    case completions(String)
    case help(String?)
  }

  var options = Options()
  var steps: [Step] = []

  /// The words of the tool's own commands; they also end a workspace command's variadic
  /// arguments, as workspace command words do.
  static let toolWords: [String] = ToolCommand.topLevel.map { $0.syntax.word }

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
      if argument == "--" {
        optionsEnded = true
      } else if !argument.hasPrefix("--"), argument.count > 2 {
        // Short options combine as in every Unix tool: `-nq`, `-nqf FILE`, `-nqfFILE`.
        try readShortOptions(argument, arguments, &index, &isHelpRequested)
      } else if let option = GlobalOption.named(argument) {
        let value = option.value != nil && index < arguments.count ? arguments[index] : nil
        try set(option, value: value, named: argument, word: index, &isHelpRequested)
        if value != nil { index += 1 }
      } else if let (option, value) = GlobalOption.withValue(argument) {
        try set(option, value: value, named: "--" + option.long, word: index - 1, &isHelpRequested)
      } else if Self.commandOptions[argument] != nil {
        // Read by their command.
        words.append(argument)
      } else {
        throw .usage("unknown option '\(argument)'")
      }
    }
    if isHelpRequested {
      // `--help` anywhere asks for help on the call's first command, as in `git commit --help`.
      steps = [.help(words.first.flatMap { CommandHelp.named($0)?.name })]
      return
    }
    try parseSteps(words)
    try applyWindowOption()
  }

  /// `-w N`: every edit runs in window N (`window at N COMMAND`); `-w all` is for views
  /// alone.
  private mutating func applyWindowOption() throws(Failure) {
    guard let choice = options.window else { return }
    for (index, step) in steps.enumerated() {
      guard case .edit(let command, let word) = step else { continue }
      guard case .number(let number) = choice else {
        throw .usage("'-w all' shows every window; commands act in one window (-w N)")
      }
      guard command.isWindowTargetable else {
        throw .usage(
          "'-w \(number)' cannot run '\(command.words.first ?? "")' "
            + "\(Self.position(word)): it acts on windows or the history")
      }
      steps[index] = .edit(.inWindow(number, command), word: word)
    }
  }

  /// Reads a cluster of short options such as `-nq` or `-nqfFILE`: each letter is a flag,
  /// and one that takes a value (`f`) takes the rest of the cluster, or else the next
  /// argument.
  private mutating func readShortOptions(
    _ cluster: String, _ arguments: [String], _ index: inout Int, _ isHelpRequested: inout Bool
  ) throws(Failure) {
    var letters = cluster.dropFirst()
    while let letter = letters.popFirst() {
      guard let option = GlobalOption.short(letter) else {
        throw .usage("unknown option '-\(letter)' in '\(cluster)'")
      }
      guard option.value != nil else {
        try set(option, value: nil, named: cluster, word: index - 1, &isHelpRequested)
        continue
      }
      if !letters.isEmpty {
        try set(option, value: String(letters), named: cluster, word: index - 1, &isHelpRequested)
      } else {
        let value = index < arguments.count ? arguments[index] : nil
        try set(option, value: value, named: cluster, word: index, &isHelpRequested)
        index += 1
      }
      return
    }
  }

  /// Sets what a global option says: `value` is its value (`nil` when the arguments end
  /// before it, or for a switch), `name` the option as the user wrote it, and `word` the
  /// 0-based index of the value.
  private mutating func set(
    _ option: GlobalOption, value: String?, named name: String, word: Int,
    _ isHelpRequested: inout Bool
  ) throws(Failure) {
    switch option.effect {
    case .flag(let turnOn): turnOn(&options)
    case .help: isHelpRequested = true
    case .version: if steps.isEmpty { steps.append(.version) }
    case .file(let record):
      guard let value, !value.isEmpty else { throw .usage("option '\(name)' needs a FILE") }
      record(&options, value)
    case .size:
      guard let value else { throw .usage("option '\(name)' needs a size WxH") }
      try setSize(value, word: word)
    case .window:
      let choice: WindowChoice? =
        value == "all"
        ? .all : value.flatMap(CommandParser.positiveInteger).map(WindowChoice.number)
      guard let choice else {
        throw .usage(
          "option '\(name)' needs a window number or 'all'"
            + (value.map { ", not '\($0)' \(Self.position(word))" } ?? ""))
      }
      if let earlier = options.window, earlier != choice {
        throw .usage("option '\(name)' given twice")
      }
      options.window = choice
    }
  }

  /// `at word N` for a 0-based word index, as every message that names a word says it.
  static func position(_ index: Int) -> String {
    CommandSyntaxError.position(ofWord: index)
  }

  /// Options that belong to a command, not global ones, with the commands they belong to as
  /// a message lists them: from the syntax of the tool's commands, then of the grammar's, then
  /// of the subcommands.
  private static let commandOptions: [String: String] = {
    let commands =
      (CommandHelp.toolCommands + CommandHelp.workspaceCommands).map { ($0.name, $0.syntax) }
      + CommandHelp.workspaceCommands.flatMap { command in
        command.syntax.subcommands.map { (command.name + " " + $0.word, $0) }
      }
    let global = Set(GlobalOption.all.flatMap(\.names))
    var owners: [String: [String]] = [:]
    for (name, syntax) in commands {
      for option in syntax.options where !global.contains(option.name) {
        owners[option.name, default: []].append("'\(name)'")
      }
    }
    return owners.mapValues(\.listed)
  }()

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
    let bytes = word.utf8
    // ASCII words by their bytes: a character's metadata and grapheme breaking cost more at
    // start than the whole test.
    if bytes.allSatisfy({ $0 < 0x80 }) {
      guard bytes.count > 1 else { return false }
      let second = bytes[bytes.index(after: bytes.startIndex)]
      return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(second)
        || second == UInt8(ascii: ".")
    }
    let rest = word.dropFirst()
    return rest.first.map { $0.isASCII && ($0.isNumber || $0 == ".") } ?? false
  }

  private mutating func parseSteps(_ words: [String]) throws(Failure) {
    if words.isEmpty {
      // `--version` alone, or no command at all (help): no table is built.
      if steps.isEmpty { steps = [.help(nil)] }
      return
    }
    // The tool's words as written out (no table of the tool's commands built), and listed:
    // no set hashed at every call's start.
    var parser = CommandParser(words: words, extraCommandWordList: ToolCommand.topLevelWords)
    while let word = parser.nextWord {
      let start = parser.index
      // Only a word that looks like an option builds the table (from help's entries).
      if word.hasPrefix("-"), let owner = Self.commandOptions[word] {
        throw .usage("option '\(word)' \(Self.position(start)) belongs after \(owner)")
      }
      if let command = ToolCommand.starting(parser.words, at: start) {
        for _ in command.words { _ = parser.readWord() }
        var arguments = ToolArguments(
          parser: parser, syntax: command.syntax, name: command.name, position: start)
        steps.append(.tool(command, try command.make(&arguments)))
        parser = arguments.parser
        continue
      }
      do {
        guard let command = try parser.next() else { break }
        steps.append(.edit(command, word: start))
      } catch {
        throw Failure(error)
      }
    }
    if steps.count > 1, let lone = steps.first(where: \.isAlone) {
      throw .usage("'\(lone.name)' cannot be combined with other commands")
    }
    if steps.count > 1, let writer = steps.first(where: \.writesFile) {
      // It writes a file: one that a later step's refusal could not take back.
      throw .usage("'\(writer.name)' cannot be combined with other commands")
    }
  }

  /// Whether a live host answers the call: edits and inspections of the workspace, which it
  /// holds in memory (the commands of ``ToolCommand/Place/servedByHost``). Maintenance, help
  /// and the tool's own commands work on the file here.
  var isServedByHost: Bool {
    steps.allSatisfy {
      switch $0 {
      case .edit: true
      // The host hands over the templates; the client writes the file (see `Tool`), so a
      // host never writes a file a peer names.
      case .tool(_, .templateExport(let file, _, _, _)): file == Invocation.standardOutput
      case .tool(_, .saveLayout(let file, _, _, _, _)): file == Invocation.standardOutput
      case .tool(let command, _): command.place.isServedByHost
      case .complete, .version: false
      }
    }
  }

  /// Whether the call may change the workspace: it has an edit and is not a dry run. A host
  /// that got such a call and did not answer may have applied it, so it is not run again.
  var mayChangeWorkspace: Bool {
    !options.dryRun && steps.contains(where: \.isEdit)
  }

  /// The FILE of `template export` that means standard output.
  static let standardOutput = "-"
}

extension Invocation {
  /// Whether the call is `template export` or `save-layout` to a file (not `-`), which
  /// `wsctl` writes itself after a live host, if any, hands over what it holds.
  var exportsToFile: Bool {
    guard steps.count == 1 else { return false }
    switch steps[0] {
    case .tool(_, .templateExport(let file, _, _, _)), .tool(_, .saveLayout(let file, _, _, _, _)):
      return file != Self.standardOutput
    default: return false
    }
  }
}

extension Invocation {
  /// Whether a step is `load-layout`, whose LAYOUT `wsctl` reads where it runs before a live
  /// host does.
  var loadsLayout: Bool {
    steps.contains { step in
      if case .tool(_, .loadLayout) = step { true } else { false }
    }
  }
}

extension Invocation.Step {
  /// `help [COMMAND]`, as `--help` and a call without commands ask for it.
  static func help(_ topic: String?) -> Self { .tool(ToolCommand.helpCommand, .help(topic)) }

  /// Whether the step writes a file of its own: `template export` and `save-layout`.
  var writesFile: Bool {
    switch self {
    case .tool(_, .templateExport), .tool(_, .saveLayout): true
    default: false
    }
  }

  /// Whether the step edits the workspace: a workspace command, `open`'s or `load-layout`.
  var isEdit: Bool {
    switch self {
    case .edit, .tool(_, .open), .tool(_, .loadLayout): true
    default: false
    }
  }

  /// Whether the step stands alone in its call: a tool command not served by a host,
  /// `--version` or `__complete`.
  var isAlone: Bool {
    switch self {
    case .edit: false
    case .tool(let command, _): !command.place.isServedByHost
    case .complete, .version: true
    }
  }

  /// The step's name as messages give it: a tool command's words, or an option.
  var name: String {
    switch self {
    case .edit(let command, _): command.words.first ?? ""
    case .tool(let command, _): command.name
    case .complete: LineCompletion.command
    case .version: "--version"
    }
  }
}
