import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

extension LiveControl {
  /// A live host's `wsctl watch` describes another writer's change it adopted as file mode's
  /// `watch` does: the writer's commands when its history tells them, else what changed.
  @MainActor
  @Suite(.serialized) struct WatchAdoptedTests {
    /// A presenter that pushes a flow's result from its transition handler: `wsctl watch`
    /// prints the finish, then the push it caused (cause order).
    @Test func aChangeMadeWhileOneIsReportedIsWatchedAfterIt() async throws {
      let pair = try HostAndFile()
      let session = pair.session
      let workspace = session.workspace
      let watch = try WatchProcess([], in: pair.host.path)
      for _ in 0..<400 where watch.lines.isEmpty {
        try workspace.apply(.focus(.next))
        try await Task.sleep(for: .milliseconds(10))
      }
      try #require(!watch.lines.isEmpty)
      try workspace.apply(CommandParser.parse(line: "focus 1 present sheet picker"))
      let focused = workspace.focusedPane
      let router = try workspace.router(RouteToken.self, for: focused)
      router.onChange = { transition in
        if let result = transition.result { router.push(result) }
      }
      let run = try await wsctl(["-f", "w.json", "finish", "attachment:3"], in: pair.host.path)
      #expect(run.exitCode == 0)
      #expect(await eventually(within: 10) { watch.lines.last?.contains("push") == true })
      #expect(
        Array(watch.lines.suffix(2)) == ["finish attachment:3", "at \(focused) push attachment:3"])
      #expect(workspace.state.node(focused)?.router?.stack.current == "attachment:3")
      watch.process.interrupt()
      #expect(await watch.exitCode() == 0)
    }

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
