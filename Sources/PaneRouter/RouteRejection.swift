/// Why a route stack refused an operation; the stack is unchanged.
///
/// Every operation that returns `false` has one of these reasons, which ``Router`` passes to
/// its logger (`push detail:7 rejected: duplicate top`) and the workspace reports as a
/// refused command.
public enum RouteRejection: Error, Hashable, Sendable {
  /// The pushed route equals the top of the stack (the duplicate-top guard).
  case duplicateTop(RouteToken)
  /// The stack would grow past its maximum depth.
  case depthLimit(Int)
  /// The stack is already at its root (and no modal is presented).
  case atRoot
  /// The route is not in the stack.
  case notInStack(RouteToken)
  /// The route is already on top, so popping to it changes nothing.
  case alreadyOnTop(RouteToken)
  /// A replacement stack was empty; a stack always holds its root.
  case emptyStack
  /// A modal is already presented; a router presents one modal at a time.
  case modalAlreadyPresented
  /// No modal is presented.
  case noModal
  /// A pop count of zero or less.
  case nonPositiveCount(Int)
  /// The operation would leave the stack exactly as it is.
  case unchanged
  /// A route whose token does not read back as the same route; a router handed out by a
  /// workspace stores tokens, so it refuses what it could not read back.
  case notRoundTripping(RouteToken)
  /// The router's owner refused: for a router handed out by a workspace, its node is gone or
  /// no longer holds routes of this type. The text says why.
  case unavailable(String)
}

extension RouteRejection: CustomStringConvertible {
  /// A short, lower-case reason, such as `duplicate top`.
  public var description: String {
    switch self {
    case .duplicateTop: "duplicate top"
    case .depthLimit(let maximum): "depth limit \(maximum) reached"
    case .atRoot: "already at root"
    case .notInStack(let token): "'\(token)' is not in the stack"
    case .alreadyOnTop(let token): "'\(token)' is already on top"
    case .emptyStack: "a stack needs at least a root"
    case .modalAlreadyPresented: "a modal is already presented"
    case .noModal: "no modal is presented"
    case .nonPositiveCount(let count): "count \(count) is not positive"
    case .unchanged: "nothing to change"
    case .notRoundTripping(let token): "route '\(token)' does not read back from its token"
    case .unavailable(let reason): reason
    }
  }
}
