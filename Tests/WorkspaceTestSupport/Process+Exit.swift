import Foundation

extension Process {
  /// Waits, without holding a thread, for a process started with `run()` to end, for at most
  /// `seconds`; if it has not ended by then, kills it (`SIGKILL`) so that a test fails
  /// instead of hanging. Whether it ended on its own.
  ///
  /// A caller that reads `terminationStatus` next requires it (`try #require`): after a
  /// timeout the process may still count as running, and Foundation traps on reading a
  /// running process's status, which ends the whole test run, not the one test.
  ///
  ///     try input.fileHandleForWriting.close()
  ///     try #require(await host.exited(within: 60), "the host did not end at the end of its input")
  ///     #expect(host.terminationStatus == 0)
  package func exited(
    within seconds: Double = 60, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    if await eventually(within: seconds, { !isRunning }) { return true }
    kill(processIdentifier, SIGKILL)
    _ = await eventually(within: 60, { !isRunning })
    return false
  }
}
