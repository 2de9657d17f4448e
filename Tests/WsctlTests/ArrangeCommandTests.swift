import Testing

/// `arrange`, `break` and `join` through the CLI, in file mode: what they print, the tree
/// they leave, refusals with their exit codes, and one undo step each.
@Suite struct ArrangeCommandTests {
  @Test func arrangeTilesTheActiveTabAndUndoTakesItBack() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "h", "split", "v")  // four panes in the first tab
    let before = try await sandbox.succeed("tree").stdout
    let layout = try await sandbox.succeed(
      "--size", "81x41", "arrange", "even-horizontal", "layout", "81x40")
    #expect(
      layout.stdout == """
        1 %3 20x40+0+0
        2 %6 20x40+20+0
        3 %4 20x40+40+0
        4 %7 21x40+60+0

        """)
    #expect(
      try await sandbox.succeed("history").stdout.hasPrefix("undo 1: arrange even-horizontal\n"))
    #expect(try await sandbox.tree(after: "undo") == before)
  }

  @Test func arrangeNextCyclesAndATargetSplitIsNamedByItsID() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "v")
    let tree = try await sandbox.tree(after: "arrange", "next")
    #expect(tree.contains("[1 'Main'] %2 split horizontal active 3 weights"))
    let again = try await sandbox.tree(after: "arrange", "next")
    #expect(again.contains("[1 'Main'] %8 split vertical active 3 weights"))
    #expect(try await sandbox.tree(after: "arrange", "tiled", "%8").contains("%8 split vertical"))
  }

  @Test func arrangeRefusals() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.fail("arrange", "tiled", "%1", status: 1)
        == "wsctl: cannot arrange %1: it is neither a pane nor a split at word 1")
    #expect(
      try await sandbox.fail("arrange", "grid", status: 64).hasPrefix(
        "wsctl: invalid argument 'grid' at word 2: expected a preset (even-horizontal"))
    #expect(
      try await sandbox.fail("arrange", "tiled", "9", status: 1) == "wsctl: no pane 9 at word 1")
  }

  @Test func breakMovesThePaneToANewTabKeepingItsRouter() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "push", "detail:2", "present", "sheet", "compose")
    let tree = try await sandbox.tree(after: "break")
    #expect(
      tree == """
        %1 tabs selected 3
          [1 'Main'] %3 pane 'Inbox' [inbox]
          [2 'Settings'] %5 pane 'Settings' [settings]
          [3 'Detail'] %4 pane 'Detail' [detail:1, detail:2] sheet [compose] (focused)

        """)
    #expect(try await sandbox.tree(after: "undo").contains("[1 'Main'] %2 split horizontal"))
  }

  @Test func breakDashDStaysAndTheOnlyPaneIsRefused() async throws {
    let sandbox = try Sandbox()
    let tree = try await sandbox.tree(after: "break", "2", "-d")
    #expect(tree.contains("%1 tabs selected 1"))
    #expect(tree.contains("[3 'Detail'] %4 pane 'Detail' [detail:1]"))
    #expect(
      try await sandbox.fail("break", status: 1)
        == "wsctl: cannot break %3 out: it is the only pane of its tab at word 1")
  }

  @Test func joinMovesTheFocusedPaneBesideAPaneOfAnotherTab() async throws {
    let sandbox = try Sandbox()
    let tree = try await sandbox.tree(after: "join", "%5", "h", "30%")
    #expect(
      tree == """
        %1 tabs selected 2
          [1 'Main'] %4 pane 'Detail' [detail:1]
          [2 'Settings'] %6 split horizontal active 2 weights 0.7 0.3
            %5 pane 'Settings' [settings]
            %3 pane 'Inbox' [inbox] (focused)

        """)
    #expect(try await sandbox.succeed("history").stdout.hasPrefix("undo 1: join %5 h 0.3\n"))
  }

  @Test func joinFromAOnePaneTabClosesItAndRefusalsNameTheirWord() async throws {
    let sandbox = try Sandbox()
    let tree = try await sandbox.tree(after: "tab", "2", "join", "%3", "-d")
    #expect(tree.hasPrefix("%1 tabs selected 1\n  [1 'Main'] %2 split horizontal"))
    #expect(!tree.contains("'Settings'] "))
    #expect(try await sandbox.fail("join", "1", status: 1).hasPrefix("wsctl: cannot join %"))
    #expect(try await sandbox.fail("join", "%42", status: 1) == "wsctl: no pane %42 at word 1")
    #expect(
      try await sandbox.fail("join", "2", "x", status: 64)
        == "wsctl: invalid argument 'x' at word 3: expected an axis, h or v")
  }
}
