import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// A session publishes its route types in the file it restores (or with a new file's first
/// save), so that `wsctl --no-host` refuses what the host would, and keeps them there.
@MainActor
@Suite struct SessionRouteSchemaTests {
  enum NoteRoute: String, Route, CaseIterable {
    case list, today
    static let kind = "notes"
  }

  static let routeTypes = RouteRegistry(
    [Described<MessageRoute>.self, NoteRoute.self], default: Described<MessageRoute>.self)

  @Test func aRestoredFileGetsTheHostsRouteTypesWithoutAnEditOrUndoStep() async throws {
    let directory = SessionDirectory()
    var state = WorkspaceState(.pane("Mail", root: Described(MessageRoute.inbox)))
    try state.apply(.rename("Inbox"))
    try WorkspaceStore(path: directory.file).save(state)
    #expect(try directory.stored().routeSchema.isEmpty)

    let session = WorkspaceSession(
      path: directory.file, default: .example, routeTypes: Self.routeTypes)
    try await session.flush()
    let stored = try directory.stored()
    #expect(stored.routeSchema == Self.routeTypes.schema)
    #expect(stored.history.undoEntries.map(\.label) == ["rename Inbox"])
    #expect(session.writeCount == 1)
    // Published once: a second launch with the same types writes nothing.
    session.close()
    let again = WorkspaceSession(
      path: directory.file, default: .example, routeTypes: Self.routeTypes)
    try await again.flush()
    #expect(again.writeCount == 0)
    again.close()
  }

  @Test func aNewFileGetsThemWithItsFirstSave() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(
      path: directory.file,
      default: WorkspaceState(.pane("Mail", root: Described(MessageRoute.inbox))),
      routeTypes: Self.routeTypes)
    #expect(session.status == .missing)
    try await Task.sleep(for: .milliseconds(300))
    #expect(directory.bytes() == nil)
    try session.workspace.apply(.rename("Inbox"))
    try await session.flush()
    #expect(try directory.stored().routeSchema == Self.routeTypes.schema)
    session.close()
  }

  /// While the host runs, `wsctl --no-host` on its file refuses what the host would, with the
  /// host's message and exit code, and its own save keeps the schema the host published.
  @Test func wsctlOnTheFileRefusesWhatTheHostWould() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(
      path: directory.file,
      default: WorkspaceState(.pane("Mail", root: Described(MessageRoute.inbox))),
      routeTypes: Self.routeTypes)
    try session.workspace.apply(.rename("Inbox"))
    try await session.flush()
    let live = try await wsctl(["-f", "w.json", "push", "message:abc"], in: directory.path)
    let file = try await wsctl(
      ["-f", "w.json", "--no-host", "push", "message:abc"], in: directory.path)
    // The same refusal; the schema names the argument where the type's own error does not.
    #expect(live.exitCode == 64 && file.exitCode == 64)
    #expect(
      live.errors
        == "wsctl: %1 cannot hold route 'message:abc': mail route 'message:abc' takes one Int at "
        + "word 1\n")
    #expect(
      file.errors
        == "wsctl: %1 cannot hold route 'message:abc': mail route 'message:abc': argument 1 "
        + "'abc' is not an Int (message takes one Int) at word 1\n")
    let edit = try await wsctl(
      ["-f", "w.json", "--no-host", "push", "message:7", "split", "h", "notes/today"],
      in: directory.path)
    #expect(edit.exitCode == 0, "\(edit)")
    try await session.flush()
    #expect(try directory.stored().routeSchema == Self.routeTypes.schema)
    let pane = session.workspace.focusedPane
    #expect(try session.workspace.router(NoteRoute.self, for: pane).current == .today)
    #expect(session.workspace.state.invariantViolations() == [])
    session.close()
  }
}
