import Foundation
import PaneRouter
import Workspace
import WorkspaceJSON
import WorkspaceSystem

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

  /// A process for `program` with `arguments`, with pipes for its standard input and
  /// output and its standard error discarded; not started.
  static func piped(_ program: String, _ arguments: [String]) -> (
    process: Process, input: Pipe, output: Pipe
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    return (process, input, output)
  }

  static func temporaryDirectory() -> String {
    let path = NSTemporaryDirectory() + "wsbench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// In a child process: restores `path` as a host does at launch (``WorkspaceStore/load``:
  /// the file read into one buffer of its size, then decoded), printing the growth of the
  /// peak resident size (bytes) it caused, the file size and the node count.
  static func restoreResidentSize(path: String) -> Int32 {
    guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
    else { return 66 }
    let before = maximumResidentKiB()
    let empty = WorkspaceState(.pane("", untyped: RouteToken(name: "empty")))
    let loaded = try? WorkspaceStore(path: path).load(default: empty)
    let after = maximumResidentKiB()
    print("\((after - before) * 1024) \(size) \(loaded?.state.nodeCount ?? 0)")
    return 0
  }

  /// The peak resident size of this process's memory, in KiB: `VmHWM` of /proc/self/status
  /// (`getrusage` is no good here: Linux carries its high-water mark over from the parent
  /// across `posix_spawn`).
  private static func maximumResidentKiB() -> Int {
    let line = statusLine("VmHWM:") ?? ""
    return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) } ?? 0
  }

  /// The last processor this process may run on: the highest of `Cpus_allowed_list` in
  /// /proc/self/status (`0-1`, `2,5-7`); `nil` where that is not known.
  static func lastAllowedProcessor() -> Int? {
    statusLine("Cpus_allowed_list:")?.split(whereSeparator: { !$0.isNumber }).last
      .flatMap { Int($0) }
  }

  /// The line of /proc/self/status that starts with `key`, or `nil`.
  private static func statusLine(_ key: String) -> Substring? {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    return status.split(separator: "\n").first { $0.hasPrefix(key) }
  }

  /// The peak resident growth of restoring `path` in a fresh process, and the file's size.
  static func peakRestoreMemory(path: String) -> (Int, Int, Int)? {
    let output = run(
      ProcessInfo.processInfo.arguments[0].hasPrefix("/")
        ? CommandLine.arguments[0]
        : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0],
      ["--restore-rss", path])
    let parts = output?.split(whereSeparator: \.isWhitespace).compactMap { Int($0) } ?? []
    guard parts.count == 3 else { return nil }
    return (parts[0], parts[1], parts[2])
  }

  /// Writes `bytes` as a save writes a file, with nothing else: a new file beside `path`,
  /// written and flushed (as a save flushes, `F_FULLFSYNC` on Darwin), renamed over `path`,
  /// then the directory flushed.
  static func writeAtomically(_ bytes: [UInt8], to path: String) {
    let temporary = path + ".tmp"
    let file = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    precondition(file >= 0, "cannot create \(temporary)")
    bytes.withUnsafeBytes { buffer in
      var written = 0
      while written < buffer.count {
        let result = write(file, buffer.baseAddress! + written, buffer.count - written)
        precondition(result > 0, "cannot write \(temporary)")
        written += result
      }
    }
    _ = Platform.synchronize(file)
    close(file)
    rename(temporary, path)
    let directory = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_CLOEXEC)
    _ = Platform.synchronize(directory)
    close(directory)
  }

  /// Runs a program and returns its standard output, or `nil` if it could not run or failed.
  static func run(_ program: String, _ arguments: [String]) -> String? {
    let output = temporaryDirectory() + "/run-\(UInt32.random(in: 0...UInt32.max)).out"
    defer { try? FileManager.default.removeItem(atPath: output) }
    guard EndToEnd.launch(program, arguments, output: output) else { return nil }
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? nil
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
