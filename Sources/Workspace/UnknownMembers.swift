/// Members of a stored object that this version of the package does not understand, carried
/// with their node, router or modal so that a load and a save write them back unchanged.
///
/// The workspace never reads or changes them: their form belongs to the file layer, which
/// fills them in on load, already decoded, and writes them out on save as they are (see
/// `KeptMembers`).
public struct UnknownMembers: Equatable, Sendable {
  /// The members, in the file layer's own form; `nil` for none.
  package let kept: (any KeptMembers)?

  /// No members.
  public init() {
    kept = nil
  }

  /// Members kept by a file layer; none if `kept` is empty.
  package init(_ kept: some KeptMembers) {
    self.kept = kept.isEmpty ? nil : kept
  }

  /// Whether there are no unknown members.
  public var isEmpty: Bool { kept == nil }

  /// Compares the kept members, key by key and value by value, in order.
  public static func == (lhs: UnknownMembers, rhs: UnknownMembers) -> Bool {
    switch (lhs.kept, rhs.kept) {
    case (nil, nil): true
    case (let left?, let right?): left.isEqual(to: right)
    default: false
    }
  }
}

/// Members a file layer kept of a stored object, in the form it reads and writes them
/// (`WorkspaceJSON` keeps the decoded JSON values, so a save never parses them again).
package protocol KeptMembers: Sendable {
  /// Whether there are no members.
  var isEmpty: Bool { get }
  /// Whether `other` holds the same members in the same order.
  func isEqual(to other: any KeptMembers) -> Bool
}
