import PaneRouter

/// Typed routers handed out by a workspace: projections of their nodes' routers in the tree.
extension Workspace {
  /// The router of a node as a live, typed `Router` that reads and writes through the tree.
  ///
  /// Each operation on it is applied to the workspace first, as a command recorded for undo
  /// and reported as a change; a refusal returns `false` and logs its reason with nothing
  /// changed. So is an operation once the node is gone or no longer holds routes of type `R`,
  /// and one with a route whose token does not read back as the same route.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node, a pane or a container owning a router.
  /// - Returns: The same instance for the same node and type, as long as the host keeps it.
  /// - Throws: As ``WorkspaceState/router(_:for:)``.
  /// - Complexity: O(*k*), where *k* is the number of routes in the router.
  public func router<R: Route>(_ type: R.Type, for id: NodeID) throws(WorkspaceError)
    -> Router<R>
  {
    let current = try state.router(type, for: id)
    let key = ObjectIdentifier(type)
    if let cached = routers[id]?[key]?.router as? Router<R> { return cached }
    let projection = RouterProjection<R>(
      read: { [weak self] () throws(RouteRejection) -> RouteStack<R> in
        guard let self else { throw .unavailable("its workspace is gone") }
        return try self.typedStack(type, of: id)
      },
      apply: { [weak self] operation throws(RouteRejection) in
        guard let self else { throw .unavailable("its workspace is gone") }
        try self.applyThroughTree(operation, at: id)
      })
    let router = Router(projection: projection, state: current)
    routers[id, default: [:]][key] = RouterEntry(router: router) {
      [weak router] before, after, change in
      router?.deliverChange(change, at: id, from: before, to: after)
    }
    return router
  }

  /// The live router of the closest node, from `id` up, whose router holds routes of type `R`.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node to start from.
  /// - Returns: The router, or `nil` if none of that type encloses the node.
  /// - Throws: As ``WorkspaceState/nearestRouter(_:from:)``.
  public func nearestRouter<R: Route>(_ type: R.Type, from id: NodeID) throws(WorkspaceError)
    -> Router<R>?
  {
    try nearestRouterWithOwner(type, from: id)?.router
  }

  /// The live router of the closest node, from `id` up, whose router holds routes of type
  /// `R`, with that node.
  ///
  ///     if let (owner, router) = try workspace.nearestRouterWithOwner(MailRoute.self, from: pane) {
  ///       router.logger = { print("\(owner): \($0)") }
  ///     }
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node to start from.
  /// - Returns: The owning node and its router, or `nil` if none of that type encloses the
  ///   node.
  /// - Throws: As ``WorkspaceState/nearestRouter(_:from:)``.
  /// - Complexity: O(*d* + *k*), for depth *d* and *k* routes in the router found.
  public func nearestRouterWithOwner<R: Route>(_ type: R.Type, from id: NodeID)
    throws(WorkspaceError) -> (node: NodeID, router: Router<R>)?
  {
    try handOut(type, found: try state.nearestRouter(type, from: id))
  }

  /// The live router of the closest ancestor of `id` whose router holds routes of type `R`.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node whose ancestors are searched.
  /// - Returns: The router, or `nil`.
  /// - Throws: As ``WorkspaceState/parentRouter(_:from:)``.
  public func parentRouter<R: Route>(_ type: R.Type, from id: NodeID) throws(WorkspaceError)
    -> Router<R>?
  {
    try parentRouterWithOwner(type, from: id)?.router
  }

  /// The live router of the closest ancestor of `id` whose router holds routes of type `R`,
  /// with that ancestor.
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node whose ancestors are searched.
  /// - Returns: The owning node and its router, or `nil`.
  /// - Throws: As ``WorkspaceState/parentRouter(_:from:)``.
  public func parentRouterWithOwner<R: Route>(_ type: R.Type, from id: NodeID)
    throws(WorkspaceError) -> (node: NodeID, router: Router<R>)?
  {
    try handOut(type, found: try state.parentRouter(type, from: id))
  }

  /// The live router of a node that a lookup found, with the node.
  private func handOut<R: Route>(_ type: R.Type, found: (node: NodeID, stack: RouteStack<R>)?)
    throws(WorkspaceError) -> (node: NodeID, router: Router<R>)?
  {
    guard let found else { return nil }
    return (found.node, try router(type, for: found.node))
  }

