import Foundation
import PaneRouter
import Workspace
import WorkspaceJSON
import WorkspaceSession

/// A host's session at scale: how long a save holds the main actor (beside a synchronous save
/// on it, as hosts did before sessions), how long adopting another writer's change takes
/// (beside wsterm's old once-a-second poll), and how many writes a burst of commands costs
/// (beside one write per command).
@MainActor
enum SessionBench {
  struct Row {
    let subject: String
    let measure: String
    let value: Double
    let unit: String
    let baseline: Double
    let baselineName: String
  }

  static func measure(directory: String, panes: Int, routesPerPane: Int, quick: Bool) async
    -> [Row]
  {
    let state = Generator.workspace(panes: panes, routesPerPane: routesPerPane)
    var rows: [Row] = []
    rows.append(await mainActorTimePerSave(state, directory: directory, runs: quick ? 5 : 20))
    rows.append(await adoption(directory: directory, runs: quick ? 5 : 20, poll: quick ? 1 : 3))
    rows.append(await burst(directory: directory, commands: 10_000))
    rows.append(commandInAHost(state, directory: directory, runs: quick ? 20 : 200))
    return rows
  }

  /// One command in a session's workspace, which checks first that its file could hold the
  /// result (the store's limits: an encoding), against the same command in a workspace that
  /// no session owns.
  private static func commandInAHost(_ state: WorkspaceState, directory: String, runs: Int)
    -> Row
  {
    let session = WorkspaceSession(
      path: "\(directory)/session-command.json", default: state, autosaveDelay: .seconds(3600))
    defer { session.close() }
    let bare = Workspace(state)
    var index = 0
    func push(_ workspace: Workspace) {
      index += 1
      try! workspace.apply([
        .route(.push([RouteToken(name: "r", arguments: ["\(index)"])])), .route(.pop(count: 1)),
      ])
    }
    let hosted = Probe.median(runs) { push(session.workspace) }
    let unowned = Probe.median(runs) { push(bare) }
    return Row(
      subject: "\(state.paneIDs.count) panes", measure: "push+pop in a host (file limits checked)",
      value: hosted * 1e6, unit: "µs", baseline: unowned * 1e6,
      baselineName: "the same in a workspace no session owns")
  }

  /// The main actor's share of one autosave (handing the state over and taking in the
  /// result), against `store.save` called on it.
  private static func mainActorTimePerSave(
    _ state: WorkspaceState, directory: String, runs: Int
  ) async -> Row {
    let path = "\(directory)/session-save.json"
    let session = WorkspaceSession(path: path, default: state, autosaveDelay: .seconds(3600))
    defer { session.close() }
    var samples: [Double] = []
    for index in 0..<runs {
      try! session.workspace.apply(.rename("save \(index)"))
      let before = session.mainActorTime
      try! await session.flush()
      samples.append(seconds(session.mainActorTime - before))
    }
    let store = WorkspaceStore(path: "\(directory)/blocking-save.json")
    var renamed = state
    let blocking = Probe.median(runs) {
      try! renamed.apply(.rename("blocking"))
      try! store.save(renamed)
    }
    return Row(
      subject: "\(state.paneIDs.count) panes, \(Table.size(WorkspaceFile.encode(state).count))",
      measure: "main actor held per autosave (fsync off it)", value: median(samples) * 1000,
      unit: "ms", baseline: blocking * 1000, baselineName: "store.save on the main actor")
  }

  /// From another writer's save returning to the session holding its change.
  private static func adoption(directory: String, runs: Int, poll: Int) async -> Row {
    let path = "\(directory)/session-adopt.json"
    let start = Generator.workspace(panes: 100, routesPerPane: 10)
    try! WorkspaceStore(path: path).save(start)
    let session = WorkspaceSession(path: path, default: start)
    defer { session.close() }
    var samples: [Double] = []
    for index in 0..<runs {
      let title = "other \(index)"
      let written = await Task.detached {
        try! WorkspaceStore(path: path).update(default: start) { try $0.apply(.rename(title)) }
        return ContinuousClock.now
      }.value
      while session.workspace.state.node(session.workspace.focusedPane)?.title != title {
        try? await Task.sleep(for: .microseconds(200))
      }
      samples.append(seconds(ContinuousClock.now - written))
    }
    // wsterm before sessions: a stat of the file once a second, then a reload.
    var polled: [Double] = []
    for index in 0..<poll {
      let title = "polled \(index)"
      let before = FileStamp(path: path)
      let written = await Task.detached {
        try? await Task.sleep(for: .milliseconds(Int.random(in: 0..<1000)))
        try! WorkspaceStore(path: path).update(default: start) { try $0.apply(.rename(title)) }
        return ContinuousClock.now
      }.value
      var seen = before
      while seen == before {
        try? await Task.sleep(for: .seconds(1))
        seen = FileStamp(path: path)
      }
      _ = try! WorkspaceStore(path: path).load(default: start)
      polled.append(seconds(ContinuousClock.now - written))
    }
    return Row(
      subject: "another process's save, 100 panes", measure: "time to adopt (inotify)",
      value: median(samples) * 1000, unit: "ms", baseline: median(polled) * 1000,
      baselineName: "wsterm's old 1 s stat poll")
  }

  /// Writes for 10,000 commands arriving back to back (each on its own main-actor turn).
  private static func burst(directory: String, commands: Int) async -> Row {
    let path = "\(directory)/session-burst.json"
    let session = WorkspaceSession(
      path: path, default: Generator.workspace(panes: 100, routesPerPane: 10))
    defer { session.close() }
    let router = try! session.workspace.router(RouteToken.self, for: session.workspace.focusedPane)
    let clock = ContinuousClock()
    let started = clock.now
    for index in 0..<commands {
      router.replaceCurrent(with: RouteToken("item", index))
      await Task.yield()
    }
    try! await session.flush()
    let elapsed = seconds(clock.now - started)
    return Row(
      subject: "\(commands) commands in \(String(format: "%.1f", elapsed)) s",
      measure: "autosave writes (coalesced)", value: Double(session.writeCount), unit: "writes",
      baseline: Double(commands), baselineName: "a save per command")
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  private static func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
  }
}
