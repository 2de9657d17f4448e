import PaneRouter
import Testing

@testable import Workspace

@Suite struct CommandParserTests {
  static let forms: [(String, WorkspaceCommand)] = [
    ("focus 2", .focus(.pane(.number(2)))),
    ("focus %7", .focus(.pane(.id(NodeID(7))))),
    ("focus %257", .focus(.pane(.id(NodeID(257))))),
    ("focus left", .focus(.direction(.left))),
    ("focus right", .focus(.direction(.right))),
    ("focus up", .focus(.direction(.up))),
    ("focus down", .focus(.direction(.down))),
    ("focus next", .focus(.next)),
    ("focus prev", .focus(.previous)),
    ("focus previous", .focus(.previous)),
    ("focus last", .focus(.last)),
    ("split h", .split(.horizontal)),
    ("split v", .split(.vertical)),
    ("split horizontal", .split(.horizontal)),
    ("split vertical", .split(.vertical)),
    ("split h 0.3", .split(.horizontal, ratio: 0.3)),
    ("split v 30%", .split(.vertical, ratio: 0.3)),
    ("split h .25", .split(.horizontal, ratio: 0.25)),
    ("split h 12.5%", .split(.horizontal, ratio: 0.125)),
    ("split h detail:7", .split(.horizontal, root: "detail:7")),
    ("split v 0.3 detail:7", .split(.vertical, ratio: 0.3, root: "detail:7")),
    ("split h =root", .split(.horizontal, root: "root")),
    ("close", .close()),
    ("close 3", .close(.number(3))),
    ("close %12", .close(.id(NodeID(12)))),
    ("tab new", .newTab()),
    ("tab new Mail", .newTab(title: "Mail")),
    ("tab new Mail inbox", .newTab(title: "Mail", root: "inbox")),
    ("tab new - inbox", .newTab(root: "inbox")),
    ("tab new =- inbox", .newTab(title: "-", root: "inbox")),
    ("tab new =split", .newTab(title: "split")),
    ("tab 2", .selectTab(.number(2))),
    ("tab next", .selectTab(.next)),
    ("tab prev", .selectTab(.previous)),
    ("tab previous", .selectTab(.previous)),
    ("tab last", .selectTab(.last)),
    ("tab close", .closeTab()),
    ("tab close 2", .closeTab(2)),
    ("tab move 1", .moveTab(to: 1)),
    ("tab rename Notes", .renameTab("Notes")),
    ("tab rename zoom", .renameTab("zoom")),
    ("swap left", .swap(.direction(.left))),
    ("swap down", .swap(.direction(.down))),
    ("swap 2", .swap(.pane(.number(2)))),
    ("swap %4", .swap(.pane(.id(NodeID(4))))),
    ("move right", .move(.right)),
    ("move up", .move(.up)),
    ("resize left 0.1", .resize(.left, amount: 0.1)),
    ("resize down 10%", .resize(.down, amount: 0.1)),
    ("equalize", .equalize),
    ("zoom", .zoom),
    ("rename Inbox", .rename("Inbox")),
    ("rename push", .rename("push")),
    ("rename ==x", .rename("=x")),
    ("push detail:7", .route(.push(["detail:7"]))),
    ("push inbox detail:7 reply", .route(.push(["inbox", "detail:7", "reply"]))),
    ("push =focus detail:7", .route(.push(["focus", "detail:7"]))),
    ("pop", .route(.pop(count: 1))),
    ("pop 3", .route(.pop(count: 3))),
    ("pop-to inbox", .route(.popTo("inbox"))),
    ("pop-to-last detail:7", .route(.popToLast("detail:7"))),
    ("root", .route(.popToRoot)),
    ("replace inbox detail:1", .route(.replace(["inbox", "detail:1"]))),
    ("replace-top detail:2", .route(.replaceCurrent("detail:2"))),
    ("present sheet compose", .route(.present("compose", style: .sheet))),
    ("present cover onboarding:1", .route(.present("onboarding:1", style: .cover))),
    ("dismiss", .route(.dismiss)),
    ("dismiss-all", .route(.dismissModals)),
    ("finish attachment:3", .route(.finish("attachment:3"))),
    ("finish =finish", .route(.finish("finish"))),
    ("at %2 finish done", .route(.finish("done"), at: NodeID(2))),
    ("set-path", .route(.setPath([]))),
    ("set-path detail:1 detail:2", .route(.setPath(["detail:1", "detail:2"]))),
    ("set-modal-path", .route(.setModalPath([]))),
    ("set-modal-path step:2", .route(.setModalPath(["step:2"]))),
    ("at %3 push settings", .route(.push(["settings"]), at: NodeID(3))),
    ("at %1 root", .route(.popToRoot, at: NodeID(1))),
    ("undo", .undo()),
    ("undo 3", .undo(count: 3)),
    ("redo", .redo()),
    ("redo 2", .redo(count: 2)),
  ]

  @Test(arguments: forms)
  func parsesEveryForm(text: String, command: WorkspaceCommand) throws {
    let words = text.split(separator: " ").map(String.init)
    #expect(try CommandParser.parse(words) == [command])
  }

  @Test func parsesTheMissionExample() throws {
    let commands = try CommandParser.parse(["focus", "2", "push", "detail:7"])
    #expect(commands == [.focus(.pane(.number(2))), .route(.push(["detail:7"]), at: nil)])
  }

