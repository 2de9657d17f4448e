/// A thread of its own that runs the work handed to it one piece at a time, in order: a
/// session's disk side, which must start the moment a save is handed over.
///
/// A `dispatch` queue runs its work on the shared pool's threads, which the pool wakes as it
/// sees fit: `strace` of the terminal host showed a save handed to its queue waiting 4–5 ms,
/// until the main actor had drawn the screen, before any thread took it up. A thread waiting
/// on a condition of its own is woken by the kernel at once, on the other core.
///
///     let thread = SerialThread()!
///     thread.run { print("on the thread") }
///     thread.stop()   // runs what was handed over, then the thread ends
package final class SerialThread: Sendable {
  private let work = Mailbox<@Sendable () -> Void>()

  /// Starts the thread, or returns `nil` if the system cannot start one.
  package init?() {
    guard Platform.startThread({ [work] in Self.serve(work) }) else { return nil }
  }

  deinit {
    work.close()
  }

  /// Hands `body` to the thread, after what was handed over before; dropped after ``stop()``.
  package func run(_ body: @escaping @Sendable () -> Void) {
    work.put(body)
  }

  /// Lets the thread end once it has run what was handed over.
  package func stop() {
    work.close()
  }

  private static func serve(_ work: Mailbox<@Sendable () -> Void>) {
    while let body = work.take() { body() }
  }
}
