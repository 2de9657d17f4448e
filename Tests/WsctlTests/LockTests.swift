import Foundation
import Testing

/// Writers serialise on `<file>.lock`: a held lock makes `wsctl` wait, up to
/// `WSCTL_LOCK_TIMEOUT` seconds (default 10), then exit 75; concurrent writers lose no update.
@Suite struct LockTests {
  @Test func aLockHeldTooLongExits75AndChangesNothing() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = try #require(sandbox.bytes("workspace.json"))
    let lock = try HeldLock(path: sandbox.path("workspace.json.lock"))
    defer { lock.release() }
    // The run's own time: a wait for a place among the runs at once is not part of it.
    let failure = try await sandbox.failing(
      ["push", "b"], status: 75, environment: ["WSCTL_LOCK_TIMEOUT": "0.3"])
    let message = failure.stderrLines.first ?? ""
    let waited = failure.duration / .seconds(1)
    #expect(
      message == "wsctl: timed out after 0.3 s waiting for the lock 'workspace.json.lock'; "
        + "nothing was written")
    #expect(waited >= 0.3)
    #expect(waited < 5)
    #expect(sandbox.bytes("workspace.json") == before)
  }

  // With no file there is no previous file to speak of: the message claims none.
  @Test func aLockTimeoutWithNoFileSaysNothingWasWritten() async throws {
    let sandbox = try Sandbox()
    let lock = try HeldLock(path: sandbox.path("workspace.json.lock"))
    defer { lock.release() }
    #expect(
      try await sandbox.fail("push", "b", status: 75, environment: ["WSCTL_LOCK_TIMEOUT": "0.1"])
        == "wsctl: timed out after 0.1 s waiting for the lock 'workspace.json.lock'; "
        + "nothing was written")
    #expect(try sandbox.listing() == ["workspace.json.lock"])
  }

  @Test func aWriterWaitsForTheLockAndThenApplies() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let lock = try HeldLock(path: sandbox.path("workspace.json.lock"))
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { lock.release() }
    let start = Date()
    // The default timeout (10 s) outlasts the holder.
    try await sandbox.succeed("push", "b")
    #expect(Date().timeIntervalSince(start) >= 0.25)
    #expect(try await sandbox.succeed("routes").stdout.contains("2 b (top)"))
  }

  @Test func readersDoNotTakeTheLock() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let lock = try HeldLock(path: sandbox.path("workspace.json.lock"))
    defer { lock.release() }
    let environment = ["WSCTL_LOCK_TIMEOUT": "0"]
    try await sandbox.succeed("show", "--size", "20x5", environment: environment)
    try await sandbox.succeed("--dry-run", "push", "b", environment: environment)
  }

  @Test func twoProcessesPushingConcurrentlyLoseNoUpdate() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Fixtures.deepRouter, to: "workspace.json")
    let failures = Failures()
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for index in 1...25 {
            do {
              let result = try await sandbox.run("push", "w\(writer)-\(index)")
              if result.status != 0 { failures.append("\(result)") }
            } catch {
              failures.append("\(error)")
            }
          }
        }
      }
    }
    #expect(failures.all == [])
    let router = try await sandbox.succeed("--json", "routes").jsonObject()
    let stack = try #require(router["stack"] as? [String])
    #expect(stack.count == 51)
    #expect(stack.first == "log")
    for writer in 0..<2 {
      // Each writer's pushes are all there, in its own order.
      #expect(stack.filter { $0.hasPrefix("w\(writer)-") } == (1...25).map { "w\(writer)-\($0)" })
    }
  }
}

/// Messages collected from several threads.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }
}
