import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

extension LiveControl {
  /// Layout files against a live host: `load-layout` read where `wsctl` runs and applied in
  /// the host's memory (routers, history and ids of kept panes intact, one undo step, the
  /// report printed), `save-layout` of the host's state written where `wsctl` runs.
  @MainActor
  @Suite(.serialized) struct LiveLayoutTests {
    @Test func aReconcileKeepsTheHostsRoutersAndIsOneUndoStep() async throws {
      let pair = try HostAndFile()
      let workspace = pair.session.workspace
      // The host's Inbox pane has navigated, and is marked: state only the host holds yet.
      pair.session.autosaveDelay = .seconds(3600)
      try workspace.apply([.route(.push(["thread:1", "thread:2"])), .mark("inbox")])
      let inbox = workspace.state.focusedPane
      let detail = try workspace.state.resolve(.number(2))
      let elsewhere = SessionDirectory()
      try Data(HostAndFile.layoutFile.utf8).write(
        to: URL(fileURLWithPath: elsewhere.path + "/mine.json"))
      let run = try await wsctl(
        ["-f", pair.host.file, "load-layout", "mine.json", "--reconcile", "p=work"],
        in: elsewhere.path)
      #expect(run.exitCode == 0, "\(run)")
      let state = workspace.state
      #expect(
        state.node(inbox)?.router?.stack.stack.map(\.description) == [
          "inbox", "thread:1", "thread:2",
        ])
      #expect(state.node(inbox)?.mark == "inbox")
      #expect(state.node(detail) == nil)
      let log = try #require(state.pane(markedAs: "log"))
      #expect(state.node(log)?.title == "work")
      #expect(
        run.output
          == "reconciled \(state.activeTab): kept \(inbox); opened \(log); closed \(detail)\n")
      #expect(state.history.undoEntries.last?.label == "template apply dev p=work --reconcile")
      // One undo step brings the tab back, as it was.
      let undone = try await wsctl(["-f", pair.host.file, "undo"], in: elsewhere.path)
      #expect(undone.exitCode == 0, "\(undone)")
      #expect(workspace.state.node(detail) != nil)
      #expect(workspace.state.pane(markedAs: "log") == nil)
      #expect(workspace.state.node(inbox)?.router?.stack.stack.count == 3)
      #expect(workspace.state.invariantViolations() == [])
    }

    @Test func aLayoutSavedFromAHostIsItsStateWrittenWhereWsctlRuns() async throws {
      let pair = try HostAndFile()
      pair.session.autosaveDelay = .seconds(3600)
      try pair.session.workspace.apply([.rename("Unsaved"), .mark("ed")])
      let elsewhere = SessionDirectory()
      let run = try await wsctl(
        ["-f", pair.host.file, "--json", "save-layout", "mine.layout.json"], in: elsewhere.path)
      #expect(run.exitCode == 0, "\(run)")
      #expect(run.output.contains(#""layout": "mine""#))
      let template = try LayoutFile.decode(
        Array(try Data(contentsOf: URL(fileURLWithPath: elsewhere.path + "/mine.layout.json"))))
      #expect(template.name == "mine")
      #expect(template.scope == .workspace)
      #expect(
        String(decoding: LayoutFile.encode(template), as: UTF8.self).contains(
          #"{"title": "Unsaved", "mark": "ed", "route": "inbox"}"#))
      #expect(!FileManager.default.fileExists(atPath: pair.host.path + "/mine.layout.json"))
      // Again without --force: refused, as in file mode.
      let again = try await wsctl(
        ["-f", pair.host.file, "save-layout", "mine.layout.json"], in: elsewhere.path)
      #expect(again.exitCode == 73)
      #expect(
        again.errors
          == "wsctl: 'mine.layout.json' already exists; 'save-layout --force' replaces it\n")
    }

    @Test func aLayoutTheHostCannotReadChangesNothing() async throws {
      let pair = try HostAndFile()
      let before = pair.session.workspace.state
      let elsewhere = SessionDirectory()
      try Data(#"{"layout": "x", "tabs": [{"v": [{"route": "a"}, {"route": "b!"}]}]}"#.utf8)
        .write(to: URL(fileURLWithPath: elsewhere.path + "/bad.json"))
      let run = try await wsctl(
        ["-f", pair.host.file, "load-layout", "bad.json"], in: elsewhere.path)
      #expect(run.exitCode == 65)
      #expect(run.errors.hasPrefix("wsctl: bad.json: $.tabs[0].v[1].route: "), "\(run)")
      #expect(pair.session.workspace.state == before)
    }
  }
}
