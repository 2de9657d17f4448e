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
        line.starts(with: replyStart) && contains(line, success)
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
        $0.starts(with: commandEnd)
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

  /// How a reply line of `wsctl control` starts, what a success holds, and how tmux ends a
  /// command's output in control mode.
  private static let replyStart = Array("{\"line\":".utf8)
  private static let success = Array(",\"exit\":0,".utf8)
  private static let commandEnd = Array("%end ".utf8)

  /// Whether `line` holds `part`.
  private static func contains(_ line: ArraySlice<UInt8>, _ part: [UInt8]) -> Bool {
    guard line.count >= part.count else { return false }
    var index = line.startIndex
    while index <= line.endIndex - part.count {
      if line[index..<index + part.count].elementsEqual(part) { return true }
      index += 1
    }
    return false
  }

  /// Runs a program with a script on standard input (written on a thread of its own, so that
  /// the program may answer while it is sent) and times it until `count` lines of its
  /// standard output satisfy `isDone` (the start of the program included).
  ///
  /// The output is read as bytes, a line at a time, with the same cost for both programs'
  /// lines: the reader shares the machine's two cores with what it measures.
  private static func rate(
    _ program: String, _ arguments: [String], script: String, count: Int,
    isDone: (ArraySlice<UInt8>) -> Bool
  ) -> Double? {
    let (process, input, output) = Probe.piped(program, arguments)
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
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    let descriptor = output.fileHandleForReading.fileDescriptor
    while done < count {
      let read = chunk.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if read < 0, errno == EINTR { continue }
      if read <= 0 { return nil }
      pending += chunk[0..<read]
      var start = 0
      while let end = pending[start...].firstIndex(of: 10) {
        let line = pending[start..<end]
        start = end + 1
        if isDone(line) {
          done += 1
        } else if line.first == UInt8(ascii: "{") {
          return nil  // a reply of wsctl that is not a success
        }
      }
      pending.removeFirst(start)
    }
    let elapsed = clock.now - started
    let seconds =
      Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    return Double(count) / seconds
  }
}
