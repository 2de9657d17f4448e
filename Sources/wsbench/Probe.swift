import Foundation
import WorkspaceJSON

/// Timing, memory and machine probes.
enum Probe {
  /// The median wall time of `body`, in seconds, over `count` runs after one warm-up.
  static func median(_ count: Int, _ body: () -> Void) -> Double {
    body()
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<count {
      let elapsed = clock.measure(body)
      samples.append(
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    samples.sort()
    return samples[samples.count / 2]
  }

  static func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "wsbench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// In a child process: reads and restores `path`, printing the growth of the peak resident
  /// size (KiB) it caused and the file size.
  static func restoreResidentSize(path: String) -> Int32 {
    let before = maximumResidentKiB()
    guard let bytes = FileManager.default.contents(atPath: path).map(Array.init) else { return 66 }
    let loaded = try? WorkspaceFile.decode(bytes)
    let after = maximumResidentKiB()
    print("\((after - before) * 1024) \(bytes.count) \(loaded?.state.nodeCount ?? 0)")
    return 0
  }

  private static func maximumResidentKiB() -> Int {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Int(usage.ru_maxrss)
  }

  /// The peak resident growth of restoring `path` in a fresh process, and the file's size.
  static func peakRestoreMemory(path: String) -> (Int, Int)? {
    let output = run(CommandLine.arguments[0], ["--restore-rss", path])
    let parts = output?.split(separator: " ").compactMap { Int($0) } ?? []
    guard parts.count == 3 else { return nil }
    return (parts[0], parts[1])
  }

  /// Seconds python's `json.loads` takes on the bytes (median of five), if python3 exists.
  static func pythonParseSeconds(bytes: [UInt8], directory: String) -> Double? {
    let file = "\(directory)/python.json"
    FileManager.default.createFile(atPath: file, contents: Data(bytes))
    let script = """
      import json, time, statistics
      data = open('\(file)', 'rb').read()
      samples = []
      for _ in range(5):
          start = time.perf_counter(); json.loads(data); samples.append(time.perf_counter() - start)
      print(statistics.median(samples))
      """
    guard let output = run("/usr/bin/env", ["python3", "-c", script]) else { return nil }
    return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// Runs a program and returns its standard output, or `nil` if it could not run or failed.
  static func run(_ program: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  /// A one-line description of the machine and toolchain.
  static func machine() -> String {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let memory = ProcessInfo.processInfo.physicalMemory >> 30
    let cpu =
      (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
      .split(separator: "\n").first { $0.hasPrefix("model name") }?
      .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    #if swift(>=6.3)
      let swift = "Swift 6.3"
    #else
      let swift = "Swift 6"
    #endif
    return "\(cores) cores, \(memory) GiB, \(cpu); \(swift), release build"
  }
}
