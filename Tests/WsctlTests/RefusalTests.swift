import Testing

/// Exit code 1: the command is well formed but the workspace's state refuses it; nothing
/// changes, and the one line on stderr says why.
@Suite struct RefusalTests {
  @Test(arguments: [
    (["focus", "9"], "no pane 9"),
    (["focus", "%99"], "no pane %99"),
    (["close", "9"], "no pane 9"),
    (["focus", "left"], "no pane left of the focused pane"),
    (["swap", "up"], "no pane up of the focused pane"),
    (["resize", "up", "10%"], "no split to resize up"),
    (["close", "close", "close"], "cannot close the last pane"),
    (["pop"], "pop rejected: already at root"),
    (["undo"], "nothing to undo"),
    (["redo"], "nothing to redo"),
    (["tab", "3"], "no tab 3"),
  ])
  func refusalsExitOneAndCreateNoFile(arguments: [String], message: String) throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.fail(arguments, status: 1) == "wsctl: " + message)
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func aDuplicateTopIsRefusedAndTheFileKeepsItsBytes() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("focus", "2", "push", "detail:7")
    let before = try #require(sandbox.bytes("workspace.json"))
    #expect(
      try sandbox.fail("push", "detail:7", status: 1)
        == "wsctl: push detail:7 rejected: duplicate top")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func closingTheLastPaneIsRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("close", "close")
    #expect(
      try sandbox.tree() == """
        %1 tabs selected 1
          [1 'Settings'] %5 pane 'Settings' [settings] (focused)

        """)
    let before = try #require(sandbox.bytes("workspace.json"))
    #expect(try sandbox.fail("close", status: 1) == "wsctl: cannot close the last pane")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  // The loader refuses files past its limits; the store never writes one it could not read
  // back, and names the JSON path of the first offender in the file it would have written.
  @Test func anEditWhoseFileWouldExceedTheTreeDepthLimitIsRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    let nesting = (1...60).flatMap { _ in ["split", "h", "0.9", "split", "v", "0.9"] }
    // Room for 120 nested splits: a large area and panes of one cell.
    let message = try sandbox.fail(
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
  func aTitleLongerThanTheFileAllowsIsRefused(command: [String], location: String) throws {
    let sandbox = try Sandbox()
    let title = String(repeating: "t", count: 70_000)
    #expect(
      try sandbox.fail(command + [title], status: 1)
        == "wsctl: workspace.json: \(location): escaped string length 70000 would exceed the "
        + "file's limit of 65536; not saved, nothing changed")
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func aModalAlreadyUpIsRefused() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("present", "sheet", "a")
    #expect(
      try sandbox.fail("present", "cover", "b", status: 1)
        == "wsctl: present cover b rejected: a modal is already presented")
  }
}
