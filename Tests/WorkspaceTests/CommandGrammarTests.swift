import PaneRouter
import Testing

@testable import Workspace

/// The grammar table and the parser cannot drift: every word the parser accepts is in the
/// table and every word of the table parses; each command prints back to its own word.
@Suite struct CommandGrammarTests {
  static let tableWords = CommandGrammar.commands.map(\.word)

  @Test func theTableAndTheParsersCommandWordsAreTheSame() {
    #expect(Self.tableWords == CommandParser.commandWords)
    #expect(Set(Self.tableWords).count == Self.tableWords.count)
  }

  /// The lookup by word picks the family by a `switch` over the words: every entry is found
  /// there, as itself, and in the family the table lists it in.
  @Test func theLookupByWordFindsEveryEntryInItsFamily() {
    let families = [
      CommandGrammar.layoutCommands, CommandGrammar.floatingCommands,
      CommandGrammar.arrangeCommands, CommandGrammar.stackCommands,
      CommandGrammar.routerCommands, CommandGrammar.targetCommands,
      CommandGrammar.templateCommands, CommandGrammar.historyCommands,
      CommandGrammar.windowCommands,
    ]
    #expect(families.flatMap { $0 }.map(\.syntax.word) == Self.tableWords)
    for family in families {
      for entry in family {
        #expect(CommandGrammar.definition(entry.syntax.word) === entry, "\(entry.syntax.word)")
      }
    }
    #expect(
      CommandGrammar.routerOperations.map(ObjectIdentifier.init)
        == CommandGrammar.definitions.filter(\.isRouterOperation).map(ObjectIdentifier.init))
    for word in ["", "=focus", "Focus", "show", "list", "move-floating", "pin", "focus "] {
      #expect(CommandGrammar.definition(word) == nil, "\(word)")
    }
  }

  /// Spelling a command reads its family's entries only: a command of every case is spelled
  /// there as the whole table spells it.
  @Test func everyCommandIsSpelledByItsOwnFamily() throws {
    let template = try reviewTemplate()
    let commands =
      CommandParserRoundTripTests.commands + [
        .mark("a"), .unmark(), .unmark("a"), .at(.number(2), .zoom),
        .at(.mark("a"), .route(.pop(count: 1))), .saveTemplate("dev"), .removeTemplate("dev"),
        .applyTemplate("dev", parameters: ["a": "1"]), .addTemplate(template),
        .openTemplate(template, parameters: ["repo": "r", "pr": "1"]),
        .reconcileTemplate("dev"), .reconcileWithTemplate(template, keepingOthers: true),
      ]
    for command in commands {
      let whole = command.spelledWords(reserving: [], by: CommandGrammar.definitions)
      #expect(whole != nil, "\(command)")
      #expect(command.spelledWords(reserving: [], by: command.grammarFamily) == whole, "\(command)")
    }
  }

  /// An entry without arguments stores its command, not a closure over it: each makes its
  /// command and spells only it.
  @Test func aPlainEntryMakesAndSpellsItsOwnCommandOnly() throws {
    var plain: [(CommandDefinition, WorkspaceCommand)] = []
    func collect(_ entries: [CommandDefinition]) {
      for entry in entries {
        if case .plain(let command) = entry.conversion { plain.append((entry, command)) }
        collect(entry.subcommands)
      }
    }
    collect(CommandGrammar.definitions)
    #expect(plain.count >= 8)
    for (entry, command) in plain {
      #expect(entry.make([]) == command)
      #expect(entry.values(command) == [])
      for (other, otherCommand) in plain where other !== entry {
        #expect(entry.values(otherCommand) == nil, "\(entry.syntax.word)")
      }
      #expect(entry.values(.route(.pop(count: 1))) == nil)
    }
    let float = try #require(CommandGrammar.definition("float"))
    #expect(float.make([]) == .float)
    #expect(float.subcommands.map(\.syntax.word).contains("pin"))
  }

  @Test(arguments: tableWords)
  func everyWordOfTheTableIsACommandOfTheParser(word: String) {
    do {
      _ = try CommandParser.parse([word])
    } catch {
      if case .unknownCommand = error { Issue.record("the parser does not know '\(word)'") }
    }
  }

  /// Words that look like commands but are not first words: subcommands, argument words,
  /// wsctl's own commands, the router operation names of the API.
  @Test(arguments: [
    "new", "next", "prev", "last", "h", "v", "sheet", "cover", "left", "show", "tree",
    "help", "popTo", "popToRoot", "dismissModals", "Focus", "PUSH", "", "=push",
  ])
  func aWordOutsideTheTableIsAnUnknownCommand(word: String) {
    do {
      _ = try CommandParser.parse([word])
      Issue.record("'\(word)' parsed as a command")
    } catch {
      var isUnknown = false
      if case .unknownCommand = error { isUnknown = true }
      #expect(isUnknown, "\(error)")
    }
  }

  @Test(arguments: tableWords)
  func everyCommandHasASampleThatPrintsBackToItsWord(word: String) throws {
    let example = try #require(CommandGrammar.command(word)).example
    let samples =
      CommandParserRoundTripTests.commands.filter { $0.words.first == word }
      + (try CommandParser.parse(line: example)).prefix(1)
    #expect(samples.allSatisfy { $0.words.first == word }, "the example of '\(word)'")
    for sample in samples {
      #expect(try CommandParser.parse(line: sample.description) == [sample])
    }
  }

  @Test(arguments: CommandGrammar.commands)
  func everyCommandHasASummaryAndAUsageLine(command: CommandSyntax) {
    #expect(command.summary.count > 10 && command.summary.hasSuffix("."))
    #expect(command.usage.hasPrefix(command.word))
  }

  /// PaneRouter's logger spells an operation as the grammar does (`push detail:7 rejected:
  /// duplicate top`): the lower layer cannot read the table, so this keeps them in step.
  @Test(arguments: CommandGrammar.routerOperationWords)
  func aRouterOperationLogsAsTheGrammarSpellsIt(word: String) throws {
    let example = try #require(CommandGrammar.command(word)).example
    let command = try #require(try CommandParser.parse(line: example).first)
    guard case .route(let operation, nil) = command else {
      Issue.record("'\(example)' is not a router operation")
      return
    }
    #expect(operation.description == command.description)
  }

  @Test func theRouterOperationsAreCommandsOfTheTable() {
    #expect(Set(CommandGrammar.routerOperationWords).isSubset(of: Set(Self.tableWords)))
    #expect(CommandParser.routerOperationWords == Set(CommandGrammar.routerOperationWords))
  }

  @Test(arguments: [
    ("split", "split [-d] h|v [RATIO] [ROUTE]"),
    ("close", "close [N|%ID|MARK|last]"),
    ("push", "push ROUTE..."),
    ("set-path", "set-path [ROUTE...]"),
    ("present", "present sheet|cover ROUTE"),
    (
      "tab",
      "tab new [-d] [TITLE] [ROUTE] | tab close [N] | tab move N | tab rename TITLE | tab N|next|prev|last"
    ),
  ])
  func usageLinesAreGeneratedFromTheTable(word: String, usage: String) throws {
    #expect(try #require(CommandGrammar.command(word)).usage == usage)
  }
}

