import Foundation
import WorkspaceJSON

/// Python's `json.loads` timed beside this package's restore, in turns, each in a process of
/// its own that holds the file's bytes and nothing else: asked for a round, a process times
/// that many runs one by one and answers with their median, and the two take their rounds
/// alternately, so the machine's load moves both sides of a pair alike. Both processes run on
/// the same processor (with `taskset`, where it is installed), and the ratio is the median of
/// the pairs' ratios, each round of ours against python's round right after it.
///
/// The shared machine runs a process at one of two speeds, ~1.8× apart, and switches between
/// them every second or so, for both sides alike: with each side's median taken apart, a row
/// whose python process spent more of its rounds at the slow speed than ours (or the other
/// way round) read 1.23× or 2.28× at 69 KB, minutes apart; a pair's two rounds, 20 ms apart on
/// one processor, nearly always share the speed (pairs' medians 1.91–2.10× in the same runs).
///
/// Both sides in fresh processes: the restore once ran inside this program, after every row
/// before it had grown and scattered its heap, and its rate there swung up to 1.7× between
/// runs where python's, in its own process, held.
struct PythonParse {
  /// Median seconds of one restore and of one `json.loads` of the same bytes, and the median
  /// of the rounds' ratios (python's over ours, round by round).
  struct Pair {
    var restore: Double
    var python: Double
    var ratio: Double
  }

  /// A process answering rounds of timed runs.
  private struct Rounds {
    let process: Process
    let requests: FileHandle
    let replies: Int32

    /// Starts `executable` with `arguments`, on `processor` where one is given and `taskset`
    /// is installed, or `nil` if it cannot start.
    init?(_ executable: String, _ arguments: [String], processor: Int?) {
      let (process, input, output) =
        if let taskset, let processor {
          Probe.piped(taskset, ["-c", "\(processor)", executable] + arguments)
        } else {
          Probe.piped(executable, arguments)
        }
      guard (try? process.run()) != nil else { return nil }
      self.process = process
      requests = input.fileHandleForWriting
      replies = output.fileHandleForReading.fileDescriptor
    }

    /// The median seconds of `count` runs, or `nil` if the process stopped answering.
    func round(_ count: Int) -> Double? {
      requests.write(Data("\(count)\n".utf8))
      var line: [UInt8] = []
      var byte: UInt8 = 0
      while read(replies, &byte, 1) == 1 {
        if byte == UInt8(ascii: "\n") { return Double(String(decoding: line, as: UTF8.self)) }
        line.append(byte)
      }
      return nil
    }

    /// Ends the process.
    func stop() {
      try? requests.close()
      process.waitUntilExit()
    }
  }

  /// Restore and python's parse of `bytes` in turns of about 20 ms of runs each (from
  /// `estimate`, the seconds of one restore), 15 turns, or 9 when one restore takes over
  /// 10 ms; `nil` without python3 or without this program's path.
  ///
  /// Rounds of a fixed length, not of a fixed count: a round of a few restores of a small file
  /// lasted well under a millisecond, so one moment of the machine's load decided a row
  /// (the ratio of the 7.2 KB row swung from 1.05× to 3.36× between runs a minute apart).
  static func measure(bytes: [UInt8], directory: String, estimate: Double) -> Pair? {
    let file = "\(directory)/python-\(bytes.count).json"
    // The last processor this program may use (not the count's last number: a process kept to
    // processors 2 and 3 counts two): it waits for the two processes' answers, and a tmux
    // server of the live rows runs wherever the system puts it.
    let processor = Probe.lastAllowedProcessor()
    guard FileManager.default.createFile(atPath: file, contents: Data(bytes)),
      let python = pythonPath,
      let restore = Rounds(CommandLine.arguments[0], ["--rounds", file], processor: processor)
    else { return nil }
    defer { restore.stop() }
    // One warm-up parse, then for each line read (a count): that many parses, timed one by
    // one, answered with their median.
    let script = """
      import json, sys, time, statistics
      data = open(sys.argv[1], 'rb').read()
      json.loads(data)
      for line in sys.stdin:
          samples = []
          for _ in range(int(line)):
              start = time.perf_counter(); json.loads(data)
              samples.append(time.perf_counter() - start)
          sys.stdout.write(repr(statistics.median(samples)) + '\\n'); sys.stdout.flush()
      """
    guard let parse = Rounds(python, ["-c", script, file], processor: processor) else {
      return nil
    }
    defer { parse.stop() }
    let count = max(1, Int(0.02 / max(estimate, 1e-7)))
    var ours: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<(estimate > 0.01 ? 9 : 15) {
      guard let restored = restore.round(count), let parsed = parse.round(count) else {
        return nil
      }
      ours.append(restored)
      theirs.append(parsed)
    }
    let ratios = zip(theirs, ours).map { $0 / $1 }
    return Pair(restore: median(ours), python: median(theirs), ratio: median(ratios))
  }

  /// `wsbench --rounds FILE`: this package's side of ``measure(bytes:directory:estimate:)``,
  /// as python's script is the other: one warm-up restore of the file, then for each line of
  /// standard input (a count) that many restores, timed one by one, answered with their
  /// median in seconds. Returns the exit code.
  static func answerRounds(path: String) -> Int32 {
    guard let bytes = FileManager.default.contents(atPath: path).map(Array.init),
      (try? WorkspaceFile.decode(bytes)) != nil
    else { return 64 }
    while let line = readLine(), let count = Int(line), count > 0 {
      let seconds = Probe.median(count) { _ = try! WorkspaceFile.decode(bytes) }
      FileHandle.standardOutput.write(Data("\(seconds)\n".utf8))
    }
    return 0
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  /// `taskset`, which starts a program on the processors it is given, if it is installed.
  private static let taskset = ["/usr/bin/taskset", "/bin/taskset"].first(where: {
    FileManager.default.isExecutableFile(atPath: $0)
  })

  private static var pythonPath: String? {
    ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
      FileManager.default.isExecutableFile(atPath: $0)
    }) ?? EndToEnd.which("python3")
  }
}
