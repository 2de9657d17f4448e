import Foundation

/// Where the package's built programs are: next to the test runner (`swift build
/// --build-tests` puts them in one directory), else in a `.build/debug` above this file.
///
///     let wsctl = try BuiltProgram.require("wsctl")
package enum BuiltProgram {
  /// The directory of the running test binary, where SwiftPM puts the package's executables.
  package static let runnerDirectory: URL? = {
    guard let runner = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    else { return nil }
    return URL(fileURLWithPath: runner).deletingLastPathComponent()
  }()

  /// The built program of that name, or `nil` if it was not built.
  package static func url(_ name: String) -> URL? {
    var candidates: [URL] = []
    if let runnerDirectory { candidates.append(runnerDirectory) }
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while directory.path != "/" {
      candidates.append(directory.appendingPathComponent(".build/debug"))
      directory.deleteLastPathComponent()
    }
    return candidates.map { $0.appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// The built program of that name.
  ///
  /// - Throws: ``Missing`` if it is neither next to the test runner nor in `.build/debug`.
  package static func require(_ name: String) throws -> URL {
    guard let url = url(name) else { throw Missing(name: name) }
    return url
  }

  /// A program the tests need was not built.
  package struct Missing: Error, CustomStringConvertible {
    /// The program's name.
    package let name: String
    package var description: String {
      "the \(name) binary is neither next to the test runner nor in .build/debug: build it"
    }
  }
}
