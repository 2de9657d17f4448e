/// SplitMix64: a tiny, seeded, repeatable generator for property tests and generated inputs.
///
///     var generator = SeededGenerator(seed: 42)
///     let count = Int.random(in: 0..<10, using: &generator)  // the same on every run
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates a generator from a seed; two generators of one seed give the same numbers.
  package init(seed: UInt64) { state = seed }

  /// Returns the next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
