import Foundation
import PaneRouter
import Workspace
import WorkspaceJSON
import WorkspaceSession

/// `wsctl` driving a live host: the whole-process round trip of `wsctl focus N` to a session
/// in this process, beside `tmux select-pane` to a running tmux server and the same `wsctl`
/// command in file mode; and how long a change in the host takes to reach `wsctl watch`'s
/// standard output.
///
/// The processes are waited for on threads of their own, so the main actor, where the
/// session answers, stays free.
@MainActor
enum LiveBench {
  /// Measures the rows of the table's `live` section. Each row's calls alternate with its
  /// anchor's, call by call (A B A B), so that the machine's load moves both alike.
  static func measure(directory: String, runs: Int) async -> [Table.Row] {
    guard let wsctl = EndToEnd.wsctl else {
      return [row(EndToEnd.missingWsctl, "", 0, baseline: nil, nil)]
    }
    let hosted = "\(directory)/live.json"
    let session = WorkspaceSession(path: hosted, default: .example)
    defer { session.close() }
    try? await session.flush()
    let tmux = TmuxServer(name: "wsbench-\(ProcessInfo.processInfo.processIdentifier)")
    defer { tmux?.stop() }
    let tmuxName = tmux == nil ? "skipped: tmux not installed" : "tmux select-pane"
    let tmuxRatio = tmux == nil ? nil : "wsctl/tmux"
    // Alternating panes, so that every call changes the focus and saves.
    let focus = await paired(runs) { index in
      EndToEnd.launch(wsctl, ["-q", "-f", hosted, "focus", "\(index % 2 + 1)"])
    } baseline: { index in
      tmux?.selectPane(index % 2)
    }
    // An inspection: the protocol's own cost, without the durable save an edit waits for.
    let inspection = await paired(runs) { _ in
      EndToEnd.launch(wsctl, ["-q", "-f", hosted, "routes"])
    } baseline: { _ in
      tmux?.displayMessage()
    }
    let fileMode = "\(directory)/file-mode.json"
    _ = try? WorkspaceStore(path: fileMode).save(.example)
    let file = await paired(runs) { index in
      EndToEnd.launch(wsctl, ["-q", "-f", fileMode, "focus", "\(index % 2 + 1)"])
    } baseline: { index in
      EndToEnd.launch(wsctl, ["-q", "-f", hosted, "focus", "\(index % 2 + 1)"])
    }
    let version = await paired(runs) { _ in
      EndToEnd.launch(wsctl, ["--version"])
    } baseline: { _ in
      EndToEnd.launch("/bin/true", [])
    }
    var rows = [
      row(
        "wsctl focus N to a live host", "median round trip (whole process)", focus.value,
        baseline: focus.baseline, tmuxName, ratioLabel: tmuxRatio),
      await wstermRow(wsctl: wsctl, directory: directory, runs: runs, tmux: tmux),
      row(
        "wsctl routes to a live host (no save)", "median round trip (whole process)",
        inspection.value, baseline: inspection.baseline,
        tmux == nil ? "skipped: tmux not installed" : "tmux display-message -p",
        ratioLabel: tmuxRatio),
      row(
        "wsctl focus N in file mode", "median round trip (whole process)", file.value,
        baseline: file.baseline, "to the live host", ratioLabel: "file/host"),
      row(
        "wsctl --version", "median start-up (whole process)", version.value,
        baseline: version.baseline, "no-op process", ratioLabel: "over a no-op"),
    ]
    // A script through one connection: each edit answered once durable.
    let (controlRate, tmuxRate) = await ControlBench.measure(
      wsctl: wsctl, file: hosted, tmux: tmux)
    rows.append(
      Table.Row(
        section: "live",
        subject: "wsctl control: \(ControlBench.count) focus N, one connection (median of 3)",
        measure: "commands per second, each durable", value: controlRate ?? .nan, unit: "/s",
        baseline: tmuxRate,
        baselineName: tmuxRate == nil ? "skipped: tmux not installed" : "tmux -C select-pane",
        ratioLabel: tmuxRate == nil ? nil : "wsctl/tmux"))
    if let watch = await watchLatency(wsctl: wsctl, session: session, runs: runs) {
      rows.append(
        row("wsctl watch", "change in the host to the line on stdout", watch, baseline: nil, nil))
    }
    return rows
  }

  /// `wsctl focus N` to the wsterm sample (a terminal host, run in a tmux server of its own)
  /// beside `tmux select-pane`, if wsterm is built beside this program.
  private static func wstermRow(wsctl: String, directory: String, runs: Int, tmux: TmuxServer?)
    async -> Table.Row
  {
    let subject = "wsctl focus N to wsterm (120×40, in tmux)"
    let measure = "median round trip (whole process)"
    guard let tmux else {
      return row(subject, measure, .nan, baseline: nil, "skipped: tmux not installed")
    }
    let wsterm = URL(fileURLWithPath: wsctl).deletingLastPathComponent()
      .appendingPathComponent("wsterm").path
    guard FileManager.default.isExecutableFile(atPath: wsterm) else {
      return row(
        subject, measure, .nan, baseline: nil,
        "skipped: build wsterm first (swift build -c release --product wsterm)")
    }
    let file = "\(directory)/wsterm.json"
    _ = try? WorkspaceStore(path: file).save(.example)
    guard
      let host = TmuxServer(
        name: "wsbench-wsterm-\(ProcessInfo.processInfo.processIdentifier)",
        command: "'\(wsterm)' -f '\(file)'", width: 120, height: 40)
    else { return row(subject, measure, .nan, baseline: nil, "skipped: wsterm did not start") }
    defer { host.stop() }
    // Until wsterm listens, a call edits the file instead: wait for `status` to see it.
    let status = "\(directory)/wsterm-status.out"
    var live = false
    for _ in 0..<200 where !live {
      live =
        EndToEnd.launch(wsctl, ["-f", file, "status"], output: status)
        && ((try? String(contentsOfFile: status, encoding: .utf8)) ?? "").contains("host live for")
      if !live { try? await Task.sleep(for: .milliseconds(50)) }
    }
    guard live else {
      return row(subject, measure, .nan, baseline: nil, "skipped: wsterm did not start listening")
    }
    let times = await paired(runs) { index in
      EndToEnd.launch(wsctl, ["-q", "-f", file, "focus", "\(index % 2 + 1)"])
    } baseline: { index in
      tmux.selectPane(index % 2)
    }
    return row(
      subject, measure, times.value, baseline: times.baseline, "tmux select-pane",
      ratioLabel: "wsctl/tmux")
  }

