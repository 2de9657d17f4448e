import PaneRouter
import Testing

@testable import Workspace

@Suite struct CommandParserErrorTests {
  static func words(_ text: String) -> [String] {
    text.split(separator: " ").map(String.init)
  }

  static let at = "a command that acts on a pane or tab, such as push, split, close or rename"
  static let pane = "a pane number, %ID, mark, left|right|up|down, wrap or next|prev|last"
  static let fraction = "a ratio between 0 and 1 (0.3) or a percentage (30%)"
  static let amount =
    "a number of cells (5), a ratio between 0 and 1 (0.3) or a percentage (30%)"
  static let direction = "a direction, left|right|up|down"
  static let minimumSize = "a size WxH such as 6x3, each from 1 to 10000, or default"

  static let unknownCommands: [(String, CommandSyntaxError)] = [
    ("pish detail:7", .unknownCommand("pish", index: 0, suggestion: "push")),
    ("focus 2 fcous 3", .unknownCommand("fcous", index: 2, suggestion: "focus")),
    ("xyzzy", .unknownCommand("xyzzy", index: 0, suggestion: nil)),
    ("zoom =b", .unknownCommand("=b", index: 1, suggestion: nil)),
    ("focus 2 3", .unknownCommand("3", index: 2, suggestion: nil)),
    ("tab new a b c", .unknownCommand("c", index: 4, suggestion: nil)),
    ("split h 0.3 a b", .unknownCommand("b", index: 4, suggestion: nil)),
  ]

  static let invalidArguments: [(String, CommandSyntaxError)] = [
    ("focus 0", .invalidArgument("0", index: 1, expected: pane)),
    ("focus -1", .invalidArgument("-1", index: 1, expected: pane)),
    ("focus 2x", .invalidArgument("2x", index: 1, expected: pane)),
    ("focus a:b", .invalidArgument("a:b", index: 1, expected: pane)),
    ("focus +2", .invalidArgument("+2", index: 1, expected: pane)),
    ("focus %0", .invalidArgument("%0", index: 1, expected: pane)),
    ("split d", .invalidArgument("d", index: 1, expected: "an axis, h or v")),
    ("split h 1.5", .invalidArgument("1.5", index: 2, expected: fraction)),
    ("split h 0", .invalidArgument("0", index: 2, expected: fraction)),
    ("split h 1", .invalidArgument("1", index: 2, expected: fraction)),
    ("split h 100%", .invalidArgument("100%", index: 2, expected: fraction)),
    ("split h 0%", .invalidArgument("0%", index: 2, expected: fraction)),
    ("split h -0.3", .invalidArgument("-0.3", index: 2, expected: fraction)),
    ("split h 0x1p-2", .invalidArgument("0x1p-2", index: 2, expected: fraction)),
    ("split h 1..2", .invalidArgument("1..2", index: 2, expected: fraction)),
    ("resize left 0", .invalidArgument("0", index: 2, expected: amount)),
    ("resize left 1.5", .invalidArgument("1.5", index: 2, expected: amount)),
    ("resize left 100%", .invalidArgument("100%", index: 2, expected: amount)),
    ("resize left -3", .invalidArgument("-3", index: 2, expected: amount)),
    ("resize left wide", .invalidArgument("wide", index: 2, expected: amount)),
    ("focus wrap next", .invalidArgument("next", index: 2, expected: direction)),
    ("minimum-size 0x3", .invalidArgument("0x3", index: 1, expected: minimumSize)),
    ("minimum-size 6x10001", .invalidArgument("6x10001", index: 1, expected: minimumSize)),
    ("minimum-size 6", .invalidArgument("6", index: 1, expected: minimumSize)),
    (
      "resize sideways 0.1",
      .invalidArgument("sideways", index: 1, expected: "a direction, left|right|up|down")
    ),
    ("move next", .invalidArgument("next", index: 1, expected: "a direction, left|right|up|down")),
    (
      "swap next",
      .invalidArgument(
        "next", index: 1, expected: "left|right|up|down, a pane number, %ID, mark or last")
    ),
    ("close 2x", .invalidArgument("2x", index: 1, expected: "a pane number, %ID, mark or last")),
    (
      "present modal x",
      .invalidArgument("modal", index: 1, expected: "a modal style, sheet or cover")
    ),
    (
      "tab 0",
      .invalidArgument(
        "0", index: 1, expected: "new, close, move, rename, a tab number or next|prev|last")
    ),
    ("tab move x", .invalidArgument("x", index: 2, expected: "a tab number")),
    ("tab close 0", .invalidArgument("0", index: 2, expected: "a tab number")),
    ("undo 0", .invalidArgument("0", index: 1, expected: "a positive count")),
    ("redo -2", .invalidArgument("-2", index: 1, expected: "a positive count")),
    ("pop 0", .invalidArgument("0", index: 1, expected: "a positive count")),
    (
      "at %0 push x", .invalidArgument("%0", index: 1, expected: "a pane number, %ID, mark or last")
    ),
    (
      "at %3 focus 2",
      .invalidArgument("focus", index: 2, expected: at)
    ),
    (
      "at %3 at %4 pop",
      .invalidArgument("at", index: 2, expected: at)
    ),
  ]

