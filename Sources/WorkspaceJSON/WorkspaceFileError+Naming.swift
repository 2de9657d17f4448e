/// A file error told to someone who names the file another way: a live host reports its
/// errors to a `wsctl` that named the file relative to its own directory.
extension WorkspaceFileError {
  /// The same error with every path that starts with `path` (the file, its backup, lock or
  /// temporary file) starting with `name` instead.
  ///
  ///     error.namingFile("/home/me/ws.json", as: "ws.json")
  ///     // cannot write '/home/me/ws.json.bak': … → cannot write 'ws.json.bak': …
  ///
  /// - Parameters:
  ///   - path: The file's path as the error names it.
  ///   - name: The name to use instead.
  /// - Returns: The error, naming the file as `name`.
  package func namingFile(_ path: String, as name: String) -> WorkspaceFileError {
    func renamed(_ text: String) -> String {
      text.hasPrefix(path) ? name + text.dropFirst(path.count) : text
    }
    switch self {
    case .notJSON(let file, let line, let column, let offset, let reason):
      return .notJSON(
        path: renamed(file), line: line, column: column, offset: offset, reason: reason)
    case .invalid(let file, let location, let reason):
      return .invalid(path: renamed(file), location: location, reason: reason)
    case .newerVersion(let file, let found, let supported):
      return .newerVersion(path: renamed(file), found: found, supported: supported)
    case .limitExceeded(let file, let location, let what, let limit):
      return .limitExceeded(path: renamed(file), location: location, what: what, limit: limit)
    case .fileTooLarge(let file, let size, let limit):
      return .fileTooLarge(renamed(file), size: size, limit: limit)
    case .saveExceedsLimit(let file, let location, let what, let size, let limit):
      return .saveExceedsLimit(
        path: renamed(file), location: location, what: what, size: size, limit: limit)
    case .cannotRead(let file, let reason): return .cannotRead(renamed(file), reason: reason)
    case .cannotWrite(let file, let reason): return .cannotWrite(renamed(file), reason: reason)
    case .lockTimeout(let file, let seconds): return .lockTimeout(renamed(file), seconds: seconds)
    case .noBackup(let file): return .noBackup(renamed(file))
    }
  }
}
