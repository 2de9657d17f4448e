import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

@testable import WorkspaceControl

/// Every tool command of `ToolCommand.all`, from its one entry: its words parse to a step of
/// that entry, `wsctl help` prints its usage line, `wsctl __complete` offers its word, and a
/// live host answers it exactly when the entry says it is served by a host.
@Suite struct ToolTableTests {
  static let names = ToolCommand.all.map(\.name)

  /// A file no test creates, so that completion offers the default workspace's values.
  static let noFile = "/nonexistent/tool-table/workspace.json"

  /// The entry's words with a word for each required argument.
  static func line(_ command: ToolCommand) -> [String] {
    command.words
      + command.syntax.arguments.filter { !$0.isOptional }.map { slot in
        switch slot.kinds.first {
        case .size?: "80x24"
        case .link?: "myapp://workspace/focus/2"
        case .shell?: "bash"
        case .templateName?: "x"
        case .file?: Invocation.standardOutput
        default: "1"
        }
      }
  }

  static func command(named name: String) throws -> ToolCommand {
    try #require(ToolCommand.all.first { $0.name == name })
  }

  @Test func everyToolCommandHasExactlyOneEntry() {
    #expect(Set(Self.names).count == Self.names.count)
    #expect(
      Set(CommandHelp.toolCommands.map(\.name))
        == Set(ToolCommand.topLevel.map(\.syntax.word)))
    // The tool's words are none of the grammar's, but for `template`, whose subcommands they
    // add.
    #expect(Set(Invocation.toolWords).isDisjoint(with: CommandParser.commandWords))
  }

  @Test func eachEntryIsFoundByItsFirstWordAlone() {
    // A call builds only the entries of its first word: each entry under its own first word,
    // once, and none under another.
    let firstWords = ToolCommand.topLevelWords + [ToolCommand.parentWord]
    let grouped = firstWords.flatMap(ToolCommand.entries(startingWith:))
    #expect(grouped.map(\.name).sorted() == Self.names.sorted())
    for word in firstWords {
      for command in ToolCommand.entries(startingWith: word) {
        #expect((command.parent ?? command.syntax.word) == word, "\(command.name)")
      }
    }
    #expect(ToolCommand.entries(startingWith: "focus").isEmpty)
    #expect(ToolCommand.entries(startingWith: "list").isEmpty)
  }

  @Test func theWrittenOutWordsAreTheTablesWords() throws {
    // The parse reads these sets instead of the table: a word missing here would not start
    // its command, a word too many would end a workspace command's arguments.
    #expect(ToolCommand.topLevelWords == ToolCommand.topLevel.map(\.syntax.word))
    #expect(Set(ToolCommand.topLevelWords) == Set(Invocation.toolWords))
    // A tool word ends a workspace command's arguments; `=` makes it a route.
    let parsed = try Invocation(arguments: ["push", "a", "=routes", "routes"])
    #expect(parsed.steps.count == 2)
    if case .edit(let push, _)? = parsed.steps.first {
      #expect(push == .route(.push(["a", "routes"])))
    } else {
      Issue.record("not an edit: \(parsed.steps)")
    }
    #expect(
      Set(ToolCommand.all.map { $0.parent ?? $0.syntax.word })
        == Set(ToolCommand.topLevelWords + [ToolCommand.parentWord]))
    for command in ToolCommand.all {
      #expect(ToolCommand.starting(command.words, at: 0) === command, "\(command.name)")
    }
    #expect(ToolCommand.starting(["focus", "2"], at: 0) == nil)
    #expect(ToolCommand.starting(["template", "apply", "x"], at: 0) == nil)
    #expect(ToolCommand.starting([], at: 0) == nil)
  }

  @Test(arguments: names)
  func itsWordsParseToAStepOfItsEntry(name: String) throws {
    let command = try Self.command(named: name)
    let invocation = try Invocation(arguments: Self.line(command))
    #expect(invocation.steps.count == 1)
    guard case .tool(let parsed, _)? = invocation.steps.first else {
      Issue.record("\(name) parsed to \(invocation.steps)")
      return
    }
    #expect(parsed === command)
    #expect(invocation.steps.first?.name == name)
  }

  @Test(arguments: names)
  func itsHelpPrintsItsUsageLine(name: String) throws {
    let command = try Self.command(named: name)
    let help = try #require(CommandHelp.named(command.words[0]))
    let usage = (command.parent.map { $0 + " " } ?? "") + command.syntax.usage
    #expect(help.text.contains(usage), "\(help.text)")
    let invocation = try Invocation(arguments: ["help", command.words[0]])
    guard case .tool(_, .help(let topic))? = invocation.steps.first else {
      Issue.record("help \(name) parsed to \(invocation.steps)")
      return
    }
    #expect(topic == command.words[0])
    if command.parent == nil {
      #expect(ToolHelp.text.contains("\n  \(command.syntax.word) "))
    }
  }

  @Test(arguments: names)
  func completionOffersItsWord(name: String) throws {
    let command = try Self.command(named: name)
    let before = ["-f", Self.noFile] + command.words.dropLast() + [""]
    let offered = LineCompletion.output(for: before).split(separator: "\n").map {
      String($0.prefix { $0 != "\t" })
    }
    #expect(offered.contains(command.syntax.word), "\(offered)")
  }

  /// What the host serves is what the table says is served by a host: the host answers the
  /// call or declines it, and `wsctl` asks a host exactly for the former.
  @Test(arguments: names)
  func aHostServesItExactlyWhenItsEntrySays(name: String) throws {
    let command = try Self.command(named: name)
    let arguments = Self.line(command)
    let directory = TemporaryDirectory(prefix: "tool-table")
    defer { directory.remove() }
    let store = WorkspaceStore(path: directory.file("workspace.json"))
    let answer = HostAnswer(
      HostCall(
        arguments: arguments,
        terminal: TerminalTraits(size: Size(width: 80, height: 24), usesColor: false),
        fileName: nil),
      draft: WorkspaceDraft(.example), store: store)
    #expect(answer.isDeclined == !command.place.isServedByHost, "\(answer.reply.errors)")
    #expect(try Invocation(arguments: arguments).isServedByHost == command.place.isServedByHost)
  }
}

