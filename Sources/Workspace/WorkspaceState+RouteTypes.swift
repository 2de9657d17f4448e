import PaneRouter

/// Stored tokens against the route types a host registered: finding the unreadable ones,
/// cutting them back, and refusing new ones.
extension WorkspaceState {
  /// Every stored token of the tree that the type registered for its router's kind cannot
  /// read, in depth-first order of the nodes, each router's stack before its modal.
  ///
  ///     for route in state.unreadableRoutes(routeTypes) { log(route) }
  ///     // route 'note:abc' of %3 (stack index 1): notes route 'note:abc' takes one Int
  ///
  /// - Parameter registry: The host's route types; routers of other kinds are skipped.
  /// - Returns: The unreadable tokens; empty when every registered router reads.
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes of registered kinds.
  public func unreadableRoutes(_ registry: RouteRegistry) -> [UnreadableRoute] {
    nodeIDs.flatMap { id in
      self[id].router.map { Self.unreadableRoutes(of: $0, at: id, registry) } ?? []
    }
  }

  /// The unreadable tokens of some nodes only, in the order of ``unreadableRoutes(_:)``.
  func unreadableRoutes(_ registry: RouteRegistry, in ids: Set<NodeID>) -> [UnreadableRoute] {
    nodeIDs.lazy.filter { ids.contains($0) }.flatMap { id in
      self.nodes[id]?.router.map { Self.unreadableRoutes(of: $0, at: id, registry) } ?? []
    }
  }

  /// Cuts every router of a registered kind back to its last readable route: a stack to the
  /// routes below its first unreadable one, a modal likewise (dismissed when its root is
  /// unreadable), and a stack whose root is unreadable to the registered fallback root.
  ///
  /// The repair is not an edit: it records no undo entry, and the history's before-images
  /// are repaired the same way, so that an undo never brings an unreadable token back.
  ///
  /// - Parameter registry: The host's route types.
  /// - Returns: What was unreadable, as ``unreadableRoutes(_:)`` reported it before; a
  ///   router whose root is unreadable and whose kind has no fallback root keeps its stack.
  /// - Complexity: O(*n* + *k*) for *n* nodes and *k* routes, plus the history's images.
  @discardableResult
  public mutating func repairUnreadableRoutes(_ registry: RouteRegistry) -> [UnreadableRoute] {
    let found = unreadableRoutes(registry)
    for id in Set(found.map(\.node)) {
      nodes[id]!.setRouter(Self.cutBack(nodes[id]!.router!, registry))
    }
    history.repairImages { router in Self.cutBack(router, registry) }
    return found
  }

  /// Refuses a command that stored, in a router of a registered kind, a token its type
  /// cannot read and that the router did not hold before the command.
  ///
  /// - Parameters:
  ///   - journal: The before-images of the nodes the command touched.
  ///   - registry: The host's route types.
  /// - Throws: ``WorkspaceError/refusedRoute(_:node:reason:)`` (or
  ///   ``WorkspaceError/refusedNewRoute(_:kind:reason:)`` in a node the command created) for
  ///   the first such token, in
  ///   the order of the nodes' ids.
  /// - Complexity: O(*k*), for *k* routes in the touched routers.
  func checkNewRoutes(since journal: Journal, _ registry: RouteRegistry) throws(WorkspaceError) {
    for (id, before) in journal.nodes.sorted(by: { $0.key < $1.key }) {
      guard let router = nodes[id]?.router, registry.isRegistered(kind: router.kind) else {
        continue
      }
      let old = before?.router.flatMap { $0.kind == router.kind ? $0 : nil }
      let known = Set(old.map(Self.tokens(of:)) ?? [])
      for token in Self.tokens(of: router) where !known.contains(token) {
        if let reason = registry.problem(reading: token, kind: router.kind) {
          // A node the command created is named by its kind: it never came to exist.
          guard before != nil else {
            throw .refusedNewRoute(token, kind: router.kind, reason: reason)
          }
          throw .refusedRoute(token, node: id, reason: reason)
        }
      }
    }
  }

  /// Refuses a template command whose values make a route that the type registered for its
  /// router's kind cannot read, naming the parameter rather than the node (which does not
  /// exist yet); and a template added whose fixed routes hold such a route, naming it.
  func checkTemplateArguments(
    of command: WorkspaceCommand, _ registry: RouteRegistry
  ) throws(WorkspaceError) {
    switch command {
    case .applyTemplate(let name, let values):
      try templates[name]?.checkRoutes(with: values, registry)
    case .openTemplate(let template, let values):
      try template.checkRoutes(with: values, registry)
    case .addTemplate(let template, _):
      try template.checkFixedRoutes(registry)
    default:
      break
    }
  }

  private static func tokens(of router: RouterState) -> [RouteToken] {
    router.stack.stack + (router.stack.modal?.stack ?? [])
  }

  private static func unreadableRoutes(
    of router: RouterState, at id: NodeID, _ registry: RouteRegistry
  ) -> [UnreadableRoute] {
    guard registry.isRegistered(kind: router.kind) else { return [] }
    let places =
      router.stack.stack.enumerated().map { (UnreadableRoute.Place.stack($0), $1) }
      + (router.stack.modal?.stack.enumerated().map { (.modal($0), $1) } ?? [])
    return places.compactMap { place, token in
      registry.problem(reading: token, kind: router.kind).map {
        UnreadableRoute(node: id, kind: router.kind, place: place, token: token, reason: $0)
      }
    }
  }

  /// The router with its stack and modal cut back to their last readable routes.
  private static func cutBack(_ router: RouterState, _ registry: RouteRegistry) -> RouterState {
    guard registry.isRegistered(kind: router.kind) else { return router }
    func readablePrefix(_ routes: [RouteToken]) -> Int {
      routes.firstIndex { registry.problem(reading: $0, kind: router.kind) != nil }
        ?? routes.count
    }
    var routes = router.stack.stack
    let kept = readablePrefix(routes)
    if kept == 0, let fallback = registry.fallbackRoot(kind: router.kind) {
      routes = [fallback]
    } else if kept > 0 {
      routes = Array(routes.prefix(kept))
    }
    var modal = router.stack.modal.map { (style: $0.style, routes: $0.stack) }
    if let presented = modal {
      let keptInModal = readablePrefix(presented.routes)
      modal =
        keptInModal == 0 ? nil : (presented.style, Array(presented.routes.prefix(keptInModal)))
    }
    var repaired = router
    do {
      repaired.stack = try RouteStack(
        routes: routes, modal: modal, maxDepth: router.stack.maxDepth,
        rejectsDuplicateTop: router.stack.rejectsDuplicateTop)
    } catch {
      preconditionFailure("a cut-back stack is never empty or deeper: \(error)")
    }
    return repaired
  }
}

extension History {
  /// Changes the router of every node image of every entry.
  mutating func repairImages(_ repair: (RouterState) -> RouterState) {
    for list in [\History.undoEntries, \History.redoEntries] as [WritableKeyPath<History, [Entry]>]
    {
      for index in self[keyPath: list].indices {
        for (id, image) in self[keyPath: list][index].journal.nodes {
          guard var node = image, let router = node.router else { continue }
          node.setRouter(repair(router))
          self[keyPath: list][index].journal.nodes[id] = node
        }
      }
    }
  }
}
