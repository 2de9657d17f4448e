import PaneRouter
import Testing

@testable import Workspace

@Suite struct DeepLinkTests {
  @Test func parsesTheSpecExample() throws {
    let commands = try CommandParser.parse(link: "myapp://workspace/focus/2/push/detail:7")
    #expect(commands == [.focus(.pane(.number(2))), .route(.push(["detail:7"]))])
  }

  @Test(arguments: [
    ("x://workspace", [WorkspaceCommand]()),
    ("x://workspace/", []),
    ("x://WorkSpace/zoom", [.zoom]),
    ("my-app+v2.beta://workspace/zoom", [.zoom]),
    ("x://workspace//focus//2///", [.focus(.pane(.number(2)))]),
    (
      "x://workspace/push/search:swift%20testing",
      [.route(.push([RouteToken(name: "search", arguments: ["swift testing"])]))]
    ),
    ("x://workspace/push/=root/a", [.route(.push(["root", "a"]))]),
    ("x://workspace/rename/my%20notes", [.rename("my notes")]),
    ("x://workspace/rename/caf%C3%A9", [.rename("café")]),
    ("x://workspace/rename/a%2Fb", [.rename("a/b")]),
    ("x://workspace/rename/=", [.rename("")]),
    ("x://workspace/rename/%3Dx", [.rename("x")]),
    ("x://workspace/rename/==x", [.rename("=x")]),
    ("x://workspace/rename/50%25", [.rename("50%")]),
    ("x://workspace/tab/rename/Q%26A", [.renameTab("Q&A")]),
    ("x://workspace/tab/new/My%20Mail/inbox", [.newTab(title: "My Mail", root: "inbox")]),
    ("x://workspace/tab/new/-/inbox", [.newTab(root: "inbox")]),
    ("x://workspace/focus/%7", [.focus(.pane(.id(NodeID(7))))]),
    ("x://workspace/focus/%257", [.focus(.pane(.id(NodeID(7))))]),
    ("x://workspace/at/%253/pop/2", [.route(.pop(count: 2), at: NodeID(3))]),
    ("x://workspace/split/h/30%25", [.split(.horizontal, ratio: 0.3)]),
    ("x://workspace/split/h/30%", [.split(.horizontal, ratio: 0.3)]),
    ("x://workspace/focus/2/rename/my%20notes", [.focus(.pane(.number(2))), .rename("my notes")]),
    ("x://workspace/rename/50%", [.rename("50%")]),
    ("x://workspace/rename/%2", [.rename("%2")]),
    ("x://workspace/%7Aoom", [.zoom]),
    ("x://workspace/focus/3/stack/up", [.focus(.pane(.number(3))), .stack(.up)]),
    ("x://workspace/stack/unstack", [.stack(), .unstack]),
    ("x://workspace/focus/%2525", [.focus(.pane(.id(NodeID(25))))]),
    ("x://workspace/window/2", [.selectWindow(.number(2))]),
    ("x://workspace/window/next/focus/3", [.selectWindow(.next), .focus(.pane(.number(3)))]),
    (
      "x://workspace/window/at/2/push/detail:7",
      [.inWindow(2, .route(.push(["detail:7"])))]
    ),
    (
      "x://workspace/window/at/3/focus/2/zoom",
      [.inWindow(3, .focus(.pane(.number(2)))), .zoom]
    ),
    (
      "x://workspace/window/new/My%20Notes/notes",
      [.newWindow(title: "My Notes", root: "notes")]
    ),
    ("x://workspace/window/close/2", [.closeWindow(2)]),
    ("x://workspace/window/rename/Q%26A", [.renameWindow("Q&A")]),
    (
      "x://workspace/window/move-pane/2/window/move-tab/1",
      [.movePaneToWindow(2), .moveTabToWindow(1)]
    ),
    ("x://workspace/float/float/move/right/3", [.float, .moveFloating(.right, cells: 3)]),
  ])
  func parsesLinks(link: String, commands: [WorkspaceCommand]) throws {
    #expect(try CommandParser.parse(link: link) == commands)
  }

