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
  struct Row {
    let subject: String
    let measure: String
    let value: Double
    let baseline: Double?
    let baselineName: String?
    let ratioLabel: String?
  }

  /// Adds the rows to the table, in its `live` section.
  static func add(_ rows: [Row], to table: inout Table) {
    for row in rows {
      table.add(
        "live", row.subject, row.measure, row.value, "ms", baseline: row.baseline,
        row.baselineName, ratioLabel: row.ratioLabel)
    }
  }

  static func measure(directory: String, runs: Int) async -> [Row] {
    let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let wsctl = bin.appendingPathComponent("wsctl").path
    guard FileManager.default.isExecutableFile(atPath: wsctl) else {
      return [
        Row(
          subject: "skipped: build wsctl first (swift build -c release --product wsctl)",
          measure: "", value: 0, baseline: nil, baselineName: nil, ratioLabel: nil)
      ]
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
    try? WorkspaceStore(path: fileMode).save(.example)
    let fileTime = await median(runs) { index in
      EndToEnd.launch(wsctl, ["-q", "-f", fileMode, "focus", "\(index % 2 + 1)"])
    }
    let tmuxTime = await tmuxSelectPane(runs: runs)
    var rows: [Row] = []
    rows.append(
      Row(
        subject: "wsctl focus N to a live host", measure: "median round trip (whole process)",
        value: hostTime * 1000, baseline: tmuxTime.map { $0 * 1000 },
        baselineName: tmuxTime == nil ? "tmux not installed" : "tmux select-pane",
        ratioLabel: tmuxTime == nil ? nil : "wsctl/tmux"))
    rows.append(
      Row(
        subject: "wsctl routes to a live host (no save)",
        measure: "median round trip (whole process)", value: inspectionTime * 1000,
        baseline: tmuxTime.map { $0 * 1000 },
        baselineName: tmuxTime == nil ? "tmux not installed" : "tmux select-pane",
        ratioLabel: tmuxTime == nil ? nil : "wsctl/tmux"))
    rows.append(
      Row(
        subject: "wsctl focus N in file mode", measure: "median round trip (whole process)",
        value: fileTime * 1000, baseline: hostTime * 1000, baselineName: "to the live host",
        ratioLabel: "file/host"))
    rows.append(
      Row(
        subject: "wsctl --version", measure: "median start-up (whole process)",
        value: await median(runs) { _ in EndToEnd.launch(wsctl, ["--version"]) } * 1000,
        baseline: await median(runs) { _ in EndToEnd.launch("/bin/true", []) } * 1000,
        baselineName: "no-op process", ratioLabel: "over a no-op"))
    if let watch = await watchLatency(wsctl: wsctl, session: session, runs: runs) {
      rows.append(
        Row(
          subject: "wsctl watch", measure: "change in the host to the line on stdout",
          value: watch * 1000, baseline: nil, baselineName: nil, ratioLabel: nil))
    }
    return rows
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

  /// `tmux select-pane` between two panes of a running server, or `nil` without tmux.
  private static func tmuxSelectPane(runs: Int) async -> Double? {
    guard
      let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    let socket = "wsbench-\(ProcessInfo.processInfo.processIdentifier)"
    let server = ["-L", socket, "-f", "/dev/null"]
    guard EndToEnd.launch(tmux, server + ["new-session", "-d", "-x", "80", "-y", "24"]),
      EndToEnd.launch(tmux, server + ["split-window", "-h"])
    else { return nil }
    defer { _ = EndToEnd.launch(tmux, server + ["kill-server"]) }
    return await median(runs) { index in
      EndToEnd.launch(tmux, server + ["select-pane", "-t", ":.\(index % 2)"])
    }
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
      try? session.workspace.apply(.focus(.next))
      try? await Task.sleep(for: .milliseconds(5))
      subscribed = reader.count > 0
    }
    guard subscribed else { return nil }
    try? await Task.sleep(for: .milliseconds(50))
    var samples: [Double] = []
    for _ in 0..<runs {
      let seen = reader.count
      let started = ContinuousClock.now
      try? session.workspace.apply(.focus(.next))
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
