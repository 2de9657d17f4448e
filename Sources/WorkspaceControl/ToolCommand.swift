import Workspace

/// One of `wsctl`'s own commands (`show`, `validate`, `template list`...): its syntax, where
/// it runs, and how its words make a step.
///
/// The table ``all`` is the only description of the tool's commands: usage lines, help and
/// completion come from each entry's ``syntax``, the parser reads its words with ``make``, and
/// ``place`` says whether a live host answers it. So a new tool command is one entry here and
/// one case of ``Invocation/Action``, which `Runner` runs. The grammar's ``CommandDefinition``
/// is the model: one entry that both parses and describes.
///
/// An immutable class, so that a step holds one reference to its entry.
final class ToolCommand: Sendable {
  /// Where a tool command runs.
  enum Place: Sendable {
    /// A live host for the file answers it (else `wsctl` on the file), and it combines with
    /// edits in one call: the inspections and `open`.
    case servedByHost
    /// Alone in its call, on the file here: maintenance, help and completions.
    case standalone
    /// Alone in its call, here, by a conversation of its own with the host: `status` and
    /// `watch`, which return the exit code.
    case local(@Sendable (Invocation, _ replyDeadline: Int64) -> ExitCode)

    /// Whether a live host answers the command.
    var isServedByHost: Bool {
      if case .servedByHost = self { return true }
      return false
    }
  }

  /// The command a subcommand belongs to (`template` for `template list`), or `nil`.
  let parent: String?
  /// The command's words, summary, arguments and help; a subcommand's word alone.
  let syntax: CommandSyntax
  /// Where the command runs.
  let place: Place
  /// The step the words after the command's words make.
  let make: @Sendable (inout ToolArguments) throws(Failure) -> Invocation.Action

  /// An entry.
  init(
    _ syntax: CommandSyntax, under parent: String? = nil, _ place: Place,
    make: @escaping @Sendable (inout ToolArguments) throws(Failure) -> Invocation.Action
  ) {
    self.parent = parent
    self.syntax = syntax
    self.place = place
    self.make = make
  }

  /// The command's words: `show`, or `template list`.
  var words: [String] { (parent.map { [$0] } ?? []) + [syntax.word] }

  /// The command's words as messages name it: `show`, or `template list`.
  var name: String { parent.map { $0 + " " + syntax.word } ?? syntax.word }

  /// The entry a call's words start, at `index`: a subcommand's two words, else one word.
  ///
  /// Only the entries of the first word are built (``entries(startingWith:)``): none for a
  /// workspace command's word, as in `wsctl focus 2`.
  static func starting(_ words: [String], at index: Int) -> ToolCommand? {
    guard index < words.count else { return nil }
    return entries(startingWith: words[index]).first { command in
      let end = index + command.words.count
      return end <= words.count && words[index..<end].elementsEqual(command.words)
    }
  }

  /// The commands that stand on their own word, in the order `wsctl --help` lists them.
  static let topLevel = all.filter { $0.parent == nil }

  /// The words of the commands that stand on their own word (``topLevel``'s), written out so
  /// that parsing a call builds no table of the tool's commands: the table's entries hold
  /// closures and arrays whose metadata the runtime instantiates by name at first use, most
  /// of a short call's start-up. An array literal (a set literal costs ten times as much at
  /// first use). `ToolTableTests` checks it against ``topLevel``.
  static let topLevelWords: [String] = [
    "show", "tree", "routes", "layout", "history", "closed", "open", "validate", "init",
    "migrate", "restore-backup", "status", "watch", "control", "completions", "load-layout",
    "save-layout", "help",
  ]

  /// The word subcommands stand under (`template list`), the one first word of an entry
  /// outside ``topLevelWords``. `ToolTableTests` checks both against ``all``.
  static let parentWord = "template"
}

/// The words of one tool command after its own, read for its entry's ``ToolCommand/make``.
struct ToolArguments {
  /// The call's parser, at the next word after the command's words.
  var parser: CommandParser
  /// The command's syntax, whose slots say what each argument expects.
  let syntax: CommandSyntax
  /// The command's words as messages name it.
  let name: String
  /// The 0-based index of the command's first word.
  let position: Int

  /// The next word if it is an argument rather than a command word, read, with its index.
  mutating func optional() -> (String, Int)? {
    guard let next = parser.nextWord, !parser.isCommandWord(next) else { return nil }
    let index = parser.index
    _ = parser.readWord()
    return (next, index)
  }

