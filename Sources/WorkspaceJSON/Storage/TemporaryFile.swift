import WorkspaceSystem

/// A new file beside the file it will replace, written in pieces, flushed to disk by
/// ``finish()`` and then renamed over that file by ``FileSystem/commit(_:over:backupPath:)``,
/// or removed by ``discard()``.
///
/// It is created exclusively (`O_EXCL`, never following a link) at a fresh
/// ``FileSystem/temporaryPath(for:)``, with the mode, owner and group of the file it
/// replaces where the process may set them (else 0600 and the process's own), so a reader
/// never sees it under the file's name until it is complete.
struct TemporaryFile {
  /// The temporary file's path.
  let path: String
  /// The file it is named after, for messages.
  private let target: String
  /// Whether a file was at the path it replaces when it was made.
  let replacesFile: Bool
  /// The file's stamp once finished (a rename keeps it: inode, size and modification time),
  /// read from the file itself, so that it is this file's whatever replaces it afterwards.
  private(set) var stamp: FileStamp?
  /// The open descriptor, or -1 once finished or discarded.
  private var fd: Int32
  /// The bytes appended so far.
  private var size = 0
  /// Where the bytes not yet handed to the disk start: the disk's writing of the rest
  /// starts once there are ``flushStep`` of them, so that ``finish()`` waits for less.
  private var unflushedStart = 0
  /// The bytes after which the disk starts writing what was appended.
  private static let flushStep = 1 << 22

  /// Creates the temporary file for replacing the file at `path` (its symbolic links already
  /// followed), after checking that the file may be replaced (see
  /// ``FileSystem/checkFileReplaceable(_:status:askingSystem:)``).
  ///
  /// Its directory is not looked at beforehand: creating the temporary file in it fails with
  /// the same error a look would give (a directory that is missing, not a directory, or that
  /// the process may not write).
  ///
  /// - Parameter status: The file's status if the caller looked a moment ago under the lock
  ///   (then it is not looked at again).
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; nothing was then created.
  init(replacing path: String, status: FileStatus = .unknown) throws(WorkspaceFileError) {
    let existing = status.resolved(path)
    try FileSystem.checkFileReplaceable(path, status: existing, askingSystem: false)
    try self.init(beside: path, existing: existing)
  }

  /// Creates a temporary file for `path`, with the mode, owner and group of the file at
  /// `original` if it exists.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``.
  init(beside path: String, like original: String) throws(WorkspaceFileError) {
    var info = stat()
    try self.init(beside: path, existing: stat(original, &info) == 0 ? info : nil)
  }

  /// Creates a temporary file for `path`, with the mode, owner and group of `existing`, the
  /// status of the file it replaces, if there is one (else 0600 and the process's own).
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``.
  private init(beside path: String, existing: stat?) throws(WorkspaceFileError) {
    let mode = existing.map { mode_t($0.st_mode & 0o7777) } ?? 0o600
    target = path
    replacesFile = existing != nil
    var descriptor: Int32 = -1
    guard
      let name = FileSystem.makeTemporary(
        for: path,
        {
          descriptor = open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
          return descriptor >= 0
        })
    else { throw .cannotWrite(path, reason: FileSystem.errorText()) }
    self.path = name
    fd = descriptor
    if let existing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
      // Root keeps the owner; anyone keeps a group they belong to; otherwise the new file
      // is the writer's, as with any editor that saves by renaming.
      if fchown(fd, existing.st_uid, existing.st_gid) != 0 {
        _ = fchown(fd, .max, existing.st_gid)
      }
    }
    guard fchmod(fd, mode) == 0 else {
      let reason = FileSystem.errorText()
      discard()
      throw .cannotWrite(path, reason: reason)
    }
  }

  /// Appends `bytes` to the file.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; then ``discard()`` it.
  mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(WorkspaceFileError) {
    do {
      try Descriptor.write(all: UnsafeRawBufferPointer(bytes), to: fd)
    } catch {
      throw .cannotWrite(target, reason: error.description)
    }
    size += bytes.count
    if size - unflushedStart >= Self.flushStep {
      Platform.startWritingOut(fd, offset: unflushedStart, count: size - unflushedStart)
      unflushedStart = size
    }
  }

  /// Flushes the file to disk and closes it, ready to be renamed over the file; ``stamp`` is
  /// then the stamp the file keeps under its new name.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``; then ``discard()`` it.
  mutating func finish() throws(WorkspaceFileError) {
    guard Platform.synchronize(fd) == 0 else {
      throw .cannotWrite(target, reason: FileSystem.errorText())
    }
    stamp = FileStamp(descriptor: fd)
    let result = close(fd)
    fd = -1
    guard result == 0 else { throw .cannotWrite(target, reason: FileSystem.errorText()) }
  }

  /// Closes the file if it is open and removes it.
  mutating func discard() {
    if fd >= 0 { close(fd) }
    fd = -1
    unlink(path)
  }
}
