import PaneRouter

/// A stored token that the route type registered for its router's kind cannot read, as
/// ``WorkspaceState/unreadableRoutes(_:)`` finds it in a restored (or hand-edited) state.
public struct UnreadableRoute: Hashable, Sendable, CustomStringConvertible {
  /// Where the token stands in its router.
  public enum Place: Hashable, Sendable {
    /// In the router's stack, at a 0-based index (0 is the root).
    case stack(Int)
    /// In the presented modal's stack, at a 0-based index (0 is the modal's root).
    case modal(Int)

    /// The 0-based index, in the stack or the modal's stack.
    package var index: Int {
      switch self {
      case .stack(let index), .modal(let index): index
      }
    }
  }

  /// The node whose router holds the token.
  public let node: NodeID
  /// The router's kind.
  public let kind: String
  /// Where the token stands.
  public let place: Place
  /// The token.
  public let token: RouteToken
  /// Why the registered type cannot read it, such as `notes route 'note:abc' takes one Int`.
  public let reason: String

  /// `route 'note:abc' of %3 (stack index 1): notes route 'note:abc' takes one Int`.
  public var description: String {
    let place =
      switch place {
      case .stack(let index): "stack index \(index)"
      case .modal(let index): "modal index \(index)"
      }
    return "route '\(token)' of \(node) (\(place)): \(reason)"
  }
}