  /// The next word, whatever it is, read, with its index: the word of the syntax's slot
  /// `slot`.
  ///
  /// - Throws: A usage ``Failure`` saying what the slot expects, at the end of the words.
  mutating func required(_ slot: Int) throws(Failure) -> (String, Int) {
    guard let next = parser.nextWord else { throw missing(slot, at: parser.index) }
    _ = parser.readWord()
    return (next, parser.index - 1)
  }

  /// The error for the word of slot `slot`, missing at the 0-based word `index`.
  func missing(_ slot: Int, at index: Int) -> Failure {
    .usage("'\(name)' needs \(syntax.arguments[slot].expected) \(Invocation.position(index))")
  }

  /// Whether the next word is the option `option`, read if it is.
  mutating func flag(_ option: String) -> Bool {
    guard parser.nextWord == option else { return false }
    _ = parser.readWord()
    return true
  }

  /// The options of `load-layout`, which may stand before its LAYOUT.
  static let layoutOptions: Set<String> = ["--reconcile", "--keep"]

  /// `KEY=VALUE` read as a template's parameter; `nil` for a word without `=`.
  ///
  /// - Throws: A usage ``Failure`` for an empty KEY (`=x`).
  static func parameter(_ word: String, at index: Int) throws(Failure) -> (String, String)? {
    guard let equals = word.firstIndex(of: "=") else { return nil }
    guard equals != word.startIndex else {
      throw .usage(
        "invalid argument '\(word)' \(Invocation.position(index)): expected a parameter KEY=VALUE")
    }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// A template's name as written: a leading `=` dropped, as after `template show`.
  static func templateName(_ word: String) -> String {
    word.hasPrefix("=") ? String(word.dropFirst()) : word
  }
}

extension ToolCommand {
  /// Every tool command; the top-level ones in the order `wsctl --help` lists them.
  static let all: [ToolCommand] = [
    showCommand,
    treeCommand,
    routesCommand,
    layoutCommand,
    historyCommand,
    closedCommand,
    openCommand,
    validateCommand,
    initCommand,
    migrateCommand,
    restoreBackupCommand,
    statusCommand,
    watchCommand,
    controlCommand,
    completionsCommand,
    loadLayoutCommand,
    saveLayoutCommand,
    helpCommand,
    templateListCommand,
    templateShowCommand,
    templateExportCommand,
  ]

  /// The entries whose first word is `word`: each entry is built at its first use, so a call
  /// builds the one it runs (building the whole table, its syntax, help and closures, was a
  /// sixth of the instructions of `wsctl routes` to a live host).
  static func entries(startingWith word: String) -> [ToolCommand] {
    switch word {
    case "show": [showCommand]
    case "tree": [treeCommand]
    case "routes": [routesCommand]
    case "layout": [layoutCommand]
    case "history": [historyCommand]
    case "closed": [closedCommand]
    case "open": [openCommand]
    case "validate": [validateCommand]
    case "init": [initCommand]
    case "migrate": [migrateCommand]
    case "restore-backup": [restoreBackupCommand]
    case "status": [statusCommand]
    case "watch": [watchCommand]
    case "control": [controlCommand]
    case "completions": [completionsCommand]
    case "load-layout": [loadLayoutCommand]
    case "save-layout": [saveLayoutCommand]
    case "help": [helpCommand]
    case "template": [templateListCommand, templateShowCommand, templateExportCommand]
    default: []
    }
  }

  /// `show`.
  static let showCommand = ToolCommand(
    CommandSyntax(
      "show", "Draw the active tab as boxes: pane numbers, titles, top routes, focus marked.",
      options: [
        CommandOption("--size", value: ArgumentSyntax("WxH", [.size])),
        CommandOption("--ascii"),
      ],
      help: [
        ArgumentHelp(
          "--size WxH", "the drawing size, 1 to 1000 each way (default: the terminal)"),
        ArgumentHelp("--ascii", "ASCII instead of box-drawing characters"),
      ],
      example: "show --size 80x24"), .servedByHost
  ) { arguments throws(Failure) in
    var ascii = false
    while let next = arguments.parser.nextWord, next.hasPrefix("--") {
      _ = arguments.parser.readWord()
      guard next == "--ascii" else {
        throw .usage(
          "unknown option '\(next)' for 'show' "
            + Invocation.position(arguments.parser.index - 1))
      }
      ascii = true
    }
    return .show(ascii: ascii)
  }