/// Every global option of `GlobalOption.all`, from its one entry: each of its names parses and
/// sets what the entry says, `wsctl --help` (or its command's help) describes it, and
/// completion offers its names and completes its FILE as a file name.
@Suite struct GlobalOptionTableTests {
  static let names = GlobalOption.all.flatMap(\.names)

  static func option(named name: String) throws -> GlobalOption {
    try #require(GlobalOption.named(name))
  }

  /// A word that only looks like an option's name names none: a prefix or an extension of a
  /// name, a letter no option has, dashes alone or too many, a cluster of letters.
  @Test(arguments: ["-", "--", "---", "-x", "--fil", "--files", "---file", "-fq", "file", "-é", ""])
  func otherWordsNameNoOption(_ word: String) {
    #expect(GlobalOption.named(word) == nil)
  }

  /// The look-ups by name and by letter are written out beside the table: each finds the
  /// table's entry, and no letter finds one that has none.
  @Test func theLookUpsFindTheTablesEntries() {
    for option in GlobalOption.all {
      #expect(GlobalOption.named("--" + option.long)?.long == option.long)
      if let letter = option.short {
        #expect(GlobalOption.named("-\(letter)")?.long == option.long)
        #expect(GlobalOption.short(letter)?.long == option.long)
      }
    }
    let letters = Set(GlobalOption.all.compactMap(\.short))
    for byte in UInt8(ascii: "A")...UInt8(ascii: "z") {
      let letter = Character(Unicode.Scalar(byte))
      guard !letters.contains(letter) else { continue }
      #expect(GlobalOption.short(letter) == nil, "\(letter)")
      #expect(GlobalOption.named("-\(letter)") == nil, "\(letter)")
    }
  }

  @Test func everyNameIsOneOptions() {
    #expect(Set(Self.names).count == Self.names.count)
    #expect(LineCompletion.options == Self.names)
  }

  /// The option's words, and its value's, before `tree`.
  static func arguments(_ name: String, _ option: GlobalOption) -> [String] {
    switch option.effect {
    case .file: [name, "given.json", "tree"]
    case .size: [name, "80x24", "tree"]
    case .window: [name, "2", "tree"]
    case .version: [name]
    case .flag, .help: [name, "tree"]
    }
  }

  @Test(arguments: names)
  func itParsesAndSetsWhatItsEntrySays(name: String) throws {
    let option = try Self.option(named: name)
    var forms = [Self.arguments(name, option)]
    if option.value != nil, name.hasPrefix("--") {
      let arguments = Self.arguments(name, option)
      forms.append(["\(name)=\(arguments[1])"] + arguments.dropFirst(2))
    }
    for arguments in forms {
      let invocation = try Invocation(arguments: arguments)
      switch option.effect {
      case .flag(let turnOn):
        // The switch alone, and turned on: the entry's closure on a fresh set of options.
        var expected = Invocation.Options()
        turnOn(&expected)
        #expect(expected != Invocation.Options(), "\(name) changes nothing")
        #expect(invocation.options == expected, "\(arguments)")
      case .file(let record):
        var expected = Invocation.Options()
        record(&expected, "given.json")
        #expect(expected != Invocation.Options(), "\(name) records nothing")
        #expect(invocation.options == expected, "\(arguments)")
      case .size: #expect(invocation.options.size == Size(width: 80, height: 24))
      case .window: #expect(invocation.options.window == .number(2))
      case .help:
        guard case .tool(_, .help("tree"))? = invocation.steps.first else {
          Issue.record("\(arguments) parsed to \(invocation.steps)")
          continue
        }
      case .version:
        guard case .version? = invocation.steps.first else {
          Issue.record("\(arguments) parsed to \(invocation.steps)")
          continue
        }
      }
    }
  }

  @Test(arguments: names)
  func itsHelpDescribesIt(name: String) throws {
    let option = try Self.option(named: name)
    if option.help.isEmpty {
      // Described by the command that reads it: `--from FILE`, by `template`.
      let described = CommandHelp.all.contains { $0.text.contains("--\(option.long)") }
      #expect(described)
    } else {
      #expect(ToolHelp.text.contains("\n  \(option.synopsis)  "))
      for line in option.help { #expect(ToolHelp.text.contains(line)) }
    }
  }

  @Test(arguments: names)
  func completionOffersItAndItsFile(name: String) throws {
    let option = try Self.option(named: name)
    let offered = LineCompletion.output(for: ["-"]).split(separator: "\n").map(String.init)
    #expect(offered.contains(name))
    let afterIt = LineCompletion.output(for: [name, ""])
    if case .file = option.effect {
      #expect(afterIt == ":files\n")
    } else {
      #expect(afterIt != ":files\n")
    }
  }
}
