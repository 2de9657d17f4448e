import Foundation
import WorkspaceSystem

/// What the main loop reacts to.
enum Event: Sendable {
  /// Bytes typed at the terminal.
  case bytes([UInt8])
  /// A signal delivered through the ``SignalPipe``.
  case signal(Int32)
  /// Standard input ended.
  case endOfInput
  /// A lone escape byte waited long enough to be the Escape key.
  case escapeTimeout
  /// The workspace changed: a command here, or another writer's change adopted.
  case changed(WorkspaceChangeSummary)
  /// The session's status changed.
  case status
  /// Time to draw the screen: sent once for the events that came together (see `App.run`).
  case draw
}

/// What the status line says about a change, carried from the change stream.
struct WorkspaceChangeSummary: Sendable {
  let isAdopted: Bool
  let revision: Int
  let conflicts: [String]
}

/// Reads the terminal and the signal pipe on its own thread and sends what arrives as
/// ``Event``s, so that the main actor stays free for the session's saves and adoptions.
final class InputPump: @unchecked Sendable {
  private let wakeUp: (read: Int32, write: Int32)

  /// Starts reading.
  ///
  /// - Parameters:
  ///   - signals: The pipe the signal handlers write to.
  ///   - continuation: Where to send what arrives.
  init?(signals: SignalPipe, continuation: AsyncStream<Event>.Continuation) {
    guard let pipe = try? Platform.makePipe(nonBlocking: false) else { return nil }
    wakeUp = pipe
    let stop = pipe.read
    Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      defer { close(stop) }
      while true {
        var fds = [
          pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
          pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
        ]
        guard retryingOnInterrupt({ poll(&fds, 3, -1) }) >= 0 else { return }
        if fds[2].revents != 0 { return }
        if fds[1].revents != 0 {
          for number in signals.drain() { continuation.yield(.signal(number)) }
        }
        if fds[0].revents != 0 {
          let count = retryingOnInterrupt { read(STDIN_FILENO, &buffer, buffer.count) }
          if count < 0, errno == EAGAIN { continue }
          guard count > 0 else {
            continuation.yield(.endOfInput)
            return
          }
          continuation.yield(.bytes(Array(buffer[..<count])))
        }
      }
    }.start()
  }

  /// Stops reading; the thread ends.
  func stop() {
    var byte: UInt8 = 1
    _ = write(wakeUp.write, &byte, 1)
    close(wakeUp.write)
  }
}
