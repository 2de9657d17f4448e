import Foundation

/// Python's `json.loads` timed beside this package's restore, in turns: a python process kept
/// running with the file's bytes loaded times a round of parses when asked, and between its
/// rounds this process times a round of its own. The machine's load moves both sides of a
/// pair alike, where two runs minutes apart (as the rows once were) each caught a different
/// load: python's rate swung twofold between the rows of one run.
struct PythonParse {
  /// Median seconds of one restore and of one `json.loads` of the same bytes.
  struct Pair {
    var restore: Double
    var python: Double
  }

  private let process: Process
  private let requests: FileHandle
  private let replies: Int32

  /// Starts python3 with `bytes` written to a file in `directory`, or `nil` without python3.
  init?(bytes: [UInt8], directory: String) {
    let file = "\(directory)/python-\(bytes.count).json"
    guard FileManager.default.createFile(atPath: file, contents: Data(bytes)),
      let python = Self.pythonPath
    else { return nil }
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script, file]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    self.process = process
    requests = input.fileHandleForWriting
    replies = output.fileHandleForReading.fileDescriptor
  }

  /// Times `restore` and python's parse in `rounds` turns of `count` runs each (after one
  /// warm-up of `restore`), and gives the median of each side's round medians; `nil` if python
  /// stopped answering.
  func measure(rounds: Int, count: Int, restore: () -> Void) -> Pair? {
    restore()
    var ours: [Double] = []
    var theirs: [Double] = []
    for _ in 0..<rounds {
      ours.append(Probe.median(count, restore))
      requests.write(Data("\(count)\n".utf8))
      guard let line = readLine(), let seconds = Double(line) else { return nil }
      theirs.append(seconds)
    }
    return Pair(restore: Self.median(ours), python: Self.median(theirs))
  }

  /// Restore and python's parse of `bytes` in turns of about 20 ms of restores each (from
  /// `estimate`, the seconds of one restore), 15 turns, or 9 when one restore takes over
  /// 10 ms; `nil` without python3.
  ///
  /// Rounds of a fixed length, not of a fixed count: a round of a few restores of a small file
  /// lasted well under a millisecond, so one moment of the machine's load decided a row
  /// (the ratio of the 7.2 KB row swung from 1.05× to 3.36× between runs a minute apart).
  static func measure(bytes: [UInt8], directory: String, estimate: Double, restore: () -> Void)
    -> Pair?
  {
    guard let python = PythonParse(bytes: bytes, directory: directory) else { return nil }
    defer { python.stop() }
    let count = max(1, Int(0.02 / max(estimate, 1e-7)))
    return python.measure(rounds: estimate > 0.01 ? 9 : 15, count: count, restore: restore)
  }

  /// Ends the python process.
  func stop() {
    try? requests.close()
    process.waitUntilExit()
  }

  private func readLine() -> String? {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(replies, &byte, 1) == 1 {
      if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    return nil
  }

  private static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }

  private static var pythonPath: String? {
    ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: {
      FileManager.default.isExecutableFile(atPath: $0)
    }) ?? EndToEnd.which("python3")
  }
}
