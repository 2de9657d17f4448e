import Foundation

/// Runs a program to its end with arguments, standard input and an environment, in a
/// directory, and captures what it printed and how it ended.
///
///     let program = try BuiltProgram.require("wsctl")
///     let result = try await ProcessRunner(program, ["tree"], in: directory.path).run()
///     #expect(result.status == 0)
///
/// Standard output and standard error are captured in files, never pipes: a pipe's read can
/// be interrupted by the signals of other children, and a full pipe would stall the program.
/// A program still running after ``timeout`` is killed (`SIGKILL`); its result says so.
package struct ProcessRunner: Sendable {
  /// The program to run.
  package var program: URL
  /// The arguments after the program's name.
  package var arguments: [String]
  /// The working directory.
  package var directory: String
  /// The whole environment of the program.
  package var environment: [String: String]
  /// The program's standard input; `nil` for `/dev/null`.
  package var input: String?
  /// How long the program may run before it is killed.
  package var timeout: Duration

  /// - Parameters:
  ///   - environment: The program's whole environment; by default the test runner's.
  ///   - input: Standard input; `nil` for `/dev/null`.
  ///   - timeout: How long the program may run before it is killed.
  package init(
    _ program: URL, _ arguments: [String], in directory: String,
    environment: [String: String] = ProcessInfo.processInfo.environment, input: String? = nil,
    timeout: Duration = .seconds(300)
  ) {
    self.program = program
    self.arguments = arguments
    self.directory = directory
    self.environment = environment
    self.input = input
    self.timeout = timeout
  }

  /// Runs the program and waits for it without holding a thread (a host in the test process
  /// can answer it meanwhile).
  ///
  /// At most `RunGate.limit` programs run at once this way; a run past it waits (without a
  /// thread) for one to end, and its ``ProcessResult/duration`` leaves that wait out. Tests
  /// run in parallel, and each run holds descriptors open; with hundreds open, Foundation's
  /// `Process.run()`, which walks `/proc/self/fd`, can read past its buffer
  /// (swift-corelibs-foundation#5472) and crash the test process, as it did once the `wsctl`
  /// tests stopped holding a thread per run. A run must therefore never wait for another
  /// run to start (two such at once would wait for each other).
  package func run() async throws -> ProcessResult {
    await RunGate.shared.enter()
    defer { RunGate.shared.leave() }
    let capture = try Capture(input: input)
    let process = configured(capture)
    var launchError: (any Error)?
    var killer: Task<Bool, Never>?
    let timeout = timeout
    let clock = ContinuousClock()
    let start = clock.now
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
      process.terminationHandler = { _ in finished.resume() }
      do {
        try Launching.run(process)
      } catch {
        process.terminationHandler = nil
        launchError = error
        finished.resume()
        return
      }
      let pid = process.processIdentifier
      // True if it killed the program: the sleep ends early (cancelled) when it exits first.
      killer = Task {
        guard (try? await Task.sleep(for: timeout)) != nil else { return false }
        kill(pid, SIGKILL)
        return true
      }
    }
    if let launchError { throw launchError }
    let duration = start.duration(to: clock.now)
    killer?.cancel()
    let timedOut = await killer?.value ?? false
    return try result(of: process, capture, timedOut: timedOut, duration: duration)
  }

  private func configured(_ capture: Capture) -> Process {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    process.standardInput = capture.input
    process.standardOutput = capture.output
    process.standardError = capture.errors
    return process
  }

  private func result(
    of process: Process, _ capture: Capture, timedOut: Bool, duration: Duration
  ) throws -> ProcessResult {
    let signaled = process.terminationReason == .uncaughtSignal
    return ProcessResult(
      program: program.lastPathComponent, arguments: arguments,
      status: signaled ? 128 + process.terminationStatus : process.terminationStatus,
      signal: signaled ? process.terminationStatus : nil,
      stdout: try capture.text(capture.outputPath), stderr: try capture.text(capture.errorPath),
      timedOut: timedOut, duration: duration)
  }
}

/// A first-come, first-served count of the programs running at once through
/// `ProcessRunner.run() async`; a run waits for a free place without holding a thread.
private final class RunGate: @unchecked Sendable {
  static let shared = RunGate()
  /// How many programs run at once: one per processor, as many as ran at once when each run
  /// held a thread of the cooperative pool (so a run gets as much of the machine as then).
  static let limit = max(2, ProcessInfo.processInfo.activeProcessorCount)

  private let lock = NSLock()
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    await withCheckedContinuation { (entered: CheckedContinuation<Void, Never>) in
      lock.lock()
      if running < Self.limit {
        running += 1
        lock.unlock()
        entered.resume()
      } else {
        waiting.append(entered)
        lock.unlock()
      }
    }
  }

  /// Hands the place to the longest waiting run, or frees it.
  func leave() {
    lock.lock()
    if waiting.isEmpty {
      running -= 1
      lock.unlock()
    } else {
      let next = waiting.removeFirst()
      lock.unlock()
      next.resume()
    }
  }
}

/// The files a run's standard streams go to, in a directory of their own.
private final class Capture {
  let directory = TemporaryDirectory(prefix: "process-capture")
  let input: FileHandle
  let output: FileHandle
  let errors: FileHandle
  var outputPath: String { directory.file("stdout") }
  var errorPath: String { directory.file("stderr") }

  init(input text: String?) throws {
    for name in ["stdout", "stderr"] {
      _ = FileManager.default.createFile(atPath: directory.file(name), contents: nil)
    }
    if let text {
      _ = FileManager.default.createFile(atPath: directory.file("stdin"), contents: Data(text.utf8))
      input = try FileHandle(forReadingFrom: URL(fileURLWithPath: directory.file("stdin")))
    } else {
      input = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/dev/null"))
    }
    output = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file("stdout")))
    errors = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.file("stderr")))
  }

  deinit {
    try? input.close()
    try? output.close()
    try? errors.close()
  }

  func text(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }
}

/// What one run of a program printed and how it ended.
package struct ProcessResult: Sendable, CustomStringConvertible {
  /// The program's file name.
  package let program: String
  /// The arguments after the program's name.
  package let arguments: [String]
  /// The exit status; 128 + the signal for a program ended by a signal.
  package let status: Int32
  /// The signal that ended the program, if one did.
  package let signal: Int32?
  /// Standard output.
  package let stdout: String
  /// Standard error.
  package let stderr: String
  /// Whether the program was killed at the runner's timeout.
  package let timedOut: Bool
  /// How long the program ran, from its launch to its end (a wait for a place among the
  /// runs at once is not part of it).
  package let duration: Duration

  /// The lines of standard output, each ended by a newline (text after the last newline is
  /// not a line).
  package var stdoutLines: [String] { Self.lines(stdout) }

  /// The lines of standard error, each ended by a newline (text after the last newline is
  /// not a line).
  package var stderrLines: [String] { Self.lines(stderr) }

  package var description: String {
    "\(program) \(arguments.joined(separator: " ")) -> \(status)\(timedOut ? " (timed out)" : "")"
      + "\n--- stdout\n\(stdout)--- stderr\n\(stderr)"
  }

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }
}