  /// `tree`.
  static let treeCommand = ToolCommand(
    CommandSyntax("tree", "Print the whole tree with ids, kinds and routes."), .servedByHost
  ) { _ in .tree }

  /// `routes`.
  static let routesCommand = ToolCommand(
    CommandSyntax(
      "routes", "Print a router's stack and modal (default the focused pane's).",
      arguments: [
        ArgumentSyntax("N|%ID|MARK", [.paneReference, .nodeID], isOptional: true)
      ],
      help: [
        ArgumentHelp(
          "N|%ID|MARK", "a pane number, a mark, last, or the id of any node that owns a router")
      ],
      example: "routes 2"), .servedByHost
  ) { arguments throws(Failure) in
    guard let (text, index) = arguments.optional() else {
      return .routes(nil, word: arguments.position)
    }
    guard let reference = CommandParser.paneReference(text) else {
      throw .usage(
        "invalid pane '\(text)' \(Invocation.position(index)): expected N, %ID, MARK or last")
    }
    return .routes(reference, word: arguments.position)
  }

  /// `layout`.
  static let layoutCommand = ToolCommand(
    CommandSyntax(
      "layout", "Print every visible pane's rectangle at a size.",
      arguments: [ArgumentSyntax("WxH", [.size], expected: "a size WxH")],
      help: [ArgumentHelp("WxH", "the size, such as 120x40")], example: "layout 120x40"),
    .servedByHost
  ) { arguments throws(Failure) in
    let (text, index) = try arguments.required(0)
    guard let size = Size(parsing: text) else {
      throw .usage(
        "invalid size '\(text)' \(Invocation.position(index)): expected WxH such as 120x40")
    }
    return .layout(size)
  }

  /// `history`.
  static let historyCommand = ToolCommand(
    CommandSyntax("history", "List the undo and redo entries."), .servedByHost
  ) {
    _ in .history
  }

  /// `closed`.
  static let closedCommand = ToolCommand(
    CommandSyntax(
      "closed", "List the closed panes and tabs that 'reopen N' brings back, newest first."),
    .servedByHost
  ) { _ in .closed }

  /// `open`.
  static let openCommand = ToolCommand(
    CommandSyntax(
      "open", "Run the commands of a deep link.",
      arguments: [ArgumentSyntax("URL", [.link], expected: "a URL")],
      help: [ArgumentHelp("URL", "scheme://workspace/word/word...")],
      example: "open 'myapp://workspace/focus/2/push/detail:7'"), .servedByHost
  ) { arguments throws(Failure) in
    let (link, index) = try arguments.required(0)
    do throws(CommandSyntaxError) {
      return .open(link, try CommandParser.parse(link: link), word: arguments.position)
    } catch {
      // A grammar error counts the path segments of the link; name the link.
      if case .invalidURL = error { throw .usage("\(error) (word \(index + 1))") }
      throw .usage("invalid link '\(link)' (word \(index + 1)): \(error)")
    }
  }

  /// `validate`.
  static let validateCommand = ToolCommand(
    CommandSyntax(
      "validate", "Check the file and print every diagnostic; exit 65 if it is not clean.",
      example: "-f workspace.json validate"), .standalone
  ) { _ in .validate }

