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
  /// Measures the rows of the table's `live` section.
  static func measure(directory: String, runs: Int) async -> [Table.Row] {
    guard let wsctl = EndToEnd.wsctl else {
      return [row(EndToEnd.missingWsctl, "", 0, baseline: nil, nil)]
    }
    let hosted = "\(directory)/live.json"
    let session = WorkspaceSession(path: hosted, default: .example)
    defer { session.close() }
    try? await session.flush()
    // Alternating panes, so that every call changes the focus and saves.
    let hostTime = await median(runs) { index in
      EndToEnd.launch(wsctl, ["-q", "-f", hosted, "focus", "\(index % 2 + 1)"])
    }
    // An inspection: the protocol's own cost, without the durable save an edit waits for.
    let inspectionTime = await median(runs) { _ in
      EndToEnd.launch(wsctl, ["-q", "-f", hosted, "routes"])
    }
    let fileMode = "\(directory)/file-mode.json"
    _ = try? WorkspaceStore(path: fileMode).save(.example)
    let fileTime = await median(runs) { index in
      EndToEnd.launch(wsctl, ["-q", "-f", fileMode, "focus", "\(index % 2 + 1)"])
    }
    let tmuxTimes = await tmuxCalls(runs: runs)
    let tmuxRatio = tmuxTimes == nil ? nil : "wsctl/tmux"
    var rows = [
      row(
        "wsctl focus N to a live host", "median round trip (whole process)", hostTime,
        baseline: tmuxTimes?.write,
        tmuxTimes == nil ? "skipped: tmux not installed" : "tmux select-pane",
        ratioLabel: tmuxRatio),
      row(
        "wsctl routes to a live host (no save)", "median round trip (whole process)",
        inspectionTime, baseline: tmuxTimes?.read,
        tmuxTimes == nil ? "skipped: tmux not installed" : "tmux display-message -p",
        ratioLabel: tmuxRatio),
      row(
        "wsctl focus N in file mode", "median round trip (whole process)", fileTime,
        baseline: hostTime, "to the live host", ratioLabel: "file/host"),
      row(
        "wsctl --version", "median start-up (whole process)",
        await median(runs) { _ in EndToEnd.launch(wsctl, ["--version"]) },
        baseline: await median(runs) { _ in EndToEnd.launch("/bin/true", []) }, "no-op process",
        ratioLabel: "over a no-op"),
    ]
    // A script through one connection: each edit answered once durable.
    let controlRate = await ControlBench.wsctl(wsctl, file: hosted)
    let tmuxRate = await ControlBench.tmux()
    rows.append(
      Table.Row(
        section: "live",
        subject: "wsctl control: \(ControlBench.count) focus N, one connection",
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

  /// A row of the `live` section, from times in seconds.
  private static func row(
    _ subject: String, _ measure: String, _ seconds: Double, baseline: Double?,
    _ baselineName: String?, ratioLabel: String? = nil
  ) -> Table.Row {
    Table.Row(
      section: "live", subject: subject, measure: measure, value: seconds * 1000, unit: "ms",
      baseline: baseline.map { $0 * 1000 }, baselineName: baselineName, ratioLabel: ratioLabel)
  }

  /// The median of `runs` timed calls (after one warm-up), each on a thread of its own.
  private static func median(_ runs: Int, _ body: @escaping @Sendable (Int) -> Bool) async
    -> Double
  {
    var samples: [Double] = []
    for index in 0...runs {
      let elapsed = await onThread {
        let clock = ContinuousClock()
        var ok = false
        let elapsed = clock.measure { ok = body(index) }
        return ok ? elapsed : nil
      }
      guard let elapsed else { return .nan }
      if index > 0 { samples.append(seconds(elapsed)) }
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  /// Where tmux is installed, if it is.
  nonisolated static var tmuxPath: String? {
    ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
      .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
  }

  /// `tmux select-pane` between two panes of a running server, and `tmux display-message
  /// -p` (a read) on it, or `nil` without tmux.
  private static func tmuxCalls(runs: Int) async -> (write: Double, read: Double)? {
    guard let tmux = tmuxPath else { return nil }
    let socket = "wsbench-\(ProcessInfo.processInfo.processIdentifier)"
    let server = ["-L", socket, "-f", "/dev/null"]
    guard EndToEnd.launch(tmux, server + ["new-session", "-d", "-x", "80", "-y", "24"]),
      EndToEnd.launch(tmux, server + ["split-window", "-h"])
    else { return nil }
    defer { _ = EndToEnd.launch(tmux, server + ["kill-server"]) }
    let write = await median(runs) { index in
      EndToEnd.launch(tmux, server + ["select-pane", "-t", ":.\(index % 2)"])
    }
    let read = await median(runs) { _ in
      EndToEnd.launch(tmux, server + ["display-message", "-p", "#{pane_id}"])
    }
    return (write, read)
  }

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

  private static func seconds(_ duration: Duration) -> Double {
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
