import Foundation

/// Scripts pushed through one connection: `wsctl control` to a live host (every edit
/// answered once durable) beside `tmux -C` (tmux's control mode) doing the same count of
/// `select-pane` to a server of its own, in turns.
enum ControlBench {
  /// How many commands each run pushes.
  static let count = 10_000

  /// Commands per second through `wsctl -f FILE control`, alternating `focus 1` and `focus
  /// 2` so that every line changes the focus and saves; `nil` if a reply was not a success.
  static func wsctl(_ wsctl: String, file: String, count: Int = count) async -> Double? {
    let script = (0..<count).map { "focus \($0 % 2 + 1)\n" }.joined()
    return await onThread {
      rate(wsctl, ["-q", "-f", file, "control"], script: script, count: count) { line in
        line.hasPrefix("{\"line\":") && line.contains("\"exit\":0,")
      }
    }
  }

  /// Commands per second through `tmux -C` attached to a server with two panes, alternating
  /// `select-pane` between them.
  static func tmux(_ tmux: TmuxServer, count: Int = count) async -> Double? {
    let script = (0..<count).map { "select-pane -t :.\($0 % 2)\n" }.joined()
    // One `%end` per command, and one for the attach itself.
    return await onThread {
      rate(
        tmux.program, tmux.server + ["-C", "attach-session", "-t", "0"], script: script,
        count: count + 1
      ) {
        $0.hasPrefix("%end ")
      }
    }
  }

  /// The median rates of `rounds` runs of each, wsctl's and tmux's in turns (tmux's `nil`
  /// without a server); wsctl's `nil` if a run failed.
  static func measure(wsctl: String, file: String, tmux: TmuxServer?, rounds: Int = 3) async
    -> (wsctl: Double?, tmux: Double?)
  {
    var rates: [Double] = []
    var tmuxRates: [Double] = []
    for _ in 0..<rounds {
      guard let rate = await Self.wsctl(wsctl, file: file) else { return (nil, nil) }
      rates.append(rate)
      if let tmux, let rate = await Self.tmux(tmux) { tmuxRates.append(rate) }
    }
    return (
      rates.sorted()[rounds / 2],
      tmuxRates.count == rounds ? tmuxRates.sorted()[rounds / 2] : nil
    )
  }

  /// Runs a program with a script on standard input (written on a thread of its own, so that
  /// the program may answer while it is sent) and times it until `count` lines of its
  /// standard output satisfy `isDone` (the start of the program included).
  private static func rate(
    _ program: String, _ arguments: [String], script: String, count: Int,
    isDone: (Substring) -> Bool
  ) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let clock = ContinuousClock()
    let started = clock.now
    guard (try? process.run()) != nil else { return nil }
    defer {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    let bytes = Data(script.utf8)
    Thread {
      input.fileHandleForWriting.write(bytes)
      try? input.fileHandleForWriting.close()
    }.start()
    var done = 0
    var pending = ""
    let reader = output.fileHandleForReading
    while done < count {
      let data = reader.availableData
      if data.isEmpty { return nil }
      pending += String(decoding: data, as: UTF8.self)
      var lines = pending.split(separator: "\n", omittingEmptySubsequences: false)
      pending = String(lines.removeLast())
      for line in lines {
        if isDone(line) {
          done += 1
        } else if line.hasPrefix("{") {
          return nil  // a reply of wsctl that is not a success
        }
      }
    }
    let elapsed = clock.now - started
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(count) / seconds
  }
}
