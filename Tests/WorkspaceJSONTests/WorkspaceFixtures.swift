import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// Small workspace files written by hand, as JSON text, for the format's tests.
///
/// The base file is one tab holding a horizontal split of two panes:
///
///     tabs %1 ["Main"]
///       split %2 horizontal [0.5, 0.5]
///         pane %3 "A" [a]      (focused)
///         pane %4 "B" [b]
enum Fixture {
  /// A pane's JSON.
  static func pane(_ id: Int, _ title: String, stack: [String], extra: String = "") -> String {
    let tokens = stack.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"id": \(id), "kind": "pane", "title": "\(title)", \
      "router": {"kind": "token", "stack": [\(tokens)]}\(extra)}
      """
  }

  /// A split's JSON.
  static func split(
    _ id: Int, axis: String = "horizontal", weights: String = "[0.5, 0.5]", active: Int = 0,
    _ children: [String]
  ) -> String {
    """
    {"id": \(id), "kind": "split", "axis": "\(axis)", "active": \(active), \
    "weights": \(weights), "children": [\(children.joined(separator: ", "))]}
    """
  }

  /// A tabs container's JSON.
  static func tabs(_ id: Int, titles: [String], active: Int = 0, _ children: [String]) -> String {
    let titles = titles.map { "\"\($0)\"" }.joined(separator: ", ")
    return """
      {"id": \(id), "kind": "tabs", "active": \(active), "titles": [\(titles)], \
      "children": [\(children.joined(separator: ", "))]}
      """
  }

  /// A whole version-1 file around a root node.
  static func file(
    root: String, nextID: Int = 5, focus: Int = 3, mru: String = "[3, 4]", extra: String = ""
  ) -> [UInt8] {
    Array(
      """
      {"format": "workspace", "version": 3, "nextId": \(nextID), "focus": \(focus), \
      "mru": \(mru)\(extra), "root": \(root)}
      """.utf8)
  }

  /// The base tree with its split replaced by `split`.
  static func base(split: String) -> String {
    tabs(1, titles: ["Main"], [split])
  }

  /// The base file: tabs %1 > split %2 > panes %3 (focused) and %4.
  static let baseRoot = base(
    split: split(2, [pane(3, "A", stack: ["a"]), pane(4, "B", stack: ["b"])]))

  /// The base file's bytes.
  static var baseFile: [UInt8] { file(root: baseRoot) }
}

/// Plain POSIX file helpers for the tests.
enum Files {
  /// The bytes of a file, or `nil` if it does not exist.
  static func contents(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    return bytes
  }

  /// Writes a file with a mode, replacing any file there.
  static func create(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) {
    unlink(path)
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
    precondition(fd >= 0, "cannot create \(path)")
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    fchmod(fd, mode)
    close(fd)
  }

  /// The permission bits of a file.
  static func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  /// The inode of a file, which changes whenever the file is replaced by a rename.
  static func inode(_ path: String) -> UInt64? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt64(info.st_ino)
  }

  /// Whether a file exists.
  static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Whether a path is a symbolic link.
  static func isLink(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
  }

  /// Whether a path is a FIFO.
  static func isFIFO(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
  }
}

/// The example after one more command, so that successive saves differ.
func example(renamedTo title: String) throws -> WorkspaceState {
  var state = WorkspaceState.example
  try state.apply(.rename(title))
  return state
}

/// The package's root directory, found from this file's path.
let packageRoot: String = {
  var path = #filePath
  for _ in 0..<3 {
    path = String(path[..<path.lastIndex(of: "/")!])
  }
  return path
}()

/// The bytes the store writes for a state at a revision.
func written(_ state: WorkspaceState, revision: Int) -> [UInt8] {
  var state = state
  state.revision = revision
  return WorkspaceFile.encode(state)
}
