import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSystem
import WorkspaceTestSupport

@testable import WorkspaceSession

/// A change is acknowledged from the writer's queue as soon as the save that holds it is
/// durable, before the main actor hears of the save: a host's reply to `wsctl` does not wait
/// for a busy main actor (a terminal host drawing its screen), and never leaves early.
@MainActor
@Suite struct SessionAcknowledgementTests {
  /// What the acknowledgement saw, from the writer's queue.
  final class Seen: @unchecked Sendable {
    private let lock = Lock()
    private var values: (onMainThread: Bool, stored: WorkspaceState?, order: [String]) = (
      false, nil, []
    )

    func acknowledged(onMainThread: Bool, stored: WorkspaceState?) {
      lock.withLock {
        values.onMainThread = onMainThread
        values.stored = stored
        values.order.append("acknowledged")
      }
    }

    func resumed(_ error: WorkspaceFileError?) {
      lock.withLock { values.order.append(error == nil ? "resumed" : "failed") }
    }

    var snapshot: (onMainThread: Bool, stored: WorkspaceState?, order: [String]) {
      lock.withLock { values }
    }
  }

  @Test func aChangeIsAcknowledgedOffTheMainActorOnceTheFileHoldsIt() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    defer { session.close() }
    try await session.flush()
    try session.workspace.apply(.rename("durable"))
    let sequence = try #require(session.lastSequence)
    let seen = Seen()
    let file = directory.file
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.whenDurable(
        through: sequence,
        acknowledge: {
          seen.acknowledged(
            onMainThread: Thread.isMainThread,
            stored: try? WorkspaceStore(path: file).load(default: .example).state)
        }
      ) { error in
        seen.resumed(error)
        continuation.resume()
      }
    }
    let snapshot = seen.snapshot
    #expect(snapshot.order == ["acknowledged", "resumed"])
    #expect(!snapshot.onMainThread)
    // The file already held the change when the acknowledgement ran.
    #expect(snapshot.stored == session.workspace.state)
    #expect(snapshot.stored?.nodes.values.contains { $0.title == "durable" } == true)
  }

  @Test func aFailedSaveIsNeverAcknowledged() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    defer { session.close() }
    try await session.flush()
    // The file's directory made unwritable: the save fails (unless running as root, which
    // writes anyway: then the change is acknowledged as the first test says).
    chmod(directory.path, 0o500)
    defer { chmod(directory.path, 0o700) }
    let canWrite = access(directory.path, W_OK) == 0
    try session.workspace.apply(.rename("refused"))
    let sequence = try #require(session.lastSequence)
    let seen = Seen()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      session.whenDurable(
        through: sequence,
        acknowledge: { seen.acknowledged(onMainThread: Thread.isMainThread, stored: nil) }
      ) { error in
        seen.resumed(error)
        continuation.resume()
      }
    }
    #expect(seen.snapshot.order == (canWrite ? ["acknowledged", "resumed"] : ["failed"]))
  }

  @Test func anEditThroughTheSocketGetsOneReplyOnceTheFileHoldsIt() async throws {
    let directory = SessionDirectory()
    let session = WorkspaceSession(path: directory.file, default: twoPanes())
    defer { session.close() }
    try await session.flush()
    let socket = try #require(session.controlSocketPath)
    let file = directory.file
    let (reply, stored, after) = await onThread {
      () -> (ControlReplyFields?, WorkspaceState?, ControlReplyFields?) in
      guard let client = try? RawControlClient(path: socket) else { return (nil, nil, nil) }
      defer { client.close() }
      client.send(RawControlClient.run(["rename", "acknowledged"]))
      let reply = client.reply()
      // Read the moment the reply came: the change is on disk.
      let stored = try? WorkspaceStore(path: file).load(default: .example).state
      // Then the end of the stream, with no second reply.
      return (reply, stored, client.reply(within: 2))
    }
    #expect(reply?.exitCode == 0)
    #expect(stored?.nodes.values.contains { $0.title == "acknowledged" } == true)
    #expect(after == nil)
  }
}
