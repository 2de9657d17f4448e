import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession

/// What one run of `wsctl` printed and its exit code.
struct WsctlRun: Equatable, Sendable {
  var output: String
  var errors: String
  var exitCode: Int32
}

/// Runs the built `wsctl` in a directory, with the arguments as given, and waits for it
/// without holding a thread (a live host in this process answers it meanwhile, and its saves
/// need the cooperative pool). A `wsctl` ended by a signal exits with minus its number.
func wsctl(
  _ arguments: [String], in directory: String, environment extra: [String: String] = [:],
  started: @escaping @Sendable (Int32) -> Void = { _ in }
) async throws -> WsctlRun {
  let binary = try wsctlBinary()
  return try await {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ProcessInfo.processInfo.environment
    environment["COLUMNS"] = "60"
    environment["LINES"] = "12"
    environment["WSCTL_FILE"] = nil
    environment.merge(extra) { $1 }
    process.environment = environment
    // Captured in files: a pipe read can be interrupted by the signals of other children.
    let capture = directory + "/run-\(UUID().uuidString)"
    FileManager.default.createFile(atPath: capture + ".out", contents: nil)
    FileManager.default.createFile(atPath: capture + ".err", contents: nil)
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".out"))
    let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: capture + ".err"))
    defer {
      try? output.close()
      try? errors.close()
      try? FileManager.default.removeItem(atPath: capture + ".out")
      try? FileManager.default.removeItem(atPath: capture + ".err")
    }
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = errors
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
      process.terminationHandler = { _ in finished.resume() }
      do {
        try process.run()
        started(process.processIdentifier)
      } catch {
        process.terminationHandler = nil
        finished.resume()
      }
    }
    return WsctlRun(
      output: String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: capture + ".out")), as: UTF8.self),
      errors: String(
        decoding: try Data(contentsOf: URL(fileURLWithPath: capture + ".err")), as: UTF8.self),
      exitCode: process.isRunning
        ? -1
        : process.terminationReason == .uncaughtSignal
          ? -process.terminationStatus : process.terminationStatus)
  }()
}

/// A session's file in one directory and a copy of it in another, for the same call in host
/// mode and in file mode.
@MainActor
final class HostAndFile {
  let host = try! SessionDirectory()
  let file = try! SessionDirectory()
  let session: WorkspaceSession

  /// - Parameters:
  ///   - state: The file both start from.
  ///   - routeTypes: The host's route types.
  ///   - undoPolicy: The host's undo policy.
  init(
    _ state: WorkspaceState = .example, routeTypes: RouteRegistry = RouteRegistry(),
    undoPolicy: UndoPolicy = .layoutAndNavigation
  ) throws {
    try WorkspaceStore(path: host.file).save(state)
    try WorkspaceStore(path: file.file).save(state)
    // The templates file of the `--from` calls, beside each file.
    for directory in [host.path, file.path] {
      try Data(Self.templatesFile.utf8).write(
        to: URL(fileURLWithPath: directory + "/team.json"))
    }
    session = WorkspaceSession(path: host.file, default: .example, routeTypes: routeTypes)
    session.workspace.undoPolicy = undoPolicy
  }

  /// A templates file with the template `r`, whose pane's route holds `{repo}`.
  static let templatesFile = #"""
    {"format": "workspace-templates", "version": 1, "templates": [{"name": "r", "title": "{repo}",
     "root": {"kind": "pane", "title": "{repo}", "router": {"root": "repo:{repo}"}}}]}
    """#

  /// Runs the call against the live host, then against the copy with `--no-host`.
  func both(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> (host: WsctlRun, file: WsctlRun) {
    let hosted = try await wsctl(
      ["-f", "w.json"] + arguments, in: host.path, environment: environment)
    let filed = try await wsctl(
      ["-f", "w.json", "--no-host"] + arguments, in: file.path, environment: environment)
    return (hosted, filed)
  }
}

/// The live-control suites, one after the other: the test of a peer of another user opens
/// the socket directory for a moment, when no other session could listen.
@Suite(.serialized) enum LiveControl {}
