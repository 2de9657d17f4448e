import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession

/// A fresh directory holding `w.json`, removed at the end.
final class SessionDirectory: Sendable {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("session-tests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

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

/// Waits on the main actor until `condition` holds, for at most `seconds`; returns whether it
/// came true.
@MainActor
func eventually(within seconds: Double = 300, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return true
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

/// A repeatable source of random numbers (SplitMix64).
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The built `wsctl`, next to the test runner or in `.build/debug`.
func wsctlBinary() throws -> URL {
  try builtBinary("wsctl")
}

/// A built executable of the package, next to the test runner or in `.build/debug`.
func builtBinary(_ name: String) throws -> URL {
  var candidates: [URL] = []
  if let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
    candidates.append(URL(fileURLWithPath: runner).deletingLastPathComponent())
  }
  var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  while directory.path != "/" {
    candidates.append(directory.appendingPathComponent(".build/debug"))
    directory.deleteLastPathComponent()
  }
  let binary = candidates.map { $0.appendingPathComponent(name) }
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  return try #require(binary, "build \(name) first")
}

/// Runs `wsctl -f file words...` and returns its exit status.
func runWsctl(_ file: String, _ words: [String]) throws -> Int32 {
  let process = Process()
  process.executableURL = try wsctlBinary()
  // `--no-host`: these tests are about another process writing the file.
  process.arguments = ["-f", file, "-q", "--no-host"] + words
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  try process.run()
  process.waitUntilExit()
  return process.terminationStatus
}

/// A workspace of two panes whose history keeps `limit` entries.
func twoPanes(historyLimit limit: Int = History.defaultLimit) -> WorkspaceState {
  var state = WorkspaceState(
    .split(
      .horizontal, [.pane("A", untyped: RouteToken("a")), .pane("B", untyped: RouteToken("b"))]))
  state.history = History(limit: limit)
  return state
}
