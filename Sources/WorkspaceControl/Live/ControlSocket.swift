import WorkspaceJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the control socket of a workspace file lives, and how a host claims it.
///
/// The socket is `<directory>/<hash>.sock`, where the hash is of the file's canonical path
/// (links and `..` resolved), so every spelling of one file finds one socket, and the path
/// stays within `sun_path`'s 108 bytes however deep the file is. The directory is
/// `$XDG_RUNTIME_DIR/wsctl`, else `/tmp/wsctl-<uid>`: made with mode 0700, and used only if it
/// is a real directory owned by this user that no one else may enter. Beside the socket,
/// `<hash>.lock` is held (`flock`) by the host for as long as it listens: a second host cannot
/// take the socket over, and a socket whose lock is free is stale.
package struct ControlSocket: Sendable {
  /// The socket's path.
  package let path: String
  /// The path of the lock the host holds.
  package var lockPath: String { String(path.dropLast(".sock".count)) + ".lock" }

  /// The socket of a workspace file, or `nil` when there can be none: no safe directory (one
  /// owned by another user, or open to others), or a path too long for a socket address.
  ///
  /// - Parameters:
  ///   - file: The workspace file, as the user named it.
  ///   - isCreating: Whether to make the directory when it is missing (the host does;
  ///     `wsctl` only looks).
  package init?(forFile file: String, creatingDirectory isCreating: Bool) {
    guard let directory = Self.directory(creating: isCreating) else { return nil }
    let path = directory + "/" + Self.hash(Self.canonicalPath(file)) + ".sock"
    guard path.utf8.count < Self.maximumPathBytes else { return nil }
    self.path = path
  }

  /// The room for a path in `sockaddr_un`, with its terminating zero.
  static var maximumPathBytes: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) }

  /// The file's path with every link, `.` and `..` resolved; for a file that does not exist
  /// yet, its directory's resolved path and its name.
  package static func canonicalPath(_ file: String) -> String {
    let target = (try? FileSystem.resolveLinks(file)) ?? file
    if let resolved = realPath(target) { return resolved }
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    guard let resolvedDirectory = realPath(directory) else { return target }
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
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The per-user directory of sockets, checked (and made, if asked).
  static func directory(creating isCreating: Bool) -> String? {
    let user = getuid()
    var directory = "/tmp/wsctl-\(user)"
    if let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }),
      runtime.hasPrefix("/")
    {
      directory = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/wsctl"
    }
    if isCreating { _ = mkdir(directory, 0o700) }
    var status = stat()
    guard lstat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
      status.st_uid == user, status.st_mode & 0o077 == 0
    else { return nil }
    return directory
  }

  /// Whether a host holds the socket's lock.
  package var isClaimed: Bool {
    let descriptor = open(lockPath, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
  }

  /// Claims the socket for a host: takes the lock, replaces a stale socket, binds and listens.
  ///
  /// - Returns: The listening socket (non-blocking) and the lock's descriptor, both to keep
  ///   open while the host listens; `nil` if another host holds the socket or a call failed.
  package func claim() -> (socket: Int32, lock: Int32)? {
    guard let lock = lockFile() else { return nil }
    unlink(path)  // stale: its host is gone, since the lock was free
    let descriptor = socket(AF_UNIX, Self.streamType, 0)
    guard descriptor >= 0 else {
      close(lock)
      return nil
    }
    SocketIO.configure(descriptor)
    guard bind(descriptor, path), listen(descriptor, 128) == 0 else {
      close(descriptor)
      close(lock)
      return nil
    }
    return (descriptor, lock)
  }

  /// Takes the lock, or returns `nil` if a host holds it.
  ///
  /// The lock file is removed when its host lets go, so a lock taken on a file that was
  /// removed meanwhile (its inode no longer at the path) is let go and taken again.
  private func lockFile() -> Int32? {
    for _ in 0..<3 {
      let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard lock >= 0 else { return nil }
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
        close(lock)
        return nil
      }
      var held = stat()
      var named = stat()
      if fstat(lock, &held) == 0, stat(lockPath, &named) == 0, held.st_ino == named.st_ino,
        held.st_dev == named.st_dev
      {
        return lock
      }
      close(lock)
    }
    return nil
  }

  /// Gives the socket up: removes it and its lock file, then lets go of the lock.
  package func release(socket descriptor: Int32, lock: Int32) {
    unlink(path)
    close(descriptor)
    unlink(lockPath)
    close(lock)
  }

  /// Connects to the host, or returns `nil` when none listens; a stale socket (nobody
  /// listening, no host holding the lock) is removed.
  ///
  /// - Returns: A connected, non-blocking socket.
  package func connect() -> Int32? {
    let descriptor = socket(AF_UNIX, Self.streamType, 0)
    guard descriptor >= 0 else { return nil }
    var address = Self.address(path)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(descriptor)
      if code == ECONNREFUSED, !isClaimed { unlink(path) }
      return nil
    }
    SocketIO.configure(descriptor)
    return descriptor
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

  /// A stream socket, closed on exec from its creation on where the system allows it (so a
  /// process the host starts meanwhile never inherits it).
  #if canImport(Glibc)
    private static let streamType =
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif
}

private func systemConnect(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
) -> Int32 {
  connect(descriptor, address, length)
}

private func systemBind(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
) -> Int32 {
  bind(descriptor, address, length)
}
