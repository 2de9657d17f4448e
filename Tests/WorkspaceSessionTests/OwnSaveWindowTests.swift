import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

@testable import WorkspaceSession

/// The watcher's changes during the session's own save are kept for its outcome; outside a
/// save they are not, and go to the main actor.
@MainActor
@Suite struct OwnSaveWindowTests {
  @Test func aChangeDuringASaveIsKeptForItsOutcome() {
    let window = OwnSaveWindow()
    window.open()
    #expect(window.noteChange())
    #expect(window.close())
    // The next save starts afresh.
    window.open()
    #expect(!window.close())
  }

  @Test func aChangeOutsideASaveIsNotKept() {
    let window = OwnSaveWindow()
    #expect(!window.noteChange())
    window.open()
    #expect(!window.close())
    #expect(!window.noteChange())
  }

  /// Another writer saves after the session's save wrote the file but before the main actor
  /// took in its outcome: the watcher sees it then, and the session adopts it once the
  /// outcome is in, with no change or flush of its own after.
  @Test func anotherWritersSaveBeforeTheOutcomeIsTakenInIsAdopted() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    defer { session.close() }
    try session.workspace.apply(.rename("start"))
    try await session.flush()
    let router = try session.workspace.router(RouteToken.self, for: NodeID(3))
    for round in 0..<5 {
      try session.workspace.apply(.rename("mine-\(round)"))
      // The save is handed to the writer now; its outcome waits for the main actor, which
      // this test holds until the other writer has saved (it waits for the session's lock)
      // and the watcher has had time to see it.
      session.whenDurable(through: try #require(session.lastSequence)) { _ in }
      try WorkspaceStore(path: directory.file).update(default: .example) { state in
        try state.apply(.route(.push([RouteToken("theirs", round)]), at: NodeID(3)))
      }
      usleep(50_000)
      #expect(await eventually(within: 10) { router.current == RouteToken("theirs", round) })
      #expect(session.workspace.state.node(NodeID(2))?.title == "mine-\(round)")
    }
    try await session.flush()
    #expect(try directory.stored() == session.workspace.state)
  }
}
