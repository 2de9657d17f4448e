/// An open lock file, for an advisory `flock` lock: the lock goes away with the descriptor
/// that holds it, so a killed holder never leaves a stale lock behind. The store's lock on
/// `<file>.lock` and a live host's lock on its control socket are both one.
///
/// The file is opened without following a symbolic link, without blocking (a FIFO put there
/// never hangs the open) and closed on exec; the caller checks ``status`` to refuse anything
/// but a regular file.
package struct LockFile: ~Copyable {
  /// The open lock file.
  package let descriptor: Descriptor
  /// The file's status when it was opened: its kind, and its inode to compare with the path's.
  package let status: stat

  /// Opens the lock file at `path`.
  ///
  /// - Parameters:
  ///   - path: The lock file's path.
  ///   - creating: Whether to create it (mode 0600) when it is missing; the file is then
  ///     opened for writing too.
  /// - Throws: ``LockFileError``: the `open` (``Errno/noSuchFile`` for a missing file not to
  ///   be created) or the `fstat` that failed.
  package init(path: String, creating: Bool) throws(LockFileError) {
    let access = creating ? O_RDWR | O_CREAT : O_RDONLY
    let opened: Descriptor
    do {
      opened = try Descriptor(
        opening: path, access | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, mode: 0o600)
    } catch {
      throw .open(error)
    }
    do {
      status = try opened.status()
    } catch {
      throw .status(error)
    }
    descriptor = opened
  }

  /// Takes the lock if nobody holds it, without waiting; `EINTR` is retried.
  ///
  /// - Parameter exclusive: An exclusive lock (a writer's), or else a shared one (enough to
  ///   tell whether anyone holds an exclusive one).
  /// - Returns: Whether it was taken; `false` when another descriptor holds it.
  /// - Throws: The call's ``Errno`` for any other failure.
  package func tryLock(exclusive: Bool = true) throws(Errno) -> Bool {
    let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
    guard retryingOnInterrupt({ flock(descriptor.rawValue, operation) }) == 0 else {
      let error = Errno.current
      if error == .wouldBlock { return false }
      throw error
    }
    return true
  }

  /// Takes the exclusive lock, waiting up to `timeout` seconds for its holder to let go:
  /// tries again after 1 ms, doubling the pause up to 50 ms.
  ///
  /// - Returns: Whether it was taken; `false` when the time ran out.
  /// - Throws: The call's ``Errno`` for any failure but a held lock.
  package func lock(timeout: Double) throws(Errno) -> Bool {
    var waited = 0.0
    var pause = 0.001
    while try !tryLock() {
      guard waited < timeout else { return false }
      usleep(useconds_t(pause * 1_000_000))
      waited += pause
      pause = min(pause * 2, 0.05)
    }
    return true
  }

  /// Whether the file at `path` is still the one this lock file opened (same device and
  /// inode): a lock file removed and created again meanwhile is another file.
  package func isStill(at path: String) -> Bool {
    var named = stat()
    return stat(path, &named) == 0 && named.st_ino == status.st_ino
      && named.st_dev == status.st_dev
  }

  /// Hands the open lock file, and with it the lock it holds, over to an owner that closes
  /// it itself.
  package consuming func release() -> Int32 {
    descriptor.release()
  }

  /// Lets go of the lock, for every descriptor of the open file (a child forked meanwhile
  /// shares it); closing the lock file lets go too.
  package func unlock() {
    _ = flock(descriptor.rawValue, LOCK_UN)
  }
}

/// Why a ``LockFile`` could not be opened.
package enum LockFileError: Error, Equatable {
  /// The `open` failed.
  case open(Errno)
  /// The `fstat` of the opened file failed.
  case status(Errno)
}
