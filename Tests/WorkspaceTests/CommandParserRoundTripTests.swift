import PaneRouter
import Testing

@testable import Workspace

@Suite struct CommandParserRoundTripTests {
  /// A command of every case and every argument shape, including routes named like command
  /// words and awkward titles.
  static let commands: [WorkspaceCommand] = [
    .focus(.pane(.number(2))), .focus(.pane(.id(NodeID(7)))), .focus(.direction(.up)),
    .focus(.next), .focus(.previous), .focus(.last), .focus(.direction(.left, wrapping: true)),
    .split(.horizontal), .split(.vertical, ratio: 0.3), .split(.horizontal, root: "detail:7"),
    .split(.vertical, ratio: 1.0 / 3, root: "push"), .split(.horizontal, ratio: 1e-5),
    .split(.horizontal, root: "search:swift%20testing"),
    .close(), .close(.number(3)), .close(.id(NodeID(12))),
    .newTab(), .newTab(title: "Mail"), .newTab(title: "Mail", root: "inbox"),
    .newTab(root: "inbox"), .newTab(title: "my notes", root: "zoom"), .newTab(title: "split"),
    .newTab(title: "-"), .newTab(title: "-", root: "x"), .newTab(title: "=x"), .newTab(title: ""),
    .newTab(title: "it's here"), .newTab(title: "%7"), .newTab(title: "café/bar?#"),
    .selectTab(.number(3)), .selectTab(.next), .selectTab(.previous), .selectTab(.last),
    .closeTab(), .closeTab(2), .moveTab(to: 1),
    .renameTab("Notes"), .renameTab("tab"), .renameTab("=eq"), .renameTab(""),
    .renameTab("two words"),
    .swap(.direction(.left)), .swap(.pane(.number(2))), .swap(.pane(.id(NodeID(4)))),
    .move(.down), .resize(.right, amount: 0.1), .resize(.up, amount: 0.05),
    .resizeByCells(.left, 5), .setMinimumPaneSize(Size(width: 20, height: 5)),
    .setMinimumPaneSize(nil),
    .equalize, .zoom,
    .arrange(.preset(.tiled)), .arrange(.next), .arrange(.previous, at: .number(2)),
    .arrange(.preset(.mainVertical), at: .id(NodeID(4))), .breakPane(), .breakPane(staying: true),
    .breakPane(.id(NodeID(3)), staying: true), .joinPane(.number(1)),
    .joinPane(.id(NodeID(5)), axis: .horizontal, ratio: 0.3, staying: true),
    .joinPane(.number(2), ratio: 0.25), .stack(), .stack(.left), .stack(.down), .unstack,
    .rename("Inbox"), .rename("push"), .rename("=x"), .rename(" "), .rename("-"),
    .rename("50%"), .rename("a\tb\nc"),
    .route(.push(["detail:7"])), .route(.push(["root", "focus", "detail:7", "at"])),
    .route(.pop(count: 1)), .route(.pop(count: 4)),
    .route(.popTo("inbox")), .route(.popTo("root")), .route(.popToLast("pop-to")),
    .route(.popToRoot), .route(.replace(["inbox", "replace"])),
    .route(.replaceCurrent("dismiss")), .route(.present("compose", style: .sheet)),
    .route(.present("tab", style: .cover)), .route(.dismiss), .route(.dismissModals),
    .route(.finish("attachment:3")), .route(.finish("finish")), .route(.push(["finish"])),
    .route(.finish("done"), at: NodeID(4)),
    .route(.setPath([])), .route(.setPath(["a", "b"])), .route(.setModalPath([])),
    .route(.setModalPath(["step:2", "undo"])),
    .route(.push(["settings"]), at: NodeID(3)), .route(.popToRoot, at: NodeID(1)),
    .route(.setPath([]), at: NodeID(9)),
    .undo(), .undo(count: 3), .redo(), .redo(count: 2),
    .float, .embed, .moveFloating(.right, cells: 3), .moveFloating(.up), .resizeFloating(.down),
    .resizeFloating(.left, cells: 2), .pinFloating(true), .pinFloating(false),
    .showFloating(true), .showFloating(false), .focus(.floating), .focus(.tiled),
    .reopen(), .reopen(3),
    .newWindow(), .newWindow(title: "Notes"), .newWindow(title: "Notes", root: "notes"),
    .newWindow(title: "two words", root: "search:swift%20testing"),
    .selectWindow(.number(2)), .selectWindow(.next), .selectWindow(.previous),
    .selectWindow(.last), .closeWindow(), .closeWindow(2), .renameWindow("Mail"),
    .renameWindow("my notes"), .movePaneToWindow(2), .moveTabToWindow(1),
    .inWindow(2, .route(.push(["detail:7"]))), .inWindow(1, .split(.vertical, ratio: 0.3)),
    .inWindow(3, .float), .inWindow(2, .reopen()),
  ]

