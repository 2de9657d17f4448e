import Testing

/// `wsctl open URL`: a deep link runs the same commands as the words it carries.
@Suite struct OpenCommandTests {
  @Test func theMissionLinkFocusesPaneTwoAndPushes() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("open", "myapp://workspace/focus/2/push/detail:7")
    #expect(
      try sandbox.succeed("routes", "2").stdout == """
        %4 'Detail' router token
          0 detail:1
          1 detail:7 (top)

        """)
    let history = try sandbox.succeed("--json", "history").jsonObject()
    #expect(history["undo"] as? [String] == ["focus 2 push detail:7"])
  }

  @Test func aLinkAndTheSameWordsGiveTheSameFile() throws {
    let linked = try Sandbox()
    try linked.succeed("open", "myapp://workspace/split/v/30%25/notes/rename/my%20notes")
    let worded = try Sandbox()
    try worded.succeed("split", "v", "30%", "notes", "rename", "my notes")
    #expect(linked.bytes("workspace.json") == worded.bytes("workspace.json"))
  }

  @Test func aLinkChainsWithOtherCommandsInOneTransaction() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    let message = try sandbox.fail(
      "open", "myapp://workspace/push/b", "focus", "9", status: 1)
    #expect(message == "wsctl: no pane 9 at word 3")
    #expect(sandbox.bytes("workspace.json") == before)
    let json = try sandbox.succeed("--json", "open", "x-app://WORKSPACE/push/b", "tree")
    let documents = try json.jsonDocuments()
    #expect(documents.count == 2)
    #expect((documents.last as? [String: Any])?["applied"] as? [String] == ["push b"])
  }

  @Test func anEmptyLinkChangesNothing() throws {
    let sandbox = try Sandbox()
    try sandbox.succeed("open", "myapp://workspace")
    #expect(try sandbox.listing().filter { $0.hasSuffix(".json") } == [])
  }
}
