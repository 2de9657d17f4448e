import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// What happens to the file behind a session's back: it keeps working in memory, says so in
/// its status, never writes over what it cannot read, and saves again once it can.
@MainActor
@Suite struct SessionFaultTests {
  private func openSaved(_ directory: SessionDirectory) async throws -> WorkspaceSession {
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    try session.workspace.apply(.rename("saved"))
    try await session.flush()
    return session
  }

  @Test func theFileDeletedIsReportedAndWrittenAgainAtTheNextChange() async throws {
    let directory = SessionDirectory()
    let session = try await openSaved(directory)
    try FileManager.default.removeItem(atPath: directory.file)
    #expect(await eventually { session.status == .missing })
    #expect(directory.bytes() == nil)
    try session.workspace.apply(.split(.vertical))
    #expect(await eventually { session.status.isSaved }, "\(session.status)")
    #expect(try directory.stored() == session.workspace.state)
    session.close()
  }

  @Test func aCorruptFileIsNeverOverwrittenAndIsAdoptedOnceRepaired() async throws {
    let directory = SessionDirectory()
    let session = try await openSaved(directory)
    let corrupt = Array("{\"format\": \"workspace\", \"version\": 2, \"root\": ".utf8)
    try Data(corrupt).write(to: URL(fileURLWithPath: directory.file))
    #expect(
      await eventually {
        if case .corrupt = session.status { true } else { false }
      })
    try session.workspace.apply(.rename("while corrupt"))
    await #expect(throws: WorkspaceFileError.self) { try await session.flush() }
    #expect(directory.bytes() == corrupt)
    // Another program repairs the file: the session adopts it, its change replayed on top.
    var repaired = twoPanes()
    try repaired.apply(.split(.horizontal, root: "repaired"))
    try WorkspaceStore(path: directory.file).save(repaired)
    #expect(await eventually { session.status.isSaved }, "\(session.status)")
    let state = session.workspace.state
    #expect(state.node(state.focusedPane)?.title == "while corrupt")
    #expect(state.node(state.focusedPane)?.router?.stack.current == "repaired")
    #expect(try directory.stored() == state)
    session.close()
  }

  @Test func aFileThatCannotBeWrittenIsRetriedUntilItCan() async throws {
    let directory = SessionDirectory()
    let session = try await openSaved(directory)
    // The lock cannot be taken (a directory stands in its place): every save fails.
    let lock = directory.file + ".lock"
    try FileManager.default.removeItem(atPath: lock)
    try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
    try session.workspace.apply(.rename("kept in memory"))
    #expect(
      await eventually {
        if case .failing = session.status { true } else { false }
      })
    try session.workspace.apply(.split(.vertical))
    #expect(session.workspace.state.paneIDs.count == 3)
    try FileManager.default.removeItem(atPath: lock)
    #expect(await eventually { session.status.isSaved }, "\(session.status)")
    #expect(try directory.stored() == session.workspace.state)
    session.close()
  }

  @Test(.enabled(if: geteuid() != 0, "root writes read-only files"))
  func aReadOnlyFileIsRetriedUntilWritable() async throws {
    let directory = SessionDirectory()
    let session = try await openSaved(directory)
    chmod(directory.path, 0o555)
    defer { chmod(directory.path, 0o755) }
    try session.workspace.apply(.rename("kept in memory"))
    #expect(
      await eventually {
        if case .failing = session.status { true } else { false }
      })
    chmod(directory.path, 0o755)
    #expect(await eventually { session.status.isSaved }, "\(session.status)")
    #expect(try directory.stored() == session.workspace.state)
    session.close()
  }

  @Test func theDirectoryRemovedAndMadeAgainIsWrittenAgain() async throws {
    let directory = SessionDirectory()
    let session = try await openSaved(directory)
    try FileManager.default.removeItem(atPath: directory.path)
    try session.workspace.apply(.rename("no directory"))
    #expect(
      await eventually {
        if case .failing = session.status { true } else { false }
      })
    #expect(session.workspace.state.node(session.workspace.focusedPane)?.title == "no directory")
    try FileManager.default.createDirectory(
      atPath: directory.path, withIntermediateDirectories: true)
    #expect(await eventually { session.status.isSaved }, "\(session.status)")
    #expect(try directory.stored() == session.workspace.state)
    session.close()
  }
}
