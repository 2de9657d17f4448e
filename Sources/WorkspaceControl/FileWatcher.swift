import WorkspaceJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
  import Dispatch
#endif

/// Tells when a file may have changed: inotify on Linux, a dispatch source on Apple
/// platforms, polling only where neither works.
///
/// It watches the file's directory, not the file: a save renames a new file over the old one,
/// which a watch on the file itself would lose. Events for other names in the directory are
/// ignored; when the directory itself goes away, the watcher polls until it is back, then
/// watches it again. The callback runs on the watcher's own thread and may come more than
/// once per change; it should only schedule a look at the file.
package final class FileWatcher: @unchecked Sendable {
  /// How often the fallback polls, and how often a watcher whose directory is gone looks for
  /// it again.
  static let pollInterval = 0.1

  private let directory: String
  private let name: String
  private let path: String
  private let onChange: @Sendable () -> Void
  private let lock = Lock()
  private var isStopped = false
  private var wakeUp: (read: Int32, write: Int32) = (-1, -1)

  /// Starts watching the file at `path`.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - onChange: Called, on the watcher's thread, after each change in the directory that
  ///     concerns the file.
  package init(path: String, onChange: @escaping @Sendable () -> Void) {
    self.path = path
    let slash = path.lastIndex(of: "/")
    directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    self.onChange = onChange
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      wakeUp = (fds[0], fds[1])
      for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    startThread { [self] in self.run() }
  }

  /// Stops watching; the callback is not called afterwards. Safe to call more than once.
  package func stop() {
    lock.withLock {
      guard !isStopped else { return }
      isStopped = true
      if wakeUp.write >= 0 {
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
      }
    }
  }

  deinit {
    stop()
  }

  private var stopped: Bool {
    lock.withLock { isStopped }
  }

  private func notify() {
    if !stopped { onChange() }
  }

  private func run() {
    defer {
      lock.withLock {
        if wakeUp.read >= 0 { close(wakeUp.read) }
        if wakeUp.write >= 0 { close(wakeUp.write) }
        wakeUp = (-1, -1)
      }
    }
    #if os(Linux)
      if runInotify() { return }
    #elseif canImport(Darwin)
      if runDispatchSource() { return }
    #endif
    runPolling()
  }

  /// Waits up to `seconds` for a stop request; returns whether one came.
  private func waitForStop(seconds: Double) -> Bool {
    var fds = [pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0)]
    _ = poll(&fds, 1, Int32(seconds * 1000))
    return stopped
  }

  /// Polls the file's stamp: the fallback.
  private func runPolling() {
    var last = FileStamp(path: path)
    while !waitForStop(seconds: Self.pollInterval) {
      let now = FileStamp(path: path)
      if now != last {
        last = now
        notify()
      }
    }
  }

  #if os(Linux)
    /// Watches with inotify; returns `false` if inotify is not available.
    private func runInotify() -> Bool {
      let fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
      guard fd >= 0 else { return false }
      defer { close(fd) }
      let mask =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF)
        | UInt32(IN_MOVE_SELF)
      var watch: Int32 = -1
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while !stopped {
        if watch < 0 {
          watch = inotify_add_watch(fd, directory, mask)
          if watch < 0 {
            if waitForStop(seconds: Self.pollInterval) { return true }
            continue
          }
          // The directory is back (or watched for the first time after it was gone).
          notify()
        }
        var fds = [
          pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return true }
        if fds[1].revents != 0 { return true }
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { continue }
        var concerned = false
        var offset = 0
        while offset + 16 <= count {
          let eventMask = buffer.withUnsafeBytes {
            $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          }
          let length = Int(
            buffer.withUnsafeBytes {
              $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
            })
          let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)]
          let eventName = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
          if eventMask & (UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF))
            != 0
          {
            watch = -1
            concerned = true
          } else if eventName == name {
            concerned = true
          }
          offset += 16 + length
        }
        if concerned { notify() }
      }
      return true
    }
  #endif

  #if canImport(Darwin)
    /// Watches the directory with a dispatch source (kqueue); returns `false` if the directory
    /// cannot be opened at first.
    private func runDispatchSource() -> Bool {
      let queue = DispatchQueue(label: "WorkspaceSession.watcher.events")
      while !stopped {
        let fd = open(directory, O_EVTONLY)
        guard fd >= 0 else {
          if waitForStop(seconds: Self.pollInterval) { return true }
          continue
        }
        let gone = DispatchSemaphore(value: 0)
        let source = DispatchSource.makeFileSystemObjectSource(
          fileDescriptor: fd, eventMask: [.write, .delete, .rename, .attrib], queue: queue)
        // Any change in the directory may concern the file; the session compares stamps.
        source.setEventHandler { [self, source] in
          if source.data.contains(.delete) || source.data.contains(.rename) {
            gone.signal()
          } else {
            notify()
          }
        }
        source.setCancelHandler { close(fd) }
        source.resume()
        notify()
        while !stopped {
          if gone.wait(timeout: .now() + Self.pollInterval) == .success { break }
        }
        source.cancel()
        notify()
      }
      return true
    }
  #endif
}
