import Foundation
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

/// The built `MailHost` running on a file in a process of its own, reading commands from a
/// pipe: a live host as a user starts one, for tests of what another process sees.
final class HostProcess: @unchecked Sendable {
  let process = Process()
  private let input = Launching.pipe()
  let outputPath: String
  let errorPath: String

  /// Starts the host on `file`.
  ///
  /// - Parameters:
  ///   - file: The workspace file.
  ///   - environment: Variables to set or replace (`XDG_RUNTIME_DIR`).
  ///   - descriptorLimit: The host's `ulimit -n`, if it is to have a small one.
  init(file: String, environment: [String: String] = [:], descriptorLimit: Int? = nil) throws {
    let mailHost = try BuiltProgram.require("MailHost")
    outputPath = file + ".host-\(UUID().uuidString).out"
    errorPath = outputPath.replacingOccurrences(of: ".out", with: ".err")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    if let descriptorLimit {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = [
        "-c", "ulimit -n \(descriptorLimit) && exec \"$0\" -f \"$1\"", mailHost.path, file,
      ]
    } else {
      process.executableURL = mailHost
      process.arguments = ["-f", file]
    }
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = input
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    try Launching.run(process)
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    try? FileManager.default.removeItem(atPath: outputPath)
    try? FileManager.default.removeItem(atPath: errorPath)
  }

  var pid: Int32 { process.processIdentifier }
  var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
  var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

  /// Waits until the host has opened its session (its first line is out), at most `seconds`.
  func started(within seconds: Double = 30) async -> Bool {
    await eventually(within: seconds) {
      self.output.hasPrefix("MailHost: ") || !self.process.isRunning
    }
      && process.isRunning
  }

  /// How many descriptors the host has open (Linux: `/proc/PID/fd`).
  var descriptorCount: Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
  }

  /// What the host's descriptors are open on (Linux: `/proc/PID/fd`), for messages.
  var descriptorTargets: [String] {
    let directory = "/proc/\(pid)/fd"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.compactMap {
      try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)
    }.sorted()
  }

  /// How many sockets the host has open: its listening socket and one per client (the
  /// runtime's own descriptors, made as it needs them, are not counted).
  var socketCount: Int {
    descriptorTargets.filter { $0.hasPrefix("socket:") }.count
  }

  /// The processor time the host has used, in seconds (Linux: `/proc/PID/stat`).
  var processorSeconds: Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return -1 }
    // After the command's closing parenthesis: state (field 3) … utime (14), stime (15).
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else {
      return -1
    }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// Ends the host as at the end of its input (it saves and closes its session), or kills it
  /// after `seconds`; its exit status.
  @discardableResult
  func stop(within seconds: Double = 30) async -> Int32 {
    try? input.fileHandleForWriting.close()
    if await !eventually(within: seconds, { !self.process.isRunning }) {
      kill(pid, SIGKILL)
      _ = await process.exited(within: 30)
    }
    return process.terminationStatus
  }

  /// Sends a signal and waits for the host to exit, at most `seconds`; its exit status, or
  /// `nil` if it did not exit.
  func signal(_ number: Int32, exitWithin seconds: Double = 30) async -> Int32? {
    kill(pid, number)
    guard await eventually(within: seconds, { !self.process.isRunning }) else { return nil }
    return process.terminationStatus
  }
}

/// Runs the built `wsctl` as ``wsctl(_:in:environment:timeout:)`` does, but kills it if it has
/// not finished after `seconds` (its exit code is then -9): a test of a wait that must have a
/// deadline must not hang itself. Also returns how long it ran.
func wsctl(
  _ arguments: [String], in directory: String, environment: [String: String] = [:],
  killedAfter seconds: Double
) async throws -> (run: WsctlRun, seconds: Double) {
  let started = ContinuousClock.now
  let run = try await wsctl(
    arguments, in: directory, environment: environment, timeout: .seconds(seconds))
  let elapsed = ContinuousClock.now - started
  return (run, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}
