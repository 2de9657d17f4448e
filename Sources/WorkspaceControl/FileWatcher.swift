import WorkspaceJSON
import WorkspaceSystem

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
    directory = FileSystem.directoryName(of: path)
    name = FileSystem.baseName(of: path)
    self.onChange = onChange
    if let pipe = try? Platform.makePipe(nonBlocking: false) { wakeUp = pipe }
    Platform.startThread { [self] in self.run() }
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
    let isWatched = Platform.watchDirectory(
      directory, for: name, wakeUp: wakeUp.read, retryInterval: Self.pollInterval,
      isStopped: { [self] in stopped },
      waitForStop: { [self] in waitForStop(seconds: $0) }, onChange: { [self] in notify() })
    if !isWatched { runPolling() }
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
}
