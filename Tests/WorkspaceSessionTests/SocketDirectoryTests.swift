import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceSystem
import WorkspaceTestSupport

/// `WSCTL_SOCKET_DIR` names the directory of sockets for a host and `wsctl` alike (how a
/// shell's `wsctl` reaches a sandboxed app, whose sockets are in its container), `status` says
/// where it looked, and a host may turn live control off.
extension LiveControl {
  @Suite(.serialized) struct SocketDirectoryTests {
    @Test func aHostAndWsctlMeetInTheDirectoryTheVariableNames() async throws {
      let directory = SessionDirectory()
      let sockets = directory.path + "/sockets"
      let environment = ["WSCTL_SOCKET_DIR": sockets + "/"]
      let host = try HostProcess(file: directory.file, environment: environment)
      #expect(await host.started())
      let names = try FileManager.default.contentsOfDirectory(atPath: sockets)
      let socket = try #require(names.first { $0.hasSuffix(".sock") })
      let status = try await wsctl(
        ["-f", "w.json", "status"], in: directory.path, environment: environment,
        killedAfter: 10)
      let lines = status.run.output.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.first?.hasPrefix("host live for w.json (pid \(host.pid)") == true)
      #expect(lines.dropFirst().first == "socket '\(sockets)/\(socket)' (WSCTL_SOCKET_DIR)")
      let json = try await wsctl(
        ["-f", "w.json", "status", "--json"], in: directory.path, environment: environment,
        killedAfter: 10)
      let object =
        try JSONSerialization.jsonObject(with: Data(json.run.output.utf8)) as? [String: Any]
      #expect(object?["socket"] as? String == "\(sockets)/\(socket)")
      #expect(object?["socketDirectory"] as? String == sockets)
      // Without the variable, wsctl looks in the usual directory, where no host listens.
      let elsewhere = try await wsctl(
        ["-f", "w.json", "status", "--json"], in: directory.path,
        environment: ["XDG_RUNTIME_DIR": directory.path + "/run"], killedAfter: 10)
      let other =
        try JSONSerialization.jsonObject(with: Data(elsewhere.run.output.utf8))
        as? [String: Any]
      #expect(other?["live"] as? Bool == false)
      #expect(other?["socketDirectory"] as? String == directory.path + "/run/wsctl")
      #expect(await host.stop() == 0)
    }

    /// The runtime directory as the system gives it, with or without a trailing slash (Darwin's
    /// per-user temporary directory has one), or the root itself: one `wsctl` below it.
    @Test(arguments: [("/run", "/run/wsctl"), ("/run/", "/run/wsctl"), ("/", "/wsctl")])
    func theRuntimeDirectoryGetsOneWsctlBelowIt(runtime: String, sockets: String) async throws {
      let directory = SessionDirectory()
      let status = try await wsctl(
        ["-f", "w.json", "status", "--json"], in: directory.path,
        environment: ["XDG_RUNTIME_DIR": runtime], killedAfter: 10)
      let object =
        try JSONSerialization.jsonObject(with: Data(status.run.output.utf8)) as? [String: Any]
      #expect(object?["socketDirectory"] as? String == sockets, "\(status.run.output)")
    }

    @Test func aRelativeDirectoryIsRefusedAndSaidSo() async throws {
      let directory = SessionDirectory()
      let status = try await wsctl(
        ["-f", "w.json", "status"], in: directory.path,
        environment: ["WSCTL_SOCKET_DIR": "sockets"], killedAfter: 10)
      #expect(
        status.run.output
          == "no live host for w.json: WSCTL_SOCKET_DIR 'sockets' is not an absolute path; "
          + "wsctl edits the file\n")
      #expect(status.run.exitCode == 0)
    }

    @Test func aPathTooLongForASocketAddressNamesTheLimitAndTheVariable() async throws {
      let directory = SessionDirectory()
      let deep = "/" + String(repeating: "d", count: 120)
      let status = try await wsctl(
        ["-f", "w.json", "status"], in: directory.path,
        environment: ["WSCTL_SOCKET_DIR": deep], killedAfter: 10)
      let limit = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
      #expect(
        status.run.output.hasPrefix("no live host for w.json: the socket path '\(deep)/"),
        "\(status.run)")
      #expect(
        status.run.output.contains(
          ".sock' is longer than the \(limit) bytes a socket address holds (set"
            + " WSCTL_SOCKET_DIR to a shorter directory); wsctl edits the file\n"
            + "socket directory '\(deep)' (WSCTL_SOCKET_DIR)\n"),
        "\(status.run)")
    }

    @MainActor
    @Test func aHostMayTurnLiveControlOff() async throws {
      let directory = SessionDirectory()
      #expect(WorkspaceSession.isLiveControlEnabledByDefault)  // Linux: a shell reaches it
      let session = WorkspaceSession(
        path: directory.file, default: .example, isLiveControlEnabled: false)
      defer { session.close() }
      #expect(!session.isLiveControlEnabled)
      #expect(session.controlSocketPath == nil)
      #expect(session.controlSocketProblem == nil)
      let status = try await wsctl(["-f", "w.json", "status"], in: directory.path)
      #expect(status.output.hasPrefix("no host for w.json: wsctl edits the file\n"))
      // wsctl edits the file, and the session adopts it as any other writer's save.
      let revision = session.workspace.state.revision
      let push = try await wsctl(["-f", "w.json", "push", "x"], in: directory.path)
      #expect(push.exitCode == 0, "\(push)")
      #expect(await eventually(within: 30) { session.workspace.state.revision > revision })
    }
  }
}
