#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file operations the store needs, on POSIX calls: whole-file reads with a size
/// limit, atomic replacement with a backup, and an advisory lock.
enum FileSystem {
  /// Reads a whole file, or returns `nil` if it does not exist.
  ///
  /// - Throws: ``WorkspaceFileError/fileTooLarge(_:size:limit:)`` before reading a file over
  ///   `limit` bytes, or ``WorkspaceFileError/cannotRead(_:reason:)``.
  static func readFile(_ path: String, limit: Int) throws(WorkspaceFileError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT { return nil }
      throw .cannotRead(path, reason: errorText())
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .cannotRead(path, reason: errorText()) }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .cannotRead(path, reason: "not a regular file")
    }
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

  /// Whether a file exists at `path`.
  static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }

  /// Replaces the file at `path` with `bytes` atomically: the bytes go to a new temporary
  /// file in the same directory (created exclusively, with the old file's permissions or
  /// 0600), which is flushed to disk and renamed over `path`; the directory is flushed too.
  /// The previous file, if any, becomes `backupPath`.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; the old file is then intact.
  static func replace(
    _ path: String, with bytes: [UInt8], backupPath: String?
  ) throws(WorkspaceFileError) {
    var info = stat()
    let existed = stat(path, &info) == 0
    let mode = existed ? mode_t(info.st_mode & 0o7777) : 0o600
    let temporary = temporaryPath(for: path)
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    guard fd >= 0 else { throw .cannotWrite(path, reason: errorText()) }
    do {
      guard fchmod(fd, mode) == 0 else {
        throw WorkspaceFileError.cannotWrite(path, reason: errorText())
      }
      try writeAll(fd, bytes, path: path)
      guard fsync(fd) == 0 else { throw WorkspaceFileError.cannotWrite(path, reason: errorText()) }
      guard close(fd) == 0 else {
        unlink(temporary)
        throw WorkspaceFileError.cannotWrite(path, reason: errorText())
      }
    } catch {
      close(fd)
      unlink(temporary)
      throw error as! WorkspaceFileError
    }
    if existed, let backupPath {
      keepBackup(of: path, at: backupPath)
    }
    guard rename(temporary, path) == 0 else {
      let reason = errorText()
      unlink(temporary)
      throw .cannotWrite(path, reason: reason)
    }
    syncDirectory(of: path)
  }

  /// Makes `backupPath` a copy of the file at `path`, atomically, by a hard link when the file
  /// system allows one. A failure leaves the previous backup in place and is not an error.
  private static func keepBackup(of path: String, at backupPath: String) {
    let staging = temporaryPath(for: backupPath)
    if link(path, staging) != 0 {
      guard let bytes = try? readFile(path, limit: Int.max),
        (try? replace(backupPath, with: bytes, backupPath: nil)) != nil
      else { return }
      return
    }
    if rename(staging, backupPath) != 0 { unlink(staging) }
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
