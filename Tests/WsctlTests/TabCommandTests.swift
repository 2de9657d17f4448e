import Testing

/// Tab commands through the CLI: new, select, close, move and rename.
@Suite struct TabCommandTests {
  private static let mainTab = """
      [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
        %3 pane 'Inbox' [inbox]
        %4 pane 'Detail' [detail:1]
    """

  @Test(arguments: [
    ([], "  [3 'inbox'] %6 pane 'inbox' [inbox] (focused)"),
    (["Notes"], "  [3 'Notes'] %6 pane 'Notes' [inbox] (focused)"),
    (["Notes", "notes"], "  [3 'Notes'] %6 pane 'Notes' [notes] (focused)"),
    (["-", "notes"], "  [3 'notes'] %6 pane 'notes' [notes] (focused)"),
  ])
  func tabNewOpensAFocusedTabAtTheEnd(arguments: [String], newTab: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(["tab", "new"] + arguments)
    #expect(
      try await sandbox.tree() == """
        %1 tabs selected 3
        \(Self.mainTab)
          [2 'Settings'] %5 pane 'Settings' [settings]
        \(newTab)

        """)
  }

  @Test(arguments: [
    ["tab", "2"], ["tab", "next"], ["tab", "prev"], ["tab", "1", "tab", "last"],
  ])
  func tabSelectsTheSecondTab(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    if arguments.last == "last" { try await sandbox.succeed("tab", "2") }
    try await sandbox.succeed(arguments)
    #expect(
      try await sandbox.tree() == """
        %1 tabs selected 2
        \(Self.mainTab)
          [2 'Settings'] %5 pane 'Settings' [settings] (focused)

        """)
  }

  @Test func tabCloseClosesTheSelectedTab() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "tab", "close") == """
        %1 tabs selected 1
          [1 'Settings'] %5 pane 'Settings' [settings] (focused)

        """)
  }

  @Test func tabCloseTakesATabNumber() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "tab", "close", "2") == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
            %3 pane 'Inbox' [inbox] (focused)
            %4 pane 'Detail' [detail:1]

        """)
  }

  @Test func tabMoveMovesTheSelectedTab() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "tab", "move", "2") == """
        %1 tabs selected 2
          [1 'Settings'] %5 pane 'Settings' [settings]
          [2 'Main'] %2 split horizontal active 1 weights 0.5 0.5
            %3 pane 'Inbox' [inbox] (focused)
            %4 pane 'Detail' [detail:1]

        """)
  }

  @Test func tabRenameRenamesTheSelectedTab() async throws {
    let sandbox = try Sandbox()
    let tree = try await sandbox.tree(after: "tab", "rename", "Work")
    #expect(tree.contains("  [1 'Work'] %2 split horizontal"))
    let show = try await sandbox.succeed("show", "--size", "30x3")
    #expect(show.stdoutLines.first == "[1:Work]  2:Settings")
  }

  @Test(arguments: [
    (["tab", "5"], "wsctl: no tab 5 at word 1"),
    (["tab", "close", "3"], "wsctl: no tab 3 at word 1"),
    (["tab", "last"], "wsctl: no previous tab at word 1"),
  ])
  func tabRefusalsExitOne(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.fail(arguments, status: 1) == message)
    #expect(!sandbox.exists("workspace.json"))
  }
}
