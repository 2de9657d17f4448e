import Foundation
import WorkspaceJSON

/// One file operation repeated, with nothing else in the process, for a profiler:
///
///     valgrind --tool=callgrind wsbench --profile restore FILE 3
///     perf record -g wsbench --profile save FILE 20
enum Profile {
  /// The operations a profile can repeat.
  static let operations = ["restore", "encode", "save"]

  /// Runs `operation` on the workspace file at `path` `count` times; returns the exit code.
  static func run(_ operation: String, path: String, count: Int) -> Int32 {
    guard operations.contains(operation), count > 0,
      let bytes = FileManager.default.contents(atPath: path).map(Array.init),
      let loaded = try? WorkspaceFile.decode(bytes)
    else { return 64 }
    let clock = ContinuousClock()
    let store = WorkspaceStore(path: path + ".profile")
    defer { try? FileManager.default.removeItem(atPath: path + ".profile") }
    var renamed = loaded.state
    try! renamed.apply(.rename("saved again"))
    let elapsed = clock.measure {
      for round in 0..<count {
        switch operation {
        case "restore": _ = try! WorkspaceFile.decode(bytes)
        case "encode": _ = WorkspaceFile.encode(loaded.state)
        default: try! store.save(round % 2 == 0 ? renamed : loaded.state)
        }
      }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    print(
      String(
        format: "%@ of %d bytes, %d times: %.1f MB/s", operation, bytes.count, count,
        Double(bytes.count * count) / seconds / 1e6))
    return 0
  }
}
