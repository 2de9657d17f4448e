import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// The same workspace written in version 0 (`type`, `routes`, `focused`) and versions 1 to 3.
private func file(version: Int, extra: String = "") -> [UInt8] {
  let (kind, stack, focus) =
    version == 0 ? ("type", "routes", "focused") : ("kind", "stack", "focus")
  return Array(
    """
    {
      "format": "workspace",
      "version": \(version),
      "nextId": 6,
      "\(focus)": 4,
      "mru": [4, 3],\(extra)
      "root": {
        "id": 1, "\(kind)": "tabs", "active": 0, "titles": ["Main", "Settings"],
        "router": {"kind": "token", "\(stack)": ["workspace"]},
        "children": [
          {
            "id": 2, "\(kind)": "split", "axis": "horizontal", "active": 0,
            "weights": [0.25, 0.75],
            "children": [
              {"id": 3, "\(kind)": "pane", "title": "A",
               "router": {"kind": "token", "\(stack)": ["a", "b:1"]}},
              {"id": 4, "\(kind)": "pane", "title": "B",
               "router": {"kind": "mail", "\(stack)": ["inbox"], "maxDepth": 5,
                          "modal": {"style": "sheet", "stack": ["compose"]}}}
            ]
          },
          {"id": 5, "\(kind)": "pane", "title": "S",
           "router": {"kind": "token", "\(stack)": ["settings"]}}
        ]
      }
    }
    """.utf8)
}

@Suite struct MigrationTests {
  @Test func versionOneMigratesToRevisionZero() throws {
    let migrated = try WorkspaceFile.decode(file(version: 1))
    let current = try WorkspaceFile.decode(file(version: 3))
    #expect(migrated.migratedFromVersion == 1)
    #expect(migrated.diagnostics == [])
    #expect(migrated.state == current.state)
    #expect(migrated.state.revision == 0)
    #expect(try JSONReader.parse(WorkspaceFile.encode(migrated.state))["revision"] == nil)
  }

  @Test(arguments: [("7", 7, false), ("0", 0, false), ("-1", 0, true), ("1.5", 0, true)])
  func theRevisionIsRead(text: String, revision: Int, isRepaired: Bool) throws {
    let loaded = try WorkspaceFile.decode(file(version: 3, extra: "\n  \"revision\": \(text),"))
    #expect(loaded.state.revision == revision)
    #expect(loaded.diagnostics.map(\.location) == (isRepaired ? ["$.revision"] : []))
    let saved = try JSONReader.parse(WorkspaceFile.encode(loaded.state))
    #expect(saved["revision"] == (revision == 0 ? nil : .number(Double(revision))))
  }

  @Test func versionZeroMigratesToTheSameWorkspace() throws {
    let migrated = try WorkspaceFile.decode(file(version: 0))
    let current = try WorkspaceFile.decode(file(version: 3))
    #expect(migrated.migratedFromVersion == 0)
    #expect(current.migratedFromVersion == nil)
    #expect(migrated.diagnostics == [])
    #expect(current.diagnostics == [])
    #expect(migrated.state == current.state)
    #expect(migrated.state.invariantViolations() == [])
  }

  /// Version 3 adds stacks and floating panes: a version 2 file, which holds neither, reads
  /// as it is, and saves as version 3.
  @Test func versionTwoMigratesUnchanged() throws {
    let migrated = try WorkspaceFile.decode(file(version: 2))
    let current = try WorkspaceFile.decode(file(version: 3))
    #expect(migrated.migratedFromVersion == 2)
    #expect(migrated.diagnostics == [])
    #expect(migrated.state == current.state)
    #expect(try JSONReader.parse(WorkspaceFile.encode(migrated.state))["version"] == 3)
  }

