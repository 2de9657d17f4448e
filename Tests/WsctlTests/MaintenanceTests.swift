import Foundation
import Testing

/// `init`, `init --force`, `migrate`, `restore-backup` and `validate`.
@Suite struct MaintenanceTests {
  @Test func initWritesTheDefaultWorkspace() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.succeed("init").stdout == "initialized workspace.json\n")
    #expect(try sandbox.listing() == ["workspace.json", "workspace.json.lock"])
    #expect(try await sandbox.succeed("tree").stdout == Fixtures.defaultTree)
    #expect(try await sandbox.succeed("validate").stdout == "workspace.json: valid (3 panes)\n")
  }

  @Test func initForceReplacesTheFileAndKeepsTheOldOneAsTheBackup() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let edited = try #require(sandbox.bytes("workspace.json"))
    #expect(try await sandbox.succeed("init", "--force").stdout == "initialized workspace.json\n")
    #expect(sandbox.bytes("workspace.json.bak") == edited)
    #expect(try await sandbox.succeed("tree").stdout == Fixtures.defaultTree)
  }

  @Test func migrateRewritesAVersion0File() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.version0, to: "old.json")
    let migrated = try await sandbox.succeed("-f", "old.json", "migrate")
    #expect(migrated.stdout == "migrated old.json from version 0 to 3\n")
    #expect(sandbox.text("old.json.bak") == Fixtures.version0)
    let file = try #require(sandbox.bytes("old.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
    #expect(object["version"] as? Int == 3)
    #expect(object["focus"] as? Int == 3)
    #expect(object["focused"] == nil)
    let root = try #require(object["root"] as? [String: Any])
    #expect(root["kind"] as? String == "split")
    #expect(root["type"] == nil)
    #expect(
      try await sandbox.succeed("-f", "old.json", "tree").stdout == """
        %1 split vertical active 2 weights 0.25 0.75
          %2 pane 'Top' [inbox, detail:3]
          %3 pane 'Bottom' [notes] (focused)

        """)
    let again = try await sandbox.succeed("-f", "old.json", "migrate")
    #expect(again.stdout == "old.json is already at version 3; nothing to do\n")
  }

  // The backup is the last *different* version: a migrate that changes nothing writes nothing.
  @Test func migrateOnACurrentFileWritesNothingAndKeepsTheBackup() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("push", "b")
    let file = sandbox.bytes("workspace.json")
    let backup = sandbox.bytes("workspace.json.bak")
    let inode =
      try FileManager.default.attributesOfItem(atPath: sandbox.path("workspace.json"))[
        .systemFileNumber] as? Int
    #expect(
      try await sandbox.succeed("migrate").stdout
        == "workspace.json is already at version 3; nothing to do\n")
    #expect(
      try await sandbox.succeed("--json", "migrate").jsonObject()["saved"] as? Bool == false)
    #expect(sandbox.bytes("workspace.json") == file)
    #expect(sandbox.bytes("workspace.json.bak") == backup)
    #expect(
      try FileManager.default.attributesOfItem(atPath: sandbox.path("workspace.json"))[
        .systemFileNumber] as? Int == inode)
    #expect(backup != file)
  }

  @Test func validateMentionsAnOlderVersion() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.version0, to: "old.json")
    let result = try await sandbox.succeed("-f", "old.json", "validate")
    #expect(
      result.stdout
        == "old.json: valid (2 panes; format version 0: 'wsctl migrate' rewrites it in version 3)\n"
    )
    #expect(sandbox.text("old.json") == Fixtures.version0)
  }

  @Test func anEditOfAVersion0FileSavesItInTheCurrentVersion() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.version0, to: "workspace.json")
    try await sandbox.succeed("push", "reply")
    #expect(sandbox.text("workspace.json")?.contains("\"version\": 3,") == true)
    #expect(try await sandbox.succeed("routes").stdout.contains("1 reply (top)"))
  }

  @Test func validatePrintsEveryRepairWithItsJSONPathAndExits65() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.needsRepairs, to: "workspace.json")
    let result = try await sandbox.run("validate")
    #expect(result.status == 65)
    #expect(
      result.stdout == """
        workspace.json: $.root.children[1].id: duplicate id 2; given the fresh id 3
        workspace.json: $.nextId: next id 3 would reuse an id; raised to 4

        """)
    #expect(
      result.stderrLines == [
        "wsctl: workspace.json: 2 problems found; 'wsctl migrate' writes the repaired file"
      ])
    #expect(sandbox.text("workspace.json") == Fixtures.needsRepairs)
  }

  @Test func migrateWritesTheRepairedFile() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.needsRepairs, to: "workspace.json")
    let migrated = try await sandbox.succeed("migrate")
    #expect(
      migrated.stdout == """
        workspace.json is already at version 3; rewritten (2 problems repaired)
          repaired $.root.children[1].id: duplicate id 2; given the fresh id 3
          repaired $.nextId: next id 3 would reuse an id; raised to 4

        """)
    #expect(try await sandbox.succeed("validate").stdout == "workspace.json: valid (2 panes)\n")
  }

  @Test func otherCommandsRepairInMemoryAndWarn() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.needsRepairs, to: "workspace.json")
    let tree = try await sandbox.run("tree")
    #expect(tree.status == 0)
    #expect(
      tree.stdout == """
        %1 split horizontal active 1 weights 0.5 0.5
          %2 pane 'A' [a] (focused)
          %3 pane 'B' [b]

        """)
    #expect(
      tree.stderrLines == [
        "wsctl: warning: workspace.json: $.root.children[1].id: duplicate id 2; "
          + "given the fresh id 3 (repaired)",
        "wsctl: warning: workspace.json: $.nextId: next id 3 would reuse an id; "
          + "raised to 4 (repaired)",
      ])
    #expect(try await sandbox.succeed("-q", "tree").stdout == tree.stdout)
    #expect(sandbox.text("workspace.json") == Fixtures.needsRepairs)
  }

  @Test func restoreBackupBringsBackThePreviousVersion() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let first = try #require(sandbox.bytes("workspace.json"))
    try await sandbox.succeed("push", "b")
    let second = try #require(sandbox.bytes("workspace.json"))
    let result = try await sandbox.succeed("restore-backup")
    #expect(
      result.stdout
        == "restored workspace.json from workspace.json.bak "
        + "(the replaced file is workspace.json.before-restore)\n")
    #expect(sandbox.bytes("workspace.json") == first)
    #expect(sandbox.bytes("workspace.json.before-restore") == second)
    #expect(try await sandbox.succeed("routes").stdout.contains("1 a (top)"))
  }

  // With no host live, --force changes nothing about a restore.
  @Test func restoreBackupForceWithNoHostRestoresAsWithout() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let first = try #require(sandbox.bytes("workspace.json"))
    try await sandbox.succeed("push", "b")
    let result = try await sandbox.succeed("restore-backup", "--force")
    #expect(result.stdout.hasPrefix("restored workspace.json from workspace.json.bak "))
    #expect(sandbox.bytes("workspace.json") == first)
    #expect(try await sandbox.fail("restore-backup", "--bogus", status: 64).contains("'--bogus'"))
  }

  @Test func restoreBackupRecoversACorruptFile() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("push", "b")
    try sandbox.write(Fixtures.corrupt, to: "workspace.json")
    try await sandbox.fail("show", status: 65)
    try await sandbox.succeed("restore-backup")
    #expect(sandbox.text("workspace.json.before-restore") == Fixtures.corrupt)
    #expect(try await sandbox.succeed("routes").stdout.contains("1 a (top)"))
  }

  @Test func restoreBackupRefusesACorruptBackup() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    try sandbox.write(Fixtures.corrupt, to: "workspace.json.bak")
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail("restore-backup", status: 65)
    #expect(message.hasPrefix("wsctl: workspace.json.bak:5:1: not valid JSON"))
    #expect(sandbox.bytes("workspace.json") == before)
  }
}