  /// A row of the `live` section, from times in seconds.
  private static func row(
    _ subject: String, _ measure: String, _ seconds: Double, baseline: Double?,
    _ baselineName: String?, ratioLabel: String? = nil
  ) -> Table.Row {
    Table.Row(
      section: "live", subject: subject, measure: measure, value: seconds * 1000, unit: "ms",
      baseline: baseline.map { $0 * 1000 }, baselineName: baselineName, ratioLabel: ratioLabel)
  }

  /// The medians of `runs` timed calls of `body` and of `baseline` in turns (after one
  /// warm-up of each), each call on a thread of its own; a side is `.nan` if a call failed,
  /// and the baseline `nil` where it gives `nil` (nothing to compare with).
  private static func paired(
    _ runs: Int, _ body: @escaping @Sendable (Int) -> Bool,
    baseline: @escaping @Sendable (Int) -> Bool?
  ) async -> (value: Double, baseline: Double?) {
    var samples: [Double] = []
    var baselineSamples: [Double] = []
    var hasBaseline = true
    var failed = false
    for index in 0...runs {
      let (elapsed, baselineElapsed) = await onThread {
        let clock = ContinuousClock()
        var ok = false
        let elapsed = clock.measure { ok = body(index) }
        var baselineOK: Bool?
        let baselineElapsed = clock.measure { baselineOK = baseline(index) }
        return (
          ok ? seconds(elapsed) : nil,
          baselineOK.map { $0 ? seconds(baselineElapsed) : .nan }
        )
      }
      guard index > 0 else { continue }
      if let elapsed { samples.append(elapsed) } else { failed = true }
      if let baselineElapsed {
        baselineSamples.append(baselineElapsed)
      } else {
        hasBaseline = false
      }
    }
    return (
      failed ? .nan : median(samples),
      hasBaseline ? median(baselineSamples) : nil
    )
  }

  private static func median(_ samples: [Double]) -> Double {
    samples.contains(where: \.isNaN) ? .nan : samples.sorted()[samples.count / 2]
  }

  /// Where tmux is installed, if it is: found on `PATH`, as `jq` and `python3` are.
  nonisolated static var tmuxPath: String? { EndToEnd.which("tmux") }

  /// From a command applied in the host to `wsctl watch` writing its line.
  private static func watchLatency(wsctl: String, session: WorkspaceSession, runs: Int) async
    -> Double?
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wsctl)
    process.arguments = ["-f", session.store.path, "watch"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return nil }
    defer { process.terminate() }
    let reader = LineTimes(output.fileHandleForReading)
    // Until the watcher is subscribed (it connects as it starts), changes go unseen.
    var subscribed = false
    for _ in 0..<500 where !subscribed {
      _ = try? session.workspace.apply(.focus(.next))
      try? await Task.sleep(for: .milliseconds(5))
      subscribed = reader.count > 0
    }
    guard subscribed else { return nil }
    try? await Task.sleep(for: .milliseconds(50))
    var samples: [Double] = []
    for _ in 0..<runs {
      let seen = reader.count
      let started = ContinuousClock.now
      _ = try? session.workspace.apply(.focus(.next))
      guard let arrived = await reader.waitForLine(after: seen) else { return nil }
      samples.append(seconds(arrived - started))
      try? await Task.sleep(for: .milliseconds(5))
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  nonisolated private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// When each line of a pipe arrived, read on a thread of its own.
private final class LineTimes: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [ContinuousClock.Instant] = []

  init(_ handle: FileHandle) {
    Thread { [self] in
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(handle.fileDescriptor, &buffer, buffer.count)
        if count <= 0 { break }
        let now = ContinuousClock.now
        let lines = buffer[0..<count].filter { $0 == 10 }.count
        lock.withLock { times += Array(repeating: now, count: lines) }
      }
    }.start()
  }

  var count: Int { lock.withLock { times.count } }

  /// Waits (up to a second) for line number `index`; when it arrived.
  func waitForLine(after index: Int) async -> ContinuousClock.Instant? {
    let deadline = ContinuousClock.now + .seconds(1)
    while ContinuousClock.now < deadline {
      if let time = lock.withLock({ times.count > index ? times[index] : nil }) { return time }
      try? await Task.sleep(for: .microseconds(200))
    }
    return nil
  }
}

/// Runs blocking work on a new thread and awaits its result, leaving the main actor and the
/// cooperative pool free.
func onThread<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: work()) }.start()
  }
}
