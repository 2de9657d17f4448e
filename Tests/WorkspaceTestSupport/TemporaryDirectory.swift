import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it
/// when the value is released (or earlier, by ``remove()``).
///
///     let directory = TemporaryDirectory()
///     let store = WorkspaceStore(path: directory.file("w.json"))
///
/// Keep the value alive while its files are in use: bind it, or run the test inside
/// ``withTemporaryDirectory(_:)``.
package final class TemporaryDirectory: Sendable {
  /// The directory's path.
  package let path: String

  /// The directory's URL.
  package var url: URL { URL(fileURLWithPath: path) }

  /// Creates the directory, named `prefix` and a unique suffix, with mode `0755`.
  package init(prefix: String = "workspace-tests") {
    let base = FileManager.default.temporaryDirectory.path
    var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed in \(base)")
    path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // Searchable by others, as a directory made with the usual umask is: a test may run a
    // program as another user on a file inside.
    chmod(path, 0o755)
  }

  deinit { remove() }

  /// The path of a file in the directory.
  package func file(_ name: String) -> String {
    path + "/" + name
  }

  /// The names in the directory, sorted, without `.` and `..`.
  package func entries() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// Removes the directory and everything in it.
  package func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// Runs `body` with a fresh directory, removed with its files afterwards.
package func withTemporaryDirectory<T>(_ body: (TemporaryDirectory) throws -> T) rethrows -> T {
  let directory = TemporaryDirectory()
  defer { directory.remove() }
  return try body(directory)
}
