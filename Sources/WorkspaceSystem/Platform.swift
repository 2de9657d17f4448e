// The package's one import of the C library of each platform, and (with Platform+Watch.swift)
// the few calls whose names, types or availability differ between them. The other modules
// import this one instead, and none of them branches on the platform.
//
// Glibc is the usual Linux C library, Musl the one of the fully static Linux SDK, Darwin the
// one of Apple's platforms (macOS, iOS).
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#else
  #error("WorkspaceSystem supports Glibc, Musl and Darwin")
#endif

/// The calls that differ between the platforms, each spelled once.
package enum Platform {
  /// The modification time in a `stat`: `st_mtimespec` on Darwin, `st_mtim` elsewhere.
  package static func modificationTime(of info: stat) -> timespec {
    #if canImport(Darwin)
      info.st_mtimespec
    #else
      info.st_mtim
    #endif
  }

  /// Flushes an open file to stable storage, retrying on `EINTR`.
  ///
  /// On Darwin, `fsync` only hands the data to the drive, whose cache may still lose it;
  /// `F_FULLFSYNC` asks the drive to flush that cache too. A file system that does not take
  /// `F_FULLFSYNC` (some network and FAT volumes) gets `fsync`.
  ///
  /// - Returns: 0, or -1 with `errno` set.
  package static func synchronize(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
      // No twin: every system then takes the `fsync` below, Darwin only where this failed.
      // Darwin only: `fcntl(_:_:) -> Int32` of the Darwin overlay, `F_FULLFSYNC` of <fcntl.h>.
      if retryingOnInterrupt({ fcntl(descriptor, F_FULLFSYNC) }) != -1 { return 0 }
    #endif
    return retryingOnInterrupt { fsync(descriptor) }
  }

  /// Starts writing `count` bytes from `offset` of an open file out to disk without waiting
  /// for them, where the system offers it (Linux's `posix_fadvise` writes dirty pages back
  /// before dropping clean ones; pages just written are dirty, so they stay cached).
  /// Elsewhere it does nothing; the final ``synchronize(_:)`` writes everything.
  package static func startWritingOut(_ descriptor: Int32, offset: Int, count: Int) {
    #if os(Linux)
      // No twin: Darwin has no `posix_fadvise` (nor `sync_file_range`); nothing is started.
      _ = posix_fadvise(descriptor, off_t(offset), off_t(count), POSIX_FADV_DONTNEED)
    #endif
  }

  /// The most descriptors the process may have open (the soft `RLIMIT_NOFILE`), or `nil`
  /// when there is no practical limit.
  package static func descriptorLimit() -> Int? {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      // Musl and Darwin take an `Int32` resource, which `RLIMIT_NOFILE` is there.
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else {
      return nil
    }
    return Int(limit.rlim_cur)
  }

  /// The user id of the process at the other end of a Unix-domain socket.
  package static func peerUserID(_ descriptor: Int32) -> uid_t? {
    #if canImport(Darwin)
      // Darwin only: `getpeereid(Int32, UnsafeMutablePointer<uid_t>,
      // UnsafeMutablePointer<gid_t>) -> Int32` of <unistd.h>.
      var user: uid_t = 0
      var group: gid_t = 0
      return getpeereid(descriptor, &user, &group) == 0 ? user : nil
    #else
      // `struct ucred` (pid, uid, gid), which the C library declares only under _GNU_SOURCE.
      var credentials: (pid: Int32, uid: uid_t, gid: gid_t) = (0, 0, 0)
      var length = socklen_t(MemoryLayout.size(ofValue: credentials))
      guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0,
        length == MemoryLayout.size(ofValue: credentials)
      else { return nil }
      return credentials.uid
    #endif
  }

  /// The flags for `send` that keep a peer that went away from raising `SIGPIPE`: the call
  /// fails with `EPIPE` instead. Darwin has no `MSG_NOSIGNAL`; ``configureSocket(_:)`` sets
  /// `SO_NOSIGPIPE` on the socket there.
  package static let sendFlags: Int32 = {
    #if canImport(Darwin)
      0
    #else
      Int32(MSG_NOSIGNAL)
    #endif
  }()

  /// Makes a descriptor (a pipe's end, a socket) non-blocking and closed on exec.
  static func configure(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
  }

  /// Makes a new pipe whose ends are closed on exec (a process started meanwhile never
  /// inherits them); the caller closes them.
  ///
  /// - Parameter nonBlocking: Whether its ends are non-blocking too.
  /// - Returns: Its read end and its write end.
  /// - Throws: The call's ``Errno``.
  package static func makePipe(nonBlocking: Bool) throws(Errno) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .current }
    for end in ends {
      if nonBlocking {
        configure(end)
      } else {
        _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      }
    }
    return (ends[0], ends[1])
  }

  /// Makes a socket non-blocking and closed on exec, and, on Darwin, keeps its writes from
  /// raising `SIGPIPE` (`SO_NOSIGPIPE`, where other systems take `MSG_NOSIGNAL` per call).
  package static func configureSocket(_ descriptor: Int32) {
    configure(descriptor)
    #if canImport(Darwin)
      // No twin: elsewhere each `send` passes `MSG_NOSIGNAL` (``sendFlags``).
      // Darwin only: `SO_NOSIGPIPE` of <sys/socket.h>, an `Int32` option of `SOL_SOCKET`.
      var one: Int32 = 1
      _ = setsockopt(
        descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
  }

  /// A new Unix stream socket, non-blocking and closed on exec from its creation where the
  /// system allows it (one call instead of four), else configured right after
  /// (``configureSocket(_:)``); -1 with `errno` set when none was made.
  package static func makeStreamSocket() -> Int32 {
    #if canImport(Glibc)
      socket(AF_UNIX, streamSocketType | Int32(SOCK_NONBLOCK.rawValue), 0)
    #else
      let descriptor = socket(AF_UNIX, streamSocketType, 0)
      if descriptor >= 0 { configureSocket(descriptor) }
      return descriptor
    #endif
  }

  /// Accepts a connection on a listening socket, made non-blocking and closed on exec
  /// (``configureSocket(_:)``); -1 with `errno` set when none was accepted. (`accept4`,
  /// which does it in the same call, is not in the C library's module.)
  package static func acceptConnection(_ listening: Int32) -> Int32 {
    let descriptor = accept(listening, nil, nil)
    if descriptor >= 0 { configureSocket(descriptor) }
    return descriptor
  }

  /// The type of a stream socket, closed on exec from its creation on where the system
  /// allows it (so a process started meanwhile never inherits it); elsewhere
  /// ``configureSocket(_:)`` closes it on exec right after.
  package static let streamSocketType: Int32 = {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
      // Musl and Darwin declare `SOCK_STREAM` as an `Int32`.
      SOCK_STREAM
    #endif
  }()

  /// The user's own directory for the process's sockets and other runtime files (perhaps with
  /// a trailing slash, as Darwin gives it), and how to name it in a message: on Darwin the
  /// per-user temporary directory (in a sandboxed app, its container's `tmp`:
  /// `~/Library/Containers/<bundle id>/Data/tmp`), elsewhere `$XDG_RUNTIME_DIR`; `nil` when
  /// there is none or it is not an absolute path.
  package static func userRuntimeDirectory() -> (path: String, name: String)? {
    #if canImport(Darwin)
      // Darwin only: `confstr(Int32, UnsafeMutablePointer<CChar>!, Int) -> Int` of <unistd.h>
      // (`size_t confstr(int, char *, size_t)`), with `_CS_DARWIN_USER_TEMP_DIR`: it returns
      // the length the value needs with its terminating zero, or 0 on failure.
      let length = confstr(_CS_DARWIN_USER_TEMP_DIR, nil, 0)
      guard length > 0 else { return nil }
      var buffer = [CChar](repeating: 0, count: length)
      let written = confstr(_CS_DARWIN_USER_TEMP_DIR, &buffer, length)
      guard written > 0, written <= length else { return nil }
      let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
      let name = "the per-user temporary directory"
    #else
      guard let value = getenv("XDG_RUNTIME_DIR") else { return nil }
      let path = String(cString: value)
      let name = "$XDG_RUNTIME_DIR"
    #endif
    guard path.hasPrefix("/") else { return nil }
    return (path, name)
  }

  /// Whether a shell on the same machine can reach this process (run `wsctl` against its
  /// control socket): `false` on an iOS, tvOS, watchOS or visionOS device, where no shell runs
  /// beside an app; `true` on macOS, Linux, in Mac Catalyst and in the simulators, which run
  /// on a Mac.
  package static let hasLocalShell: Bool = {
    #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
      #if targetEnvironment(simulator) || targetEnvironment(macCatalyst)
        true
      #else
        false
      #endif
    #else
      true
    #endif
  }()

  /// The path of the running executable, where the system tells it (Linux's
  /// `/proc/self/exe`); `nil` elsewhere.
  static func executablePath() -> String? {
    #if os(Linux)
      var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = buffer.withUnsafeMutableBufferPointer {
        $0.withMemoryRebound(to: CChar.self) {
          readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1)
        }
      }
      return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    #else
      return nil
    #endif
  }

  /// Runs `body` on a new detached thread of its own (a loop that blocks in `poll`, which
  /// must not hold one of the few threads of Swift's cooperative pool or of Dispatch's).
  ///
  /// - Returns: Whether the thread started.
  @discardableResult
  package static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Glibc)
      // Glibc: `pthread_t` is an integer, the start routine takes an optional pointer.
      var thread = pthread_t()
      let started = pthread_create(&thread, nil, { ThreadBody.run($0!) }, context)
      guard started == 0 else { return ThreadBody.abandon(context) }
      pthread_detach(thread)
    #elseif canImport(Musl)
      // Musl: `pthread_t` is an `OpaquePointer`, filled in through `pthread_t?`; the start
      // routine takes an optional pointer.
      var thread: pthread_t? = nil
      let started = pthread_create(&thread, nil, { ThreadBody.run($0!) }, context)
      guard started == 0 else { return ThreadBody.abandon(context) }
      if let thread { pthread_detach(thread) }
    #else
      // Darwin: `pthread_create(UnsafeMutablePointer<pthread_t?>, …,
      // @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?, …)`: the
      // handle comes back optional, the start routine takes a non-optional pointer.
      var thread: pthread_t? = nil
      let started = pthread_create(&thread, nil, { ThreadBody.run($0) }, context)
      guard started == 0 else { return ThreadBody.abandon(context) }
      if let thread { pthread_detach(thread) }
    #endif
    return true
  }

  /// What a new thread runs, retained for it until it runs.
  private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// Runs the body a context holds, and lets go of it.
    static func run(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
      Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
      return nil
    }

    /// Lets go of the body of a thread that did not start.
    static func abandon(_ context: UnsafeMutableRawPointer) -> Bool {
      Unmanaged<ThreadBody>.fromOpaque(context).release()
      return false
    }
  }
}
