import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// A session's save after its own write takes the state it wrote while the file keeps that
/// write's stamp, and reads the file again as soon as anything else changed it.
@MainActor
@Suite struct SessionOwnWriteTests {
  @Test func aSaveAfterTheSessionsOwnWriteDoesNotReadTheFileBack() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    defer { session.close() }
    try session.workspace.apply(.rename("first"))
    try await session.flush()
    // Broken in place with its stamp kept: a save that read it would find it corrupt.
    #expect(breakInPlaceKeepingStamp(directory.file))
    try session.workspace.apply(.rename("second"))
    try await session.flush()
    #expect(session.status == .saved(revision: 2))
    #expect(try directory.stored() == session.workspace.state)
  }

  @Test func aSaveAfterAnotherWritersSaveReadsTheFile() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    defer { session.close() }
    try session.workspace.apply(.rename("mine"))
    try await session.flush()
    try WorkspaceStore(path: directory.file).update(default: .example) { state in
      try state.apply(.newTab(title: "theirs"))
    }
    try session.workspace.apply(.route(.push(["a:2"])))
    try await session.flush()
    // The other writer's tab is in the session and the file, with the session's push on it.
    let stored = try directory.stored()
    #expect(stored == session.workspace.state)
    #expect(stored.nodes.values.contains { $0.title == "theirs" })
    #expect(session.status == .saved(revision: 3))
  }

  @Test func aSessionThatOnlyReadTheFileReadsItForItsFirstSave() async throws {
    let directory = SessionDirectory()
    try WorkspaceStore(path: directory.file).save(twoPanes())
    let session = WorkspaceSession(path: directory.file, default: .example)
    defer { session.close() }
    // Broken in place with its stamp kept, after the session read it: its first save reads
    // the file (it never wrote it) and finds it corrupt.
    #expect(breakInPlaceKeepingStamp(directory.file))
    try session.workspace.apply(.rename("mine"))
    await #expect(throws: WorkspaceFileError.self) { try await session.flush() }
    guard case .corrupt = session.status else {
      Issue.record("status \(session.status)")
      return
    }
  }
}
