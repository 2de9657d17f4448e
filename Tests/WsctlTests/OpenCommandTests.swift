import Testing

/// `wsctl open URL`: a deep link runs the same commands as the words it carries.
@Suite struct OpenCommandTests {
  @Test func theMissionLinkFocusesPaneTwoAndPushes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("open", "myapp://workspace/focus/2/push/detail:7")
    #expect(
      try await sandbox.succeed("routes", "2").stdout == """
        %4 'Detail' router token
          0 detail:1
          1 detail:7 (top)

        """)
    let history = try await sandbox.succeed("--json", "history").jsonObject()
    #expect(history["undo"] as? [String] == ["focus 2 push detail:7"])
  }

  @Test func aLinkAndTheSameWordsGiveTheSameFile() async throws {
    let linked = try Sandbox()
    try await linked.succeed("open", "myapp://workspace/split/v/30%25/notes/rename/my%20notes")
    let worded = try Sandbox()
    try await worded.succeed("split", "v", "30%", "notes", "rename", "my notes")
    #expect(linked.bytes("workspace.json") == worded.bytes("workspace.json"))
  }

  @Test func aLinkChainsWithOtherCommandsInOneTransaction() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail(
      "open", "myapp://workspace/push/b", "focus", "9", status: 1)
    #expect(message == "wsctl: no pane 9 at word 3")
    #expect(sandbox.bytes("workspace.json") == before)
    let json = try await sandbox.succeed("--json", "open", "x-app://WORKSPACE/push/b", "tree")
    let documents = try json.jsonDocuments()
    #expect(documents.count == 2)
    #expect((documents.last as? [String: Any])?["applied"] as? [String] == ["push b"])
  }

  @Test func anEmptyLinkChangesNothing() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("open", "myapp://workspace")
    #expect(try sandbox.listing().filter { $0.hasSuffix(".json") } == [])
  }
}