  @Test(arguments: [
    ("workspace/focus/2", "expected 'scheme://workspace/…'"),
    ("/focus/2", "expected 'scheme://workspace/…'"),
    ("myapp:workspace/focus/2", "expected 'scheme://workspace/…'"),
    ("://workspace/zoom", "invalid scheme ''"),
    ("2app://workspace/zoom", "invalid scheme '2app'"),
    ("my app://workspace/zoom", "invalid scheme 'my app'"),
    ("myapp://window/focus/2", "host must be 'workspace', not 'window'"),
    ("myapp:///focus/2", "host must be 'workspace', not ''"),
    ("myapp://workspace:80/zoom", "host must be 'workspace', not 'workspace:80'"),
    ("myapp://me@workspace/zoom", "host must be 'workspace', not 'me@workspace'"),
    ("myapp://workspace/zoom?x=1", "unexpected query '?x=1'"),
    ("myapp://workspace/zoom#top", "unexpected fragment '#top'"),
    ("myapp://workspace?focus=2", "unexpected query '?focus=2'"),
  ])
  func rejectsLinksOfAnotherShape(link: String, reason: String) {
    #expect(throws: CommandSyntaxError.invalidURL(link, reason: reason)) {
      try CommandParser.parse(link: link)
    }
  }

  @Test(arguments: [
    (
      "x://workspace/focus/2/pish",
      CommandSyntaxError.unknownCommand("pish", index: 2, suggestion: "push")
    ),
    (
      "x://workspace//focus//0",
      .invalidArgument("0", index: 1, expected: CommandParserErrorTests.pane)
    ),
    ("x://workspace/push", .missingArgument(command: "push", expected: "a route", index: 1)),
    (
      "x://workspace/rename/%E9",
      .invalidArgument("%E9", index: 1, expected: "percent escapes that decode to UTF-8")
    ),
    (
      "x://workspace/focus/%FF",
      .invalidArgument("%FF", index: 1, expected: "percent escapes that decode to UTF-8")
    ),
    ("x://workspace/%FF", .unknownCommand("%FF", index: 0, suggestion: nil)),
    (
      "x://workspace/push/a/%70ush",
      .missingArgument(command: "push", expected: "a route", index: 3)
    ),
    (
      "x://workspace/focus/%25x",
      .invalidArgument("%25x", index: 1, expected: CommandParserErrorTests.pane)
    ),
  ])
  func wordErrorsCountNonEmptySegments(link: String, error: CommandSyntaxError) {
    #expect(throws: error) { try CommandParser.parse(link: link) }
  }

  @Test func routesAreNotPercentDecodedBeforeParsing() throws {
    let commands = try CommandParser.parse(link: "x://workspace/push/search:50%2525")
    #expect(commands == [.route(.push([RouteToken(name: "search", arguments: ["50%25"])]))])
    let error = try #require(throws: CommandSyntaxError.self) {
      try CommandParser.parse(link: "x://workspace/zoom/push/a%3Ab")
    }
    guard case .malformedRoute("a%3Ab", index: 2, .malformedToken(_, offset: 1, _)) = error else {
      Issue.record("expected 'a%3Ab' to be parsed as a token as it is, got \(error)")
      return
    }
  }

  @Test func anEncodedSlashInARouteIsTheSlashOfItsArgument() throws {
    let commands = try CommandParser.parse(link: "myapp://workspace/focus/2/push/file:a%2Fb")
    let typed = try CommandParser.parse(["focus", "2", "push", "file:a/b"])
    #expect(commands == typed)
    let route = RouteToken(name: "file", arguments: ["a/b"])
    #expect(commands == [.focus(.pane(.number(2))), .route(.push([route]))])
    #expect(
      CommandParser.link(for: commands, scheme: "myapp")
        == "myapp://workspace/focus/2/push/file:a%2Fb")
  }

  @Test func aSlashInALinkSeparatesWords() throws {
    // `/` ends a segment, so `push/file:a/b` pushes `file:a`, then `b`.
    #expect(
      try CommandParser.parse(link: "x://workspace/push/file:a/b")
        == [.route(.push(["file:a", "b"]))])
  }

  @Test func aLinkEncodesTheSlashesOfARoute() throws {
    let route = try RouteToken(parsing: "file:Sources/App/main.swift")
    let commands: [WorkspaceCommand] = [
      .route(.push([route])), .route(.present(route, style: .sheet)),
    ]
    let link = CommandParser.link(for: commands, scheme: "x")
    #expect(
      link == "x://workspace/push/file:Sources%2FApp%2Fmain.swift"
        + "/present/sheet/file:Sources%2FApp%2Fmain.swift")
    #expect(try CommandParser.parse(link: link) == commands)
  }

  @Test(arguments: [
    (
      [WorkspaceCommand.focus(.pane(.number(2))), .route(.push(["detail:7"]))],
      "x://workspace/focus/2/push/detail:7"
    ),
    ([.rename("my notes")], "x://workspace/rename/my%20notes"),
    ([.rename("")], "x://workspace/rename/="),
    ([.newTab(title: "=x")], "x://workspace/tab/new/==x"),
    ([.focus(.pane(.id(NodeID(12))))], "x://workspace/focus/%2512"),
    (
      [.route(.push([RouteToken("search", "a b")]), at: NodeID(3))],
      "x://workspace/at/%253/push/search:a%20b"
    ),
    ([], "x://workspace"),
    (
      [.focus(.pane(.id(NodeID(7)))), .route(.push(["root"]))],
      "x://workspace/focus/%257/push/=root"
    ),
  ])
  func writesLinks(commands: [WorkspaceCommand], link: String) {
    #expect(CommandParser.link(for: commands, scheme: "x") == link)
  }

  @Test(arguments: CommandParserRoundTripTests.commands)
  func linkRoundTripsEveryCommand(command: WorkspaceCommand) throws {
    let link = CommandParser.link(for: [command, .zoom], scheme: "myapp")
    #expect(try CommandParser.parse(link: link) == [command, .zoom])
  }

  @Test func aLinkRunsItsCommandsInTheWindowItNames() throws {
    var state = WorkspaceState(.pane("A", untyped: RouteToken("a")))
    try state.apply([
      .newWindow(title: "Notes", root: RouteToken("notes")), .selectWindow(.number(1)),
    ])
    let commands = try CommandParser.parse(link: "x://workspace/window/at/2/push/detail:7")
    try state.apply(commands)
    #expect(state.activeWindowIndex == 0)
    let notes = state.activating(window: 1)
    #expect(notes.node(notes.focusedPane)?.router?.stack.stack == ["notes", "detail:7"])
    #expect(state.invariantViolations() == [])
    #expect(throws: WorkspaceError.noSuchWindow(3, count: 2)) {
      try state.apply(try CommandParser.parse(link: "x://workspace/window/at/3/zoom"))
    }
  }

  @Test func linkRoundTripsAllCommandsAtOnce() throws {
    let commands = CommandParserRoundTripTests.commands
    let link = CommandParser.link(for: commands, scheme: "com.example.app")
    #expect(!link.contains(" "))
    #expect(!link.contains("?"))
    #expect(!link.contains("#"))
    #expect(try CommandParser.parse(link: link) == commands)
  }
}
