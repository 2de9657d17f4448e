import Foundation
import WorkspaceTestSupport

/// Runs a sample executable built next to the test runner, as a user would from a shell.
struct SampleProcess {
  /// What a run printed and how it ended.
  typealias Result = ProcessResult

  /// The directory of the running test binary, where SwiftPM puts the package's executables.
  static let binaryDirectory =
    BuiltProgram.runnerDirectory
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

  /// `Samples/Workspaces`, found from this file's path.
  static let workspacesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples/Workspaces")

  let name: String

  /// Runs the executable with arguments and optional standard input, in a directory (by
  /// default a fresh one).
  func run(
    _ arguments: [String], input: String? = nil, in directory: URL? = nil,
    environment: [String: String] = [:]
  ) async throws -> Result {
    let scratch = TemporaryDirectory(prefix: "samples-tests")
    return try await ProcessRunner(
      Self.binaryDirectory.appendingPathComponent(name), arguments,
      in: (directory ?? scratch.url).path,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
      input: input ?? ""
    ).run()
  }
}

extension ProcessResult {
  /// The output's lines; the last is the text after the last newline (empty when the output
  /// ends with one).
  var lines: [String] {
    stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