  @Test func versionZeroMeansWhatItSaid() throws {
    let state = try WorkspaceFile.decode(file(version: 0)).state
    #expect(state.focusedPane == NodeID(4))
    #expect(state.mostRecentlyUsed == [NodeID(4), NodeID(3)])
    #expect(state.root.kind == .tabs)
    #expect(state.root.router?.stack.stack == ["workspace"])
    #expect(state.node(NodeID(2))?.axis == .horizontal)
    #expect(state.node(NodeID(2))?.weights == [0.25, 0.75])
    #expect(state.node(NodeID(3))?.router?.stack.stack == ["a", "b:1"])
    let mail = try #require(state.node(NodeID(4))?.router)
    #expect(mail.kind == "mail")
    #expect(mail.stack.stack == ["inbox"])
    #expect(mail.stack.maxDepth == 5)
    #expect(mail.stack.modal?.style == .sheet)
    #expect(mail.stack.modal?.stack == ["compose"])
  }

  @Test func migratedFileSavesAsTheCurrentVersion() throws {
    let migrated = try WorkspaceFile.decode(file(version: 0))
    let bytes = WorkspaceFile.encode(migrated.state)
    #expect(bytes == WorkspaceFile.encode(try WorkspaceFile.decode(file(version: 3)).state))
    let reloaded = try WorkspaceFile.decode(bytes)
    #expect(reloaded.migratedFromVersion == nil)
    #expect(try JSONReader.parse(bytes)["version"] == 3)
  }

  @Test func unknownMembersSurviveMigration() throws {
    let extra = #""theme": {"dark": true},"#
    let migrated = try WorkspaceFile.decode(file(version: 0, extra: "\n  " + extra))
    let current = try WorkspaceFile.decode(file(version: 3, extra: "\n  " + extra))
    #expect(migrated.state == current.state)
    let saved = try JSONReader.parse(WorkspaceFile.encode(migrated.state))
    #expect(saved["theme"] == ["dark": true])
  }

  @Test func migrationRenamesEveryLevelAndSetsTheVersion() throws {
    guard case .object(let object) = try JSONReader.parse(file(version: 0)) else {
      Issue.record("not an object")
      return
    }
    let (migrated, passed) = Migration.migrate(object, from: 0)
    #expect(passed == [0, 1, 2])
    #expect(migrated["version"] == 3)
    #expect(migrated["focus"] == 4)
    #expect(migrated["focused"] == nil)
    let root = JSONValue.object(migrated)["root"]
    #expect(root?["kind"] == "tabs")
    #expect(root?["type"] == nil)
    #expect(root?["router"]?["stack"] == ["workspace"])
    #expect(root?["children"]?[0]?["children"]?[1]?["router"]?["stack"] == ["inbox"])
    #expect(root?["children"]?[0]?["children"]?[1]?["router"]?["routes"] == nil)
  }

  /// The step from version 2 changes nothing but the version.
  @Test func versionTwoStepChangesOnlyTheVersion() throws {
    guard case .object(let object) = try JSONReader.parse(file(version: 2)) else {
      Issue.record("not an object")
      return
    }
    var (step, passed) = Migration.migrate(object, from: 2)
    #expect(passed == [2])
    #expect(step["version"] == 3)
    step["version"] = 2
    #expect(step == object)
  }

  @Test func currentVersionIsNotMigrated() throws {
    guard case .object(let object) = try JSONReader.parse(file(version: 3)) else {
      Issue.record("not an object")
      return
    }
    let (migrated, passed) = Migration.migrate(object, from: WorkspaceFormat.currentVersion)
    #expect(passed == [])
    #expect(migrated == object)
  }

  @Test(arguments: [-1, -2, Int(Int32.min)])
  func versionBelowZeroIsRefused(version: Int) {
    let bytes = Array(#"{"format": "workspace", "version": \#(version), "root": {}}"#.utf8)
    #expect(
      throws: WorkspaceFileError.invalid(
        path: "workspace.json", location: "$.version", reason: "unknown version \(version)")
    ) {
      try WorkspaceFile.decode(bytes)
    }
  }

  @Test func storeMigratesOnUpdateAndKeepsTheOldVersionAsBackup() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      Files.create(store.path, file(version: 0))
      let (_, loaded) = try store.update(default: .example) { state in
        try state.apply(.rename("Renamed"))
      }
      #expect(loaded.migratedFromVersion == 0)
      #expect(Files.contents(store.backupPath) == file(version: 0))
      let reloaded = try store.load(default: .example)
      #expect(reloaded.migratedFromVersion == nil)
      #expect(reloaded.state.node(NodeID(4))?.title == "Renamed")
    }
  }
}
