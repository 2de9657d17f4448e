/// One applied operation with the stack before and after it, as reported by a ``Router``'s
/// ``Router/onChange`` callback and ``Router/transitions`` stream.
public struct RouteTransition<R: Route>: Equatable, Sendable {
  /// The operation that changed the stack.
  public let operation: RouteOperation<R>
  /// The stack before the operation.
  public let before: RouteStack<R>
  /// The stack after the operation.
  public let after: RouteStack<R>

  /// Creates a transition.
  ///
  /// - Parameters:
  ///   - operation: The operation that was applied.
  ///   - before: The stack before it.
  ///   - after: The stack after it.
  public init(operation: RouteOperation<R>, before: RouteStack<R>, after: RouteStack<R>) {
    self.operation = operation
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
