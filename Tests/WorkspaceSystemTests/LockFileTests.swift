import Foundation
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

/// An exclusive lock excludes every other open file description, in this process or
/// another, until it is let go; a shared look sees it held.
@Suite struct LockFileTests {
  private let directory = TemporaryDirectory(prefix: "workspace-system")
  private var path: String { directory.file("w.lock") }

  @Test func excludesASecondDescriptor() throws {
    defer { unlink(path) }
    let first = try LockFile(path: path, creating: true)
    let second = try LockFile(path: path, creating: false)
    let taken = try first.tryLock()
    let takenAgain = try second.tryLock()
    let seenFree = try second.tryLock(exclusive: false)
    let waitedFor = try second.lock(timeout: 0.02)
    #expect(taken && !takenAgain && !seenFree && !waitedFor)
    first.unlock()
    let takenOnceFree = try second.tryLock()
    #expect(takenOnceFree)
  }

  @Test func isLetGoWhenClosed() throws {
    defer { unlink(path) }
    let second = try LockFile(path: path, creating: true)
    do {
      let first = try LockFile(path: path, creating: false)
      let taken = try first.tryLock()
      let takenAgain = try second.tryLock()
      #expect(taken && !takenAgain)
    }
    let takenOnceClosed = try second.tryLock()
    #expect(takenOnceClosed)
  }

  @Test func excludesASecondProcess() async throws {
    defer { unlink(path) }
    let lock = try LockFile(path: path, creating: true)
    let taken = try lock.tryLock()
    #expect(taken)
    // flock(1) in another process: it fails at once (-n) while the lock is held.
    #expect(try await run("flock -n '\(path)' true") != 0)
    lock.unlock()
    #expect(try await run("flock -n '\(path)' true") == 0)
  }

  @Test func aMissingFileIsNotCreatedUnlessAsked() throws {
    do {
      _ = try LockFile(path: path, creating: false)
      Issue.record("a missing lock file was opened")
    } catch {
      #expect(error == .open(.noSuchFile))
    }
  }

  @Test func tellsAFileMadeAgain() throws {
    defer { unlink(path) }
    let lock = try LockFile(path: path, creating: true)
    let wasThere = lock.isStill(at: path)
    unlink(path)
    let other = try LockFile(path: path, creating: true)
    let otherIsThere = other.isStill(at: path)
    let isThere = lock.isStill(at: path)
    #expect(wasThere && otherIsThere && !isThere)
  }

  /// Runs a shell command and returns its exit status.
  private func run(_ command: String) async throws -> Int32 {
    try await ProcessRunner(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: directory.path
    ).run().status
  }
}

/// A thread started on its own runs its body; the lock and latch it shares values with
/// work across threads.
@Suite struct ThreadTests {
  @Test func startsAThreadThatRunsItsBody() {
    let latch = Latch()
    let lock = Lock()
    nonisolated(unsafe) var ran = false
    #expect(
      Platform.startThread {
        lock.withLock { ran = true }
        latch.open()
      })
    latch.wait()
    #expect(lock.withLock { ran })
  }
}
