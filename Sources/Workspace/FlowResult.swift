import PaneRouter

/// The result a modal flow finished with, as a workspace reports it: the node whose router
/// presented the flow, and the result route as a token.
///
/// A `finish ROUTE` command (`RouteOperation.finish(_:)`) closes a router's
/// modal and hands `ROUTE` to that router. A handed-out typed `Router` reports it as its
/// transition's `RouteTransition.result`; the workspace's change lists it in
/// ``WorkspaceChange/flowResults`` with the presenting node, for a host that reacts to every
/// change in one place:
///
///     for await change in workspace.changes {
///       for finished in change.flowResults where finished.owner == composePane {
///         if case .attachment(let index) = try finished.route(MailRoute.self) { ... }
///       }
///     }
///
/// A result is delivered in the change that finishes the flow and is not saved: what the
/// presenter does with it (a push, a title) is.
public struct FlowResult: Hashable, Sendable, CustomStringConvertible {
  /// The node whose router presented the flow and receives its result.
  public let owner: NodeID
  /// The result route's token.
  public let result: RouteToken

  /// A result from its parts.
  ///
  /// - Parameters:
  ///   - owner: The node whose router presented the flow.
  ///   - result: The result route's token.
  public init(owner: NodeID, result: RouteToken) {
    self.owner = owner
    self.result = result
  }

  /// The result as a typed route.
  ///
  /// - Parameter type: The presenter's route type.
  /// - Returns: The route read from the token.
  /// - Throws: What `R(token:)` throws when the presenter's route type cannot read the token,
  ///   such as `PaneRouterError.unknownRoute(_:kind:)`.
  public func route<R: Route>(_ type: R.Type) throws -> R {
    try R(token: result)
  }

  /// `%4 attachment:3`.
  public var description: String { "\(owner) \(result)" }
}

extension WorkspaceChange {
  /// The flows the change finished, with their results, by presenting node.
  ///
  /// Empty unless the change applied `finish` commands (from code, a typed router, the grammar
  /// or a deep link); a change that replaced or adopted a state carries none.
  ///
  /// - Complexity: O(*n*), where *n* is the number of router operations in the change.
  public var flowResults: [FlowResult] {
    routeOperations.keys.sorted().flatMap { owner in
      routeOperations[owner, default: []].compactMap { operation in
        if case .finish(let result) = operation {
          FlowResult(owner: owner, result: result)
        } else {
          nil
        }
      }
    }
  }
}
