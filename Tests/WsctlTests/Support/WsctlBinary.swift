import Foundation
import Testing

/// Where the built `wsctl` binary is: next to the test runner (`swift build --build-tests`
/// puts both in the same directory), else `.build/debug/wsctl` above this file.
enum WsctlBinary {
  /// The binary, or `nil` if it was not built.
  static let url: URL? = locate()

  /// The binary; a test that needs it fails with a clear message if it is missing.
  static func require(sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(
      url,
      "the wsctl binary is neither next to the test runner nor in .build/debug: build it",
      sourceLocation: sourceLocation)
  }

  private static func locate() -> URL? {
    let fileManager = FileManager.default
    var candidates: [URL] = []
    if let runner = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      candidates.append(
        URL(fileURLWithPath: runner).deletingLastPathComponent().appendingPathComponent("wsctl"))
    }
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      candidates.append(directory.appendingPathComponent(".build/debug/wsctl"))
      directory.deleteLastPathComponent()
    }
    return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
  }
}
