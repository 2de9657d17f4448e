import PaneRouter

/// Typed router lookup: a node's own router, the nearest one of a route type walking up, and
/// the nearest one above the node.
extension WorkspaceState {
  /// The router of a node, read as routes of type `R`.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node.
  /// - Returns: The typed stack.
  /// - Throws: ``WorkspaceError/noSuchNode(_:)``, ``WorkspaceError/noRouter(_:)``,
  ///   ``WorkspaceError/routerKindMismatch(_:stored:requested:)`` when the router holds
  ///   another kind, or ``WorkspaceError/unreadableRoute(_:token:kind:)`` naming the first
  ///   stored token that is not a route of type `R`.
  /// - Complexity: O(*k*), where *k* is the number of routes in the router.
  public func router<R: Route>(_ type: R.Type, for id: NodeID) throws(WorkspaceError)
    -> RouteStack<R>
  {
    guard let node = nodes[id] else { throw .noSuchNode(id) }
    guard let router = node.router else { throw .noRouter(id) }
    guard router.isReadable(as: type) else {
      throw .routerKindMismatch(id, stored: router.kind, requested: R.kind)
    }
    return try Self.typed(router.stack, as: type, node: id)
  }

  /// The router of a node, read as routes of type `R`; renamed ``router(_:for:)``, the label
  /// `Workspace.router(_:for:)` uses.
  @available(*, deprecated, renamed: "router(_:for:)")
  public func router<R: Route>(_ type: R.Type, of id: NodeID) throws(WorkspaceError)
    -> RouteStack<R>
  {
    try router(type, for: id)
  }

  /// The closest router that holds routes of type `R`, from a node itself up through its
  /// ancestors; siblings and their subtrees are never searched.
  ///
  ///     let (owner, stack) = try state.nearestRouter(MailRoute.self, from: pane)!
  ///
  /// Routers of other kinds are passed over; a router of kind `R.kind` (or an untyped one)
  /// whose tokens do not all read as `R` is an error, never passed over or reset.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node to start from.
  /// - Returns: The owning node and its typed stack, or `nil` if no router of that type
  ///   encloses the node.
  /// - Throws: ``WorkspaceError/noSuchNode(_:)`` or
  ///   ``WorkspaceError/unreadableRoute(_:token:kind:)``.
  /// - Complexity: O(*d* + *k*), for depth *d* and *k* routes in the router found.
  public func nearestRouter<R: Route>(_ type: R.Type, from id: NodeID) throws(WorkspaceError)
    -> (node: NodeID, stack: RouteStack<R>)?
  {
    guard nodes[id] != nil else { throw .noSuchNode(id) }
    return try firstRouter(type, among: [id] + ancestors(of: id))
  }

  /// The closest router that holds routes of type `R` above a node, skipping its own.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node whose ancestors are searched.
  /// - Returns: The owning node and its typed stack, or `nil`.
  /// - Throws: As ``nearestRouter(_:from:)``.
  /// - Complexity: O(*d* + *k*), for depth *d* and *k* routes in the router found.
  public func parentRouter<R: Route>(_ type: R.Type, from id: NodeID) throws(WorkspaceError)
    -> (node: NodeID, stack: RouteStack<R>)?
  {
    guard nodes[id] != nil else { throw .noSuchNode(id) }
    return try firstRouter(type, among: ancestors(of: id))
  }

  private func firstRouter<R: Route>(_ type: R.Type, among ids: [NodeID]) throws(WorkspaceError)
    -> (node: NodeID, stack: RouteStack<R>)?
  {
    for id in ids {
      if let router = self[id].router, router.isReadable(as: type) {
        return (id, try Self.typed(router.stack, as: type, node: id))
      }
    }
    return nil
  }

  /// Converts a token stack to routes of type `R`, naming the first token that fails.
  static func typed<R: Route>(
    _ stack: RouteStack<RouteToken>, as type: R.Type, node: NodeID
  ) throws(WorkspaceError) -> RouteStack<R> {
    do {
      return try stack.map { token in
        do {
          return try R(token: token)
        } catch {
          throw WorkspaceError.unreadableRoute(node, token: token, kind: R.kind)
        }
      }
    } catch let error as WorkspaceError {
      throw error
    } catch {
      preconditionFailure("unexpected \(error)")
    }
  }
}
