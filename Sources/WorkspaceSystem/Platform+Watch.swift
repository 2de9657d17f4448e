import Dispatch

extension Platform {
  /// Watches a directory for changes that may concern the file `name` in it, with the
  /// system's own notifications: inotify on Linux, a dispatch source (kqueue) on Darwin.
  /// Both block until an event or the stop request comes; only while the directory is gone
  /// does the watch look for it again, every `retryInterval` seconds.
  ///
  /// - Parameters:
  ///   - directory: The directory.
  ///   - name: The file's name in it; events for other names are ignored where the system
  ///     tells them apart (Linux).
  ///   - wakeUp: The read end of a pipe that becomes readable when the watch is to stop.
  ///   - retryInterval: How long to wait, in seconds, before looking again for a directory
  ///     that is gone.
  ///   - isStopped: Whether the watch is to stop.
  ///   - waitForStop: Waits up to the given seconds for a stop request; returns whether one
  ///     came.
  ///   - onChange: Called after each change that may concern the file, and once more each
  ///     time the directory is watched (again).
  /// - Returns: `false` if the system has no such notifications (the caller then polls);
  ///   otherwise `true`, once the watch stopped.
  package static func watchDirectory(
    _ directory: String, for name: String, wakeUp: Int32, retryInterval: Double,
    isStopped: () -> Bool, waitForStop: (Double) -> Bool,
    onChange: @escaping @Sendable () -> Void
  ) -> Bool {
    #if os(Linux)
      watchWithInotify(
        directory, for: name, wakeUp: wakeUp, retryInterval: retryInterval,
        isStopped: isStopped, waitForStop: waitForStop, onChange: onChange)
    #elseif canImport(Darwin)
      watchWithDispatchSource(
        directory, wakeUp: wakeUp, retryInterval: retryInterval, isStopped: isStopped,
        waitForStop: waitForStop, onChange: onChange)
    #else
      false
    #endif
  }

  // The two watchers, each where its system has it; elsewhere `watchDirectory` returns
  // `false` and the caller polls.
  #if os(Linux)
    /// Watches with inotify; returns `false` if inotify is not available.
    private static func watchWithInotify(
      _ directory: String, for name: String, wakeUp: Int32, retryInterval: Double,
      isStopped: () -> Bool, waitForStop: (Double) -> Bool, onChange: () -> Void
    ) -> Bool {
      let fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
      guard fd >= 0 else { return false }
      defer { close(fd) }
      let mask =
        UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)
        | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF)
        | UInt32(IN_MOVE_SELF)
      var watch: Int32 = -1
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      while !isStopped() {
        if watch < 0 {
          watch = inotify_add_watch(fd, directory, mask)
          if watch < 0 {
            if waitForStop(retryInterval) { return true }
            continue
          }
          // The directory is back (or watched for the first time after it was gone).
          onChange()
        }
        var fds = [
          pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0),
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
        if concerned { onChange() }
      }
      return true
    }
  #elseif canImport(Darwin)
    /// Watches the directory with a dispatch source (kqueue): event-driven, never on a timer.
    /// The thread blocks in `poll` on the stop request and on a pipe the source's handler
    /// writes to when the directory itself goes away; only then does it look for the directory
    /// again, every `retryInterval` seconds, until it is back.
    ///
    /// The directory's vnode reports `.write` when an entry in it is added, removed or renamed
    /// (a save renames a new file over the old one), so any `.write` may concern the file (the
    /// caller compares stamps); `.delete` and `.rename` are the directory's own.
    ///
    /// Returns `false` (the caller then polls) only if the pipe cannot be made.
    private static func watchWithDispatchSource(
      _ directory: String, wakeUp: Int32, retryInterval: Double, isStopped: () -> Bool,
      waitForStop: (Double) -> Bool, onChange: @escaping @Sendable () -> Void
    ) -> Bool {
      guard let gone = try? makePipe(nonBlocking: true) else { return false }
      defer {
        close(gone.read)
        close(gone.write)
      }
      let queue = DispatchQueue(label: "WorkspaceSystem.watcher.events")
      while !isStopped() {
        // Darwin only: `open(_:_:) -> Int32` with `O_EVTONLY` of <fcntl.h>: a descriptor for
        // event notifications only, which does not keep the volume from being unmounted.
        let fd = open(directory, O_EVTONLY | O_CLOEXEC)
        guard fd >= 0 else {
          // The directory is gone: the one case that polls.
          if waitForStop(retryInterval) { return true }
          continue
        }
        // Darwin only: `DispatchSource.makeFileSystemObjectSource(fileDescriptor: Int32,
        // eventMask: DispatchSource.FileSystemEvent, queue: DispatchQueue? = nil) ->
        // any DispatchSourceFileSystemObject`, which Dispatch offers on Apple platforms alone.
        // The handler's hold on the source ends with the cancellation, which releases the
        // handlers.
        let source = DispatchSource.makeFileSystemObjectSource(
          fileDescriptor: fd, eventMask: [.write, .delete, .rename], queue: queue)
        let isCancelled = DispatchSemaphore(value: 0)
        source.setEventHandler { [source] in
          if source.data.isDisjoint(with: [.delete, .rename]) {
            onChange()
          } else {
            var byte: UInt8 = 1
            _ = write(gone.write, &byte, 1)
          }
        }
        source.setCancelHandler {
          close(fd)
          isCancelled.signal()
        }
        source.resume()
        // Watched (again): whatever changed before the source was set up.
        onChange()
        var fds = [
          pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0),
          pollfd(fd: gone.read, events: Int16(POLLIN), revents: 0),
        ]
        let polled = retryingOnInterrupt { poll(&fds, 2, -1) }
        source.cancel()
        // The cancel handler runs after the last event handler: from here on nothing writes
        // to `gone` or reads `fd`.
        isCancelled.wait()
        if polled < 0 || fds[0].revents != 0 { return true }
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(gone.read, &bytes, bytes.count) > 0 {}
        // The directory went away (or was renamed): the file with it.
        onChange()
      }
      return true
    }
  #endif
}
