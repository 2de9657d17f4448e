import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// A fresh directory holding `w.json`, removed at the end.
final class SessionDirectory: Sendable {
  private let directory = TemporaryDirectory(prefix: "session-tests")

  /// The directory's path.
  var path: String { directory.path }

  /// The workspace file.
  var file: String { path + "/w.json" }

  /// The file's bytes, or `nil`.
  func bytes(_ name: String = "w.json") -> [UInt8]? {
    FileManager.default.contents(atPath: path + "/" + name).map(Array.init)
  }

  /// The state in the file, as another process would read it.
  func stored() throws -> WorkspaceState {
    try WorkspaceStore(path: file).load(default: .example).state
  }
}

/// Records the changes a workspace reports.
@MainActor
final class ChangeRecorder {
  private(set) var changes: [WorkspaceChange] = []
  private var task: Task<Void, Never>?

  init(_ workspace: Workspace) {
    let stream = workspace.changes
    task = Task { [weak self] in
      for await change in stream { self?.changes.append(change) }
    }
  }

  deinit { task?.cancel() }

  /// Every conflict reported so far.
  var conflicts: [WorkspaceConflict] { changes.flatMap(\.conflicts) }
}

/// Runs `wsctl -f file words...` and returns its exit status.
///
/// Waits without holding a thread: in a test process the main actor runs on a thread of the
/// cooperative pool (as wide as the machine has cores), so a blocking wait there, or on
/// another of its threads, left the sessions of other tests unable to save until the
/// program ended (`changesAreSavedWithoutAFlush` waited 300 s for an autosave while two
/// such waits, under load, held both threads of a 2-core machine).
func runWsctl(_ file: String, _ words: [String]) async throws -> Int32 {
  // `--no-host`: these tests are about another process writing the file.
  let arguments = ["-f", file, "-q", "--no-host"] + words
  return try await ProcessRunner(BuiltProgram.require("wsctl"), arguments, in: "/").run().status
}

/// Reads a pipe to its end on a thread of its own, so that the wait holds no thread of the
/// cooperative pool (see ``runWsctl(_:_:)``).
func readToEnd(_ handle: FileHandle) async -> Data {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
  }
}

/// A workspace of two panes whose history keeps `limit` entries.
func twoPanes(historyLimit limit: Int = History.defaultLimit) -> WorkspaceState {
  var state = WorkspaceState(
    .split(
      .horizontal, [.pane("A", untyped: RouteToken("a")), .pane("B", untyped: RouteToken("b"))]))
  state.history = History(limit: limit)
  return state
}
