import Workspace

/// An error reading, understanding or writing a workspace file. The file on disk is never
/// changed by a failed load, and a failed save leaves the previous file intact.
public enum WorkspaceFileError: Error, Hashable, Sendable {
  /// The file is not valid JSON: where and why.
  case notJSON(path: String, line: Int, column: Int, offset: Int, reason: String)
  /// The JSON is not a workspace: `location` is the JSON path of the problem, such as
  /// `$.root.children[2]`.
  case invalid(path: String, location: String, reason: String)
  /// The file was written by a newer version of the format.
  case newerVersion(path: String, found: Int, supported: Int)
  /// A limit against hostile files was exceeded at `location`.
  case limitExceeded(path: String, location: String, what: String, limit: Int)
  /// The file is larger than the size limit; it was not read.
  case fileTooLarge(String, size: Int, limit: Int)
  /// A state was not saved because its file would break a limit its own loader enforces:
  /// `location` is the JSON path of the first offending value in the file that would have
  /// been written (`$` for the file's size), `size` its measure. Nothing was written.
  case saveExceedsLimit(path: String, location: String, what: String, size: Int, limit: Int)
  /// The file or backup could not be read.
  case cannotRead(String, reason: String)
  /// The file (or its lock, backup or temporary file) could not be written; nothing was
  /// written, so a previous file is intact.
  case cannotWrite(String, reason: String)
  /// Another writer held the lock for longer than the timeout.
  case lockTimeout(String, seconds: Double)
  /// There is no backup to restore.
  case noBackup(String)
}

extension WorkspaceFileError: CustomStringConvertible {
  /// A one-line, lower-case message naming the file and the location in it.
  public var description: String {
    switch self {
    case .notJSON(let path, let line, let column, let offset, let reason):
      "\(path):\(line):\(column): not valid JSON: \(reason) (byte \(offset))"
    case .invalid(let path, let location, let reason):
      "\(path): \(location): \(reason)"
    case .newerVersion(let path, let found, let supported):
      "\(path): format version \(found) is newer than this tool supports (\(supported)); "
        + "the file was left unchanged"
    case .limitExceeded(let path, let location, let what, let limit):
      "\(path): \(location): \(what) exceeds the limit of \(limit)"
    case .fileTooLarge(let path, let size, let limit):
      "\(path): file of \(size) bytes exceeds the limit of \(limit) bytes"
    case .saveExceedsLimit(let path, let location, let what, let size, let limit):
      "\(path): \(location): \(what) \(size) would exceed the file's limit of \(limit); "
        + "not saved, nothing changed"
    case .cannotRead(let path, let reason): "cannot read '\(path)': \(reason)"
    case .cannotWrite(let path, let reason):
      "cannot write '\(path)': \(reason); nothing was written"
    case .lockTimeout(let path, let seconds):
      "timed out after \(seconds) s waiting for the lock '\(path)'; nothing was written"
    case .noBackup(let path): "no backup '\(path)' to restore"
    }
  }

  /// Whether the error is about the file's contents (as opposed to reading or writing it, or
  /// a state refused before it was written).
  public var isBadData: Bool {
    switch self {
    case .notJSON, .invalid, .newerVersion, .limitExceeded, .fileTooLarge: true
    case .saveExceedsLimit, .cannotRead, .cannotWrite, .lockTimeout, .noBackup: false
    }
  }
}

extension WorkspaceFileError {
  /// The exit code a program reports for the error: `ExitCode.badData` for a file it cannot
  /// understand, `ExitCode.refused` for a state its file could not hold (nothing changed),
  /// `ExitCode.noInput` for a file or backup it cannot read, `ExitCode.cannotCreate` for
  /// one it cannot write, `ExitCode.lockTimeout` for a lock held too long.
  public var exitCode: ExitCode {
    switch self {
    case .notJSON, .invalid, .newerVersion, .limitExceeded, .fileTooLarge: .badData
    case .saveExceedsLimit: .refused
    case .cannotRead, .noBackup: .noInput
    case .cannotWrite: .cannotCreate
    case .lockTimeout: .lockTimeout
    }
  }
}

/// Something the loader noticed in a file and repaired (or passed over), with its JSON path.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the offending value, such as `$.root.children[1].weights`.
  public let location: String
  /// What was wrong and what was done, lower-case.
  public let message: String

  /// Creates a diagnostic.
  ///
  /// - Parameters:
  ///   - location: The JSON path.
  ///   - message: What was wrong and what was done.
  public init(location: String, message: String) {
    self.location = location
    self.message = message
  }

  /// `location: message`.
  public var description: String { "\(location): \(message)" }
}

/// Limits against hostile files; each exceeded limit is a clear error, never a crash or hang.
public struct WorkspaceFileLimits: Hashable, Sendable {
  /// The largest file read, in bytes.
  public var maximumFileBytes: Int
  /// The deepest nesting of the tree (containers inside containers).
  public var maximumTreeDepth: Int
  /// The most nodes in the tree.
  public var maximumNodes: Int
  /// The longest string (title, token or key), in UTF-8 bytes.
  public var maximumStringBytes: Int
  /// The most routes in one router's stack.
  public var maximumStackDepth: Int

  /// Limits for files of up to 64 MiB, 100 levels, 200,000 nodes, 64 KiB strings and
  /// 10,000-route stacks.
  public static let `default` = WorkspaceFileLimits(
    maximumFileBytes: 64 << 20, maximumTreeDepth: 100, maximumNodes: 200_000,
    maximumStringBytes: 64 << 10, maximumStackDepth: 10_000)

  /// Creates limits.
  ///
  /// - Parameters:
  ///   - maximumFileBytes: The largest file read.
  ///   - maximumTreeDepth: The deepest tree.
  ///   - maximumNodes: The most nodes.
  ///   - maximumStringBytes: The longest string.
  ///   - maximumStackDepth: The most routes in a stack.
  public init(
    maximumFileBytes: Int, maximumTreeDepth: Int, maximumNodes: Int, maximumStringBytes: Int,
    maximumStackDepth: Int
  ) {
    self.maximumFileBytes = maximumFileBytes
    self.maximumTreeDepth = maximumTreeDepth
    self.maximumNodes = maximumNodes
    self.maximumStringBytes = maximumStringBytes
    self.maximumStackDepth = maximumStackDepth
  }
}

extension WorkspaceFileLimits {
  /// The most quarantined tokens in one router: a stack's and a modal's worth.
  var maximumQuarantinedRoutes: Int { 2 * maximumStackDepth }

  /// The tree limit that a node breaks, as the decoder and the save check measure it: the
  /// node at `depth` (the root is 1), the `count`th node read; `nil` if it breaks none.
  func treeLimitBroken(depth: Int, count: Int) -> (what: String, size: Int, limit: Int)? {
    if depth > maximumTreeDepth { return ("tree depth", depth, maximumTreeDepth) }
    if count > maximumNodes { return ("node count", count, maximumNodes) }
    return nil
  }
}
