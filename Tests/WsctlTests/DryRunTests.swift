import Foundation
import Testing

/// `--dry-run` (`-n`) never writes anything, for every command: no file, backup, lock or
/// temporary file appears and no byte or modification time changes; it still says what it
/// would do, and fails as the real run would.
@Suite struct DryRunTests {
  /// The names in the sandbox with each file's bytes and modification time.
  private static func snapshot(_ sandbox: Sandbox) throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try sandbox.listing() {
      let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.path(name))
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
      files[name] = "\(modified) \(sandbox.bytes(name)?.hashValue ?? 0)"
    }
    return files
  }

  @Test(arguments: [["init"], ["init", "--force"], ["push", "a"], ["migrate"]])
  func aDryRunOnNoFileCreatesNothing(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.run(["-n"] + arguments)
    if arguments == ["migrate"] {
      #expect(result.status == 66)
    } else {
      #expect(result.status == 0, "\(result)")
      #expect(result.stdout.hasPrefix("dry run (not saved): "))
    }
    #expect(try sandbox.listing() == [])
  }

  @Test(arguments: [
    (["init", "--force"], "dry run (not saved): would initialize workspace.json\n"),
    (
      ["restore-backup"],
      "dry run (not saved): would restore workspace.json from workspace.json.bak "
        + "(the replaced file would be workspace.json.before-restore)\n"
    ),
    (["migrate"], "workspace.json is already at version 3; nothing to do\n"),
    (["push", "b"], "dry run (not saved): push b\nfocus %3 -> %3; changed %3\n"),
  ])
  func aDryRunChangesNoByteAndNoTime(arguments: [String], output: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("rename", "x")
    let before = try Self.snapshot(sandbox)
    try await Task.sleep(for: .milliseconds(10))
    #expect(try await sandbox.succeed(["-n"] + arguments).stdout == output)
    #expect(try Self.snapshot(sandbox) == before)
  }

  @Test func aDryRunMigrateSaysWhatItWouldRewrite() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.version0, to: "old.json")
    #expect(
      try await sandbox.succeed("-n", "-f", "old.json", "migrate").stdout
        == "dry run (not saved): would migrate old.json from version 0 to 3\n")
    #expect(sandbox.text("old.json") == Fixtures.version0)
    #expect(try sandbox.listing() == ["old.json"])
  }

  @Test func aDryRunInitStillRefusesAnExistingFile() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    let before = try Self.snapshot(sandbox)
    #expect(
      try await sandbox.fail("-n", "init", status: 73)
        == "wsctl: 'workspace.json' already exists; 'init --force' replaces it (keeping a backup)")
    #expect(try Self.snapshot(sandbox) == before)
  }

  @Test func aDryRunRestoreChecksTheBackup() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    try sandbox.write("{", to: "workspace.json.bak")
    let before = try Self.snapshot(sandbox)
    #expect(try await sandbox.fail("-n", "restore-backup", status: 65).contains("not valid JSON"))
    #expect(try Self.snapshot(sandbox) == before)
  }

  @Test func jsonSaysNothingWasSaved() async throws {
    let sandbox = try Sandbox()
    let initialized = try await sandbox.succeed("--json", "-n", "init").jsonObject()
    #expect(initialized["initialized"] as? String == "workspace.json")
    #expect(initialized["saved"] as? Bool == false)
    #expect(try sandbox.listing() == [])
  }
}
