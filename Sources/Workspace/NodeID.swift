/// The stable identifier of a node in a workspace tree, written `%7` in commands and output.
///
/// Ids survive save and restore and are never reused within a workspace: the state keeps the
/// next free id.
public struct NodeID: RawRepresentable, Hashable, Comparable, Sendable {
  /// The id's number.
  public let rawValue: Int

  /// Creates an id from its number.
  ///
  /// - Parameter rawValue: The number, at least 1 in a valid workspace.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Creates an id from its number.
  ///
  /// - Parameter rawValue: The number, at least 1 in a valid workspace.
  public init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Parses the `%7` form.
  ///
  /// - Parameter text: `%` followed by a positive decimal number.
  public init?(parsing text: Substring) {
    guard text.first == "%", let number = Int(text.dropFirst()), number > 0,
      text.dropFirst().allSatisfy(\.isASCII)
    else { return nil }
    self.rawValue = number
  }

  /// Orders ids by number.
  public static func < (lhs: NodeID, rhs: NodeID) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// The hash a set or dictionary of ids files an id under: the number and the storage's
  /// seed mixed by SplitMix64's finaliser (two multiplications and three shifts, every bit of
  /// the result depending on every bit of both). A restore of a file with a history looks
  /// ids up tens of thousands of times, and `Int`'s hash (SipHash, about 90 instructions an
  /// id) was a tenth of it.
  ///
  /// The seed is the one each set or dictionary draws from the process's random hashing
  /// seed and its own storage, so the ids of a hostile file cannot be chosen to collide in
  /// a table; how many there are is bounded by the file's node limit in any case.
  ///
  /// - Parameter seed: The per-storage seed of the set or dictionary.
  /// - Returns: The number's hash under `seed`.
  public func _rawHashValue(seed: Int) -> Int {
    var bits = UInt64(truncatingIfNeeded: rawValue) ^ UInt64(truncatingIfNeeded: seed)
    bits = (bits ^ bits &>> 30) &* 0xBF58_476D_1CE4_E5B9
    bits = (bits ^ bits &>> 27) &* 0x94D0_49BB_1331_11EB
    return Int(truncatingIfNeeded: bits ^ bits &>> 31)
  }
}

extension NodeID: CustomStringConvertible {
  /// The `%7` form.
  public var description: String { "%\(rawValue)" }
}
