import Foundation
import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteStackPropertyTests {
  @Test(arguments: [1, 2, 3, 42, 2024] as [UInt64])
  func randomOperationsKeepTheInvariants(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    var stack = RouteStack(
      root: RandomOperations.route(&generator), maxDepth: Int.random(in: 0...6, using: &generator))
    stack.rejectsDuplicateTop = Bool.random(using: &generator)
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    var changes = 0
    for _ in 0..<400 {
      let operation = RandomOperations.operation(&generator)
      let before = stack
      let changed = stack.call(operation)
      #expect(changed == (stack != before), "\(before) \(operation)")
      #expect(stack.checkInvariants(), "\(before) \(operation) -> \(stack)")

      // apply agrees: it throws exactly when the convenience call returned false.
      var applied = before
      let threw: Bool
      do {
        try applied.apply(operation)
        threw = false
      } catch {
        threw = true
      }
      #expect(threw == !changed, "\(before) \(operation)")
      #expect(applied == stack)

      let decoded = try decoder.decode(RouteStack<MailRoute>.self, from: encoder.encode(stack))
      #expect(decoded == stack)
      if changed { changes += 1 }
    }
    #expect(changes > 50)
  }
}
