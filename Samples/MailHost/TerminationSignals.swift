import Foundation
import WorkspaceSession
import WorkspaceSystem

/// Ends the host on `SIGTERM`, `SIGHUP` or `SIGINT` as it ends at the end of its input: saves,
/// closes the session (which removes its control socket and lock), and exits with 128 plus
/// the signal's number, as a shell reports a process a signal ended.
///
/// SwiftUI: the system ends an app itself; `scenePhase` going to `.background` flushes.
///
/// The handler only writes the signal's number to a pipe (the one async-signal-safe way); a
/// thread reads it and hops to the main actor.
enum TerminationSignals {
  /// Installs the handlers for the session.
  static func install(for session: WorkspaceSession) {
    guard let pipe = try? Platform.makePipe(nonBlocking: false) else { return }
    terminationPipeWriteEnd = pipe.write
    let numbers = [SIGTERM, SIGHUP, SIGINT]
    for number in numbers { signal(number, deliverToPipe) }
    // A parent may have started this process with them blocked (a thread pool's mask).
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in numbers { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    let readEnd = pipe.read
    Thread {
      var byte: UInt8 = 0
      _ = retryingOnInterrupt { read(readEnd, &byte, 1) }
      let number = Int32(byte)
      Task { @MainActor in
        try? await session.flush()
        session.close()
        exit(128 + number)
      }
    }.start()
  }
}

/// The pipe's write end, for the handler; set once before any handler is installed.
nonisolated(unsafe) private var terminationPipeWriteEnd: Int32 = -1

/// The signal handler: writes the signal's number to the pipe and nothing else.
private func deliverToPipe(_ number: Int32) {
  let savedErrno = errno
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(terminationPipeWriteEnd, &byte, 1)
  errno = savedErrno
}
