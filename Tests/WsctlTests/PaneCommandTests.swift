import Testing

/// Pane commands through the CLI: focus, split, close, swap, move, resize, equalize, zoom and
/// rename, each checked on the tree that `wsctl tree` prints from the saved file.
@Suite struct PaneCommandTests {
  @Test(arguments: [
    (["focus", "2"], "%4"),
    (["focus", "%5"], "%5"),
    (["focus", "right"], "%4"),
    (["focus", "2", "focus", "left"], "%3"),
    (["split", "v", "focus", "up"], "%3"),
    (["focus", "next"], "%4"),
    (["focus", "prev"], "%4"),
    (["focus", "2", "focus", "1", "focus", "last"], "%4"),
  ])
  func focusMovesToThePane(arguments: [String], focused: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(arguments)
    let routes = try await sandbox.succeed("routes")
    #expect(routes.stdout.hasPrefix(focused + " "), "\(routes)")
  }

  @Test func splitHorizontalPutsACopyBesideTheFocusedPaneAndFocusesIt() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "split", "h") == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 2 weights 0.25 0.25 0.5
            %3 pane 'Inbox' [inbox]
            %6 pane 'Inbox' [inbox] (focused)
            %4 pane 'Detail' [detail:1]
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
  }

  @Test func splitVerticalTakesARatioAndARoute() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "split", "v", "30%", "notes") == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
            %7 split vertical active 2 weights 0.7 0.3
              %3 pane 'Inbox' [inbox]
              %6 pane 'Inbox' [notes] (focused)
            %4 pane 'Detail' [detail:1]
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
  }

  @Test(arguments: [
    (["close", "2"], "  [1 'Main'] %3 pane 'Inbox' [inbox] (focused)"),
    (["close"], "  [1 'Main'] %4 pane 'Detail' [detail:1] (focused)"),
    (["close", "%3"], "  [1 'Main'] %4 pane 'Detail' [detail:1] (focused)"),
  ])
  func closeLeavesTheSurvivorInPlaceOfTheSplit(arguments: [String], survivor: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(arguments)
    #expect(
      try await sandbox.tree() == """
        %1 tabs selected 1
        \(survivor)
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
  }

  @Test(arguments: [["swap", "right"], ["swap", "2"], ["swap", "%4"], ["move", "right"]])
  func swapAndMoveExchangeTheTwoPanes(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(arguments)
    #expect(
      try await sandbox.tree() == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 2 weights 0.5 0.5
            %4 pane 'Detail' [detail:1]
            %3 pane 'Inbox' [inbox] (focused)
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
  }

  @Test func swapWithAPaneInAnotherTabFollowsTheFocusedPane() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "swap", "%5") == """
        %1 tabs selected 2
          [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
            %5 pane 'Settings' [settings]
            %4 pane 'Detail' [detail:1]
          [2 'Settings'] %3 pane 'Inbox' [inbox] (focused)

        """)
  }

  @Test func moveRightLeavesAVerticalSplitForTheParentSplit() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "v")
    #expect(
      try await sandbox.tree(after: "move", "right") == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 2 weights 0.3333 0.3333 0.3333
            %3 pane 'Inbox' [inbox]
            %6 pane 'Inbox' [inbox] (focused)
            %4 pane 'Detail' [detail:1]
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
  }

  @Test func resizeMovesTheSharedEdgeAndEqualizeEvensItOut() async throws {
    let sandbox = try Sandbox()
    let weights = { (tree: String) in
      tree.split(separator: "\n")[1].split(separator: " ").suffix(2).joined(separator: " ")
    }
    #expect(weights(try await sandbox.tree(after: "resize", "right", "10%")) == "0.6 0.4")
    #expect(weights(try await sandbox.tree(after: "resize", "left", "0.2")) == "0.4 0.6")
    #expect(weights(try await sandbox.tree(after: "equalize")) == "0.5 0.5")
  }

  @Test func zoomTogglesAndShowDrawsOnlyTheZoomedPane() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "zoom").contains("%3 pane 'Inbox' [inbox] (focused) (zoomed)"))
    let show = try await sandbox.succeed("show", "--size", "30x4", "--ascii")
    #expect(
      show.stdout == """
        [1:Main]  2:Settings
        # 1* Inbox (zoomed) =========#
        # inbox                      #
        #============================#

        """)
    #expect(try await sandbox.tree(after: "zoom") == Fixtures.defaultTree)
  }

  @Test(arguments: ["Mail", "my notes", "push"])
  func renameSetsTheFocusedPanesTitle(title: String) async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.tree(after: "rename", title).contains(
        "%3 pane '\(title)' [inbox] (focused)"))
  }

  @Test func focusIsSavedAndChainedEditsSeeEachOther() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "v")
    try await sandbox.succeed("focus", "up", "rename", "Top")
    #expect(
      try await sandbox.tree() == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
            %7 split vertical active 1 weights 0.5 0.5
              %3 pane 'Top' [inbox] (focused)
              %6 pane 'Inbox' [inbox]
            %4 pane 'Detail' [detail:1]
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
  }
}
