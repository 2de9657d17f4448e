import WorkspaceSystem

/// An advisory, exclusive lock on `<file>.lock` (a ``LockFile``), so the lock goes away with
/// the process that holds it: a killed writer never leaves a stale lock behind.
///
/// The lock file must be a regular file: anything else (a FIFO, a directory, a symbolic link)
/// is refused before it is opened, and it is opened without following a link or blocking.
final class FileLock {
  private let file: LockFile

  /// Takes the lock, waiting up to `timeout` seconds.
  ///
  /// - Throws: ``WorkspaceFileError/lockTimeout(_:seconds:)`` or
  ///   ``WorkspaceFileError/cannotWrite(_:reason:)`` if the lock file cannot be opened.
  init(path: String, timeout: Double) throws(WorkspaceFileError) {
    if let kind = FileSystem.nonRegularKind(at: path) {
      throw .cannotWrite(path, reason: FileSystem.notRegular(kind))
    }
    let file: LockFile
    do {
      file = try LockFile(path: path, creating: true)
    } catch {
      switch error {
      case .open(let error): throw .cannotWrite(path, reason: error.description)
      case .status: throw .cannotWrite(path, reason: "not a regular file")
      }
    }
    guard FileSystem.kind(of: file.status.st_mode) == nil else {
      throw .cannotWrite(path, reason: "not a regular file")
    }
    let isTaken: Bool
    do {
      isTaken = try file.lock(timeout: timeout)
    } catch {
      throw .cannotWrite(path, reason: error.description)
    }
    guard isTaken else { throw .lockTimeout(path, seconds: timeout) }
    self.file = file
  }

  deinit {
    file.unlock()
  }
}
