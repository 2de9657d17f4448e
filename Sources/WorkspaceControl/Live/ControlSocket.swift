import WorkspaceJSON
import WorkspaceSystem

/// Where the control socket of a workspace file lives, and how a host claims it.
///
/// The socket is `<directory>/<hash>.sock`, where the hash is of the file's canonical path
/// (links and `..` resolved), so every spelling of one file finds one socket, and the path's
/// length does not depend on how deep the file is: it must fit `sun_path` (104 bytes on
/// Darwin, 108 on Linux, with the terminating zero). The directory (see ``Directory``) is
/// `$WSCTL_SOCKET_DIR`, else `wsctl` in the user's runtime directory (`$XDG_RUNTIME_DIR` on
/// Linux, the per-user temporary directory on Darwin, a sandboxed app's container's `tmp`),
/// else `/tmp/wsctl-<uid>`: made with mode 0700, and used only if it is a real directory owned
/// by this user that no one else may enter. Beside the socket,
/// `<hash>.lock` is held (`flock`) by the host for as long as it listens: a second host cannot
/// take the socket over, and a socket whose lock is free is stale.
package struct ControlSocket: Sendable {
  /// The socket's path.
  package let path: String
  /// The path of the lock the host holds.
  package var lockPath: String { String(path.dropLast(".sock".count)) + ".lock" }

  /// The socket of a workspace file.
  ///
  /// - Parameters:
  ///   - file: The workspace file, as the user named it.
  ///   - isCreating: Whether to make the directory when it is missing (the host does;
  ///     `wsctl` only looks, and a missing directory only means that no host listens).
  /// - Throws: ``ControlUnavailable`` when there can be none: no safe directory (one owned by
  ///   another user, open to others, not a directory), or a path too long for a socket
  ///   address.
  package init(forFile file: String, creatingDirectory isCreating: Bool)
    throws(ControlUnavailable)
  {
    let directory = try Self.directory(creating: isCreating)
    let path = directory + "/" + Self.hash(Self.canonicalPath(file)) + ".sock"
    guard path.utf8.count < Self.maximumPathBytes else {
      throw .pathTooLong(path, limit: Self.maximumPathBytes)
    }
    self.path = path
  }

  /// The room for a path in `sockaddr_un`, with its terminating zero.
  static var maximumPathBytes: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) }

  /// The file's path with every link, `.` and `..` resolved; for a file that does not exist
  /// yet, its directory's resolved path and its name.
  static func canonicalPath(_ file: String) -> String {
    let target = (try? FileSystem.resolveLinks(file)) ?? file
    if let resolved = realPath(target) { return resolved }
    let name = FileSystem.baseName(of: target)
    guard let resolvedDirectory = realPath(FileSystem.directoryName(of: target)) else {
      return target
    }
    return (resolvedDirectory == "/" ? "" : resolvedDirectory) + "/" + name
  }

  private static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// FNV-1a, 64 bits, in hexadecimal: short, stable across runs and builds.
  static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    // The sixteen digits written by hand: `String(_:radix:)` is generic over the integer and
    // not specialised here, its associated types looked up at run time (5,000 instructions
    // of every live call).
    return String(unsafeUninitializedCapacity: 16) { digits in
      for index in 0..<16 {
        let digit = UInt8(truncatingIfNeeded: hash >> (60 - 4 * index)) & 0xF
        digits[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
      }
      return 16
    }
  }

  /// Where the sockets are looked for, and why there.
  struct Directory: Hashable, Sendable {
    /// The directory's path.
    let path: String
    /// Where it comes from, as `wsctl status` says it: `WSCTL_SOCKET_DIR`, `wsctl in
    /// $XDG_RUNTIME_DIR`, `wsctl in the per-user temporary directory`, or `/tmp/wsctl-UID`
    /// (with the reason).
    let origin: String
    /// Whether `WSCTL_SOCKET_DIR` named it.
    var isNamedByVariable: Bool { origin == ControlSocket.directoryVariable }
  }

  /// The variable that names the directory of sockets, for a host and `wsctl` alike: how a
  /// shell's `wsctl` reaches a sandboxed app, whose sockets are in its container.
  static let directoryVariable = "WSCTL_SOCKET_DIR"

  /// The directory of sockets, not yet checked: `$WSCTL_SOCKET_DIR` as it is (set and not
  /// empty), else `wsctl` in the user's runtime directory, else `/tmp/wsctl-<uid>`.
  ///
  /// - Throws: ``ControlUnavailable/variableNotAbsolute(_:)`` for a `WSCTL_SOCKET_DIR` that is
  ///   not an absolute path (a host and `wsctl` in different directories would read it
  ///   differently).
  static func chosenDirectory() throws(ControlUnavailable) -> Directory {
    if let named = getenv(directoryVariable).map({ String(cString: $0) }), !named.isEmpty {
      guard named.hasPrefix("/") else { throw .variableNotAbsolute(named) }
      return Directory(path: withoutTrailingSlash(named), origin: directoryVariable)
    }
    if let runtime = Platform.userRuntimeDirectory() {
      let parent = withoutTrailingSlash(runtime.path)
      return Directory(
        path: (parent == "/" ? "" : parent) + "/wsctl", origin: "wsctl in \(runtime.name)")
    }
    return Directory(
      path: "/tmp/wsctl-\(getuid())",
      origin: "/tmp/wsctl-UID, as there is no user runtime directory")
  }

  /// `path` without one trailing slash (`/` itself stays).
  private static func withoutTrailingSlash(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// The directory of sockets, checked (and made, if asked): a directory (not a link) owned by
  /// this user that no one else may enter. A missing directory that is not to be made is
  /// returned as it is: no socket is in it.
  ///
  /// - Throws: ``ControlUnavailable`` naming the directory and what is wrong with it.
  static func directory(creating isCreating: Bool) throws(ControlUnavailable) -> String {
    let user = getuid()
    let directory = try chosenDirectory().path
    if isCreating, mkdir(directory, 0o700) != 0, errno != EEXIST {
      throw .directoryUnusable(directory, code: errno)
    }
    var status = stat()
    guard lstat(directory, &status) == 0 else {
      if errno == ENOENT, !isCreating { return directory }
      throw .directoryUnusable(directory, code: errno)
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .directoryNotADirectory(
        directory, kind: FileSystem.kind(of: status.st_mode) ?? "a regular file")
    }
    guard status.st_uid == user else {
      throw .directoryOwned(directory, owner: UInt32(status.st_uid), user: UInt32(user))
    }
    guard status.st_mode & 0o077 == 0 else {
      throw .directoryOpen(directory, mode: UInt32(status.st_mode & 0o7777))
    }
    return directory
  }

  /// Whether a host holds the socket's lock. The lock is opened without blocking and without
  /// following a link, and only if it is a regular file: a FIFO put there never hangs the
  /// caller.
  ///
  /// - Returns: `false` when the lock is missing or free.
  /// - Throws: ``ControlUnavailable/lockNotRegular(_:kind:)`` for anything but a regular
  ///   file, ``ControlUnavailable/system(_:path:code:)`` for a lock that cannot be opened.
  func isClaimed() throws(ControlUnavailable) -> Bool {
    guard let lock = try openLock(creating: false) else { return false }
    do {
      return try !lock.tryLock(exclusive: false)
    } catch {
      return false
    }
  }

  /// Opens the lock: without blocking (a FIFO), without following a link, and only a
  /// regular file, checked before and after it is opened.
  ///
  /// - Returns: The lock file, or `nil` when it is missing (and not to be created).
  private func openLock(creating: Bool) throws(ControlUnavailable) -> LockFile? {
    if let kind = FileSystem.nonRegularKind(at: lockPath) {
      throw .lockNotRegular(lockPath, kind: kind)
    }
    let lock: LockFile
    do {
      lock = try LockFile(path: lockPath, creating: creating)
    } catch {
      switch error {
      case .open(let error):
        if error == .noSuchFile { return nil }
        // A link or a FIFO swapped in between the look and the open.
        if let kind = FileSystem.nonRegularKind(at: lockPath) {
          throw .lockNotRegular(lockPath, kind: kind)
        }
        throw .system("open", path: lockPath, code: error.rawValue)
      case .status(let error):
        throw .system("fstat", path: lockPath, code: error.rawValue)
      }
    }
    if let kind = FileSystem.kind(of: lock.status.st_mode) {
      throw .lockNotRegular(lockPath, kind: kind)
    }
    return lock
  }

  /// Claims the socket for a host: takes the lock, replaces a stale socket, binds and listens.
  ///
  /// - Returns: The listening socket (non-blocking) and the lock's descriptor, both to keep
  ///   open while the host listens.
  /// - Throws: ``ControlUnavailable/anotherHost(_:)`` if another host holds the socket, or
  ///   what else keeps this one from it (the lock not a regular file, a failed call).
  package func claim() throws(ControlUnavailable) -> (socket: Int32, lock: Int32) {
    let lock = try lockFile()
    unlink(path)  // stale: its host is gone, since the lock was free
    let descriptor = Platform.makeStreamSocket()
    guard descriptor >= 0 else {
      let code = errno
      unlink(lockPath)
      close(lock)
      throw .system("socket", path: path, code: code)
    }
    var call = "bind"
    if bind(descriptor, path) {
      call = "listen"
      if listen(descriptor, Self.backlog) == 0 { return (descriptor, lock) }
    }
    let code = errno
    release(socket: descriptor, lock: lock)
    throw .system(call, path: path, code: code)
  }

  /// How many connections wait for the host to accept them; beyond it, `connect` fails
  /// (`EAGAIN` on Linux) and `wsctl` tries again until its deadline.
  static let backlog: Int32 = 128

  /// Takes the lock.
  ///
  /// The lock file is removed when its host lets go, so a lock taken on a file that was
  /// removed meanwhile (its inode no longer at the path) is let go and taken again.
  private func lockFile() throws(ControlUnavailable) -> Int32 {
    for _ in 0..<3 {
      guard let lock = try openLock(creating: true) else { continue }
      let isTaken: Bool
      do {
        isTaken = try lock.tryLock()
      } catch {
        throw .system("flock", path: lockPath, code: error.rawValue)
      }
      guard isTaken else { throw .anotherHost(path) }
      if lock.isStill(at: lockPath) { return lock.release() }
    }
    throw .anotherHost(path)
  }

  /// Gives the socket up: removes it and its lock file, then lets go of the lock.
  package func release(socket descriptor: Int32, lock: Int32) {
    unlink(path)
    close(descriptor)
    unlink(lockPath)
    close(lock)
  }

  /// What a connection attempt found.
  enum Connection {
    /// A connected, non-blocking socket.
    case connected(Int32)
    /// No host listens: no socket, or a stale one (removed, if nobody holds its lock).
    case noHost
    /// A host may hold the socket, but it cannot be reached (or told apart from a stale one).
    case unavailable(ControlUnavailable)
  }

  /// Connects to the host, waiting at most `milliseconds` for it to take the connection (a
  /// full backlog is tried again until then); a stale socket (nobody listening, no host
  /// holding the lock) is removed.
  func connect(within milliseconds: Int64) -> Connection {
    let descriptor = Platform.makeStreamSocket()
    guard descriptor >= 0 else { return .unavailable(.system("socket", path: path, code: errno)) }
    var address = Self.address(path)
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        SocketIO.connect(
          descriptor, to: $0, length: socklen_t(MemoryLayout<sockaddr_un>.size),
          until: SocketIO.now() + milliseconds)
      }
    }
    switch result {
    case .connected: return .connected(descriptor)
    case .timedOut:
      close(descriptor)
      return .unavailable(.notAccepted(path, milliseconds: milliseconds))
    case .failed(let code):
      close(descriptor)
      switch code {
      case ENOENT, ENOTDIR: return .noHost
      case ECONNREFUSED:
        do {
          if try !isClaimed() { unlink(path) }
          return .noHost
        } catch {
          return .unavailable(error)
        }
      default: return .unavailable(.system("connect", path: path, code: code))
      }
    }
  }

  private func bind(_ descriptor: Int32, _ path: String) -> Bool {
    var address = Self.address(path)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemBind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
      }
    }
  }

  private static func address(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[index] = byte
      }
    }
    return address
  }
}

private func systemBind(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
) -> Int32 {
  bind(descriptor, address, length)
}
