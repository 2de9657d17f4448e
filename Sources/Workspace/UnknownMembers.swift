/// Members of a stored object that this version of the package does not understand, kept as
/// compact JSON text so that a load and save writes them back unchanged.
///
/// The workspace never reads them; the file layer fills them in on load and writes them out
/// on save, in their original order.
public struct UnknownMembers: Equatable, Sendable {
  /// The members as key and compact JSON text of the value, in document order.
  package var members: [(key: String, json: String)]

  /// No members.
  public init() {
    members = []
  }

  /// Members from keys and compact JSON texts.
  package init(_ members: [(key: String, json: String)]) {
    self.members = members
  }

  /// Whether there are no unknown members.
  public var isEmpty: Bool { members.isEmpty }

  /// Compares keys and texts in order.
  public static func == (lhs: UnknownMembers, rhs: UnknownMembers) -> Bool {
    lhs.members.elementsEqual(rhs.members) { $0.key == $1.key && $0.json == $1.json }
  }
}
