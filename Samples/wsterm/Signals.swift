import WorkspaceSystem

/// Signals delivered through a self-pipe: the handler only writes the signal's number to a
/// pipe, and the main loop's `poll` wakes up to read it.
///
/// This is the one async-signal-safe way to react to `SIGWINCH` (redraw at the new size) and
/// to `SIGTERM`, `SIGHUP` and `SIGINT` (leave the alternate screen before exiting).
struct SignalPipe {
  /// The end the main loop polls.
  let readEnd: Int32

  /// Creates the pipe and installs the handlers.
  ///
  /// - Parameter signals: The signals to deliver through the pipe.
  init?(signals: [Int32]) {
    guard let pipe = try? Platform.makePipe(nonBlocking: true) else { return nil }
    readEnd = pipe.read
    signalPipeWriteEnd = pipe.write
    for number in signals {
      signal(number, deliverToPipe)
    }
    // A parent may have started this process with them blocked (a thread pool's mask).
    var mask = sigset_t()
    sigemptyset(&mask)
    for number in signals { sigaddset(&mask, number) }
    pthread_sigmask(SIG_UNBLOCK, &mask, nil)
  }

  /// The signals that arrived since the last call, in order.
  func drain() -> [Int32] {
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[..<count].map(Int32.init)
    }
    return received
  }
}

/// The pipe's write end, for the handler; set once before any handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The signal handler: writes the signal's number to the pipe and nothing else.
private func deliverToPipe(_ number: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(signalPipeWriteEnd, &byte, 1)
  errno = savedErrno
}
