import Foundation
import Testing
import WorkspaceJSON
import WorkspaceSession

@testable import Workspace
@testable import WorkspaceControl

extension LiveControl {
  /// Inspections (`routes`, `tree`...) answered on the listener's thread from the draft the
  /// main actor publishes: while the main actor is busy, in order with acknowledged writes,
  /// and never while the session does not serve calls.
  @MainActor
  @Suite(.serialized) struct LiveInspectionTests {
    @Test func anInspectionIsAnsweredWhileTheMainActorIsHeld() throws {
      let pair = try HostAndFile()
      let socket = try #require(pair.session.controlSocketPath)
      let expected = answer(["tree"], on: pair.session)
      // Asked and waited for here, on the main actor, which does not run meanwhile: only a
      // reply from the listener's thread can come.
      let client = try RawControlClient(path: socket)
      defer { client.close() }
      client.send(RawControlClient.run(["tree"]))
      let reply = try #require(client.reply(within: 20))
      #expect(reply.exitCode == 0)
      #expect(reply.output == expected)
    }

    @Test func anEditStillWaitsForTheMainActor() async throws {
      let pair = try HostAndFile()
      let socket = try #require(pair.session.controlSocketPath)
      let before = pair.session.workspace.state
      let client = try RawControlClient(path: socket)
      defer { client.close() }
      client.send(RawControlClient.run(["focus", "2"]))
      // Nothing can come while the main actor is held: the edit is applied there.
      #expect(client.reply(within: 1) == nil)
      #expect(pair.session.workspace.state == before)
      let reply = await onThread { client.reply() }
      #expect(reply?.exitCode == 0)
      #expect(pair.session.workspace.state != before)
    }

    @Test func aReadAfterAnAcknowledgedEditSeesIt() async throws {
      let pair = try HostAndFile()
      let socket = try #require(pair.session.controlSocketPath)
      var seen: Set<String> = []
      for index in 0..<40 {
        let focus = "\(index % 2 + 1)"
        let done = try await exchange(RawControlClient.run(["focus", focus]), with: socket)
        #expect(done?.exitCode == 0)
        // The answer on the main actor's state now, which holds the acknowledged focus.
        let expected = answer(["routes"], on: pair.session)
        let read = try await exchange(RawControlClient.run(["routes"]), with: socket)
        #expect(read?.output == expected, "after focus \(focus)")
        seen.insert(expected)
      }
      // Each focus shows another pane's routes, so a stale read could not pass.
      #expect(seen.count == 2)
    }

    @Test func aChangeMadeByTheHostIsReadAtOnce() async throws {
      let pair = try HostAndFile()
      let socket = try #require(pair.session.controlSocketPath)
      try pair.session.workspace.apply(.rename("Renamed by the host"))
      let read = try await exchange(RawControlClient.run(["tree"]), with: socket)
      #expect(read?.output?.contains("Renamed by the host") == true)
      pair.session.workspace.routeTypes = RouteRegistry()
      let again = try await exchange(RawControlClient.run(["tree"]), with: socket)
      #expect(again?.output == read?.output)
    }

    /// What the main actor answers to a call on the session's state as it is now.
    private func answer(_ arguments: [String], on session: WorkspaceSession) -> String {
      HostAnswer(
        HostCall(
          arguments: arguments,
          terminal: TerminalTraits(size: Size(width: 80, height: 24), usesColor: false),
          fileName: nil),
        draft: session.workspace.makeDraft(), store: session.store
      ).reply.output
    }

    @Test func aSessionThatCannotReadItsFileDeclinesInspections() async throws {
      let directory = SessionDirectory()
      try Data("{ not a workspace".utf8).write(to: URL(fileURLWithPath: directory.file))
      let session = WorkspaceSession(path: directory.file, default: .example)
      defer { session.close() }
      guard case .corrupt = session.status else {
        Issue.record("expected a corrupt file, got \(session.status)")
        return
      }
      let socket = try #require(session.controlSocketPath)
      let reply = try #require(try await exchange(RawControlClient.run(["tree"]), with: socket))
      // Declined: no answer, no refusal; `wsctl` runs the call on the file.
      #expect(reply.output == nil && reply.error == nil && reply.exitCode == nil)
      let run = try await wsctl(["-f", "w.json", "tree"], in: directory.path)
      #expect(run.exitCode != 0, "\(run)")
    }
  }
}
