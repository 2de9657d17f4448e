import Testing

/// Exit code 1: the command is well formed but the workspace's state refuses it; nothing
/// changes, and the one line on stderr says why.
@Suite struct RefusalCommandTests {
  @Test(arguments: [
    (["focus", "9"], "no pane 9 at word 1"),
    (["focus", "%99"], "no pane %99 at word 1"),
    (["close", "9"], "no pane 9 at word 1"),
    (["focus", "left"], "no pane left of the focused pane at word 1"),
    (["swap", "up"], "no pane up of the focused pane at word 1"),
    (["resize", "up", "10%"], "no split to resize up at word 1"),
    (["close", "close", "close"], "cannot close the last pane at word 3"),
    (["pop"], "pop rejected: already at root at word 1"),
    (["undo"], "nothing to undo at word 1"),
    (["redo"], "nothing to redo at word 1"),
    (["tab", "3"], "no tab 3 at word 1"),
  ])
  func refusalsExitOneAndCreateNoFile(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.fail(arguments, status: 1) == "wsctl: " + message)
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func aDuplicateTopIsRefusedAndTheFileKeepsItsBytes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "push", "detail:7")
    let before = try #require(sandbox.bytes("workspace.json"))
    #expect(
      try await sandbox.fail("push", "detail:7", status: 1)
        == "wsctl: push detail:7 rejected: duplicate top at word 1")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func closingTheLastPaneIsRefused() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("close", "close")
    #expect(
      try await sandbox.tree() == """
        %1 tabs selected 1
          [1 'Settings'] %5 pane 'Settings' [settings] (focused)

        """)
    let before = try #require(sandbox.bytes("workspace.json"))
    #expect(
      try await sandbox.fail("close", status: 1) == "wsctl: cannot close the last pane at word 1")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  // The loader refuses files past its limits; the store never writes one it could not read
  // back, and names the JSON path of the first offender in the file it would have written.
  @Test func anEditWhoseFileWouldExceedTheTreeDepthLimitIsRefused() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    let nesting = (1...60).flatMap { _ in ["split", "h", "0.9", "split", "v", "0.9"] }
    // Room for 120 nested splits: a large area and panes of one cell.
    let message = try await sandbox.fail(
      ["--size", "1000x1000", "minimum-size", "1x1"] + nesting, status: 1)
    #expect(message.hasPrefix("wsctl: workspace.json: $.root.children[0].children[1]"))
    #expect(
      message.hasSuffix(
        ".children[0]: tree depth 101 would exceed the file's limit of 100; "
          + "not saved, nothing changed"))
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test(arguments: [
    (["rename"], "$.root.children[0].children[0].title"), (["tab", "rename"], "$.root.titles[0]"),
    (["tab", "new"], "$.root.titles[2]"),
  ])
  func aTitleLongerThanTheFileAllowsIsRefused(command: [String], location: String) async throws {
    let sandbox = try Sandbox()
    let title = String(repeating: "t", count: 70_000)
    #expect(
      try await sandbox.fail(command + [title], status: 1)
        == "wsctl: workspace.json: \(location): escaped string length 70000 would exceed the "
        + "file's limit of 65536; not saved, nothing changed")
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func aModalAlreadyUpIsRefused() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("present", "sheet", "a")
    #expect(
      try await sandbox.fail("present", "cover", "b", status: 1)
        == "wsctl: present cover b rejected: a modal is already presented at word 1")
  }

  @Test(arguments: [
    (["push", "a", "push", "a"], "push a rejected: duplicate top at word 3"),
    (["focus", "2", "rename", "x", "focus", "9"], "no pane 9 at word 5"),
    (["push", "a", "tree", "pop", "pop"], "pop rejected: already at root at word 5"),
    (["-q", "push", "a", "--json", "routes", "9"], "no pane 9 at word 3"),
    (
      ["open", "x://workspace/push/a", "open", "x://workspace/push/a"],
      "push a rejected: duplicate top at word 3"
    ),
  ])
  func aRefusalNamesTheCommandsWordAndPosition(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.fail(arguments, status: 1) == "wsctl: " + message)
    #expect(!sandbox.exists("workspace.json"))
  }
}
