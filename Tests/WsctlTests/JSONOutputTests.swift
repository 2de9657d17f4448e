import Foundation
import Testing

/// `--json` output of every command that prints, parsed back with `JSONSerialization`.
@Suite struct JSONOutputTests {
  @Test func anEditPrintsWhatItAppliedAndWhetherItSaved() async throws {
    let sandbox = try Sandbox()
    let edit = try await sandbox.succeed("--json", "focus", "2", "push", "detail:7").jsonObject()
    #expect(edit["applied"] as? [String] == ["focus 2", "push detail:7"])
    #expect(edit["saved"] as? Bool == true)
    #expect(edit["focus"] as? Int == 4)
    #expect(edit["changed"] as? [Int] == [2, 4])
  }

  @Test func anEditThatChangesNothingIsNotSaved() async throws {
    let sandbox = try Sandbox()
    let edit = try await sandbox.succeed("--json", "focus", "1").jsonObject()
    #expect(edit["applied"] as? [String] == ["focus 1"])
    #expect(edit["saved"] as? Bool == false)
    #expect(edit["changed"] as? [Int] == [])
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func aDryRunIsNotSaved() async throws {
    let sandbox = try Sandbox()
    let edit = try await sandbox.succeed("--json", "--dry-run", "split", "v", "30%", "notes")
      .jsonObject()
    #expect(edit["applied"] as? [String] == ["split v 0.3 notes"])
    #expect(edit["saved"] as? Bool == false)
    #expect(edit["focus"] as? Int == 6)
    #expect(try sandbox.listing() == [])
  }

  @Test func showListsTheVisiblePanesWithRectangles() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "push", "detail:7")
    let panes = try await sandbox.succeed("--json", "show", "--size", "80x24").jsonArray()
    #expect(panes.count == 2)
    #expect(panes.map { $0["number"] as? Int } == [1, 2])
    #expect(panes.map { $0["id"] as? Int } == [3, 4])
    #expect(panes.map { $0["title"] as? String } == ["Inbox", "Detail"])
    #expect(panes.map { $0["route"] as? String } == ["inbox", "detail:7"])
    #expect(panes.map { $0["focused"] as? Bool } == [false, true])
    let rects = panes.map { $0["rect"] as? [String: Int] }
    #expect(rects[0] == ["x": 0, "y": 0, "width": 40, "height": 24])
    #expect(rects[1] == ["x": 40, "y": 0, "width": 40, "height": 24])
  }

  @Test func showNamesTheModalsRouteAsTheVisibleRoute() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("present", "sheet", "compose")
    let panes = try await sandbox.succeed("--json", "show", "--size", "80x24").jsonArray()
    #expect(panes.first?["route"] as? String == "compose")
  }

  @Test func treeNestsTheNodesWithIdsKindsAndRouters() async throws {
    let sandbox = try Sandbox()
    let tree = try await sandbox.succeed("--json", "tree").jsonObject()
    #expect(tree["focus"] as? Int == 3)
    let root = try #require(tree["root"] as? [String: Any])
    #expect(root["id"] as? Int == 1)
    #expect(root["kind"] as? String == "tabs")
    #expect(root["titles"] as? [String] == ["Main", "Settings"])
    #expect(root["active"] as? Int == 0)
    let tabs = try #require(root["children"] as? [[String: Any]])
    #expect(tabs.count == 2)
    #expect(tabs[0]["kind"] as? String == "split")
    #expect(tabs[0]["axis"] as? String == "horizontal")
    #expect(tabs[0]["weights"] as? [Double] == [0.5, 0.5])
    let panes = try #require(tabs[0]["children"] as? [[String: Any]])
    #expect(panes.map { $0["id"] as? Int } == [3, 4])
    #expect(panes.map { $0["kind"] as? String } == ["pane", "pane"])
    let router = try #require(panes[1]["router"] as? [String: Any])
    #expect(router["kind"] as? String == "token")
    #expect(router["stack"] as? [String] == ["detail:1"])
    #expect(tabs[1]["title"] as? String == "Settings")
  }

  @Test func routesPrintsTheStackAndTheModal() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a", "present", "cover", "c", "push", "d")
    let router = try await sandbox.succeed("--json", "routes").jsonObject()
    #expect(router["kind"] as? String == "token")
    #expect(router["stack"] as? [String] == ["inbox", "a"])
    let modal = try #require(router["modal"] as? [String: Any])
    #expect(modal["style"] as? String == "cover")
    #expect(modal["stack"] as? [String] == ["c", "d"])
    let other = try await sandbox.succeed("--json", "routes", "2").jsonObject()
    #expect(other["stack"] as? [String] == ["detail:1"])
    #expect(other["modal"] == nil)
  }

  @Test func layoutPrintsEveryVisiblePanesRectangle() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "v", "30%")
    let panes = try await sandbox.succeed("--json", "layout", "100x40").jsonArray()
    #expect(panes.map { $0["number"] as? Int } == [1, 2, 3])
    #expect(panes.map { $0["id"] as? Int } == [3, 4, 6])
    let rects = panes.map { pane in ["x", "y", "width", "height"].map { pane[$0] as? Int } }
    #expect(rects == [[0, 0, 50, 28], [50, 0, 50, 40], [0, 28, 50, 12]])
  }

  @Test func layoutMatchesTheTextForm() async throws {
    let sandbox = try Sandbox()
    let text = try await sandbox.succeed("layout", "100x40")
    #expect(text.stdout == "1 %3 50x40+0+0\n2 %4 50x40+50+0\n")
  }

  @Test func historyListsUndoAndRedoMostRecentFirst() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("push", "b")
    try await sandbox.succeed("push", "c", "undo")
    let history = try await sandbox.succeed("--json", "history").jsonObject()
    #expect(history["undo"] as? [String] == ["push b", "push a"])
    #expect(history["redo"] as? [String] == ["push c"])
  }

  @Test func validateReportsAValidFile() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    let report = try await sandbox.succeed("--json", "validate").jsonObject()
    #expect(report["valid"] as? Bool == true)
    #expect(report["panes"] as? Int == 3)
    #expect(report["migratedFrom"] is NSNull)
    #expect(report["diagnostics"] as? [Any] != nil)
    #expect((report["diagnostics"] as? [Any])?.isEmpty == true)
  }

  @Test func validateReportsRepairsWithTheirJSONPaths() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.needsRepairs, to: "workspace.json")
    let result = try await sandbox.run("--json", "validate")
    #expect(result.status == 65)
    #expect(
      result.stderrLines == [
        "wsctl: workspace.json: 2 problems found; 'wsctl migrate' writes the repaired file"
      ])
    let report = try result.jsonObject()
    #expect(report["valid"] as? Bool == false)
    let diagnostics = try #require(report["diagnostics"] as? [[String: String]])
    #expect(diagnostics.map { $0["location"] } == ["$.root.children[1].id", "$.nextId"])
    #expect(diagnostics.first?["message"] == "duplicate id 2; given the fresh id 3")
  }

  @Test func validateReportsAnUnreadableFile() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.corrupt, to: "workspace.json")
    let result = try await sandbox.run("--json", "validate")
    #expect(result.status == 65)
    let report = try result.jsonObject()
    #expect(report["valid"] as? Bool == false)
    #expect((report["error"] as? String)?.hasPrefix("workspace.json:5:1: not valid JSON") == true)
  }

  @Test func maintenanceCommandsReportWhatTheyDid() async throws {
    let sandbox = try Sandbox()
    let initialized = try await sandbox.succeed("--json", "-f", "a\"b.json", "init").jsonObject()
    #expect(initialized["initialized"] as? String == "a\"b.json")
    try sandbox.write(Fixtures.version0, to: "old.json")
    let migrated = try await sandbox.succeed("--json", "-f", "old.json", "migrate").jsonObject()
    #expect(migrated["migrated"] as? String == "old.json")
    #expect(migrated["from"] as? Int == 0)
    #expect(migrated["to"] as? Int == 3)
    let restored = try await sandbox.succeed("--json", "-f", "old.json", "restore-backup")
      .jsonObject()
    #expect(restored["restored"] as? String == "old.json")
    #expect(restored["from"] as? String == "old.json.bak")
    #expect(restored["replaced"] as? String == "old.json.before-restore")
  }

  @Test func severalOutputsAreAStreamOfDocumentsInOrder() async throws {
    let sandbox = try Sandbox()
    let result = try await sandbox.succeed("--json", "push", "a", "routes", "history")
    let documents = try result.jsonDocuments()
    #expect(documents.count == 3)
    #expect((documents[0] as? [String: Any])?["stack"] as? [String] == ["inbox", "a"])
    #expect((documents[1] as? [String: Any])?["undo"] as? [String] == ["push a"])
    #expect((documents[2] as? [String: Any])?["applied"] as? [String] == ["push a"])
  }
}
