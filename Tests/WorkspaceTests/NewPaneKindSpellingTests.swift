import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// `KIND/ROUTE`: the text grammar names a new pane's kind where a route starts a new router
/// (`split`, `tab new`), spells it back, carries it through deep links, and a host applies it.
@MainActor
@Suite struct NewPaneKindSpellingTests {
  @Test(arguments: [
    ("split h notes/note:7", WorkspaceCommand.split(.horizontal, root: "note:7", kind: "notes")),
    ("split v 30% notes/list", .split(.vertical, ratio: 0.3, root: "list", kind: "notes")),
    ("tab new Notes notes/note:7", .newTab(title: "Notes", root: "note:7", kind: "notes")),
    ("tab new - settings/general", .newTab(root: "general", kind: "settings")),
    // One `=` before the kind is the escape, as before any route.
    ("split h =notes/list", .split(.horizontal, root: "list", kind: "notes")),
    // A `/` after the first `:` belongs to the route's arguments: no kind.
    ("split h file:Sources/main.swift", .split(.horizontal, root: "file:Sources%2Fmain.swift")),
    ("split h notes/file:a/b", .split(.horizontal, root: "file:a%2Fb", kind: "notes")),
    // `%2F` is `/`, in a kind as in an argument.
    ("split h notes%2Fnote:7", .split(.horizontal, root: "note:7", kind: "notes")),
    ("split h notes%2fnote:7", .split(.horizontal, root: "note:7", kind: "notes")),
    ("split h token/x", .split(.horizontal, root: "x", kind: "token")),
  ])
  func aKindBeforeANewPanesRouteIsRead(line: String, command: WorkspaceCommand) throws {
    #expect(try CommandParser.parse(line: line) == [command])
  }

  @Test(arguments: [
    (WorkspaceCommand.split(.horizontal, root: "note:7", kind: "notes"), "split h notes/note:7"),
    (.newTab(title: "Notes", root: "list", kind: "notes"), "tab new Notes notes/list"),
    (.newTab(root: "general", kind: "settings"), "tab new - settings/general"),
    // A route named like a command needs no `=` after a kind.
    (.split(.vertical, root: "undo", kind: "notes"), "split v notes/undo"),
    (.split(.vertical, root: "undo"), "split v =undo"),
    (.split(.horizontal, root: "file:a%2Fb", kind: "files"), "split h files/file:a/b"),
  ])
  func theKindIsSpelledBackAndReadAgain(command: WorkspaceCommand, text: String) throws {
    #expect(command.words.joined(separator: " ") == text)
    #expect(try CommandParser.parse(command.words) == [command])
  }

  @Test func aDeepLinkCarriesTheKind() throws {
    let commands: [WorkspaceCommand] = [
      .split(.horizontal, root: "file:a%2Fb", kind: "files"),
      .newTab(title: "Notes", root: "note:7", kind: "notes"),
    ]
    let link = CommandParser.link(for: commands, scheme: "myapp")
    #expect(
      link == "myapp://workspace/split/h/files%2Ffile:a%2Fb/tab/new/Notes/notes%2Fnote:7")
    #expect(try CommandParser.parse(link: link) == commands)
  }

  @Test(arguments: [
    // Not a kind: a name starts with a letter or `_`.
    ("split h 30% 9x/list", 3, "9x/list"),
    ("tab new Notes -x/list", 3, "-x/list"),
    // A kind needs a route after it.
    ("split h notes/", 2, "notes/"),
    ("split h /list", 2, "/list"),
  ])
  func aMalformedKindIsRefusedNamingTheWord(line: String, index: Int, word: String) throws {
    let error = try #require(throws: CommandSyntaxError.self) {
      try CommandParser.parse(line: line)
    }
    #expect(
      error
        == .invalidArgument(
          word, index: index, expected: "KIND/ROUTE with a kind such as notes and a route"))
  }

  @Test func aKindIsNamedOnlyWhereARouteStartsANewRouter() throws {
    // `push` adds to the pane's own router: its routes never name a kind.
    let error = try #require(throws: CommandSyntaxError.self) {
      try CommandParser.parse(line: "push notes/note:7")
    }
    guard case .malformedRoute("notes/note:7", 1, _) = error else {
      Issue.record("expected a malformed route, got \(error)")
      return
    }
  }

  /// `T(Notes: H(%3 note list, %4 note list), Settings: %5 settings general)`, settings focused.
  private func settingsFocused(_ registry: RouteRegistry = RouteRegistryTests.routeTypes) throws
    -> Workspace
  {
    let workspace = Workspace(RouteRegistryTests.notesState(), routeTypes: registry)
    try workspace.apply(.selectTab(.number(2)))
    return workspace
  }

  @Test func aNamedKindOpensAPaneOfThatKindWhereTwoKindsReadTheRoute() throws {
    var registry = RouteRegistryTests.routeTypes
    registry.register(NewPaneKindTests.ListRoute.self)
    let workspace = try settingsFocused(registry)
    // `list` is read by note and lists: without a kind it is ambiguous, so refused as settings.
    #expect(throws: WorkspaceError.self) {
      try workspace.apply(CommandParser.parse(line: "split h list"))
    }
    try workspace.apply(CommandParser.parse(line: "split h lists/list"))
    #expect(workspace.state.node(workspace.focusedPane)?.router?.kind == "lists")
    try workspace.apply(CommandParser.parse(line: "tab new Notes note/list"))
    #expect(try workspace.router(NoteRoute.self, for: workspace.focusedPane).current == .list)
    #expect(workspace.state.invariantViolations() == [])
    #expect(workspace.state.unreadableRoutes(registry).isEmpty)
  }

  @Test func aNamedKindThatCannotReadTheRouteIsRefusedByKindAndChangesNothing() throws {
    let workspace = try settingsFocused()
    let before = workspace.state
    #expect(
      throws: WorkspaceError.refusedNewRoute(
        "general", kind: NoteRoute.kind, reason: "unknown note route 'general'")
    ) {
      try workspace.apply(CommandParser.parse(line: "split h note/general"))
    }
    #expect(workspace.state == before)
  }

  @Test func aKindNobodyRegisteredKeepsAnyToken() throws {
    let workspace = try settingsFocused()
    try workspace.apply(CommandParser.parse(line: "tab new Logs logs/tail:app"))
    let router = try #require(workspace.state.node(workspace.focusedPane)?.router)
    #expect(router.kind == "logs" && router.stack.root == "tail:app")
    #expect(workspace.state.invariantViolations() == [])
  }

  @Test func aTypedCommandSpellsItsKindSoItsWordsOpenTheSamePane() throws {
    let typed = WorkspaceCommand.split(.horizontal, root: NoteRoute.note(3))
    #expect(typed.words == ["split", "h", "note/note:3"])
    let fromCode = try settingsFocused()
    let fromWords = try settingsFocused()
    try fromCode.apply(typed)
    try fromWords.apply(CommandParser.parse(typed.words))
    #expect(fromCode.state == fromWords.state)
  }
}
