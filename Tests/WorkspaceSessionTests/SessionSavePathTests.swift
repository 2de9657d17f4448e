import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSystem
import WorkspaceTestSupport

@testable import WorkspaceSession

/// What a live edit's save leaves out, and what it still guarantees: the save a durability
/// waiter asks for reaches the writer in the same turn of the main actor, even while the
/// change's autosave delay runs; the session's own write is not read back, yet another
/// writer's save just after it is adopted; the backup stays the last different version; and
/// a save the directory refuses leaves the file and its backup as they were.
@MainActor
@Suite struct SessionSavePathTests {
  /// Blocks the calling thread until `semaphore` is signalled or `seconds` pass; whether it
  /// was signalled.
  nonisolated private static func waitBlocking(_ semaphore: DispatchSemaphore, seconds: Int)
    -> Bool
  {
    semaphore.wait(timeout: .now() + .seconds(seconds)) == .success
  }

  @Test func aWaitedForSaveReachesTheWriterWhileTheMainActorIsStillBusy() async throws {
    let directory = SessionDirectory()
    // An autosave delay no test waits out: only the durability waiter can start the save.
    let session = WorkspaceSession(
      path: directory.file, default: twoPanes(), autosaveDelay: .seconds(3600),
      isLiveControlEnabled: false)
    defer { session.close() }
    try await session.flush()
    // The change schedules its autosave; the waiter asks for the save at once.
    try session.workspace.apply(.rename("durable"))
    let sequence = try #require(session.lastSequence)
    let acknowledged = DispatchSemaphore(value: 0)
    let resumed = Locked(false)
    let acknowledge: @Sendable () -> Void = { acknowledged.signal() }
    session.whenDurable(through: sequence, acknowledge: acknowledge) { error in
      #expect(error == nil)
      resumed.value = true
    }
    // The main actor stays busy (as a host drawing its screen would): the save must already
    // be with the writer, which acknowledges it without a turn of the main actor.
    #expect(Self.waitBlocking(acknowledged, seconds: 30))
    #expect(try directory.stored().nodes.values.contains { $0.title == "durable" })
    #expect(await eventually { resumed.value })
    #expect(session.status.isSaved)
  }

