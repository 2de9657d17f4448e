import Foundation
import Testing

/// Several commands in one call are one transaction: all apply and the file is saved once,
/// as one history entry, or none does and the file's bytes are untouched. `--dry-run`
/// applies and prints without saving.
@Suite struct TransactionCommandTests {
  @Test func chainedCommandsAreOneHistoryEntry() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "push", "detail:7", "split", "v", "rename", "Notes")
    let history = try await sandbox.succeed("--json", "history").jsonObject()
    #expect(history["undo"] as? [String] == ["focus 2 push detail:7 split v rename Notes"])
    #expect(history["redo"] as? [String] == [])
    try await sandbox.succeed("undo")
    #expect(try await sandbox.tree() == Fixtures.defaultTree)
  }

  @Test func chainedCommandsSaveOnce() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a", "push", "b", "push", "c")
    // One save of a new file: no previous version to back up.
    #expect(!sandbox.exists("workspace.json.bak"))
  }

  @Test(arguments: [
    (["push", "a", "focus", "9"], 1, "wsctl: no pane 9 at word 3"),
    (["split", "v", "push", "inbox"], 1, "wsctl: push inbox rejected: duplicate top at word 3"),
    (
      ["push", "a", "close", "close", "close", "close"], 1,
      "wsctl: cannot close the last pane at word 5"
    ),
    // The tree printed before the failing command is not printed either.
    (
      ["push", "a", "tree", "pop-to", "zzz"], 1,
      "wsctl: pop-to zzz rejected: 'zzz' is not in the stack at word 4"
    ),
    (
      ["push", "a", "focus", "2", "pish"], 64,
      "wsctl: unknown command 'pish' at word 5 — did you mean 'push'?"
    ),
  ])
  func aFailingCommandLeavesTheFileBytesUnchanged(
    arguments: [String], status: Int32, message: String
  ) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "start")
    try await sandbox.succeed("push", "next")
    let file = try #require(sandbox.bytes("workspace.json"))
    let backup = try #require(sandbox.bytes("workspace.json.bak"))
    #expect(try await sandbox.fail(arguments, status: status) == message)
    #expect(sandbox.bytes("workspace.json") == file)
    #expect(sandbox.bytes("workspace.json.bak") == backup)
    #expect(
      try sandbox.listing() == ["workspace.json", "workspace.json.bak", "workspace.json.lock"])
  }

  @Test func aFailingCallOnAMissingFileDoesNotCreateIt() async throws {
    let sandbox = try Sandbox()
    try await sandbox.fail("push", "a", "focus", "9", status: 1)
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func inspectionsBetweenEditsSeeTheStateAtTheirPoint() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.succeed("push", "a", "routes", "push", "b", "routes")
    #expect(
      result.stdout == """
        %3 'Inbox' router token
          0 inbox
          1 a (top)
        %3 'Inbox' router token
          0 inbox
          1 a
          2 b (top)

        """)
  }

  @Test func dryRunPrintsTheResultAndLeavesTheFileUnchanged() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = try #require(sandbox.bytes("workspace.json"))
    let result = try await sandbox.succeed("--dry-run", "focus", "2", "push", "detail:7")
    #expect(
      result.stdout == """
        dry run (not saved): focus 2 push detail:7
        focus %3 -> %4; changed %2 %4

        """)
    #expect(sandbox.bytes("workspace.json") == before)
    #expect(!sandbox.exists("workspace.json.bak"))
  }

  @Test(arguments: ["--dry-run", "-n"])
  func dryRunDoesNotCreateAMissingFile(option: String) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.succeed(option, "push", "a", "routes")
    #expect(result.stdout.contains("  1 a (top)"))
    #expect(result.stdout.hasSuffix("dry run (not saved): push a\nfocus %3 -> %3; changed %3\n"))
    #expect(try sandbox.listing() == [])
  }

  @Test func dryRunStillRefusesWhatWouldFail() async throws {
    let sandbox = try Sandbox()
    #expect(
      try await sandbox.fail("--dry-run", "focus", "9", status: 1) == "wsctl: no pane 9 at word 1")
    #expect(try sandbox.listing() == [])
  }
}
