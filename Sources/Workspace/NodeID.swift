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
}

extension NodeID: CustomStringConvertible {
  /// The `%7` form.
  public var description: String { "%\(rawValue)" }
}
