import Foundation
import Testing

@testable import WorkspaceJSON

/// Temporary files are named after the file they replace, the process's id and a counter;
/// a name another process left (one of another namespace with this one's id) is not an
/// error: a random name is tried instead, once.
@Suite struct TemporaryNameTests {
  private let file = "/tmp/dir/w.json"
  private var prefix: String { "/tmp/dir/.w.json.tmp-\(getpid())-" }

  @Test func aTakenNameIsFollowedByARandomOne() {
    var tried: [String] = []
    let made = FileSystem.makeTemporary(for: file) { name in
      tried.append(name)
      if tried.count == 1 {
        errno = EEXIST
        return false
      }
      return true
    }
    #expect(tried.count == 2)
    #expect(made == tried.last)
    #expect(tried[0] != tried[1])
    #expect(tried.allSatisfy { $0.hasPrefix(prefix) }, "\(tried)")
  }

  /// Two taken names are a failure with the last error; another error is not retried.
  @Test(arguments: [(EEXIST, 2), (EACCES, 1)])
  func aFailureEndsWithItsError(error: Int32, tries: Int) {
    var tried = 0
    let made = FileSystem.makeTemporary(for: file) { _ in
      tried += 1
      errno = error
      return false
    }
    #expect(made == nil)
    #expect(tried == tries)
    #expect(errno == error)
  }

  @Test func theNamesOfOneProcessDoNotRepeat() {
    let names = (0..<1000).map { _ in FileSystem.temporaryPath(for: file) }
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.hasPrefix(prefix) })
  }

  /// A path split as the kernel splits it, at its last `/` byte: the temporary file stands in
  /// the same directory, hidden, named after the file.
  @Test(arguments: [
    ("w.json", ".", "w.json", ".w.json.tmp-"),
    ("./w.json", ".", "w.json", "./.w.json.tmp-"),
    ("/w.json", "/", "w.json", "/.w.json.tmp-"),
    ("a/b/w.json", "a/b", "w.json", "a/b/.w.json.tmp-"),
    (
      "/tmp/Ünïcödé dir/wörk space.json", "/tmp/Ünïcödé dir", "wörk space.json",
      "/tmp/Ünïcödé dir/.wörk space.json.tmp-"
    ),
    // A combining mark after a `/` makes one character of the two; the `/` still ends the
    // directory's name.
    ("dir/\u{301}w.json", "dir", "\u{301}w.json", "dir/.\u{301}w.json.tmp-"),
  ])
  func aPathIsSplitAtItsLastSlashByte(
    path: String, directory: String, name: String, prefix: String
  ) {
    #expect(FileSystem.directoryName(of: path) == directory)
    #expect(FileSystem.baseName(of: path) == name)
    #expect(FileSystem.temporaryPrefix(for: path) == prefix)
    #expect(FileSystem.temporaryPath(for: path).hasPrefix(prefix + "\(getpid())-"))
  }
}
