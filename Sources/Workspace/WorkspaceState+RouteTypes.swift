import PaneRouter

/// Stored tokens against the route types a host registered: finding the unreadable ones,
/// quarantining them, and refusing new ones.
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

  /// Quarantines, in every router of a registered kind, the tokens its type cannot read:
  /// each leaves the stack (or modal) for the router's ``RouterState/quarantined`` tokens,
  /// with the place it stood, and every readable route stays, in its order. So a stored
  /// `[file:a, line:x:abc, file:ok.swift]` whose `line` takes an Int shows
  /// `[file:a, file:ok.swift]` and keeps `line:x:abc` at stack index 1, in the file too.
  ///
  /// A stack whose root is unreadable gets its first readable route as its root; one with no
  /// readable route gets the kind's registered fallback root, or without one is left as it
  /// is (and reported again by ``unreadableRoutes(_:)``). A modal with no readable route is
  /// dismissed, its tokens quarantined. A quarantined token the type now reads (an upgraded
  /// host) is reinstated at its place, counted among the routes and the tokens still
  /// quarantined and clamped to the stack; past the stack's `maxDepth` it stays quarantined.
  /// The stack may then hold one route twice in a row, as a stored stack may: the
  /// duplicate-top guard refuses pushes, not stored stacks.
  ///
  /// The repair is not an edit: it records no undo entry, and the history's before-images
  /// and the closed list's routers are repaired the same way, so that neither an undo nor a
  /// `reopen` brings an unreadable token back into a stack, and each keeps its router's
  /// quarantined tokens.
  ///
  /// - Parameter registry: The host's route types.
  /// - Returns: What was unreadable, as ``unreadableRoutes(_:)`` reported it before; a
  ///   router whose stack has no readable route and whose kind has no fallback root keeps
  ///   its stack. Tokens quarantined before, and those reinstated, are not in it.
  /// - Complexity: O(*n* + *k*) for *n* nodes and *k* routes, plus the history's images.
  @discardableResult
  public mutating func repairUnreadableRoutes(_ registry: RouteRegistry) -> [UnreadableRoute] {
    let found = unreadableRoutes(registry)
    let holding = Set(found.map(\.node))
    for id in nodeIDs {
      guard let router = self[id].router, !router.quarantined.isEmpty || holding.contains(id)
      else { continue }
      let repaired = Self.quarantining(router, registry)
      if repaired != router { nodes[id]!.setRouter(repaired) }
    }
    history.repairImages { router in Self.quarantining(router, registry) }
    closed.repairRouters { router in Self.quarantining(router, registry) }
    return found
  }

  /// Every quarantined token of the tree with its node, in depth-first order of the nodes,
  /// each router's in their stored order.
  ///
  /// - Complexity: O(*n*), for *n* nodes.
  public var quarantinedRoutes: [(node: NodeID, route: QuarantinedRoute)] {
    nodeIDs.flatMap { id in
      (self[id].router?.quarantined ?? []).map { (node: id, route: $0) }
    }
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
    for (id, before) in journal.nodes {
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
    case .openTemplate(let template, let values),
      .reconcileWithTemplate(let template, let values, _):
      try template.checkRoutes(with: values, registry)
    case .reconcileTemplate(let name, let values, _):
      try templates[name]?.checkRoutes(with: values, registry)
    case .addTemplate(let template, _):
      try template.checkFixedRoutes(registry)
    case .at(_, let command):
      try checkTemplateArguments(of: command, registry)
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

  /// The router with its unreadable tokens quarantined and its readable quarantined ones
  /// reinstated, as ``repairUnreadableRoutes(_:)`` describes.
  private static func quarantining(
    _ router: RouterState, _ registry: RouteRegistry
  ) -> RouterState {
    guard registry.isRegistered(kind: router.kind) else { return router }
    func reads(_ token: RouteToken) -> Bool {
      registry.problem(reading: token, kind: router.kind) == nil
    }
    let limit = router.stack.maxDepth
    var quarantined: [QuarantinedRoute] = []
    var routes = merged(
      router.stack.stack, router.quarantined.filter { !$0.isInModal }, reads: reads, limit: limit,
      quarantining: { quarantined.append(QuarantinedRoute($0, at: .stack($1))) })
    if routes.isEmpty {
      if let fallback = registry.fallbackRoot(kind: router.kind) {
        routes = [fallback]
      } else {
        // Nothing to show: the stack and its quarantined tokens stay as they were.
        routes = router.stack.stack
        quarantined = router.quarantined.filter { !$0.isInModal }
      }
    }
    let inModal = router.quarantined.filter(\.isInModal)
    let style = router.stack.modal?.style ?? inModal.first?.style ?? .sheet
    let modalRoutes = merged(
      router.stack.modal?.stack ?? [], inModal, reads: reads, limit: limit,
      quarantining: { quarantined.append(QuarantinedRoute($0, at: .modal($1), style: style)) })
    do {
      let stack = try RouteStack(
        routes: routes, modal: modalRoutes.isEmpty ? nil : (style, modalRoutes),
        maxDepth: limit, rejectsDuplicateTop: router.stack.rejectsDuplicateTop)
      return RouterState(
        kind: router.kind, stack: stack, unknownMembers: router.unknownMembers,
        modalUnknownMembers: router.modalUnknownMembers, quarantined: quarantined)
    } catch {
      preconditionFailure("a repaired stack is never empty or deeper: \(error)")
    }
  }

  /// The readable routes of a stack with its quarantined tokens put back at their places
  /// (in index order, clamped): every readable route it shows, and the readable quarantined
  /// ones while the stack has room below `limit`; every other token goes to `quarantining`
  /// with its index among all of them.
  ///
  /// - Complexity: O(*k* + *q*·(*k* + *q*)), for *k* routes and *q* quarantined tokens.
  private static func merged(
    _ routes: [RouteToken], _ quarantined: [QuarantinedRoute], reads: (RouteToken) -> Bool,
    limit: Int, quarantining: (RouteToken, Int) -> Void
  ) -> [RouteToken] {
    var all = routes.map { (token: $0, wasShown: true) }
    let places = quarantined.enumerated().sorted {
      ($0.element.place.index, $0.offset) < ($1.element.place.index, $1.offset)
    }
    for (_, entry) in places {
      all.insert((entry.token, false), at: min(entry.place.index, all.count))
    }
    var room = limit - routes.count(where: reads)
    var shown: [RouteToken] = []
    for (index, (token, wasShown)) in all.enumerated() {
      if reads(token), wasShown || room > 0 {
        if !wasShown { room -= 1 }
        shown.append(token)
      } else {
        quarantining(token, index)
      }
    }
    return shown
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
