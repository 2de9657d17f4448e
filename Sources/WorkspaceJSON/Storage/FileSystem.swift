import Dispatch
import WorkspaceSystem

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
    guard let (fd, size) = try openRegularFile(path, limit: limit) else { return nil }
    let file = Descriptor(fd)
    // One byte of room past the size tells the end of the file from a file that grew.
    var bytes = [UInt8](repeating: 0, count: size + 1)
    var count = 0
    while true {
      if count == bytes.count {
        // The file grew while being read: read on in 64 KiB steps, up to the limit.
        guard count <= limit else { throw .fileTooLarge(path, size: count, limit: limit) }
        bytes += [UInt8](repeating: 0, count: 1 << 16)
      }
      let got = bytes.withUnsafeMutableBytes { [fd = file.rawValue] buffer in
        retryingOnInterrupt { read(fd, buffer.baseAddress! + count, buffer.count - count) }
      }
      if got < 0 { throw .cannotRead(path, reason: errorText()) }
      if got == 0 { break }
      count += got
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  /// Opens a regular file for reading, with its size, or returns `nil` if it does not exist;
  /// the caller closes the descriptor.
  ///
  /// Anything that is not a regular file is refused before it is opened, and the file is
  /// opened without blocking, so a FIFO swapped in meanwhile cannot hang the open either.
  ///
  /// - Throws: ``WorkspaceFileError/fileTooLarge(_:size:limit:)`` for a file over `limit`
  ///   bytes, or ``WorkspaceFileError/cannotRead(_:reason:)``.
  static func openRegularFile(_ path: String, limit: Int) throws(WorkspaceFileError) -> (
    fd: Int32, size: Int
  )? {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT { return nil }
      throw .cannotRead(path, reason: errorText())
    }
    if let kind = kind(of: info.st_mode) { throw .cannotRead(path, reason: notRegular(kind)) }
    // Closed by its going away on every throw below.
    let file: Descriptor
    do {
      file = try Descriptor(opening: path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    } catch {
      if error == .noSuchFile { return nil }
      throw .cannotRead(path, reason: error.description)
    }
    do {
      info = try file.status()
    } catch {
      throw .cannotRead(path, reason: error.description)
    }
    if let kind = kind(of: info.st_mode) { throw .cannotRead(path, reason: notRegular(kind)) }
    let size = Int(info.st_size)
    guard size <= limit else { throw .fileTooLarge(path, size: size, limit: limit) }
    _ = fcntl(file.rawValue, F_SETFL, fcntl(file.rawValue, F_GETFL) & ~O_NONBLOCK)
    return (file.release(), size)
  }

  /// Replaces the file at `path` with `bytes` atomically: the bytes go to a new temporary
  /// file in the same directory (see ``TemporaryFile``), which is flushed to disk and renamed
  /// over `path` (see ``commit(_:over:backupPath:)``).
  ///
  /// `path` is the file itself, its symbolic links already followed. A file that exists and
  /// is not a regular file, or that the process may not write, is refused before anything
  /// is written (see ``checkFileReplaceable(_:status:askingSystem:)``); so is a backup path
  /// that is not a regular file, before anything is renamed.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; nothing was then written.
  static func replace(
    _ path: String, with bytes: [UInt8], backupPath: String?
  ) throws(WorkspaceFileError) {
    var temporary = try TemporaryFile(replacing: path)
    do {
      try bytes.withUnsafeBufferPointer { (buffer) throws(WorkspaceFileError) in
        try temporary.append(buffer)
      }
      try temporary.finish()
    } catch {
      temporary.discard()
      throw error
    }
    try commit(temporary, over: path, backupPath: backupPath)?.release()
  }

  /// Renames a finished temporary file over `path` and flushes the directory. The previous
  /// file, if any, becomes `backupPath`, only once the new file is in place; a failed rename
  /// removes the temporary file and leaves the file and its backup as they were. A backup
  /// path that holds anything but a regular file is refused before anything is renamed (or
  /// opened there).
  ///
  /// - Returns: The replaced backup, held open so that its storage is freed when the caller
  ///   releases it, once the save is acknowledged (see ``ReplacedBackup``).
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; nothing was then replaced.
  static func commit(
    _ temporary: TemporaryFile, over path: String, backupPath: String?
  ) throws(WorkspaceFileError) -> ReplacedBackup? {
    let backupStatus = backupPath.flatMap(linkStatus)
    if let backupPath, let backupStatus, let kind = kind(of: backupStatus.st_mode) {
      unlink(temporary.path)
      throw .cannotWrite(backupPath, reason: notRegular(kind))
    }
    // The backup is staged first, as a second name of the old file, and takes its place
    // only after the rename: a failed save leaves the previous backup as it was.
    let staging =
      temporary.replacesFile ? backupPath.flatMap { stageBackup(of: path, at: $0) } : nil
    guard rename(temporary.path, path) == 0 else {
      let reason = errorText()
      unlink(temporary.path)
      if let staging { unlink(staging) }
      throw .cannotWrite(path, reason: reason)
    }
    var replaced: ReplacedBackup?
    if let staging, let backupPath {
      // The previous backup's storage is freed when its last name goes, which takes a while
      // (about 11 ms for 40 MB on ext4, and a tenth of a millisecond for a small file here):
      // held open, it is freed when the caller lets go of it, after the save is acknowledged.
      if let backupStatus {
        replaced = ReplacedBackup(
          descriptor: open(backupPath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC),
          size: Int(backupStatus.st_size))
      }
      if rename(staging, backupPath) != 0 { unlink(staging) }
    }
    syncDirectory(of: path)
    return replaced
  }

  /// A copy of the file at `path` beside `backupPath`, ready to be renamed over it: a hard
  /// link when the file system allows one, else a copy. `nil` when neither works; the
  /// previous backup then stays, which is not an error.
  private static func stageBackup(of path: String, at backupPath: String) -> String? {
    if let staging = makeTemporary(for: backupPath, { link(path, $0) == 0 }) { return staging }
    guard let bytes = try? readFile(path, limit: Int.max),
      var copy = try? TemporaryFile(beside: backupPath, like: path)
    else { return nil }
    do {
      try bytes.withUnsafeBufferPointer { (buffer) throws(WorkspaceFileError) in
        try copy.append(buffer)
      }
      try copy.finish()
      return copy.path
    } catch {
      copy.discard()
      return nil
    }
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

  private static func syncDirectory(of path: String) {
    guard
      let directory = try? Descriptor(
        opening: directoryName(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    else { return }
    try? directory.synchronize()
  }

  /// The prefix of the temporary files made for `path`: `.name.tmp-` in the same directory.
  static func temporaryPrefix(for path: String) -> String {
    let utf8 = path.utf8
    let slash = utf8.lastIndex(of: UInt8(ascii: "/"))
    let nameStart = slash.map(utf8.index(after:)) ?? utf8.startIndex
    var prefix = ""
    prefix.reserveCapacity(utf8.count + 6)
    prefix.append(contentsOf: Substring(utf8[..<nameStart]))
    prefix.append(".")
    prefix.append(contentsOf: Substring(utf8[nameStart...]))
    prefix.append(".tmp-")
    return prefix
  }

  /// A new temporary path beside `path`: the process's id and the next of its numbers, which
  /// start at a random one (so a process of another namespace with the same id is vanishingly
  /// unlikely to pick the same). Creating it with `O_EXCL` makes a clash an error; a caller
  /// that meets one tries a ``randomTemporaryPath(for:)`` (``makeTemporary(for:_:)`` does both).
  static func temporaryPath(for path: String) -> String {
    temporaryPrefix(for: path) + temporaryNames.next()
  }

  /// A new temporary path beside `path` with 64 fresh random bits, for a name that clashed.
  static func randomTemporaryPath(for path: String) -> String {
    temporaryPrefix(for: path) + "\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
  }

  /// Makes a temporary file (or link) beside `path` with `make`, which creates what a name
  /// names exclusively and says whether it did: under a ``temporaryPath(for:)``, and if that
  /// name is taken (`EEXIST`: a process of another namespace with this one's id left it),
  /// under a ``randomTemporaryPath(for:)``. The name made, or `nil` with `errno` as `make`
  /// left it.
  static func makeTemporary(for path: String, _ make: (String) -> Bool) -> String? {
    let name = temporaryPath(for: path)
    if make(name) { return name }
    guard errno == EEXIST else { return nil }
    let other = randomTemporaryPath(for: path)
    return make(other) ? other : nil
  }

  /// The names of this process's temporary files: its id, asked once, and a counter, so that
  /// a save asks the system for neither (two calls a name, two names a save).
  private static let temporaryNames = TemporaryNames()

  /// The numbers this process names its temporary files with, shared by the threads that save.
  private final class TemporaryNames: @unchecked Sendable {
    private let lock = Lock()
    private let process = getpid()
    private var number = UInt64.random(in: 0...UInt64.max)

    /// The next name: `<pid>-<number>`.
    func next() -> String {
      let number = lock.withLock {
        self.number &+= 1
        return self.number
      }
      return "\(process)-\(number)"
    }
  }

  /// Removes temporary files left by writers that died mid-save, unless this process looked
  /// for those of `path` less than ``staleTemporaryInterval`` ago. Call only while holding
  /// the lock, when no other writer can be mid-save.
  ///
  /// Each process looks at its first save of a file, so `wsctl` and a host starting up
  /// always do; a host that saves many times a second reads its directory once a second
  /// instead of at every save (listing a directory of 1,431 files was 120 K instructions a
  /// save): what a writer left when it died is removed by one of the host's saves within
  /// that second, or by the next process's first save.
  static func removeStaleTemporariesIfDue(for path: String) {
    if staleTemporaryScans.isDue(path) { removeStaleTemporaries(for: path) }
  }

  /// How long after looking for a file's stale temporary files a save looks again.
  static let staleTemporaryInterval = Duration.seconds(1)

  /// When this process last looked for each file's stale temporary files.
  private static let staleTemporaryScans = ScanTimes()

  /// When this process last looked for each file's stale temporary files, shared by the
  /// threads that save.
  private final class ScanTimes: @unchecked Sendable {
    private let lock = Lock()
    private var times: [String: ContinuousClock.Instant] = [:]

    /// Whether it is time to look for `path`'s; if so, now is noted as the last time.
    func isDue(_ path: String) -> Bool {
      let now = ContinuousClock.now
      return lock.withLock {
        if let last = times[path], now - last < FileSystem.staleTemporaryInterval { return false }
        times[path] = now
        return true
      }
    }
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
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    let nameLength = name.utf8.count
    name.withCString { cName in
      while let entry = readdir(dir) {
        // The name is read in place: a directory entry may be shorter than `dirent`, so
        // copying the whole `d_name` array would read past the end of the entry.
        let entryName = (UnsafeRawPointer(entry) + offset).assumingMemoryBound(to: CChar.self)
        // Compared in place first: only a name that starts with `.name` becomes a `String`,
        // so the directory's other files cost no allocation (460 instructions each before).
        guard strncmp(entryName, cName, nameLength) == 0 else { continue }
        let found = String(cString: entryName)
        if prefixes.contains(where: found.hasPrefix) {
          unlink(directory + "/" + found)
        }
      }
    }
  }

  /// The directory of `path`, as the kernel reads it: everything before its last `/` byte
  /// (`/` for a file at the root, `.` for a bare name). Bytes, not characters: a `/` that a
  /// combining mark follows is one character with it, and still ends a directory's name.
  package static func directoryName(of path: String) -> String {
    let utf8 = path.utf8
    guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == utf8.startIndex ? "/" : String(Substring(utf8[..<slash]))
  }

  /// The name of `path` within its directory: everything after its last `/` byte.
  package static func baseName(of path: String) -> String {
    let utf8 = path.utf8
    guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
    return String(Substring(utf8[utf8.index(after: slash)...]))
  }

  static func errorText() -> String {
    Errno.current.description
  }
}
