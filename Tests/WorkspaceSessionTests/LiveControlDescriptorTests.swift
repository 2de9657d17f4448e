import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

/// Descriptors of clients that went away are released at once, and running out of them never
/// makes the host spin or `wsctl` hang (SPEC §9, "Bad peers"): a `MailHost` in a process of
/// its own, with a small `ulimit -n`, and the built `wsctl`.
extension LiveControl {
  @Suite(
    .serialized,
    .enabled(
      if: FileManager.default.fileExists(atPath: "/proc/self/fd"),
      "counts a process's descriptors in /proc"))
  struct LiveControlDescriptorTests {
    @Test func endedWatchersReleaseTheirDescriptorsAtOnce() async throws {
      let directory = SessionDirectory()
      let host = try HostProcess(file: directory.file, descriptorLimit: 1024)
      #expect(await host.started())
      // Counted as sockets: the runtime opens descriptors of its own as it needs them.
      let baseline = host.socketCount
      let descriptors = host.descriptorCount
      for _ in 0..<6 {
        let before = host.socketCount
        let watchers = try (0..<50).map { _ in try WatchProcess([], in: directory.path) }
        // Each one connected: the host holds a socket for it; then its request is read.
        let connected = await eventually(within: 30) { host.socketCount >= before + 50 }
        #expect(connected, "\(host.socketCount - before) of 50 watchers connected")
        try await Task.sleep(for: .milliseconds(200))
        for watcher in watchers { watcher.process.interrupt() }
        for watcher in watchers { #expect(await watcher.exitCode() == 0) }
        // Their sockets go at once (the next batch counts from there).
        _ = await eventually(within: 30) { host.socketCount <= before }
      }
      let released = await eventually(within: 30) { host.socketCount <= baseline }
      let held = "\(host.socketCount) sockets (\(host.descriptorCount) descriptors)"
      #expect(
        released,
        "the host holds \(held) after 300 watchers ended, \(baseline) (\(descriptors)) before")
      let status = try await wsctl(["-f", "w.json", "status"], in: directory.path, killedAfter: 10)
      #expect(status.run.output.hasPrefix("host live for w.json"), "\(status.run)")
      #expect(await host.stop() == 0)
    }

    @Test func outOfDescriptorsTheHostNeitherSpinsNorLetsWsctlHang() async throws {
      let directory = SessionDirectory()
      try WorkspaceStore(path: directory.file).save(.example)
      let host = try HostProcess(file: directory.file, descriptorLimit: 64)
      #expect(await host.started())
      let baseline = host.socketCount
      let descriptors = host.descriptorCount
      // More watchers than the host has descriptors for: each is taken, or told the host is
      // busy (it then watches the file).
      let watchers = try (0..<80).map { _ in try WatchProcess([], in: directory.path) }
      let refused: @Sendable () -> Int = {
        watchers.filter { $0.errors.contains("the host is busy") }.count
      }
      let settled = await eventually(within: 30) {
        host.socketCount - baseline + refused() >= watchers.count
      }
      #expect(settled, "\(host.socketCount - baseline) taken, \(refused()) refused")
      #expect(refused() > 0)
      // At the limit the host sleeps: it does not spin on a socket that stays readable.
      let processor = host.processorSeconds
      try await Task.sleep(for: .seconds(1))
      let spent = host.processorSeconds - processor
      #expect(spent < 0.25, "the host used \(spent) s of processor time in 1 s")
      // wsctl's waits have deadlines: a refused call runs on the file.
      let status = try await wsctl(["-f", "w.json", "status"], in: directory.path, killedAfter: 10)
      #expect(status.seconds < 5, "\(status)")
      #expect(
        status.run.exitCode == 0 || status.run.output.contains("the host is busy"), "\(status)")
      let push = try await wsctl(
        ["-f", "w.json", "push", "detail:9"], in: directory.path, killedAfter: 10)
      #expect(push.run.exitCode == 0, "\(push)")
      #expect(push.seconds < 5)
      let stored = try directory.stored()
      #expect(stored.node(stored.focusedPane)?.router?.stack.visibleRoute.description == "detail:9")
      for watcher in watchers { watcher.process.interrupt() }
      for watcher in watchers { _ = await watcher.exitCode() }
      let released = await eventually(within: 30) { host.socketCount <= baseline }
      let held = "\(host.socketCount) sockets (\(host.descriptorCount) descriptors)"
      #expect(released, "\(held), \(baseline) (\(descriptors)) before")
      let live = try await wsctl(["-f", "w.json", "status"], in: directory.path, killedAfter: 10)
      #expect(live.run.output.hasPrefix("host live for w.json"), "\(live.run)")
      #expect(await host.stop() == 0)
    }
  }
}