  /// `init`.
  static let initCommand = ToolCommand(
    CommandSyntax(
      "init",
      "Write the default workspace to the file, or with --from LAYOUT a workspace of a layout.",
      arguments: [
        ArgumentSyntax(
          "NAME", [.templateName], isOptional: true, expected: "a template name"),
        ArgumentSyntax(
          "KEY=VALUE", [.templateParameter], isOptional: true, isRepeated: true,
          expected: "a parameter KEY=VALUE"),
      ],
      options: [CommandOption("--force")],
      help: [
        ArgumentHelp("--force", "overwrite an existing file (kept as the backup)"),
        ArgumentHelp(
          "NAME", "with --from, the template to start from when the file holds several"),
        ArgumentHelp("KEY=VALUE", "with --from, the value of a {KEY} placeholder, once for each"),
      ],
      example: "--from dev.layout.json init project=mail"),
    .standalone
  ) { arguments throws(Failure) in
    var force = false
    var name: String?
    var parameters: [String: String] = [:]
    // Up to a command word (which `init` cannot be combined with) or a second --force,
    // which the call then refuses as it would any misplaced option.
    while let word = arguments.parser.nextWord, !arguments.parser.isCommandWord(word),
      !(force && word == "--force")
    {
      let index = arguments.parser.index
      _ = arguments.parser.readWord()
      if word == "--force" {
        force = true
      } else if let (key, value) = try ToolArguments.parameter(word, at: index) {
        guard parameters.updateValue(value, forKey: key) == nil else {
          throw .usage(
            "invalid argument '\(word)' \(Invocation.position(index)): expected a value for "
              + "'\(key)' given once")
        }
      } else if name == nil {
        name = ToolArguments.templateName(word)
      } else {
        throw .usage(
          "invalid argument '\(word)' \(Invocation.position(index)): expected a parameter "
            + "KEY=VALUE")
      }
    }
    return .initialize(force: force, name: name, parameters: parameters)
  }

  /// `migrate`.
  static let migrateCommand = ToolCommand(
    CommandSyntax(
      "migrate",
      "Rewrite an older or repaired file in the current format; a file already so is left "
        + "alone.",
      example: "-f old.json migrate"), .standalone
  ) { _ in .migrate }

  /// `restore-backup`.
  static let restoreBackupCommand = ToolCommand(
    CommandSyntax(
      "restore-backup",
      "Replace the file with its backup (the file is kept as FILE.before-restore).",
      options: [CommandOption("--force")],
      help: [ArgumentHelp("--force", "restore even while a host is live for the file")],
      discussion: [
        "While a host is live for the file, restore-backup is refused (exit 1), naming the "
          + "host's pid: the host would adopt the older backup, and its own saved changes "
          + "would be gone from the file and from the host. Stop the host first, or give "
          + "--force to restore anyway."
      ]), .standalone
  ) { arguments in .restoreBackup(force: arguments.flag("--force")) }

  /// `status`.
  static let statusCommand = ToolCommand(
    CommandSyntax(
      "status",
      "Say whether a host is live for the file, its pid, or why none is (exit 0; 75 for a "
        + "host that does not answer).",
      example: "status --json"), .local(Status.run)
  ) { _ in .status }

  /// `watch`.
  static let watchCommand = ToolCommand(
    CommandSyntax(
      "watch",
      "Print every change as it happens, one line each, until interrupted or the host exits.",
      example: "watch --json"), .local(Watch.run)
  ) { _ in .watch }

  /// `control`.
  static let controlCommand = ToolCommand(
    CommandSyntax(
      "control",
      "Run the calls of SCRIPT's lines (default standard input), one reply line each, over "
        + "one connection to a live host, else on the file.",
      arguments: [ArgumentSyntax("SCRIPT", [.file], isOptional: true)],
      options: [CommandOption("--write-at-end")],
      help: [
        ArgumentHelp("SCRIPT", "a file of calls, one a line; '-' or none: standard input"),
        ArgumentHelp(
          "--write-at-end", "without a host, write the file once, after the last line"),
      ],
      discussion: [
        "Each line is one call's words after 'wsctl' and its global options, quoted as in a "
          + "shell; the call's options apply to every line. Each line gets one reply line on "
          + "standard output, in order: {\"line\": N, \"exit\": E, \"output\": \"…\", "
          + "\"errors\": \"…\"}, what the call alone would print and exit with. An edit is "
          + "answered once it is durable; a script may send many lines before reading the "
          + "replies. See 'Control mode' in docs/CLI.md."
      ],
      example: "-f workspace.json control script.txt"), .local(ControlMode.run)
  ) { arguments throws(Failure) in
    var script: String?
    var writeAtEnd = false
    while let word = arguments.parser.readWord() {
      let index = arguments.parser.index - 1
      if word == "--write-at-end" {
        guard !writeAtEnd else {
          throw .usage(
            "option '--write-at-end' given twice \(Invocation.position(index)) for 'control'")
        }
        writeAtEnd = true
      } else if script == nil {
        script = word
      } else {
        throw .usage("'control' takes one SCRIPT; '\(word)' \(Invocation.position(index))")
      }
    }
    return .control(script: script, writeAtEnd: writeAtEnd)
  }

