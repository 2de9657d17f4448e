/// Members of a stored object that this version of the package does not understand, carried
/// with their node, router or modal so that a load and a save write them back unchanged.
///
/// The workspace never reads or changes them: their form belongs to the file layer, which
/// fills them in on load, already decoded, and writes them out on save as they are (see
/// `KeptMembers`).
public struct UnknownMembers: Equatable, Sendable {
  /// The members, in the file layer's own form, boxed so that a copy of a node or router
  /// costs one reference; `nil` for none.
  private let box: Box?

  /// No members.
  public init() {
    box = nil
  }

  /// Members kept by a file layer; none if `kept` is empty.
  package init(_ kept: some KeptMembers) {
    box = kept.isEmpty ? nil : Box(kept)
  }

  /// The members, in the file layer's own form; `nil` for none.
  package var kept: (any KeptMembers)? { box?.kept }

  /// Whether there are no unknown members.
  public var isEmpty: Bool { box == nil }

  /// Compares the kept members, key by key and value by value, in order.
  public static func == (lhs: UnknownMembers, rhs: UnknownMembers) -> Bool {
    switch (lhs.box, rhs.box) {
    case (nil, nil): true
    case (let left?, let right?): left === right || left.kept.isEqual(to: right.kept)
    default: false
    }
  }

  /// An immutable box around the kept members.
  private final class Box: Sendable {
    let kept: any KeptMembers

    init(_ kept: any KeptMembers) {
      self.kept = kept
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
