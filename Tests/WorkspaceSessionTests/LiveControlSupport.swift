import Foundation
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// What one run of `wsctl` printed and its exit code.
struct WsctlRun: Equatable, Sendable {
  var output: String
  var errors: String
  var exitCode: Int32
}

/// Runs the built `wsctl` in a directory, with the arguments as given, and waits for it
/// without holding a thread (a live host in this process answers it meanwhile, and its saves
/// need the cooperative pool). A `wsctl` ended by a signal, or killed after `timeout`, exits
/// with minus its number.
func wsctl(
  _ arguments: [String], in directory: String, environment extra: [String: String] = [:],
  timeout: Duration = .seconds(300)
) async throws -> WsctlRun {
  let result = try await ProcessRunner(
    BuiltProgram.require("wsctl"), arguments, in: directory,
    environment: wsctlEnvironment(extra), timeout: timeout
  ).run()
  return WsctlRun(
    output: result.stdout, errors: result.stderr,
    exitCode: result.signal.map { -$0 } ?? result.status)
}

/// The environment every `wsctl` of these suites runs in: a 60x12 terminal, no
/// `WSCTL_FILE`, then `extra`.
func wsctlEnvironment(_ extra: [String: String] = [:]) -> [String: String] {
  var environment = ProcessInfo.processInfo.environment
  environment["COLUMNS"] = "60"
  environment["LINES"] = "12"
  environment["WSCTL_FILE"] = nil
  environment.merge(extra) { $1 }
  return environment
}

/// A session's file in one directory and a copy of it in another, for the same call in host
/// mode and in file mode.
@MainActor
final class HostAndFile {
  let host = SessionDirectory()
  let file = SessionDirectory()
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
    // The templates file of the `--from` calls and the layout of `load-layout`, beside each
    // file.
    for directory in [host.path, file.path] {
      try Data(Self.templatesFile.utf8).write(
        to: URL(fileURLWithPath: directory + "/team.json"))
      try Data(Self.layoutFile.utf8).write(to: URL(fileURLWithPath: directory + "/dev.json"))
    }
    session = WorkspaceSession(path: host.file, default: .example, routeTypes: routeTypes)
    session.workspace.undoPolicy = undoPolicy
  }

  /// A templates file with the template `r`, whose pane's route holds `{repo}`.
  static let templatesFile = #"""
    {"format": "workspace-templates", "version": 1, "templates": [{"name": "r", "title": "{repo}",
     "root": {"kind": "pane", "title": "{repo}", "router": {"root": "repo:{repo}"}}}]}
    """#

  /// A layout file `dev`: one tab `{p}` of the example's `Inbox` above a pane `{p}` marked
  /// `log`.
  static let layoutFile = #"""
    {"layout": "dev", "title": "{p}", "root": {"v": [
      {"title": "Inbox", "route": "inbox"}, {"title": "{p}", "mark": "log", "route": "log:{p}"}
    ]}}
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

  /// Runs the call in both modes and expects the same output and exit code, and the host's
  /// state equal to the state file mode saved (the revisions aside).
  func expectBothModesAgree(_ arguments: [String]) async throws {
    let (hosted, filed) = try await both(arguments)
    #expect(hosted == filed, "\(arguments)")
    var inMemory = session.workspace.state
    var saved = try file.stored()
    inMemory.revision = 0
    saved.revision = 0
    #expect(inMemory == saved, "\(arguments)")
  }
}

/// The live-control suites, one after the other: the test of a peer of another user opens
/// the socket directory for a moment, when no other session could listen.
@Suite(.serialized) enum LiveControl {}