  @Test func anotherWritersSaveRightAfterTheSessionsOwnIsAdopted() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(
      path: directory.file, default: twoPanes(), isLiveControlEnabled: false)
    defer { session.close() }
    try await session.flush()
    try session.workspace.apply(.rename("mine"))
    try await session.flush()
    try session.workspace.apply(.route(.push(["a:2"])))
    let sequence = try #require(session.lastSequence)
    let file = directory.file
    let theirs = Locked<Bool?>(nil)
    // Acknowledged under the session's lock: the other writer waits for it, then saves while
    // the session's save is still on its way back to the main actor (the watcher's news of
    // the session's own write waits for that save's outcome, and must not hide this one).
    let acknowledge: @Sendable () -> Void = {
      Thread {
        let saved = try? WorkspaceStore(path: file).update(default: .example) { state in
          try state.apply(.newTab(title: "theirs"))
        }
        theirs.value = saved != nil
      }.start()
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.whenDurable(through: sequence, acknowledge: acknowledge) { _ in
        continuation.resume()
      }
    }
    #expect(await eventually { theirs.value != nil })
    #expect(theirs.value == true)
    // Adopted with no further change of the session's: its tab, the session's push and
    // rename on it, in memory and in the file alike.
    #expect(
      await eventually {
        session.workspace.state.nodes.values.contains { $0.title == "theirs" }
          && session.status.isSaved
      })
    let stored = try directory.stored()
    #expect(stored.nodes.values.contains { $0.title == "theirs" })
    #expect(stored.nodes.values.contains { $0.title == "mine" })
    #expect(stored == session.workspace.state)
  }

  @Test func aHandEditDuringTheSessionsSaveIsAdopted() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(
      path: directory.file, default: twoPanes(), isLiveControlEnabled: false)
    defer { session.close() }
    try session.workspace.apply(.rename("mine"))
    try await session.flush()
    try session.workspace.apply(.route(.push(["a:2"])))
    let sequence = try #require(session.lastSequence)
    let file = directory.file
    // Once the session's file is durable, and before the session hears of its save, an
    // editor (which takes no lock) renames its own version over it: the session must neither
    // take that file for its own write nor let the watcher's news of it go.
    let acknowledge: @Sendable () -> Void = {
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return }
      try? Data(text.replacingOccurrences(of: "\"mine\"", with: "\"by hand\"").utf8)
        .write(to: URL(fileURLWithPath: file), options: .atomic)
    }
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.whenDurable(through: sequence, acknowledge: acknowledge) { _ in
        continuation.resume()
      }
    }
    #expect(
      await eventually {
        session.workspace.state.nodes.values.contains { $0.title == "by hand" }
      })
    #expect(await eventually { session.status.isSaved }, "\(session.status)")
    #expect(try directory.stored() == session.workspace.state)
  }

  /// A session without live control on `directory`'s file, after two saves of its own
  /// (renames "first", then "second"): the file is its own write and the backup the first.
  private static func sessionSavedTwice(in directory: SessionDirectory) async throws
    -> WorkspaceSession
  {
    let session = WorkspaceSession(
      path: directory.file, default: twoPanes(), isLiveControlEnabled: false)
    do {
      try session.workspace.apply(.rename("first"))
      try await session.flush()
      try session.workspace.apply(.rename("second"))
      try await session.flush()
    } catch {
      session.close()
      throw error
    }
    return session
  }

  @Test func theBackupIsTheLastDifferentVersionAcrossTheSessionsOwnSaves() async throws {
    let directory = SessionDirectory()
    let session = try await Self.sessionSavedTwice(in: directory)
    defer { session.close() }
    // The second save took its base from the session's own write, without reading the file.
    let store = WorkspaceStore(path: directory.file)
    let afterSecond = try store.loadBackup().state
    #expect(afterSecond.nodes.values.contains { $0.title == "first" })
    // A save of the layout size alone leaves the backup as it was.
    try session.workspace.recordLayoutSize(Size(width: 100, height: 30))
    try await session.flush()
    #expect(try store.loadBackup().state == afterSecond)
    #expect(try directory.stored().layoutSize == Size(width: 100, height: 30))
    // A save that changes nothing writes nothing, and the backup stays.
    try await session.flush()
    #expect(try store.loadBackup().state == afterSecond)
    try session.workspace.apply(.rename("third"))
    try await session.flush()
    #expect(try store.loadBackup().state.nodes.values.contains { $0.title == "second" })
  }

  @Test(.enabled(if: DirectoryRefusal.isAvailable, "neither a non-root user nor chattr"))
  func aSaveTheDirectoryRefusesLeavesTheFileAndItsBackup() async throws {
    let directory = SessionDirectory()
    let session = try await Self.sessionSavedTwice(in: directory)
    defer { session.close() }
    let file = try #require(directory.bytes())
    let backup = try #require(directory.bytes("w.json.bak"))
    // The session holds the stamp of its own write, so its next save reads nothing first.
    try await DirectoryRefusal.refuseNewFiles(in: directory.path)
    try session.workspace.apply(.rename("refused"))
    let sequence = try #require(session.lastSequence)
    let acknowledge: @Sendable () -> Void = { Issue.record("acknowledged") }
    let failure = await withCheckedContinuation {
      (continuation: CheckedContinuation<WorkspaceFileError?, Never>) in
      session.whenDurable(through: sequence, acknowledge: acknowledge) {
        continuation.resume(returning: $0)
      }
    }
    guard case .cannotWrite(let path, _)? = failure else {
      Issue.record("failure \(String(describing: failure))")
      try await DirectoryRefusal.allowNewFiles(in: directory.path)
      return
    }
    #expect(path == directory.file)
    #expect(directory.bytes() == file)
    #expect(directory.bytes("w.json.bak") == backup)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        == ["w.json", "w.json.bak", "w.json.lock"])
    try await DirectoryRefusal.allowNewFiles(in: directory.path)
    // Kept in memory, and saved once the directory takes new files again.
    #expect(await eventually(within: 10) { session.status.isSaved }, "\(session.status)")
    #expect(try directory.stored() == session.workspace.state)
  }
}

/// A directory that refuses new files, whoever the test runs as: made read-only for a user
/// other than root, immutable (`chattr +i`) for root, whom no mode stops.
enum DirectoryRefusal {
  static let chattr = "/usr/bin/chattr"

  static var isAvailable: Bool {
    geteuid() != 0 || FileManager.default.isExecutableFile(atPath: chattr)
  }

  static func refuseNewFiles(in directory: String) async throws {
    try await set(refusing: true, in: directory)
  }

  static func allowNewFiles(in directory: String) async throws {
    try await set(refusing: false, in: directory)
  }

  private static func set(refusing: Bool, in directory: String) async throws {
    if geteuid() != 0 {
      try #require(chmod(directory, refusing ? 0o555 : 0o755) == 0)
    } else {
      let run = try await ProcessRunner(
        URL(fileURLWithPath: chattr), [refusing ? "+i" : "-i", directory], in: "/"
      ).run()
      try #require(run.status == 0, "\(run)")
    }
  }
}

/// A value shared with other threads.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = Lock()
  private var stored: Value

  init(_ value: Value) { stored = value }

  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
}
