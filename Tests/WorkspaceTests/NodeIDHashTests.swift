import Testing

@testable import Workspace

/// The hash sets and dictionaries file ids under: equal ids alike, every id found again, and
/// ids that differ only in their high bits spread over a table's buckets.
@Suite struct NodeIDHashTests {
  /// Ids consecutive, strided by a power of two, and at the ends of `Int`.
  static let ids: [NodeID] =
    (1...2_000).map { NodeID($0) } + (1...2_000).map { NodeID($0 << 20) }
    + [NodeID(Int.max), NodeID(Int.max - 1), NodeID(Int.min), NodeID(-1), NodeID(0)]

  @Test func everyIdIsFoundInASetAndADictionary() {
    let set = Set(Self.ids)
    #expect(set.count == Self.ids.count)
    #expect(Self.ids.allSatisfy(set.contains))
    #expect(!set.contains(NodeID(2_001)))
    #expect(!set.contains(NodeID(3 << 19)))
    var numbers: [NodeID: Int] = [:]
    for id in Self.ids { numbers[id] = id.rawValue }
    #expect(numbers.count == Self.ids.count)
    #expect(Self.ids.allSatisfy { numbers[$0] == $0.rawValue })
    #expect(numbers[NodeID(2_001)] == nil)
  }

  @Test(arguments: [0, 1, -1, 0x5EED_1234_ABCD])
  func equalIdsHashAlike(seed: Int) {
    for id in Self.ids {
      #expect(id._rawHashValue(seed: seed) == NodeID(id.rawValue)._rawHashValue(seed: seed))
    }
  }

  /// 4096 ids, multiples of 4096, in a table of 4096 buckets: a hash that kept the low bits
  /// of the number would put them all in one bucket; a well-mixed one fills about 63% of them.
  @Test(arguments: [0, 1, -1, 0x5EED_1234_ABCD])
  func idsDifferingInTheirHighBitsSpreadOverTheBuckets(seed: Int) {
    let buckets = Set((1...4_096).map { NodeID($0 << 12)._rawHashValue(seed: seed) & 4_095 })
    #expect(buckets.count > 2_400)
    let seeds = Set([seed, seed ^ 1].map { NodeID(7)._rawHashValue(seed: $0) })
    #expect(seeds.count == 2, "another seed, another hash")
  }
}
