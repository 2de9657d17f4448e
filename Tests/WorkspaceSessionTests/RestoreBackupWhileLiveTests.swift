import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

extension LiveControl {
  /// `wsctl restore-backup` while a host is live for the file: the host would adopt the older
  /// backup and lose its own saved change, so it is refused — with `--no-host` or without
  /// (a host declines the command, which runs on the file) — unless `--force`.
  @MainActor
  @Suite(.serialized) struct RestoreBackupWhileLiveTests {
    /// A live host whose own change (`push detail:9` on %3) is saved and acknowledged, so
    /// the file's backup is the state before it.
    private func hostWithASavedChange() async throws -> HostAndFile {
      let pair = try HostAndFile()
      let run = try await wsctl(["-f", "w.json", "push", "detail:9"], in: pair.host.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(pair.host.bytes("w.json.bak") != nil)
      return pair
    }

    private func top(of state: WorkspaceState) -> String? {
      state.node(NodeID(3))?.router?.stack.current.description
    }

    @Test(arguments: [
      ["--no-host", "restore-backup"], ["restore-backup"], ["--dry-run", "restore-backup"],
      ["--no-host", "--json", "restore-backup"],
    ])
    func isRefusedNamingTheHostAndChangesNothing(arguments: [String]) async throws {
      let pair = try await hostWithASavedChange()
      let file = pair.host.bytes()
      let backup = pair.host.bytes("w.json.bak")
      let run = try await wsctl(["-f", "w.json"] + arguments, in: pair.host.path)
      #expect(run.exitCode == 1)
      #expect(run.output == "")
      let pid = ProcessInfo.processInfo.processIdentifier
      #expect(
        run.errors
          == "wsctl: a host is live for 'w.json' (pid \(pid)): it would adopt the backup and "
          + "lose its saved changes; nothing changed ('restore-backup --force' restores it "
          + "anyway)\n")
      #expect(pair.host.bytes() == file)
      #expect(pair.host.bytes("w.json.bak") == backup)
      #expect(pair.host.bytes("w.json.before-restore") == nil)
      // The host keeps its change, in memory and in the file.
      try await Task.sleep(for: .milliseconds(50))
      #expect(top(of: pair.session.workspace.state) == "detail:9")
      #expect(top(of: try pair.host.stored()) == "detail:9")
    }

    @Test func forceRestoresAndTheHostAdoptsTheBackup() async throws {
      let pair = try await hostWithASavedChange()
      let run = try await wsctl(
        ["-f", "w.json", "--no-host", "restore-backup", "--force"], in: pair.host.path)
      #expect(run.exitCode == 0, "\(run.errors)")
      #expect(run.output.hasPrefix("restored w.json from w.json.bak"))
      #expect(pair.host.bytes("w.json.before-restore") != nil)
      #expect(top(of: try pair.host.stored()) == "inbox")
      // What --force warns of: the host adopts the backup, and its saved change is gone.
      #expect(await eventually(within: 30) { top(of: pair.session.workspace.state) == "inbox" })
    }
  }
}