  @Test func parsesNoWordsAsNoCommands() throws {
    #expect(try CommandParser.parse([]) == [])
  }

  @Test func titleIsExactlyOneWordWithSpaces() throws {
    let commands = try CommandParser.parse(["rename", "my notes", "tab", "new", "", "zoom"])
    #expect(commands == [.rename("my notes"), .newTab(title: ""), .zoom])
  }

  @Test(arguments: [
    (
      ["push", "a", "b", "focus", "2"],
      [WorkspaceCommand.route(.push(["a", "b"])), .focus(.pane(.number(2)))]
    ),
    (["set-path", "undo"], [.route(.setPath([])), .undo()]),
    (["close", "zoom"], [.close(), .zoom]),
    (["pop", "push", "x"], [.route(.pop(count: 1)), .route(.push(["x"]))]),
    (["split", "v", "root"], [.split(.vertical), .route(.popToRoot)]),
    (
      ["tab", "new", "Mail", "inbox", "tab", "close"],
      [.newTab(title: "Mail", root: "inbox"), .closeTab()]
    ),
  ])
  func variadicArgumentsStopAtTheNextCommandWord(words: [String], commands: [WorkspaceCommand])
    throws
  {
    #expect(try CommandParser.parse(words) == commands)
  }

  @Test func extraCommandWordsEndArgumentListsAndAreLeftToTheCaller() throws {
    let words = ["push", "a", "b", "show", "undo", "tree"]
    var parser = CommandParser(words: words, extraCommandWords: ["show", "tree"])
    var seen: [String] = []
    while let word = parser.nextWord {
      if parser.extraCommandWords.contains(word) {
        seen.append(word)
        _ = parser.readWord()
        continue
      }
      let command = try #require(try parser.next())
      seen.append(command.description)
    }
    #expect(seen == ["push a b", "show", "undo", "tree"])
    #expect(parser.isAtEnd)
    #expect(try parser.next() == nil)
  }

  @Test func listedExtraCommandWordsReadAsASetOfThem() throws {
    // `wsctl` lists its words (no set built at its start): every use of them reads alike.
    let words = ["push", "a", "show", "=tree", "tree", "undo"]
    var listed = CommandParser(words: words, extraCommandWordList: ["show", "tree"])
    var set = CommandParser(words: words, extraCommandWords: ["show", "tree"])
    #expect(listed.extraCommandWords == ["show", "tree"])
    for word in words + ["shwo", "push", "=show"] {
      #expect(listed.isCommandWord(word) == set.isCommandWord(word), "\(word)")
    }
    #expect(listed.isCommandWord("show") && !listed.isCommandWord("=show"))
    #expect(!listed.isCommandWord("a"))
    #expect(try listed.next() == .route(.push(["a"])))
    #expect(try set.next() == .route(.push(["a"])))
    #expect(throws: CommandSyntaxError.unknownCommand("show", index: 2, suggestion: nil)) {
      try listed.next()
    }
    var misspelt = CommandParser(words: ["shwo"], extraCommandWordList: ["show"])
    #expect(throws: CommandSyntaxError.unknownCommand("shwo", index: 0, suggestion: "show")) {
      try misspelt.next()
    }
  }

  @Test func escapedExtraWordIsARoute() throws {
    var parser = CommandParser(words: ["push", "=show", "show"], extraCommandWords: ["show"])
    #expect(try parser.next() == .route(.push(["show"])))
    #expect(parser.index == 2)
  }

  @Test func extraCommandWordAtACommandPositionIsUnknownWithoutSuggestion() {
    var parser = CommandParser(words: ["show"], extraCommandWords: ["show"])
    #expect(throws: CommandSyntaxError.unknownCommand("show", index: 0, suggestion: nil)) {
      try parser.next()
    }
    #expect(parser.index == 0)
  }

  @Test func failedCommandLeavesTheIndexUnchanged() throws {
    var parser = CommandParser(words: ["zoom", "split", "x"])
    #expect(try parser.next() == .zoom)
    #expect(throws: CommandSyntaxError.self) { try parser.next() }
    #expect(parser.index == 1)
  }

  @Test(arguments: [
    ("pish", "push"), ("focsu", "focus"), ("PUSH", "push"), ("undoo", "undo"), ("spilt", "split"),
    ("dismis", "dismiss"), ("tabs", "tab"),
  ])
  func suggestsTheClosestCommandWord(word: String, expected: String) {
    #expect(CommandParser.suggestion(for: word) == expected)
  }

  @Test(arguments: ["x", "", "xyzzy", "2", "hello"])
  func suggestsNothingForDistantWords(word: String) {
    #expect(CommandParser.suggestion(for: word) == nil)
  }

  @Test func suggestsExtraCommandWords() {
    var parser = CommandParser(words: ["shwo"], extraCommandWords: ["show"])
    #expect(throws: CommandSyntaxError.unknownCommand("shwo", index: 0, suggestion: "show")) {
      try parser.next()
    }
  }

  @Test func commandWordsAreUniqueAndAllParse() {
    #expect(Set(CommandParser.commandWords).count == CommandParser.commandWords.count)
    for word in CommandParser.commandWords {
      #expect(CommandParser.suggestion(for: word) != word)
      #expect(CommandParser(words: []).isCommandWord(word))
      #expect(!CommandParser(words: []).isCommandWord("=" + word))
    }
  }
}
