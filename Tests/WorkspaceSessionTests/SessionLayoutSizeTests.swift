import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// A host's recorded layout size: saved like any change without an undo entry, and kept over
/// another writer's when the session adopts the file.
@MainActor
@Suite struct SessionLayoutSizeTests {
  private let hostSize = Size(width: 120, height: 39)
  private let otherSize = Size(width: 80, height: 23)

  @Test func aRecordedSizeIsAutosavedWithoutAnUndoEntry() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    try session.workspace.apply(.rename("x"))
    try await session.flush()
    let recorder = ChangeRecorder(session.workspace)
    let history = session.workspace.state.history
    try session.workspace.recordLayoutSize(hostSize)
    // No flush: the autosave writes it, with the next revision.
    #expect(await eventually { (try? directory.stored().layoutSize) == hostSize })
    #expect(await eventually { session.status == .saved(revision: 2) })
    #expect(try directory.stored().revision == 2)
    #expect(session.workspace.state.history == history)
    try session.workspace.undo()
    #expect(session.workspace.state.node(NodeID(2))?.title != "x")
    #expect(session.workspace.state.layoutSize == hostSize)
    // Recording the same size again changes nothing and writes nothing.
    try await session.flush()
    let writes = session.writeCount
    try session.workspace.recordLayoutSize(hostSize)
    try await session.flush()
    #expect(session.writeCount == writes)
    #expect(recorder.changes.allSatisfy { $0.origin == .local })
    session.close()
  }

  @Test func adoptionKeepsTheHostsSizeAndTakesTheRest() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    try session.workspace.recordLayoutSize(hostSize)
    try await session.flush()
    let writes = session.writeCount
    let recorder = ChangeRecorder(session.workspace)
    try WorkspaceStore(path: directory.file).update(default: .example) { state in
      try state.recordLayoutSize(otherSize)
      try state.apply(.rename("theirs"))
    }
    #expect(await eventually { recorder.changes.contains { $0.origin == .adopted } })
    #expect(session.workspace.state.node(NodeID(2))?.title == "theirs")
    #expect(session.workspace.state.layoutSize == hostSize)
    // Adopting writes nothing back: two hosts drawing at different sizes never ping-pong.
    try await session.flush()
    #expect(session.writeCount == writes)
    #expect(try directory.stored().layoutSize == otherSize)
    // The host's next save carries its size.
    try session.workspace.apply(.rename("mine"))
    try await session.flush()
    #expect(try directory.stored().layoutSize == hostSize)
    session.close()
  }

  @Test func eachWindowsSizeIsSavedAndKeptOverAnotherWritersWhenAdopted() async throws {
    let directory = SessionDirectory()
    var state = twoPanes()
    try state.apply([.newWindow(title: "Notes"), .selectWindow(.number(1))])
    try WorkspaceStore(path: directory.file).save(state)
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    let windows = session.workspace.windows
    try windows[0].recordLayoutSize(hostSize)
    try windows[1].recordLayoutSize(otherSize)
    try await session.flush()
    #expect(try directory.stored().windows.map(\.layoutSize) == [hostSize, otherSize])
    let recorder = ChangeRecorder(session.workspace)
    try WorkspaceStore(path: directory.file).update(default: .example) { state in
      try state.recordLayoutSize(Size(width: 10, height: 10), ofWindow: windows[1].id)
      try state.apply(.rename("theirs"))
    }
    #expect(await eventually { recorder.changes.contains { $0.origin == .adopted } })
    #expect(session.workspace.state.node(NodeID(2))?.title == "theirs")
    #expect(session.workspace.state.windows.map(\.layoutSize) == [hostSize, otherSize])
    try session.workspace.apply(.rename("mine"))
    try await session.flush()
    #expect(try directory.stored().windows.map(\.layoutSize) == [hostSize, otherSize])
    session.close()
  }

  @Test func anUnsavedWindowSizeIsReplayedOnAnotherWritersFile() async throws {
    let directory = SessionDirectory()
    var state = twoPanes()
    try state.apply([.newWindow(title: "Notes"), .selectWindow(.number(1))])
    try WorkspaceStore(path: directory.file).save(state)
    let session = WorkspaceSession(
      path: directory.file, default: twoPanes(), autosaveDelay: .seconds(60))
    let notes = session.workspace.windows[1].id
    try session.workspace.recordLayoutSize(otherSize, ofWindow: notes)
    try WorkspaceStore(path: directory.file).update(default: .example) { state in
      try state.apply(.rename("theirs"))
    }
    try await session.flush()
    let stored = try directory.stored()
    #expect(stored.windows[1].layoutSize == otherSize)
    #expect(stored.node(NodeID(2))?.title == "theirs")
    session.close()
  }

  @Test func anUnsavedSizeIsReplayedOnAnotherWritersFile() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(
      path: directory.file, default: twoPanes(), autosaveDelay: .seconds(60))
    try session.workspace.apply(.rename("x"))
    try await session.flush()
    try session.workspace.recordLayoutSize(hostSize)
    try WorkspaceStore(path: directory.file).update(default: .example) { state in
      try state.recordLayoutSize(otherSize)
      try state.apply(.rename("theirs"))
    }
    try await session.flush()
    let stored = try directory.stored()
    #expect(stored.layoutSize == hostSize)
    #expect(stored.node(NodeID(2))?.title == "theirs")
    #expect(session.workspace.state == stored)
    session.close()
  }

  @Test func aHostThatRecordsNoSizeTakesTheFiles() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    try session.workspace.apply(.rename("x"))
    try await session.flush()
    #expect(try await runWsctl(directory.file, ["--size", "80x24", "show"]) == 0)
    #expect(await eventually { session.workspace.state.layoutSize != nil })
    #expect(session.workspace.state == (try directory.stored()))
    session.close()
  }

  @Test func twoHostsAtDifferentSizesSettle() async throws {
    let directory = SessionDirectory()
    let first = WorkspaceSession(path: directory.file, default: twoPanes())
    let second = WorkspaceSession(path: directory.file, default: twoPanes())
    try first.workspace.recordLayoutSize(hostSize)
    try await first.flush()
    try second.workspace.recordLayoutSize(otherSize)
    try await second.flush()
    #expect(await eventually { first.workspace.state.revision == 2 })
    try await Task.sleep(for: .milliseconds(500))
    #expect(first.writeCount + second.writeCount == 2)
    #expect(first.workspace.state.layoutSize == hostSize)
    #expect(second.workspace.state.layoutSize == otherSize)
    first.close()
    second.close()
  }
}
