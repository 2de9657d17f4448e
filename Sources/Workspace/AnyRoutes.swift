import PaneRouter

/// A router's routes read by the host's type for its kind, whichever it is: what a view shows
/// for a pane without trying each route type in turn.
///
///     let routes = try workspace.routes(for: pane)
///     switch routes.current {
///     case let file as FileRoute: FileView(file)
///     case let settings as SettingsRoute: SettingsView(settings)
///     default: Text("\(routes.kind): \(routes.tokens.last!)")   // no type for this kind
///     }
public struct AnyRoutes: Sendable {
  /// The router's kind.
  public let kind: String
  /// The stack's tokens, root first, as stored.
  public let tokens: [RouteToken]
  /// The stack's routes as values of the type registered for ``kind`` (or the registry's
  /// default type for untyped routers), root first; a token the type cannot read, or every
  /// token when no type reads the kind, is `nil` at its place.
  public let routes: [(any Route)?]
  /// The presented modal's style and routes, read the same way, if a modal is presented.
  public let modal: (style: ModalStyle, routes: [(any Route)?])?

  /// The route on top of the stack, if its type reads it.
  public var current: (any Route)? { routes.last ?? nil }
}

extension RouteRegistry {
  /// A token read as a value of the type registered for `kind` (or the default type for
  /// untyped routers); `nil` when no type reads the kind or the token.
  ///
  /// - Complexity: What the type's `init(token:)` costs.
  public func route(_ token: RouteToken, kind: String) -> (any Route)? {
    try? registered(kind)?.make(token)
  }
}

extension WorkspaceState {
  /// A node's router, its routes read by the type the registry has for its kind; see
  /// ``AnyRoutes``.
  ///
  /// - Parameters:
  ///   - id: The node, a pane or a container owning a router.
  ///   - registry: The host's route types.
  /// - Returns: The routes.
  /// - Throws: ``WorkspaceError/noSuchNode(_:)`` or ``WorkspaceError/noRouter(_:)``.
  /// - Complexity: O(*k*), for *k* routes in the router.
  public func routes(for id: NodeID, _ registry: RouteRegistry) throws(WorkspaceError)
    -> AnyRoutes
  {
    guard let node = nodes[id] else { throw .noSuchNode(id) }
    guard let router = node.router else { throw .noRouter(id) }
    let read = { (tokens: [RouteToken]) in
      tokens.map { registry.route($0, kind: router.kind) }
    }
    return AnyRoutes(
      kind: router.kind, tokens: router.stack.stack, routes: read(router.stack.stack),
      modal: router.stack.modal.map { ($0.style, read($0.stack)) })
  }
}

extension Workspace {
  /// A node's router, its routes read by the type in ``routeTypes`` for its kind: one call
  /// for any kind of pane; see ``AnyRoutes``.
  ///
  /// - Parameter id: The node, a pane or a container owning a router.
  /// - Returns: The routes.
  /// - Throws: As ``WorkspaceState/routes(for:_:)``.
  /// - Complexity: O(*k*), for *k* routes in the router.
  public func routes(for id: NodeID) throws(WorkspaceError) -> AnyRoutes {
    try state.routes(for: id, routeTypes)
  }
}
