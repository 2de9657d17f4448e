import Testing

@testable import WorkspaceControl

/// `RecentResults`: what a control session remembers of the lines it read.
@Suite struct RecentResultsTests {
  @Test func anInputNeverKeptHasNoResult() {
    let results = RecentResults<[UInt8], Int>(capacity: 4)
    #expect(results[[]] == nil)
    #expect(results[Array("focus 1".utf8)] == nil)
    #expect(results.count == 0)
  }

  @Test func aKeptResultIsFoundByAnEqualInput() {
    var results = RecentResults<[UInt8], String>(capacity: 4)
    #expect(results.keep("one", for: Array("focus 1".utf8)) == "one")
    results.keep("empty", for: [])
    #expect(results[Array("focus 1".utf8)] == "one")
    #expect(results[[]] == "empty")
    #expect(results[Array("focus 2".utf8)] == nil)
  }

  @Test func keepingAgainReplacesWithoutStartingAfresh() {
    var results = RecentResults<Int, Int>(capacity: 2)
    results.keep(1, for: 1)
    results.keep(2, for: 2)
    results.keep(3, for: 2)
    #expect(results[1] == 1)
    #expect(results[2] == 3)
    #expect(results.count == 2)
  }

  /// Past its capacity the set starts afresh with the new result: never more than capacity.
  @Test(arguments: [1, 2, 5])
  func neverHoldsMoreThanItsCapacity(capacity: Int) {
    var results = RecentResults<Int, Int>(capacity: capacity)
    for input in 0..<capacity { results.keep(input * 10, for: input) }
    #expect(results.count == capacity)
    #expect((0..<capacity).allSatisfy { results[$0] == $0 * 10 })
    results.keep(-1, for: capacity)
    #expect(results.count == 1)
    #expect(results[capacity] == -1)
    #expect((0..<capacity).allSatisfy { results[$0] == nil })
  }

  @Test(arguments: [0, -3])
  func aCapacityBelowOneKeepsOne(capacity: Int) {
    var results = RecentResults<Int, Int>(capacity: capacity)
    #expect(results.capacity == 1)
    results.keep(1, for: 1)
    results.keep(2, for: 2)
    #expect(results[1] == nil)
    #expect(results[2] == 2)
  }
}
