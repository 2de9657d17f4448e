/// Waits until `condition` holds, checking it every few milliseconds, for at most `seconds`;
/// returns whether it came true.
///
///     #expect(await eventually(within: 10) { watch.lines.last == "push detail:7" })
///
/// The condition runs on the caller's actor (the main actor, for a test of a session), and
/// the caller's actor is free while the test waits.
package func eventually(
  within seconds: Double = 300, isolation: isolated (any Actor)? = #isolation,
  _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + .seconds(seconds)
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return true
}
