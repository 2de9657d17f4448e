import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSystem
import WorkspaceTestSupport

/// The socket's lock is opened without blocking, without following a link, and only if it
/// is a regular file: a FIFO (or a link) put at its path never hangs `wsctl` nor is taken by a
/// host, and both say why.
extension LiveControl {
  @Suite(.serialized) struct ControlSocketLockTests {
    /// A stale socket (bound, then closed, as a host killed with -9 leaves it) and, as its
    /// lock, `kind`.
    private func staleSocket(
      with kind: String, in directory: SessionDirectory
    ) async throws -> (socket: String, lock: String) {
      let socketPath = try await SilentHost.socketPath(of: "w.json", in: directory.path)
      let lockPath = String(socketPath.dropLast(".sock".count)) + ".lock"
      unlink(socketPath)
      unlink(lockPath)
      let descriptor = socket(AF_UNIX, Platform.streamSocketType, 0)
      var address = RawControlClient.address(socketPath)
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      close(descriptor)
      switch kind {
      case "a FIFO": #expect(mkfifo(lockPath, 0o600) == 0)
      default: #expect(symlink(directory.file, lockPath) == 0)
      }
      return (socketPath, lockPath)
    }

    @Test(arguments: ["a FIFO", "a symbolic link"])
    func aLockThatIsNotARegularFileNeverHangsWsctl(kind: String) async throws {
      let directory = SessionDirectory()
      try WorkspaceStore(path: directory.file).save(.example)
      let (socket, lock) = try await staleSocket(with: kind, in: directory)
      defer {
        unlink(socket)
        unlink(lock)
      }
      let status = try await wsctl(["-f", "w.json", "status"], in: directory.path, killedAfter: 10)
      #expect(status.run.exitCode == 0, "\(status)")
      // Then where it looked (the socket beside the lock).
      #expect(
        status.run.output.hasPrefix(
          "no live host for w.json: the socket's lock '\(lock)' is \(kind), not a regular "
            + "file; wsctl edits the file\n" + "socket '\(socket)' ("))
      let push = try await wsctl(
        ["-f", "w.json", "push", "x"], in: directory.path, killedAfter: 10)
      #expect(push.run.exitCode == 0, "\(push)")
      let stored = try directory.stored()
      #expect(stored.node(stored.focusedPane)?.router?.stack.visibleRoute.description == "x")
      // Not a regular file, so nothing tells whether the socket is stale: it stays.
      #expect(FileManager.default.fileExists(atPath: socket))
    }

    @Test func aHostDoesNotTakeAFIFOForItsLock() async throws {
      let directory = SessionDirectory()
      let (socket, lock) = try await staleSocket(with: "a FIFO", in: directory)
      defer {
        unlink(socket)
        unlink(lock)
      }
      let host = try HostProcess(file: directory.file)
      #expect(await host.started())
      let line =
        "MailHost: no live control: the socket's lock '\(lock)' is a FIFO, not a regular file\n"
      #expect(await eventually(within: 10) { host.errors.contains(line) }, "\(host.errors)")
      #expect(await host.stop() == 0)
    }
  }
}