  /// `completions`.
  static let completionsCommand = ToolCommand(
    CommandSyntax(
      "completions", "Print a shell completion script.",
      arguments: [
        ArgumentSyntax(
          Completions.shellChoice, [.shell],
          expected: "a shell: " + Completions.shellList)
      ],
      help: [ArgumentHelp("SHELL", Completions.shellList)],
      example: "completions bash > /etc/bash_completion.d/wsctl"), .standalone
  ) { arguments throws(Failure) in
    let (shell, index) = try arguments.required(0)
    guard Completions.shells.contains(shell) else {
      throw .usage(
        "unknown shell '\(shell)' \(Invocation.position(index)): expected "
          + Completions.shellList)
    }
    return .completions(shell)
  }

  /// `load-layout`.
  static let loadLayoutCommand = ToolCommand(
    CommandSyntax(
      "load-layout",
      "Open the tabs of a layout file (tmuxp load), or with --reconcile apply it onto the "
        + "active tab (Zellij's override-layout).",
      arguments: [
        ArgumentSyntax("LAYOUT", [.file], expected: "a layout FILE"),
        ArgumentSyntax(
          "KEY=VALUE", [.templateParameter], isOptional: true, isRepeated: true,
          expected: "a parameter KEY=VALUE"),
      ],
      options: [CommandOption("--reconcile"), CommandOption("--keep")],
      help: [
        ArgumentHelp("LAYOUT", "a layout file (or a templates file holding one template)"),
        ArgumentHelp("KEY=VALUE", "the value of a {KEY} placeholder, once for each"),
        ArgumentHelp(
          "--reconcile",
          "keep the active tab's panes it names by mark or title (routers, history, ids), open the "
            + "missing, close the rest; a workspace layout reconciles the whole workspace"),
        ArgumentHelp(
          "--keep", "reconcile, keeping the panes it does not name (implies --reconcile)"),
      ],
      discussion: [
        "One undoable change, like any edit; it combines with other commands in one "
          + "transaction. With --reconcile it prints what it kept, opened and closed (--json: "
          + "\"reconciled\"). The file is read where wsctl runs; a live host is sent its "
          + "absolute path. docs/FORMAT.md describes layout files."
      ],
      example: "load-layout dev.layout.json project=mail"), .servedByHost
  ) { arguments throws(Failure) in
    var file: String?
    var parameters: [String: String] = [:]
    var reconcile = false
    var keep = false
    // The options anywhere, LAYOUT first of the other words, then KEY=VALUE words up to the
    // next command word.
    while let next = arguments.parser.nextWord {
      let index = arguments.parser.index
      if ToolArguments.layoutOptions.contains(next) {
        _ = arguments.parser.readWord()
        reconcile = true
        keep = keep || next == "--keep"
        continue
      }
      guard file != nil else {
        _ = arguments.parser.readWord()
        file = next
        continue
      }
      guard !arguments.parser.isCommandWord(next),
        let (key, value) = try ToolArguments.parameter(next, at: index)
      else { break }
      _ = arguments.parser.readWord()
      guard parameters.updateValue(value, forKey: key) == nil else {
        throw .usage(
          "invalid argument '\(next)' \(Invocation.position(index)): expected a value for "
            + "'\(key)' given once")
      }
    }
    guard let file, !file.isEmpty else {
      throw arguments.missing(0, at: arguments.parser.index)
    }
    return .loadLayout(
      file: file, parameters: parameters, reconcile: reconcile, keep: keep,
      word: arguments.position)
  }

