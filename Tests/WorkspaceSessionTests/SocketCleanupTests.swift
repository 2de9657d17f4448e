import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceSystem

/// A host that ends leaves neither its socket nor its lock behind: `close()` removes them
/// before it returns, and the sample hosts close their session on `SIGTERM`, `SIGHUP` and
/// `SIGINT`.
extension LiveControl {
  @Suite(.serialized) struct SocketCleanupTests {
    @MainActor
    @Test func closingASessionRemovesItsSocketAndLockAtOnce() throws {
      let pair = try HostAndFile()
      let socket = try #require(pair.session.controlSocketPath)
      let lock = String(socket.dropLast(".sock".count)) + ".lock"
      #expect(FileManager.default.fileExists(atPath: socket))
      #expect(FileManager.default.fileExists(atPath: lock))
      pair.session.close()
      // No wait: a host may exit right after close().
      #expect(!FileManager.default.fileExists(atPath: socket))
      #expect(!FileManager.default.fileExists(atPath: lock))
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func mailHostRemovesItsSocketAndLockOnASignal(signal: Int32) async throws {
      let directory = SessionDirectory()
      let runtime = directory.path + "/run"
      try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
      let host = try HostProcess(file: directory.file, environment: ["XDG_RUNTIME_DIR": runtime])
      #expect(await host.started())
      let sockets = runtime + "/wsctl"
      let listing = { (try? FileManager.default.contentsOfDirectory(atPath: sockets)) ?? [] }
      #expect(listing().count == 2, "\(listing())")
      #expect(await host.signal(signal) == 128 + signal)
      #expect(listing() == [])
    }
  }
}