  @Test(arguments: commands)
  func wordsParseBackToTheCommand(command: WorkspaceCommand) throws {
    #expect(try CommandParser.parse(command.words) == [command])
  }

  @Test(arguments: commands)
  func wordsParseBackFollowedByAnotherCommand(command: WorkspaceCommand) throws {
    let words = command.words + ["focus", "next"]
    #expect(try CommandParser.parse(words) == [command, .focus(.next)])
  }

  @Test(arguments: commands)
  func wordsReservingExtraWordsParseBackWithThem(command: WorkspaceCommand) throws {
    let extra: Set = ["show", "inbox", "Mail", "x", "a"]
    let words = command.words(reserving: extra) + ["show"]
    var parser = CommandParser(words: words, extraCommandWords: extra)
    #expect(try parser.next() == command)
    #expect(parser.nextWord == "show")
  }

  @Test func allCommandsParseBackAsOneList() throws {
    let words = Self.commands.flatMap(\.words)
    #expect(try CommandParser.parse(words) == Self.commands)
  }

  @Test(arguments: [
    (WorkspaceCommand.focus(.pane(.number(2))), "focus 2"),
    (.focus(.previous), "focus prev"),
    (.split(.horizontal, ratio: 0.3), "split h 0.3"),
    (.split(.vertical, ratio: 0.5, root: "root"), "split v 0.5 =root"),
    (.newTab(root: "inbox"), "tab new - inbox"),
    (.newTab(title: "zoom"), "tab new =zoom"),
    (.rename("my notes"), "rename 'my notes'"),
    (.rename(""), "rename ''"),
    (.rename("it's mine"), #"rename 'it'\''s mine'"#),
    (.rename("zoom"), "rename zoom"),
    (.route(.push(["focus", "detail:7"])), "push =focus detail:7"),
    (.route(.pop(count: 1), at: NodeID(3)), "at %3 pop"),
    (.route(.present("compose", style: .sheet)), "present sheet compose"),
    (.resize(.left, amount: 0.1), "resize left 0.1"),
    (.resizeByCells(.left, 3), "resize left 3"),
    (.focus(.direction(.down, wrapping: true)), "focus wrap down"),
    (.setMinimumPaneSize(Size(width: 6, height: 3)), "minimum-size 6x3"),
    (.setMinimumPaneSize(nil), "minimum-size default"),
    (.undo(count: 1), "undo"),
    (.undo(count: 2), "undo 2"),
  ])
  func descriptionIsTheCanonicalText(command: WorkspaceCommand, text: String) {
    #expect(command.description == text)
  }

  @Test func reservedWordsAreEscapedOnlyWhereNeeded() {
    let command = WorkspaceCommand.newTab(title: "show", root: "show")
    #expect(command.words == ["tab", "new", "show", "show"])
    #expect(command.words(reserving: ["show"]) == ["tab", "new", "=show", "=show"])
    #expect(WorkspaceCommand.rename("show").words(reserving: ["show"]) == ["rename", "show"])
  }

  @Test(arguments: [
    WorkspaceCommand.route(.pop(count: 0)), .undo(count: 0), .route(.push([])),
    .split(.horizontal, ratio: 1.5), .focus(.pane(.number(0))),
  ])
  func commandsOutsideTheGrammarPrintWordsTheParserRejects(command: WorkspaceCommand) {
    #expect(throws: CommandSyntaxError.self) { try CommandParser.parse(command.words) }
  }
}
