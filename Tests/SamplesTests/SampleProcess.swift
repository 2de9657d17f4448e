import Foundation
import WorkspaceSystem

/// Runs a sample executable built next to the test runner, as a user would from a shell.
struct SampleProcess {
  /// What a run printed and how it ended.
  struct Result {
    let status: Int32
    let output: String
    let errorOutput: String

    /// The output's lines.
    var lines: [String] {
      output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// The directory of the running test binary, where SwiftPM puts the package's executables.
  static let binaryDirectory: URL = {
    if let path = Platform.executablePath() {
      return URL(fileURLWithPath: path).deletingLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }()

  /// `Samples/Workspaces`, found from this file's path.
  static let workspacesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Samples/Workspaces")

  let name: String

  /// Runs the executable with arguments and optional standard input, in a directory.
  func run(
    _ arguments: [String], input: String? = nil, in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    let executable = Self.binaryDirectory.appendingPathComponent(name)
    let scratch = try TemporaryDirectory()
    let outputURL = scratch.url.appendingPathComponent("stdout")
    let errorURL = scratch.url.appendingPathComponent("stderr")
    let inputURL = scratch.url.appendingPathComponent("stdin")
    for url in [outputURL, errorURL] {
      _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    }
    _ = FileManager.default.createFile(atPath: inputURL.path, contents: Data((input ?? "").utf8))
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? scratch.url
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = try FileHandle(forReadingFrom: inputURL)
    process.standardOutput = try FileHandle(forWritingTo: outputURL)
    process.standardError = try FileHandle(forWritingTo: errorURL)
    try process.run()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: try String(contentsOf: outputURL, encoding: .utf8),
      errorOutput: try String(contentsOf: errorURL, encoding: .utf8))
  }
}

/// A directory removed when the value is released.
final class TemporaryDirectory: Sendable {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("samples-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A path inside the directory.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
