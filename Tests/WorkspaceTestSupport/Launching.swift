import Foundation

/// Starts programs and makes pipes one at a time across the whole test process.
///
/// On Linux, Foundation's `Process.run()` closes in the new program only the descriptors that
/// were open when it listed them, and neither `Pipe()` nor the socket pair through which
/// `Process` learns that its program ended is close-on-exec. A pipe or socket pair that one
/// test makes while another test's program is being started can therefore be inherited by
/// that program, and when that one lives on (a host), the first test's reader never sees the
/// end of its pipe, or Foundation never learns that the first test's program ended
/// (`isRunning` stays true; swift-corelibs-foundation#4795 describes the same for a program's
/// own children). Seen here as a `wsctl` that "did not end within 60 s" under load. Three
/// threads starting `/bin/true` with a pipe beside two starting `sleep 7`: 3 of 600 were
/// never seen to end; none when every `Pipe()` and `run()` took one lock.
///
///     let output = Launching.pipe()
///     process.standardOutput = output
///     try Launching.run(process)
package enum Launching {
  private static let lock = NSLock()

  /// Starts `process`, as `process.run()` does, while no other test starts a program or
  /// makes a pipe.
  package static func run(_ process: Process) throws {
    try lock.withLock { try process.run() }
  }

  /// A new pipe, made while no test starts a program.
  package static func pipe() -> Pipe {
    lock.withLock { Pipe() }
  }

  /// Runs `body` (a `fork`, say) while no test starts a program or makes a pipe: a child
  /// forked meanwhile would hold another test's ends as a started program would.
  package static func alone<T>(_ body: () throws -> T) rethrows -> T {
    try lock.withLock(body)
  }
}
