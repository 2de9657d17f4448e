import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceSystem
import WorkspaceTestSupport

/// A directory of sockets that another user squats, or that is open to others, disables live
/// control, and never silently: the host says why, and `wsctl status` explains it.
extension LiveControl {
  @Suite(.serialized) struct RuntimeDirectoryTests {
    /// `$XDG_RUNTIME_DIR/wsctl` staged as `owner` with `mode`, in a fresh directory.
    private func stage(owner: uid_t, mode: mode_t, in directory: SessionDirectory) throws -> (
      runtime: String, sockets: String
    ) {
      let runtime = directory.path + "/run"
      let sockets = runtime + "/wsctl"
      try FileManager.default.createDirectory(atPath: sockets, withIntermediateDirectories: true)
      #expect(chown(sockets, owner, owner) == 0)
      #expect(chmod(sockets, mode) == 0)
      return (runtime, sockets)
    }

    /// The cases: who owns the directory, its mode, and how the problem reads.
    nonisolated static let cases: [(owner: uid_t, mode: mode_t, problem: String)] = [
      (65534, 0o700, "is owned by uid 65534, not 0"),
      (0, 0o755, "has mode 0755, open to other users (it must be 0700)"),
      (0, 0o777, "has mode 0777, open to other users (it must be 0700)"),
    ]

    @Test(
      .enabled(if: getuid() == 0, "needs root, to give the directory away (CI runs as root)"),
      arguments: cases)
    func aSquattedOrOpenDirectoryIsReportedByTheHostAndByStatus(
      owner: uid_t, mode: mode_t, problem: String
    ) async throws {
      let directory = SessionDirectory()
      let (runtime, sockets) = try stage(owner: owner, mode: mode, in: directory)
      let environment = ["XDG_RUNTIME_DIR": runtime]
      let host = try HostProcess(file: directory.file, environment: environment)
      #expect(await host.started())
      let line = "MailHost: no live control: the runtime directory '\(sockets)' \(problem)\n"
      #expect(await eventually(within: 10) { host.errors.contains(line) }, "\(host.errors)")
      let status = try await wsctl(
        ["-f", "w.json", "status"], in: directory.path, environment: environment,
        killedAfter: 10)
      #expect(
        status.run.output
          == "no live host for w.json: the runtime directory '\(sockets)' \(problem); "
          + "wsctl edits the file\n"
          + "socket directory '\(sockets)' (wsctl in $XDG_RUNTIME_DIR; WSCTL_SOCKET_DIR names"
          + " another directory)\n")
      #expect(status.run.exitCode == 0)
      // The host still adopts what wsctl saves in the file.
      let push = try await wsctl(
        ["-f", "w.json", "push", "x"], in: directory.path, environment: environment,
        killedAfter: 10)
      #expect(push.run.exitCode == 0)
      #expect(await eventually(within: 30) { host.output.contains("adopted revision") })
      #expect(await host.stop() == 0)
      // Nothing was put in a directory the host could not trust.
      #expect(try FileManager.default.contentsOfDirectory(atPath: sockets) == [])
    }

    @Test func aFileInsteadOfTheDirectoryIsReported() async throws {
      let directory = SessionDirectory()
      let runtime = directory.path + "/run"
      try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: runtime + "/wsctl", contents: nil)
      let status = try await wsctl(
        ["-f", "w.json", "status", "--json"], in: directory.path,
        environment: ["XDG_RUNTIME_DIR": runtime], killedAfter: 10)
      let object =
        try JSONSerialization.jsonObject(with: Data(status.run.output.utf8)) as? [String: Any]
      #expect(object?["live"] as? Bool == false)
      #expect(
        object?["problem"] as? String
          == "the runtime directory '\(runtime)/wsctl' is a regular file, not a directory")
    }

    @MainActor
    @Test func aSecondSessionSaysAnotherHostListens() throws {
      let pair = try HostAndFile()
      #expect(pair.session.controlSocketProblem == nil)
      let second = WorkspaceSession(path: pair.host.file, default: .example)
      let socket = try #require(pair.session.controlSocketPath)
      #expect(second.controlSocketProblem?.isAnotherHost == true)
      #expect(second.controlSocketProblem?.description == "another host listens on '\(socket)'")
    }
  }
}
