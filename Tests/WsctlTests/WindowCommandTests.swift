import Foundation
import Testing

/// Windows through the CLI: `window new|N|close|rename|move-pane|at`, `-w N` and `-w all`,
/// what `tree` and `--json` print, and the file keeping every window.
@Suite struct WindowCommandTests {
  @Test func windowsAreOpenedShownPerWindowAndForAll() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("window", "new", "Mail", "inbox")
    #expect(
      try await sandbox.succeed("tree").stdout == """
        %6 pane 'Mail' [inbox] (focused)

        """)
    #expect(try await sandbox.succeed("-w", "1", "tree").stdout.hasPrefix("%1 tabs selected 1"))
    let all = try await sandbox.succeed("-w", "all", "tree").stdout
    #expect(all.hasPrefix("window 1 [main]\n%1 tabs"), "\(all)")
    #expect(all.contains("window 2 Mail [w6] (active)\n%6 pane 'Mail' [inbox] (focused)"), "\(all)")
    let json =
      try JSONSerialization.jsonObject(
        with: Data(try await sandbox.succeed("-w", "all", "--json", "tree").stdout.utf8))
      as? [[String: Any]]
    #expect(json?.map { $0["id"] as? String } == ["main", "w6"])
    #expect(json?.map { $0["active"] as? Bool } == [false, true])
    #expect(sandbox.text("workspace.json")?.contains(#""windows""#) == true)
  }

  @Test func dashWRunsInAnotherWindowWithoutSwitching() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("window", "new", "Mail", "inbox")
    try await sandbox.succeed("-w", "1", "rename", "Elsewhere")
    #expect(try await sandbox.succeed("tree").stdout == "%6 pane 'Mail' [inbox] (focused)\n")
    #expect(try await sandbox.succeed("-w", "1", "tree").stdout.contains("'Elsewhere'"))
    try await sandbox.succeed("window", "at", "1", "rename", "Again")
    #expect(try await sandbox.succeed("-w", "1", "tree").stdout.contains("'Again'"))
    let refused = try await sandbox.fail("-w", "1", "undo", status: 64)
    #expect(refused.contains("'-w 1' cannot run 'undo'"), "\(refused)")
    let missing = try await sandbox.fail("-w", "3", "tree", status: 1)
    #expect(missing.contains("no window 3"), "\(missing)")
    let malformed = try await sandbox.fail("-w", "x", "tree", status: 64)
    #expect(malformed.contains("needs a window number or 'all'"), "\(malformed)")
  }

  @Test func closeUndoReopenAndTheLastWindow() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("window", "new", "Mail", "inbox", "push", "detail:3")
    try await sandbox.succeed("window", "close")
    #expect(try await sandbox.succeed("tree").stdout.hasPrefix("%1 tabs"))
    let last = try await sandbox.fail("window", "close", status: 1)
    #expect(last.contains("cannot close the last window"), "\(last)")
    try await sandbox.succeed("reopen")
    #expect(
      try await sandbox.succeed("tree").stdout == "%6 pane 'Mail' [inbox, detail:3] (focused)\n")
    try await sandbox.succeed("window", "1", "window", "move-pane", "2")
    #expect(try await sandbox.succeed("tree").stdout.contains("'Inbox' [inbox] (focused)"))
    try await sandbox.succeed("undo")
    #expect(
      try await sandbox.succeed("-w", "2", "tree").stdout
        == "%6 pane 'Mail' [inbox, detail:3] (focused)\n")
  }
}
