import Testing

/// The rule for "already so", end to end: a command naming a target state that already holds
/// exits 0 and saves nothing (no undo entry); a movement that cannot happen exits 1.
@Suite struct AlreadySoCommandTests {
  /// Each case starts from the default workspace (pane 1, `%3`, focused) after its `setup`.
  @Test(arguments: [
    ([], ["focus", "1"]),
    ([], ["focus", "%3"]),
    ([], ["tab", "1"]),
    ([], ["tab", "move", "1"]),
    (["tab", "rename", "Work"], ["tab", "rename", "Work"]),
    (["rename", "Notes"], ["rename", "Notes"]),
    ([], ["equalize"]),
    ([], ["root"]),
    (["push", "a"], ["set-path", "a"]),
    ([], ["set-path"]),
    (["push", "a"], ["replace-top", "a"]),
    (["push", "a"], ["pop-to", "a"]),
    (["push", "a"], ["pop-to-last", "a"]),
    ([], ["dismiss-all"]),
    (["present", "sheet", "s", "push", "t"], ["set-modal-path", "t"]),
  ])
  func aTargetStateThatHoldsExitsZeroAndSavesNothing(setup: [String], command: [String])
    async throws
  {
    let sandbox = try Sandbox()
    try await sandbox.succeed(["init"])
    if !setup.isEmpty { try await sandbox.succeed(setup) }
    let before = try #require(sandbox.bytes("workspace.json"))
    let history = try await sandbox.succeed("history").stdout
    try await sandbox.succeed(command)
    #expect(sandbox.bytes("workspace.json") == before)
    #expect(try await sandbox.succeed("history").stdout == history)
  }

  @Test(arguments: [
    ([], ["pop"], "pop rejected: already at root at word 1"),
    ([], ["dismiss"], "dismiss rejected: already at root at word 1"),
    (["push", "a"], ["push", "a"], "push a rejected: duplicate top at word 1"),
    ([], ["pop-to", "zz"], "pop-to zz rejected: 'zz' is not in the stack at word 1"),
    ([], ["set-modal-path", "m"], "set-modal-path m rejected: no modal is presented at word 1"),
    ([], ["focus", "left"], "no pane left of the focused pane at word 1"),
    ([], ["swap", "1"], "cannot swap %3 with itself at word 1"),
    (["close", "close"], ["close"], "cannot close the last pane at word 1"),
  ])
  func aMovementThatCannotHappenExitsOne(
    setup: [String], command: [String], message: String
  ) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(["init"])
    if !setup.isEmpty { try await sandbox.succeed(setup) }
    let before = try #require(sandbox.bytes("workspace.json"))
    #expect(try await sandbox.fail(command, status: 1) == "wsctl: " + message)
    #expect(sandbox.bytes("workspace.json") == before)
  }
}