  /// Reports a change to every handed-out router of the nodes it touched, then forgets the
  /// routers of vanished nodes that nobody else holds.
  func deliverTransitions(
    of change: WorkspaceChange, from before: WorkspaceState, to after: WorkspaceState
  ) {
    for id in change.changedNodes {
      guard let entries = routers[id] else { continue }
      for entry in entries.values {
        entry.deliver(before, after, change)
      }
      guard after.node(id) == nil, state.node(id) == nil else { continue }
      for key in entries.keys where isKnownUniquelyReferenced(&routers[id]![key]!.router) {
        routers[id]![key] = nil
      }
      if routers[id]?.isEmpty == true { routers[id] = nil }
    }
  }

  /// The node's router read as `R`, or why it cannot be.
  private func typedStack<R: Route>(_ type: R.Type, of id: NodeID) throws(RouteRejection)
    -> RouteStack<R>
  {
    do {
      return try state.router(type, for: id)
    } catch .noSuchNode {
      throw .unavailable("its node \(id) is gone")
    } catch {
      throw .unavailable("\(error)")
    }
  }

  /// Applies a typed router's operation as a command on its node: checks that the node still
  /// holds routes of type `R` and that every route reads back from its token first.
  private func applyThroughTree<R: Route>(_ operation: RouteOperation<R>, at id: NodeID)
    throws(RouteRejection)
  {
    _ = try typedStack(R.self, of: id)
    let tokens: RouteOperation<RouteToken>
    do {
      tokens = try operation.map { route in
        let token = route.token
        guard (try? R(token: token)) == route else {
          throw RouteRejection.notRoundTripping(token)
        }
        return token
      }
    } catch let rejection as RouteRejection {
      throw rejection
    } catch {
      preconditionFailure("unexpected \(error)")
    }
    do {
      try apply(.route(tokens, at: id))
    } catch .routeRejected(let rejection, _, _) {
      throw rejection
    } catch {
      throw .unavailable("\(error)")
    }
  }
}

extension Router {
  /// Reports a change of the workspace that touched this router's node: a transition if its
  /// stack changed, a log line if the node is gone or no longer reads as `R`.
  fileprivate func deliverChange(
    _ change: WorkspaceChange, at id: NodeID, from before: WorkspaceState,
    to after: WorkspaceState
  ) {
    // The node's router as tokens, on either side: the same tokens read as the same stack
    // (or fail alike), so a change that left them alone (a rename, a focus) reports nothing,
    // without reading every route of the stack twice.
    let (was, now) = (before.node(id), after.node(id))
    if (was == nil) == (now == nil), was?.router == now?.router { return }
    let old = (try? before.router(R.self, for: id)) ?? lastState
    let new: RouteStack<R>
    do {
      new = try after.router(R.self, for: id)
    } catch {
      if (try? before.router(R.self, for: id)) != nil { logger?("detached: \(error)") }
      return
    }
    guard new != old else { return }
    deliver(RouteTransition(cause: Self.cause(of: change, at: id), before: old, after: new))
    for finished in change.flowResults where finished.owner == id {
      do {
        _ = try finished.route(R.self)
      } catch {
        // Never dropped in silence: the flow closed, but this presenter cannot read how.
        logger?("finish \(finished.result): result not readable as '\(R.kind)': \(error)")
      }
    }
  }

  /// The router operation that made the change, if it was exactly one on this node; else
  /// what replaced the stack.
  private static func cause(of change: WorkspaceChange, at id: NodeID)
    -> RouteTransition<R>.Cause
  {
    switch change.origin {
    case .replaced: return .replacement("replace state")
    case .adopted: return .replacement("adopted revision \(change.revision)")
    case .local: break
    }
    let isHistory = change.commands.contains {
      if case .undo = $0 { true } else if case .redo = $0 { true } else { false }
    }
    if !isHistory, let operations = change.routeOperations[id], operations.count == 1,
      let typed = try? operations[0].map({ try R(token: $0) })
    {
      return .operation(typed)
    }
    return .replacement(change.commands.map(\.description).joined(separator: " "))
  }
}

/// A handed-out router of any route type, with how to report a change of its node to it.
@MainActor
struct RouterEntry {
  var router: AnyObject
  let deliver: (WorkspaceState, WorkspaceState, WorkspaceChange) -> Void
}
