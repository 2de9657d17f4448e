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

  /// The hash a set or dictionary of ids files an id under: its number's, as `Int` hashes
  /// it (the same seeded SipHash that `hash(into:)` feeds, in one call). Without it every
  /// lookup in a workspace's nodes built a `Hasher`, fed it and finalised it: about half
  /// again the instructions of a lookup.
  ///
  /// - Parameter seed: The per-storage seed of the set or dictionary.
  /// - Returns: The number's hash under `seed`.
  public func _rawHashValue(seed: Int) -> Int {
    rawValue._rawHashValue(seed: seed)
  }
}

extension NodeID: CustomStringConvertible {
  /// The `%7` form.
  public var description: String { "%\(rawValue)" }
}