/// The completer alone, on a workspace value (the shells' tests drive it through `wsctl`).
@Suite struct CommandCompleterTests {
  let completer = CommandCompleter(
    commands: CommandGrammar.commands,
    values: CompletionValues(state: WorkspaceState(hsplit(pane("A"), pane("B")))))

  @Test(arguments: [
    ([], "fo", ["focus"]),
    (["move"], "", ["left", "right", "up", "down"]),
    (["split"], "", ["h", "v"]),
    (["split", "h"], "0", []),
    (
      ["focus"], "",
      [
        "wrap", "float", "tiled", "1", "2", "%2", "%3", "last", "left", "right", "up", "down",
        "next", "prev",
      ]
    ),
    (["focus", "wrap"], "", ["left", "right", "up", "down"]),
    (["push", "a", "b"], "ze", []),
    (["push", "a", "b"], "zo", ["zoom"]),
    (["at", "%2"], "pop-to-", ["pop-to-last"]),
    (["at", "%2", "present"], "", ["sheet", "cover"]),
    (["rename"], "", []),
    (["rename", "focus"], "zo", ["zoom"]),
  ])
  func candidates(words: [String], prefix: String, expected: [String]) {
    #expect(completer.completions(after: words, prefix: prefix).map(\.word) == expected)
  }

  @Test func descriptionsAreSummariesAndTitles() {
    let focus = completer.completions(after: [], prefix: "focus").first
    #expect(focus?.description == CommandGrammar.command("focus")?.summary)
    let pane = completer.completions(after: ["focus"], prefix: "2").first
    #expect(pane == Completion("2", "B"))
  }
}
