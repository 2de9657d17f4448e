import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// `CommandParser.parse(line:)` and `words(in:)`: the inverse of the quoting that
/// `WorkspaceCommand.description` writes.
@Suite struct CommandParserLineTests {
  @Test(arguments: [
    ("search 'swift testing' show", ["search", "swift testing", "show"]),
    (#"rename "a \"b\"" x\ y"#, ["rename", #"a "b""#, "x y"]),
    (#"rename 'it'\''s mine'"#, ["rename", "it's mine"]),
    ("  ''  ", [""]),
    ("", []),
    ("\t focus\t2 \n", ["focus", "2"]),
    (#"rename a\"#, ["rename", #"a\"#]),
    (#"rename "c:\\dir""#, ["rename", #"c:\dir"#]),
    ("rename 'a\"b'", ["rename", "a\"b"]),
  ])
  func splitsLikeAShell(line: String, words: [String]) throws {
    #expect(try CommandParser.words(in: line) == words)
  }

  @Test(arguments: [
    ("rename '\u{301}", "'", 8),
    ("push 'a", "'", 6),
    ("rename \"my notes", "\"", 8),
    ("rename 'ok' \"x", "\"", 13),
    ("'", "'", 1),
    ("rename 日本 'x", "'", 11),
  ])
  func unterminatedQuoteNamesItsColumn(line: String, quote: String, column: Int) {
    #expect(throws: CommandSyntaxError.unterminatedQuote(quote, column: column)) {
      try CommandParser.parse(line: line)
    }
    let error = CommandSyntaxError.unterminatedQuote(quote, column: column)
    #expect(error.description == "unterminated \(quote) quote at column \(column)")
    #expect(error.exitCode == .usage)
  }

  @Test func parsesALineIntoCommands() throws {
    #expect(
      try CommandParser.parse(line: "focus 2 rename 'my notes' push detail:7")
        == [.focus(.pane(.number(2))), .rename("my notes"), .route(.push(["detail:7"]))])
  }

  @Test func grammarErrorsCountTheLinesWords() {
    #expect(throws: CommandSyntaxError.unknownCommand("pish", index: 2, suggestion: "push")) {
      try CommandParser.parse(line: "rename 'a b' pish")
    }
  }

  @Test(arguments: CommandParserRoundTripTests.commands)
  func descriptionParsesBack(command: WorkspaceCommand) throws {
    #expect(try CommandParser.parse(line: command.description) == [command])
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func randomCommandsRoundTripThroughTheirDescription(seed: UInt64) throws {
    var random = RandomCommands(generator: SeededGenerator(seed: seed))
    for _ in 0..<400 {
      let commands = (0..<Int.random(in: 1...3, using: &random.generator)).map { _ in
        random.command()
      }
      let line = commands.map(\.description).joined(separator: " ")
      #expect(try CommandParser.parse(line: line) == commands, "seed \(seed): \(line)")
    }
  }
}

/// Seeded random commands inside the grammar, with hostile titles and routes named like
/// command words.
private struct RandomCommands {
  var generator: SeededGenerator

  private static let titles = [
    "Mail", "", " ", "my notes", "it's", #"say "hi""#, #"back\slash"#, "tab\tand\nnewline",
    "=x", "-", "push", "'", "\"", "\\", "日本語 ノート", "a'b\"c\\d e", "50%", "%7",
    "\u{301}a b", "x'\u{301}y", "'\u{301}", "\u{A0}nbsp", "line\u{2028}sep", "cr\r\nlf",
  ]
  private static let routes: [RouteToken] = [
    "inbox", "detail:7", "search:swift%20testing", "push", "root", "focus", "at", "undo",
  ]

  mutating func pick<T>(_ values: [T]) -> T {
    values[Int.random(in: 0..<values.count, using: &generator)]
  }

  mutating func routes() -> [RouteToken] {
    (0..<Int.random(in: 1...3, using: &generator)).map { _ in pick(Self.routes) }
  }

  mutating func number() -> Int { Int.random(in: 1...12, using: &generator) }

  mutating func pane() -> PaneReference {
    Bool.random(using: &generator) ? .number(number()) : .id(NodeID(number()))
  }

  mutating func ratio() -> Double { Double.random(in: 0.01...0.99, using: &generator) }

  mutating func command() -> WorkspaceCommand {
    switch Int.random(in: 0..<20, using: &generator) {
    case 0:
      .focus(pick([.pane(pane()), .direction(pick(Direction.allCases)), .next, .previous, .last]))
    case 1:
      .split(
        pick(Axis.allCases), ratio: pick([nil, ratio()]), root: pick([nil, pick(Self.routes)]))
    case 2: .close(pick([nil, pane()]))
    case 3: .newTab(title: pick([nil, pick(Self.titles)]), root: pick([nil, pick(Self.routes)]))
    case 4: .selectTab(pick([.number(number()), .next, .previous, .last]))
    case 5: .closeTab(pick([nil, number()]))
    case 6: .moveTab(to: number())
    case 7: .renameTab(pick(Self.titles))
    case 8: .swap(pick([.direction(pick(Direction.allCases)), .pane(pane())]))
    case 9: .move(pick(Direction.allCases))
    case 10: .resize(pick(Direction.allCases), amount: ratio())
    case 11: pick([.equalize, .zoom])
    case 12, 13: .rename(pick(Self.titles))
    case 14: .route(.push(routes()), at: pick([nil, NodeID(number())]))
    case 15: .route(pick([.pop(count: number()), .popTo(pick(Self.routes)), .popToRoot]))
    case 16: .route(pick([.replace(routes()), .replaceCurrent(pick(Self.routes))]))
    case 17: .route(.present(pick(Self.routes), style: pick(ModalStyle.allCases)))
    case 18: .route(pick([.dismiss, .dismissModals, .setPath(routes()), .setModalPath([])]))
    default: pick([.undo(count: number()), .redo(count: number())])
    }
  }
}
