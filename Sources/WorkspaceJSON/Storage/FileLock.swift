#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An advisory, exclusive lock on `<file>.lock`, held by an open descriptor with `flock`, so
/// the lock goes away with the process that holds it: a killed writer never leaves a stale
/// lock behind.
///
/// The lock file must be a regular file: anything else (a FIFO, a directory, a symbolic link)
/// is refused before it is opened, and it is opened without following a link or blocking.
final class FileLock {
  private let fd: Int32

  /// Takes the lock, waiting up to `timeout` seconds.
  ///
  /// - Throws: ``WorkspaceFileError/lockTimeout(_:seconds:)`` or
  ///   ``WorkspaceFileError/cannotWrite(_:reason:)`` if the lock file cannot be opened.
  init(path: String, timeout: Double) throws(WorkspaceFileError) {
    if let kind = FileSystem.nonRegularKind(at: path) {
      throw .cannotWrite(path, reason: FileSystem.notRegular(kind))
    }
    let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .cannotWrite(path, reason: FileSystem.errorText()) }
    var info = stat()
    guard fstat(fd, &info) == 0, FileSystem.kind(of: info.st_mode) == nil else {
      close(fd)
      throw .cannotWrite(path, reason: "not a regular file")
    }
    var waited = 0.0
    var pause = 0.001
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        let reason = FileSystem.errorText()
        close(fd)
        throw .cannotWrite(path, reason: reason)
      }
      guard waited < timeout else {
        close(fd)
        throw .lockTimeout(path, seconds: timeout)
      }
      usleep(useconds_t(pause * 1_000_000))
      waited += pause
      pause = min(pause * 2, 0.05)
    }
    self.fd = fd
  }

  deinit {
    flock(fd, LOCK_UN)
    close(fd)
  }
}