  static let missingArguments: [(String, CommandSyntaxError)] = [
    ("focus", .missingArgument(command: "focus", expected: pane, index: 1)),
    ("focus push x", .missingArgument(command: "focus", expected: pane, index: 1)),
    ("split", .missingArgument(command: "split", expected: "an axis, h or v", index: 1)),
    ("push", .missingArgument(command: "push", expected: "a route", index: 1)),
    ("push focus 2", .missingArgument(command: "push", expected: "a route", index: 1)),
    ("replace", .missingArgument(command: "replace", expected: "a route", index: 1)),
    ("pop-to", .missingArgument(command: "pop-to", expected: "a route", index: 1)),
    ("pop-to root", .missingArgument(command: "pop-to", expected: "a route", index: 1)),
    ("replace-top", .missingArgument(command: "replace-top", expected: "a route", index: 1)),
    ("finish", .missingArgument(command: "finish", expected: "a route", index: 1)),
    ("finish undo", .missingArgument(command: "finish", expected: "a route", index: 1)),
    ("present sheet", .missingArgument(command: "present", expected: "a route", index: 2)),
    (
      "present",
      .missingArgument(command: "present", expected: "a modal style, sheet or cover", index: 1)
    ),
    ("tab move", .missingArgument(command: "tab move", expected: "a tab number", index: 2)),
    ("tab move zoom", .missingArgument(command: "tab move", expected: "a tab number", index: 2)),
    ("tab rename", .missingArgument(command: "tab rename", expected: "a title", index: 2)),
    ("rename", .missingArgument(command: "rename", expected: "a title", index: 1)),
    ("resize left", .missingArgument(command: "resize", expected: amount, index: 2)),
    (
      "move",
      .missingArgument(command: "move", expected: "a direction, left|right|up|down", index: 1)
    ),
    ("at", .missingArgument(command: "at", expected: "a pane number, %ID, mark or last", index: 1)),
    (
      "at %3",
      .missingArgument(command: "at", expected: at, index: 2)
    ),
    (
      "zoom tab",
      .missingArgument(
        command: "tab", expected: "new, close, move, rename, a tab number or next|prev|last",
        index: 2)
    ),
  ]

  @Test(arguments: unknownCommands + invalidArguments + missingArguments)
  func reportsTheOffendingWordAndIndex(text: String, error: CommandSyntaxError) {
    #expect(throws: error) { try CommandParser.parse(Self.words(text)) }
  }

  @Test(arguments: [
    (["push", "7up"], 1, "7up", 0),
    (["focus", "1", "push", "inbox", "bad word"], 4, "bad word", 3),
    (["split", "h", "%x"], 2, "%x", 0),
    (["push", "=7up"], 1, "7up", 0),
    (["present", "sheet", "a:b c"], 2, "a:b c", 3),
    (["push", "a/b"], 1, "a/b", 1),
    // After a kind, the route's own text: the offset counts from its start.
    (["tab", "new", "Mail", "notes/b c"], 3, "b c", 1),
  ])
  func malformedRouteNamesTheWordIndexAndOffset(
    words: [String], index: Int, token: String, offset: Int
  ) throws {
    let error = try #require(throws: CommandSyntaxError.self) { try CommandParser.parse(words) }
    guard
      case .malformedRoute(let word, let wordIndex, .malformedToken(let text, let at, _)) = error
    else {
      Issue.record("expected a malformed route, got \(error)")
      return
    }
    #expect(word == words[index])
    #expect(wordIndex == index)
    #expect(text == token)
    #expect(at == offset)
  }

  @Test func everyParseErrorIsAUsageError() throws {
    for (text, _) in Self.unknownCommands + Self.invalidArguments + Self.missingArguments {
      let error = try #require(throws: CommandSyntaxError.self) {
        try CommandParser.parse(Self.words(text))
      }
      #expect(error.exitCode == .usage)
    }
  }

  @Test(arguments: [
    ("pish detail:7", "unknown command 'pish' at word 1 — did you mean 'push'?"),
    (
      "focus 2x",
      "invalid argument '2x' at word 2: expected a pane number, %ID, mark, left|right|up|down, wrap or next|prev|last"
    ),
    (
      "split h 1.5",
      "invalid argument '1.5' at word 3: expected a ratio between 0 and 1 (0.3) or a percentage (30%)"
    ),
    (
      "present modal x",
      "invalid argument 'modal' at word 2: expected a modal style, sheet or cover"
    ),
    ("tab move", "'tab move' needs a tab number at word 3"),
    ("push focus 2", "'push' needs a route at word 2"),
    (
      "push 7up",
      "malformed route token '7up' at offset 0: '7' cannot appear in a route name here at word 2"
    ),
  ])
  func messagesQuoteTheWord(text: String, message: String) throws {
    let error = try #require(throws: CommandSyntaxError.self) {
      try CommandParser.parse(Self.words(text))
    }
    #expect(error.description == message)
  }
}
