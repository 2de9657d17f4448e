import Foundation
import Testing
import WorkspaceTestSupport

/// Exit codes 65 (bad data in the file), 66 (a required file is missing) and 73 (cannot
/// write): one line on stderr naming the file and the place in it, and the file untouched.
@Suite struct FileErrorTests {
  // MARK: 65

  @Test(arguments: [["show"], ["push", "a"], ["tree"], ["validate"], ["migrate"]])
  func aCorruptFileNamesLineAndColumn(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.corrupt, to: "workspace.json")
    let message = try await sandbox.fail(arguments, status: 65)
    #expect(
      message == "wsctl: workspace.json:5:1: not valid JSON: unexpected character '}' (byte 57)")
    #expect(sandbox.text("workspace.json") == Fixtures.corrupt)
    #expect(!sandbox.exists("workspace.json.bak"))
  }

  @Test func aCorruptFileWithABackupOffersIt() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("push", "b")
    let backup = try #require(sandbox.bytes("workspace.json.bak"))
    try sandbox.write(Fixtures.corrupt, to: "workspace.json")
    let message = try await sandbox.fail("push", "c", status: 65)
    #expect(
      message
        == "wsctl: workspace.json:5:1: not valid JSON: unexpected character '}' (byte 57) "
        + "(a backup is available: 'wsctl restore-backup')")
    #expect(sandbox.text("workspace.json") == Fixtures.corrupt)
    #expect(sandbox.bytes("workspace.json.bak") == backup)
  }

  @Test func aFileOfANewerVersionIsLeftUnchanged() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.newerVersion, to: "workspace.json")
    let message = try await sandbox.fail("push", "a", status: 65)
    #expect(
      message
        == "wsctl: workspace.json: format version 99 is newer than this tool supports (3); "
        + "the file was left unchanged")
    #expect(sandbox.text("workspace.json") == Fixtures.newerVersion)
  }

  @Test func aWorkspaceWithoutARootNamesTheJSONPath() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(#"{"format": "workspace", "version": 1}"#, to: "workspace.json")
    #expect(
      try await sandbox.fail("show", status: 65) == "wsctl: workspace.json: $: missing 'root'")
  }

  // MARK: 66

  @Test(arguments: [["validate"], ["migrate"]])
  func validateAndMigrateNeedTheFile(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.fail(arguments, status: 66) == "wsctl: no such file 'workspace.json'")
    #expect(try sandbox.listing() == [])
  }

  @Test func restoreBackupNeedsABackup() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    let before = sandbox.bytes("workspace.json")
    #expect(
      try await sandbox.fail("restore-backup", status: 66)
        == "wsctl: no such file 'workspace.json.bak'")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test(arguments: [["show"], ["push", "a"]])
  func aDirectoryIsNotAWorkspaceFile(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    try sandbox.write("", to: "folder/.keep")
    #expect(
      try await sandbox.fail(["-f", "folder"] + arguments, status: 66)
        == "wsctl: cannot read 'folder': it is a directory, not a regular file")
    // Refused before the lock is taken: no `folder.lock` is left behind.
    #expect(try sandbox.listing() == ["folder"])
  }

  // MARK: 73

  // Tests run as root, so a read-only directory would not stop a write; a path under a
  // regular file cannot be created by anyone.
  @Test(arguments: [
    (["push", "a"], "plain/ws.json.lock"), (["init"], "plain/ws.json"),
    (["init", "--force"], "plain/ws.json"),
  ])
  func aPathUnderARegularFileCannotBeWritten(arguments: [String], refused: String) async throws {
    let sandbox = try Sandbox()
    try sandbox.write("not a directory", to: "plain")
    let message = try await sandbox.fail(["-f", "plain/ws.json"] + arguments, status: 73)
    // No file existed: the message says that nothing was written, not that a file is intact.
    #expect(message == "wsctl: cannot write '\(refused)': Not a directory; nothing was written")
    #expect(sandbox.text("plain") == "not a directory")
  }

  /// A save that fails midway (here the file size limit of `ulimit -f`, so `write` fails
  /// with `EFBIG` after the first 64 KiB of a larger file) leaves the file and its backup as
  /// they were and no temporary file behind.
  @Test func aSaveThatFailsMidwayLeavesEverythingAsItWas() async throws {
    let sandbox = try Sandbox()
    let routes = (0..<5000).map { "\"detail:\($0)\"" }.joined(separator: ", ")
    try sandbox.write(
      #"{"format": "workspace", "version": 3, "nextId": 2, "focus": 1, "mru": [1], "root": "#
        + #"{"id": 1, "kind": "pane", "title": "big", "router": {"kind": "token", "stack": ["#
        + routes + #"], "maxDepth": 6000}}, "history": {"limit": 100, "undo": [], "redo": []}}"#,
      to: "workspace.json")
    // A first save, so that there is a backup to keep.
    try await sandbox.succeed("rename", "first")
    let file = try #require(sandbox.bytes("workspace.json"))
    let backup = try #require(sandbox.bytes("workspace.json.bak"))
    #expect(file.count > 2 * 65_536)
    let wsctl = try BuiltProgram.require("wsctl").path
    let result = try await sandbox.run(
      program: URL(fileURLWithPath: "/bin/sh"),
      ["-c", #"trap '' XFSZ; ulimit -f 64; exec "$0" rename second"#, wsctl])
    #expect(result.status == 73, "\(result)")
    #expect(
      result.stderr.hasPrefix("wsctl: cannot write 'workspace.json': File too large"),
      "\(result)")
    #expect(sandbox.bytes("workspace.json") == file)
    #expect(sandbox.bytes("workspace.json.bak") == backup)
    #expect(
      try sandbox.listing() == ["workspace.json", "workspace.json.bak", "workspace.json.lock"])
  }

  @Test func initWithoutForceKeepsAnExistingFile() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    #expect(
      try await sandbox.fail("init", status: 73)
        == "wsctl: 'workspace.json' already exists; 'init --force' replaces it (keeping a backup)")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func replacingADirectoryFails() async throws {
    let sandbox = try Sandbox()
    try sandbox.write("", to: "folder/.keep")
    let message = try await sandbox.fail("-f", "folder", "init", "--force", status: 73)
    #expect(
      message
        == "wsctl: cannot write 'folder': it is a directory, not a regular file; nothing was written"
    )
    #expect(sandbox.exists("folder/.keep"))
  }
}
