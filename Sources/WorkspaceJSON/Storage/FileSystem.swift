#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the store needs, on POSIX calls: whole-file reads with a size
/// limit, atomic replacement with a backup, and an advisory lock.
package enum FileSystem {
  /// Reads a whole file, or returns `nil` if it does not exist.
  ///
  /// Anything that is not a regular file (a FIFO, a directory, a device) is refused before it
  /// is opened, and the file is opened without blocking, so a FIFO swapped in meanwhile
  /// cannot hang the read either.
  ///
  /// - Throws: ``WorkspaceFileError/fileTooLarge(_:size:limit:)`` before reading a file over
  ///   `limit` bytes, or ``WorkspaceFileError/cannotRead(_:reason:)``.
  static func readFile(_ path: String, limit: Int) throws(WorkspaceFileError) -> [UInt8]? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .cannotRead(path, reason: errorText())
    }
    if let kind = kind(of: info.st_mode) { throw .cannotRead(path, reason: notRegular(kind)) }
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .cannotRead(path, reason: errorText())
    }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else { throw .cannotRead(path, reason: errorText()) }
    if let kind = kind(of: info.st_mode) { throw .cannotRead(path, reason: notRegular(kind)) }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    let size = Int(info.st_size)
    guard size <= limit else { throw .fileTooLarge(path, size: size, limit: limit) }
    // One byte of room past the size tells the end of the file from a file that grew.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        // The file grew while being read: read on in 64 KiB steps, up to the limit.
        guard count <= limit else { throw .fileTooLarge(path, size: count, limit: limit) }
        bytes += [UInt8](repeating: 0, count: 1 << 16)
      }
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(fd, buffer.baseAddress! + count, buffer.count - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw .cannotRead(path, reason: errorText())
      }
      if got == 0 { break }
      count += got
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  /// Replaces the file at `path` with `bytes` atomically: the bytes go to a new temporary
  /// file in the same directory (created exclusively, with the old file's permissions, owner
  /// and group where the process may set them, else 0600), which is flushed to disk and
  /// renamed over `path`; the directory is flushed too. The previous file, if any, becomes
  /// `backupPath`, only once the new file is in place.
  ///
  /// `path` is the file itself, its symbolic links already followed. A file that exists and
  /// is not a regular file, or that the process may not write, is refused before anything
  /// is written (see ``checkReplaceable(_:)``); so is a backup path that is not a regular file.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; nothing was then written.
  static func replace(
    _ path: String, with bytes: [UInt8], backupPath: String?
  ) throws(WorkspaceFileError) {
    try checkReplaceable(path)
    if let backupPath, let kind = nonRegularKind(at: backupPath) {
      throw .cannotWrite(backupPath, reason: notRegular(kind))
    }
    var info = stat()
    let existing = stat(path, &info) == 0 ? info : nil
    let temporary = try writeTemporary(bytes, beside: path, like: existing)
    // The backup is staged first, as a second name of the old file, and takes its place
    // only after the rename: a failed save leaves the previous backup as it was.
    let staging = existing != nil ? backupPath.flatMap { stageBackup(of: path, at: $0) } : nil
    guard rename(temporary, path) == 0 else {
      let reason = errorText()
      unlink(temporary)
      if let staging { unlink(staging) }
      throw .cannotWrite(path, reason: reason)
    }
    if let staging, let backupPath, rename(staging, backupPath) != 0 { unlink(staging) }
    syncDirectory(of: path)
  }

  /// Writes `bytes` to a new temporary file beside `path`, flushed to disk, with the mode,
  /// owner and group of `existing` (else 0600 and the process's own); returns its path.
  private static func writeTemporary(
    _ bytes: [UInt8], beside path: String, like existing: stat?
  ) throws(WorkspaceFileError) -> String {
    let mode = existing.map { mode_t($0.st_mode & 0o7777) } ?? 0o600
    let temporary = temporaryPath(for: path)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    guard fd >= 0 else { throw .cannotWrite(path, reason: errorText()) }
    do {
      if let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
        // Root keeps the owner; anyone keeps a group they belong to; otherwise the new file
        // is the writer's, as with any editor that saves by renaming.
        if fchown(fd, existing.st_uid, existing.st_gid) != 0 {
          _ = fchown(fd, .max, existing.st_gid)
        }
      }
      guard fchmod(fd, mode) == 0 else {
        throw WorkspaceFileError.cannotWrite(path, reason: errorText())
      }
      try writeAll(fd, bytes, path: path)
      guard fsync(fd) == 0 else { throw WorkspaceFileError.cannotWrite(path, reason: errorText()) }
    } catch {
      close(fd)
      unlink(temporary)
      throw error as! WorkspaceFileError
    }
    guard close(fd) == 0 else {
      let reason = errorText()
      unlink(temporary)
      throw .cannotWrite(path, reason: reason)
    }
    return temporary
  }

  /// A copy of the file at `path` beside `backupPath`, ready to be renamed over it: a hard
  /// link when the file system allows one, else a copy. `nil` when neither works; the
  /// previous backup then stays, which is not an error.
  private static func stageBackup(of path: String, at backupPath: String) -> String? {
    let staging = temporaryPath(for: backupPath)
    if link(path, staging) == 0 { return staging }
    var info = stat()
    guard stat(path, &info) == 0, let bytes = try? readFile(path, limit: Int.max) else {
      return nil
    }
    return try? writeTemporary(bytes, beside: backupPath, like: info)
  }

  /// Copies `source` over `destination` atomically.
  ///
  /// - Throws: ``WorkspaceFileError/cannotRead(_:reason:)`` if `source` is missing or
  ///   unreadable, or ``WorkspaceFileError/cannotWrite(_:reason:)``.
  static func copy(_ source: String, over destination: String, limit: Int)
    throws(WorkspaceFileError)
  {
    guard let bytes = try readFile(source, limit: limit) else {
      throw .cannotRead(source, reason: "no such file")
    }
    try replace(destination, with: bytes, backupPath: nil)
  }

  private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String)
    throws(WorkspaceFileError)
  {
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress! + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .cannotWrite(path, reason: errorText())
      }
      written += count
    }
  }

  private static func syncDirectory(of path: String) {
    let directory = directoryName(of: path)
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    close(fd)
  }

  /// The prefix of the temporary files made for `path`: `.name.tmp-` in the same directory.
  static func temporaryPrefix(for path: String) -> String {
    let directory = directoryName(of: path)
    let name = baseName(of: path)
    return (directory == "." && !path.hasPrefix("./") ? "" : directory + "/") + ".\(name).tmp-"
  }

  /// A new temporary path beside `path`; creating it with `O_EXCL` makes a clash an error,
  /// and 64 random bits make one vanishingly unlikely.
  private static func temporaryPath(for path: String) -> String {
    temporaryPrefix(for: path) + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
  }

  /// Removes temporary files left by writers that died mid-save. Call only while holding the
  /// lock, when no other writer can be mid-save.
  ///
  /// Those are the temporaries of the file itself and of its backup and before-restore copy
  /// (`.name.tmp-*`, `.name.bak.tmp-*`, `.name.before-restore.tmp-*`), all made under the lock.
  static func removeStaleTemporaries(for path: String) {
    let directory = directoryName(of: path)
    let name = "." + baseName(of: path)
    let prefixes = [name + ".tmp-", name + ".bak.tmp-", name + ".before-restore.tmp-"]
    guard let dir = opendir(directory) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
      // The name is read in place: a directory entry may be shorter than `dirent`, so
      // copying the whole `d_name` array would read past the end of the entry.
      let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
      let name = String(
        cString: (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self))
      if prefixes.contains(where: name.hasPrefix) {
        unlink(directory + "/" + name)
      }
    }
  }

  static func directoryName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  static func errorText() -> String {
    String(cString: strerror(errno))
  }
}