  /// `save-layout`.
  // Served by a host only to `-`: for a FILE, the host prints the layout and `wsctl` writes
  // the file (see `Tool`), as for `template export`.
  static let saveLayoutCommand = ToolCommand(
    CommandSyntax(
      "save-layout",
      "Write the workspace (or the active tab) as a layout file, as load-layout and init --from "
        + "read it.",
      arguments: [ArgumentSyntax("FILE", [.file], expected: "a FILE")],
      options: [
        CommandOption("--tab"),
        CommandOption(
          "--name", value: ArgumentSyntax("NAME", [.templateName], expected: "a layout name")),
        CommandOption("--force"),
      ],
      help: [
        ArgumentHelp("FILE", "the layout file; '-' prints it"),
        ArgumentHelp("--tab", "the active tab only, not the whole workspace"),
        ArgumentHelp("--name NAME", "the layout's name (default: FILE's name without '.json')"),
        ArgumentHelp("--force", "replace an existing FILE"),
      ],
      example: "save-layout dev.layout.json"), .servedByHost
  ) { arguments throws(Failure) in
    var file: String?
    var name: String?
    var tab = false
    var force = false
    // Up to a command word after FILE, which the call then refuses: it writes a file.
    while let word = arguments.parser.nextWord,
      file == nil || !arguments.parser.isCommandWord(word)
    {
      let index = arguments.parser.index
      _ = arguments.parser.readWord()
      switch word {
      case "--tab": tab = true
      case "--force": force = true
      case "--name":
        guard let value = arguments.parser.readWord(), WorkspaceTemplate.isValidName(value) else {
          throw .usage(
            "option '--name' \(Invocation.position(index)) needs a layout name: letters, "
              + "digits, '_', '-' and '.'")
        }
        name = value
      default:
        guard file == nil else {
          throw .usage(
            "unexpected argument '\(word)' \(Invocation.position(index)) for 'save-layout'")
        }
        file = word
      }
    }
    guard let file, !file.isEmpty else { throw arguments.missing(0, at: arguments.position + 1) }
    return .saveLayout(
      file: file, name: name, tab: tab, force: force, word: arguments.position)
  }

  /// `template list`.
  static let templateListCommand = ToolCommand(
    CommandSyntax("list", "List the templates: names, tab titles, parameters."),
    under: "template", .servedByHost
  ) { _ in .templateList }

  /// `template show`.
  static let templateShowCommand = ToolCommand(
    CommandSyntax(
      "show", "Print a template's tree (with --json, as the files store it).",
      arguments: [ArgumentSyntax("NAME", [.templateName], expected: "a template name")]),
    under: "template", .servedByHost
  ) { arguments throws(Failure) in
    let (name, _) = try arguments.required(0)
    return .templateShow(ToolArguments.templateName(name), word: arguments.position)
  }

  /// `template export`.
  // Served by a host only to `-`: for a FILE, the host hands over its templates and `wsctl`
  // writes the file (see `Tool`), so a host never writes a file a peer names.
  static let templateExportCommand = ToolCommand(
    CommandSyntax(
      "export", "Write templates (default all) to a templates file, as --from reads it.",
      arguments: [
        ArgumentSyntax("FILE", [.file], expected: "a FILE"),
        ArgumentSyntax(
          "NAME", [.templateName], isOptional: true, isRepeated: true,
          expected: "a template name"),
      ],
      options: [CommandOption("--force")]),
    under: "template", .servedByHost
  ) { arguments throws(Failure) in
    var file: String?
    var names: [String] = []
    var force = false
    while let word = arguments.parser.readWord() {
      if word == "--force" {
        guard !force else {
          throw .usage(
            "option '--force' given twice \(Invocation.position(arguments.parser.index - 1)) "
              + "for 'template export'")
        }
        force = true
      } else if file == nil {
        file = word
      } else {
        names.append(ToolArguments.templateName(word))
      }
    }
    guard let file, !file.isEmpty else { throw arguments.missing(0, at: arguments.position + 2) }
    return .templateExport(file: file, names: names, force: force, word: arguments.position)
  }

  /// `help [COMMAND]`, which `--help` and a call without commands ask for too.
  static let helpCommand = ToolCommand(
    CommandSyntax(
      "help", "Print help for the tool or a command.",
      arguments: [ArgumentSyntax("COMMAND", [.commandWord], isOptional: true)],
      help: [ArgumentHelp("COMMAND", "a command word")], example: "help split"), .standalone
  ) { arguments throws(Failure) in
    guard
      let (topic, index) = arguments.optional()
        ?? arguments.parser.nextWord.map({ ($0, arguments.parser.index) })
    else { return .help(nil) }
    if arguments.parser.index == index { _ = arguments.parser.readWord() }
    guard CommandHelp.named(topic) != nil else {
      let suggestion = CommandParser.suggestion(for: topic, among: CommandHelp.all.map(\.name))
      throw .usage(
        "no help for '\(topic)' \(Invocation.position(index))"
          + (suggestion.map { " — did you mean '\($0)'?" } ?? ""))
    }
    return .help(topic)
  }
}
