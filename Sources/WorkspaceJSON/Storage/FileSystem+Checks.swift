import WorkspaceSystem

extension FileSystem {
  /// The most symbolic links followed to find a file, as the kernel's own limit (`ELOOP`).
  static let maximumLinks = 40

  /// The file a path names once its symbolic links are followed: the path itself when it is
  /// not a link, else the link's target (a relative target read from the link's directory),
  /// link after link. A missing target (a dangling link) is returned as it is, so that a save
  /// creates it there, as `echo x > link` does.
  ///
  /// - Throws: ``WorkspaceFileError/cannotRead(_:reason:)`` for a chain of more than
  ///   ``maximumLinks`` links (a loop) or a link that cannot be read.
  package static func resolveLinks(_ path: String) throws(WorkspaceFileError) -> String {
    try resolveLinksAndLook(path).target
  }

  /// The file a path names once its symbolic links are followed (see ``resolveLinks(_:)``),
  /// with what `lstat` gave for it on the way (`nil` if nothing is there), so a caller that
  /// checks what kind of file it is need not look again.
  static func resolveLinksAndLook(_ path: String) throws(WorkspaceFileError) -> (
    target: String, status: stat?
  ) {
    var current = path
    for _ in 0...maximumLinks {
      var info = stat()
      guard lstat(current, &info) == 0 else { return (current, nil) }
      guard (info.st_mode & S_IFMT) == S_IFLNK else { return (current, info) }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let length = readlink(current, &buffer, buffer.count - 1)
      guard length >= 0 else { throw .cannotRead(current, reason: errorText()) }
      let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = target.hasPrefix("/") ? target : directoryName(of: current) + "/" + target
    }
    throw .cannotRead(
      path, reason: "more than \(maximumLinks) symbolic links (a loop?) lead from it")
  }

  /// What is at `path` if it exists and is not a regular file (`"a FIFO"`, `"a directory"`),
  /// without opening it or following a final symbolic link; `nil` for a regular file or
  /// nothing.
  package static func nonRegularKind(at path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return kind(of: info.st_mode)
  }

  /// The kind of file a mode describes, or `nil` for a regular file.
  package static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFLNK: "a symbolic link"
    default: "not a regular file"
    }
  }

  /// The reason to give for a path that is `kind`.
  static func notRegular(_ kind: String) -> String {
    kind == "not a regular file" ? kind : "it is \(kind), not a regular file"
  }

  /// Checks that the file at `path` (already resolved) may be replaced, and that its
  /// directory takes new files (the temporary file): see ``checkFileReplaceable(_:status:askingSystem:)``
  /// and ``checkDirectoryWritable(of:)``. For checks that write nothing (dry runs); a save
  /// checks the file, and finds out about the directory by making its temporary file there.
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``.
  static func checkReplaceable(_ path: String, status: FileStatus = .unknown)
    throws(WorkspaceFileError)
  {
    try checkFileReplaceable(path, status: status.resolved(path), askingSystem: true)
    try checkDirectoryWritable(of: path)
  }

  /// Checks that the file at `path` (already resolved), whose `lstat` gave `status` (`nil`
  /// when there is none), may be replaced: if it exists, it is a regular file that the
  /// process may write (`faccessat` with the effective ids, as a shell's `>` would check), so
  /// a read-only file is refused, never replaced.
  ///
  /// Without `askingSystem` (a save about to make its temporary file beside the file), a file
  /// the process's effective user owns and whose mode lets its owner write, or any file for
  /// root, is taken as writable from its status alone: the permission rules decide so (the
  /// owner's bits decide for the owner; an access list's entries never do), and what else
  /// would refuse a write fails the save before the file is touched (a read-only file system
  /// fails the temporary file's creation; an immutable or append-only file, the rename).
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)``.
  static func checkFileReplaceable(_ path: String, status: stat?, askingSystem: Bool)
    throws(WorkspaceFileError)
  {
    guard let status else { return }
    if let kind = kind(of: status.st_mode) {
      throw .cannotWrite(path, reason: notRegular(kind))
    }
    if !askingSystem {
      let user = geteuid()
      if user == 0 || status.st_uid == user && status.st_mode & S_IWUSR != 0 { return }
    }
    guard faccessat(AT_FDCWD, path, W_OK, AT_EACCESS) == 0 else {
      throw .cannotWrite(path, reason: errorText())
    }
  }

  /// Checks that the directory of the file at `path` takes new files: it is a directory the
  /// process may write and search (`faccessat` with the effective ids).
  ///
  /// - Throws: ``WorkspaceFileError/cannotWrite(_:reason:)`` naming the file.
  static func checkDirectoryWritable(of path: String) throws(WorkspaceFileError) {
    let directory = directoryName(of: path)
    var info = stat()
    guard stat(directory, &info) == 0 else { throw .cannotWrite(path, reason: errorText()) }
    guard (info.st_mode & S_IFMT) == S_IFDIR else {
      throw .cannotWrite(path, reason: Errno(ENOTDIR).description)
    }
    guard faccessat(AT_FDCWD, directory, W_OK | X_OK, AT_EACCESS) == 0 else {
      throw .cannotWrite(path, reason: errorText())
    }
  }

  /// What `lstat` gives for `path` (a final symbolic link not followed), or `nil` if nothing
  /// is there.
  static func linkStatus(_ path: String) -> stat? {
    var info = stat()
    return lstat(path, &info) == 0 ? info : nil
  }

  /// Whether something exists at `path`, following symbolic links (a dangling link names
  /// nothing).
  package static func exists(_ path: String) -> Bool {
    access(path, F_OK) == 0
  }
}
