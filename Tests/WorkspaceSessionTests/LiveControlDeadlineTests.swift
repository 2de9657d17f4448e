import Foundation
import Testing
import Workspace
import WorkspaceJSON

/// Every wait of `wsctl` on a host has a deadline, and what it says when one passes is its
/// own: a host that accepts and never answers, a host whose backlog is full.
extension LiveControl {
  @Suite(.serialized) struct LiveControlDeadlineTests {
    @Test func aHostThatNeverAnswersIsReportedInWsctlsOwnWords() async throws {
      let directory = SessionDirectory()
      try WorkspaceStore(path: directory.file).save(.example)
      let before = directory.bytes()
      let host = try SilentHost(
        socketPath: try await SilentHost.socketPath(of: "w.json", in: directory.path),
        isAccepting: true)
      let timeout = ["WSCTL_HOST_TIMEOUT": "1"]
      let push = try await wsctl(
        ["-f", "w.json", "push", "x"], in: directory.path, environment: timeout,
        killedAfter: 15)
      #expect(push.run.exitCode == 75, "\(push)")
      #expect(
        push.run.errors
          == "wsctl: the host for 'w.json' did not answer within 1.0 s (WSCTL_HOST_TIMEOUT); "
          + "the change may have applied\n")
      #expect(push.seconds < 10)
      // It may have applied, so it was not run again on the file.
      #expect(directory.bytes() == before)
      // An inspection changes nothing: the file answers it.
      let tree = try await wsctl(
        ["-f", "w.json", "tree"], in: directory.path, environment: timeout, killedAfter: 15)
      #expect(tree.run.exitCode == 0, "\(tree)")
      #expect(tree.run.output.hasPrefix("%1 tabs selected 1\n"))
      #expect(
        tree.run.errors
          == "wsctl: warning: the host for 'w.json' did not answer within 1.0 s "
          + "(WSCTL_HOST_TIMEOUT); the call runs on the file\n")
      let status = try await wsctl(
        ["-f", "w.json", "status"], in: directory.path, environment: timeout, killedAfter: 15)
      #expect(status.run.exitCode == 75)
      #expect(
        status.run.output.hasPrefix(
          "host for w.json not answering: no reply within 1.0 s (WSCTL_HOST_TIMEOUT)\nsocket '"))
      _ = host
    }

    @Test func aFullBacklogLeavesTheCallToTheFileWithinASecond() async throws {
      let directory = SessionDirectory()
      try WorkspaceStore(path: directory.file).save(.example)
      let host = try SilentHost(
        socketPath: try await SilentHost.socketPath(of: "w.json", in: directory.path),
        isAccepting: false)
      host.fillBacklog()
      let push = try await wsctl(
        ["-f", "w.json", "push", "x"], in: directory.path, killedAfter: 15)
      #expect(push.run.exitCode == 0, "\(push)")
      #expect(push.seconds < 5)
      #expect(
        push.run.errors
          == "wsctl: warning: the host on '\(host.socketPath)' did not accept the connection "
          + "within 1000 ms; the call runs on the file\n")
      let stored = try directory.stored()
      #expect(stored.node(stored.focusedPane)?.router?.stack.visibleRoute.description == "x")
      let status = try await wsctl(["-f", "w.json", "status"], in: directory.path, killedAfter: 15)
      #expect(status.run.exitCode == 75, "\(status)")
      #expect(status.run.output.hasPrefix("host for w.json not answering: the host on '"))
      let quiet = try await wsctl(
        ["-q", "-f", "w.json", "push", "y"], in: directory.path, killedAfter: 15)
      #expect(quiet.run.exitCode == 0)
      #expect(quiet.run.errors == "")
    }

    @Test(arguments: ["soon", "0", "-1", "nan"])
    func aBadHostTimeoutIsAUsageError(value: String) async throws {
      let directory = SessionDirectory()
      let run = try await wsctl(
        ["-f", "w.json", "focus", "2"], in: directory.path,
        environment: ["WSCTL_HOST_TIMEOUT": value], killedAfter: 15)
      #expect(run.run.exitCode == 64)
      #expect(
        run.run.errors
          == "wsctl: invalid WSCTL_HOST_TIMEOUT '\(value)': expected a number of seconds such as 2.5\n"
      )
    }
  }
}
