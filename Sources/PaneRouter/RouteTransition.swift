/// One change of a router's stack with the stack before and after it, as reported by a
/// ``Router``'s ``Router/onChange`` callback and ``Router/transitions`` stream.
///
/// A standalone router reports one transition per applied operation. A router handed out by a
/// workspace also reports the changes that reached its node another way (a command, undo or
/// redo, a state adopted from the file), once each, before the workspace reports its change.
public struct RouteTransition<R: Route>: Equatable, Sendable {
  /// What made the stack change.
  public enum Cause: Hashable, Sendable, CustomStringConvertible {
    /// One operation on this router: a call on the router, or a command naming it.
    case operation(RouteOperation<R>)
    /// The stack was set as a whole by its owner; the text says why, in the owner's words,
    /// such as `undo`, `push a push b` or `adopted revision 7`.
    case replacement(String)

    /// The operation's words, or the reason for the replacement.
    public var description: String {
      switch self {
      case .operation(let operation): operation.description
      case .replacement(let reason): reason
      }
    }
  }

  /// What made the stack change.
  public let cause: Cause
  /// The stack before the change.
  public let before: RouteStack<R>
  /// The stack after the change.
  public let after: RouteStack<R>

  /// The operation that changed the stack, or `nil` for a ``Cause/replacement(_:)``.
  public var operation: RouteOperation<R>? {
    if case .operation(let operation) = cause { operation } else { nil }
  }

  /// The result a modal flow finished with, or `nil` if the change was not a
  /// ``RouteOperation/finish(_:)``.
  ///
  /// This is how the router that presented a flow hears how it ended: a typed route, never a
  /// closure, so it can come from a command, a deep link or `wsctl` as well as from code.
  public var result: R? {
    if case .operation(.finish(let result)) = cause { result } else { nil }
  }

  /// Creates a transition made by one operation.
  ///
  /// - Parameters:
  ///   - operation: The operation that was applied.
  ///   - before: The stack before it.
  ///   - after: The stack after it.
  public init(operation: RouteOperation<R>, before: RouteStack<R>, after: RouteStack<R>) {
    self.init(cause: .operation(operation), before: before, after: after)
  }

  /// Creates a transition.
  ///
  /// - Parameters:
  ///   - cause: What made the stack change.
  ///   - before: The stack before it.
  ///   - after: The stack after it.
  public init(cause: Cause, before: RouteStack<R>, after: RouteStack<R>) {
    self.cause = cause
    self.before = before
    self.after = after
  }
}

extension RouteStack: CustomStringConvertible {
  /// The stack's tokens, root first, then any modal: `[inbox, detail:7] sheet [compose]`.
  public var description: String {
    func list(_ routes: [R]) -> String {
      "[" + routes.map(\.token.description).joined(separator: ", ") + "]"
    }
    guard let modal else { return list(stack) }
    return "\(list(stack)) \(modal.style) \(list(modal.stack))"
  }
}
