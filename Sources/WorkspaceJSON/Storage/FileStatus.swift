import WorkspaceSystem

/// What a save knows of the file it replaces: its status as `lstat` gave it a moment ago
/// under the lock (`nil` for no file), or nothing yet, to be looked at when needed. A status
/// looked at once serves every check of the save that follows, instead of one call each.
enum FileStatus {
  /// Not looked at yet.
  case unknown
  /// Looked at under the lock: the status, or `nil` if nothing was at the path.
  case known(stat?)

  /// The file at `path` as `lstat` finds it now, if it has the stamp `stamp`: one look both
  /// tells a file that nobody changed since and serves the checks of the save that follows.
  static func stamped(_ stamp: FileStamp, at path: String) -> FileStatus? {
    guard let status = FileSystem.linkStatus(path), FileStamp(status: status) == stamp else {
      return nil
    }
    return .known(status)
  }

  /// The stamp of the file as looked at, or `nil` if it was not (or nothing was there).
  var stamp: FileStamp? {
    guard case .known(let status?) = self else { return nil }
    return FileStamp(status: status)
  }

  /// The status, looked at now if it is not known (`nil` if nothing is at `path`).
  func resolved(_ path: String) -> stat? {
    switch self {
    case .known(let status): return status
    case .unknown: return FileSystem.linkStatus(path)
    }
  }
}
