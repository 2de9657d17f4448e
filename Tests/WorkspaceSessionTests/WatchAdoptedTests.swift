import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession

extension LiveControl {
  /// A live host's `wsctl watch` describes another writer's change it adopted as file mode's
  /// `watch` does: the writer's commands when its history tells them, else what changed.
  @MainActor
  @Suite(.serialized) struct WatchAdoptedTests {
    @Test(arguments: [false, true])
    func anAdoptedChangeIsNamedByItsCommands(json: Bool) async throws {
      let pair = try HostAndFile()
      let session = pair.session
      let watch = try WatchProcess(json ? ["--json"] : [], in: pair.host.path)
      for _ in 0..<400 where watch.lines.isEmpty {
        try session.workspace.apply(.focus(.next))
        try await Task.sleep(for: .milliseconds(10))
      }
      try #require(!watch.lines.isEmpty)
      try await session.flush()
      let other = try await wsctl(
        ["-f", "w.json", "--no-host", "push", "detail:9"], in: pair.host.path)
      #expect(other.exitCode == 0)
      #expect(
        await eventually(within: 10) {
          watch.lines.last?.contains("push detail:9") == true
        })
      let line = try #require(watch.lines.last)
      if json {
        #expect(line.contains(#""origin":"adopted""#))
        #expect(line.contains(#""commands":["push detail:9"]"#))
      } else {
        #expect(line == "push detail:9")
      }
      watch.process.interrupt()
      #expect(await watch.exitCode() == 0)
    }
  }
}
