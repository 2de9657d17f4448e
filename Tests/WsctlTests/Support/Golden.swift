import Foundation
import Testing

/// Golden files under `Tests/WsctlTests/Golden/`: the exact text a command prints.
///
/// Run the tests with `WSCTL_UPDATE_GOLDEN=1` to rewrite them from the current output; check
/// every rewritten picture by eye before committing it.
enum Golden {
  /// The folder of the golden files, found from this source file.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

  /// Expects `actual` to equal the golden file `name`, or rewrites the file when
  /// `WSCTL_UPDATE_GOLDEN` is set.
  static func check(
    _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let url = directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["WSCTL_UPDATE_GOLDEN"] != nil {
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try #require(
      FileManager.default.contents(atPath: url.path),
      "missing golden file \(name); run with WSCTL_UPDATE_GOLDEN=1 to write it",
      sourceLocation: sourceLocation)
    #expect(
      actual == String(decoding: expected, as: UTF8.self),
      "output differs from Golden/\(name):\n\(actual)", sourceLocation: sourceLocation)
  }
}
