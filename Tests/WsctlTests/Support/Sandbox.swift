import Foundation
import Testing
import WorkspaceTestSupport

/// A fresh temporary directory for one test, the working directory of every `wsctl` run in
/// it; removed when the sandbox goes away.
///
///     let sandbox = try Sandbox()
///     let result = try await sandbox.run("focus", "2", "push", "detail:7")
///     #expect(result.status == 0)
///
/// Each run gets a clean environment: `NO_COLOR=1`, `TERM=dumb`, `COLUMNS=80`, `LINES=25`,
/// no `WSCTL_FILE` (unless a test passes one), standard input from `/dev/null`.
final class Sandbox: Sendable {
  private let temporary = TemporaryDirectory(prefix: "wsctl-tests")
  /// The working directory of every run.
  let directory: URL

  /// The sandbox's own directory; holds `work`, and files of a test beside it.
  var root: URL { temporary.url }

  init() throws {
    directory = temporary.url.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The environment every run starts from.
  static let baseEnvironment = [
    "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "80", "LINES": "25", "PATH": "/usr/bin:/bin",
  ]

  // MARK: Running

  /// Runs `wsctl` with arguments, in ``directory``.
  ///
  /// - Parameter environment: Variables added to (or, as `nil`, removed from)
  ///   ``baseEnvironment``.
  func run(_ arguments: String..., environment: [String: String?] = [:]) async throws -> RunResult {
    try await run(arguments, environment: environment)
  }

  /// Runs `wsctl` with arguments, in ``directory``.
  func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> RunResult {
    try await run(program: try BuiltProgram.require("wsctl"), arguments, environment: environment)
  }

  /// Runs a program (`wsctl`, or a shell to try a completion script) in ``directory``, with
  /// ``baseEnvironment`` changed by `environment`.
  func run(
    program: URL, _ arguments: [String], environment: [String: String?] = [:]
  ) async throws -> RunResult {
    var variables = Self.baseEnvironment
    for (name, value) in environment {
      variables[name] = value
    }
    return try await ProcessRunner(
      program, arguments, in: directory.path, environment: variables
    ).run()
  }

  /// Runs `wsctl` and expects success: exit 0 and nothing on standard error.
  @discardableResult
  func succeed(
    _ arguments: String..., environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> RunResult {
    try await succeed(arguments, environment: environment, sourceLocation: sourceLocation)
  }

  /// Runs `wsctl` and expects success: exit 0 and nothing on standard error.
  @discardableResult
  func succeed(
    _ arguments: [String], environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> RunResult {
    let result = try await run(arguments, environment: environment)
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == "", "\(result)", sourceLocation: sourceLocation)
    return result
  }

  /// Runs `wsctl` and expects a failure: the exit code, one line on standard error, nothing
  /// on standard output.
  ///
  /// - Returns: The line on standard error.
  @discardableResult
  func fail(
    _ arguments: String..., status: Int32, environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await fail(
      arguments, status: status, environment: environment, sourceLocation: sourceLocation)
  }

  /// Runs `wsctl` and expects a failure: the exit code, one line on standard error, nothing
  /// on standard output.
  @discardableResult
  func fail(
    _ arguments: [String], status: Int32, environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await failing(
      arguments, status: status, environment: environment, sourceLocation: sourceLocation
    ).stderrLines.first ?? ""
  }

  /// Runs `wsctl` and expects a failure as `fail`
  /// does, and returns the whole run (its ``ProcessResult/duration`` for one).
  @discardableResult
  func failing(
    _ arguments: [String], status: Int32, environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> RunResult {
    let result = try await run(arguments, environment: environment)
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "\(result)", sourceLocation: sourceLocation)
    return result
  }

  // MARK: Files

  /// The absolute path of a file in ``directory``.
  func path(_ name: String) -> String {
    directory.appendingPathComponent(name).path
  }

  /// Whether a file exists in ``directory``.
  func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: path(name))
  }

  /// A file's bytes, or `nil` if it does not exist.
  func bytes(_ name: String) -> Data? {
    FileManager.default.contents(atPath: path(name))
  }

  /// A file's text, or `nil` if it does not exist.
  func text(_ name: String) -> String? {
    bytes(name).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Writes a file, creating its directory.
  func write(_ text: String, to name: String) throws {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// The names in ``directory``, sorted.
  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }
}

extension Sandbox {
  /// Runs commands followed by `tree`, expects success, and returns the printed tree.
  func tree(
    after arguments: String..., sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    let result = try await run(arguments + ["tree"])
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    #expect(result.stderr == "", "\(result)", sourceLocation: sourceLocation)
    return result.stdout
  }
}
