import Foundation
import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// Windows in the file: `windows` beside the active window's top-level tree, history and
/// closed windows, and the migration from version 2 on every sample and fixture file.
@Suite struct WindowFormatTests {
  /// Three windows with different layouts and routers, the second active, with history and a
  /// closed window.
  static func threeWindows() throws -> WorkspaceState {
    var state = WorkspaceState(
      .split(
        .horizontal,
        [
          .pane("Inbox", untyped: RouteToken("inbox")),
          .pane("Detail", untyped: RouteToken("detail:1")),
        ]))
    try state.apply([
      .renameWindow("Mail"), .newWindow(title: "Notes", root: RouteToken("notes")),
      .split(.vertical, root: RouteToken("note:7")), .route(.push([RouteToken("edit")])),
      .newWindow(title: "Settings", root: RouteToken("settings")),
      .newTab(title: "Accounts", root: RouteToken("accounts")), .zoom,
      .newWindow(title: "Scratch"), .closeWindow(), .selectWindow(.number(2)),
    ])
    return state
  }

  @Test func severalWindowsRoundTripThroughTheReference() throws {
    let state = try Self.threeWindows()
    #expect(state.invariantViolations() == [])
    #expect(state.windows.map(\.title) == ["Mail", "Notes", "Settings"])
    let bytes = WorkspaceFile.encode(state)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state == state)
    #expect(loaded.state.windows == state.windows)
    #expect(WorkspaceFile.encode(loaded.state) == bytes)
    // Several windows are read in one pass too, to the same state.
    #expect(WorkspaceFile.decodeInOnePass(bytes) == state)
    let object = try JSONReader.parse(bytes)
    guard case .array(let windows)? = object["windows"] else {
      Issue.record("no windows member")
      return
    }
    #expect(windows.count == 3)
    #expect(windows[1]["active"] == true)
    #expect(windows[1]["root"] == nil)
    #expect(windows[0]["id"] == "main")
  }

  @Test func undoAndReopenWorkAfterARestore() throws {
    var state = try WorkspaceFile.decode(WorkspaceFile.encode(Self.threeWindows())).state
    try state.apply(.reopen())
    #expect(state.windows.map(\.title) == ["Mail", "Notes", "Settings", "Scratch"])
    try state.apply(.undo(count: 100))
    #expect(state.invariantViolations() == [])
    #expect(state.windows.count == 1)
    try state.apply(.redo(count: 100))
    #expect(state.invariantViolations() == [])
    let again = try WorkspaceFile.decode(WorkspaceFile.encode(state))
    #expect(again.diagnostics == [])
    #expect(again.state == state)
  }

  @Test func aWorkspaceOfTheFirstWindowAloneWritesNoWindows() throws {
    let state = WorkspaceState(.pane("A", untyped: RouteToken("a")))
    let object = try JSONReader.parse(WorkspaceFile.encode(state))
    #expect(object["windows"] == nil)
    #expect(object["version"] == 3)
    #expect(WorkspaceFile.decodeInOnePass(WorkspaceFile.encode(state)) == state)
  }

  /// Every sample and fixture file that loads, written as version 2, migrates to one window
  /// `main` holding its tree: the state the current version reads, its invariants kept, and
  /// a save that reads back the same.
  @Test(arguments: OnePassDecoderTests.packageFiles.filter { $0.hasSuffix(".json") })
  func versionTwoFilesBecomeTheFirstWindow(path: String) throws {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    // A file of several windows has no version 2 form.
    guard case .object(var object)? = try? JSONReader.parse(bytes),
      object["format"] == "workspace", object["version"] == 3, object["windows"] == nil,
      let current = try? WorkspaceFile.decode(bytes)
    else { return }
    object["version"] = 2
    let older = Array(JSONWriter.string(.object(object)).utf8)
    let migrated = try WorkspaceFile.decode(older)
    #expect(migrated.migratedFromVersion == 2, "\(path)")
    #expect(migrated.state == current.state, "\(path)")
    #expect(migrated.state.windows.count == 1)
    #expect(migrated.state.activeWindow.identifier == Window.firstIdentifier)
    #expect(migrated.state.activeWindow.rootID == migrated.state.rootID)
    #expect(migrated.state.invariantViolations() == [], "\(path)")
    let saved = WorkspaceFile.encode(migrated.state)
    #expect(try WorkspaceFile.decode(saved).state == migrated.state, "\(path)")
  }

  @Test func damagedWindowsAreRepairedWithTheirPaths() throws {
    let text = """
      {"format": "workspace", "version": 3, "focus": 2, "mru": [2],
       "root": {"id": 2, "kind": "pane", "router": {"kind": "k", "stack": ["a"]}},
       "windows": [
         {"id": "main", "active": true},
         {"id": "main", "title": "B", "focus": 9, "mru": [4, 2],
          "root": {"id": 4, "kind": "pane", "router": {"kind": "k", "stack": ["b"]}}},
         {"id": "x", "root": {"kind": "pane"}},
         7
       ],
       "previousWindow": "nowhere"}
      """
    let loaded = try WorkspaceFile.decode(Array(text.utf8))
    #expect(loaded.state.invariantViolations() == [])
    #expect(loaded.state.windows.count == 2)
    #expect(loaded.state.windows[1].mostRecentlyUsed == [NodeID(4)])
    let locations = Set(loaded.diagnostics.map(\.location))
    #expect(locations.contains("$.windows[1].id"))
    #expect(locations.contains("$.windows[1].focus"))
    #expect(locations.contains("$.windows[1].mru[1]") || locations.contains("$.windows[1]"))
    #expect(locations.contains("$.windows[3]"))
    #expect(locations.contains("$.previousWindow"))
  }

  @Test func idsAreUniqueAcrossWindows() throws {
    let text = """
      {"format": "workspace", "version": 3,
       "root": {"id": 2, "kind": "pane", "router": {"kind": "k", "stack": ["a"]}},
       "windows": [
         {"id": "main", "active": true},
         {"id": "b", "root": {"id": 2, "kind": "pane", "router": {"kind": "k", "stack": ["b"]}}}
       ]}
      """
    let loaded = try WorkspaceFile.decode(Array(text.utf8))
    #expect(loaded.state.invariantViolations() == [])
    #expect(loaded.state.windows.count == 2)
    #expect(loaded.state.windows[1].rootID != NodeID(2))
    #expect(!loaded.diagnostics.isEmpty)
  }
}
