import PaneRouter

/// A router as the workspace stores it: the route type's kind and a stack of route tokens.
///
/// Tokens keep the tree independent of the host's Swift types, so one workspace can hold
/// routers of several route types and a router whose kind the host no longer registers is
/// kept as it is. Typed access converts the tokens with the route type's `init(token:)`.
public struct RouterState: Equatable, Sendable {
  /// The route type's `Route.kind`, such as `"mail"`.
  public package(set) var kind: String
  /// The stack, its modal and limits, as tokens.
  public package(set) var stack: RouteStack<RouteToken>
  /// Members of the stored router this version does not understand.
  public package(set) var unknownMembers: UnknownMembers
  /// Members of the stored router's modal this version does not understand; they belong to
  /// that modal and go when it is dismissed (see `apply(_:)`).
  public package(set) var modalUnknownMembers: UnknownMembers
  /// The stored tokens a repair took out of the stack and modal because the registered type
  /// could not read them, each with the place it stood; kept and saved as they are, and put
  /// back by a later repair that reads them (``WorkspaceState/repairUnreadableRoutes(_:)``).
  /// Those that stood in a modal belong to it, as ``modalUnknownMembers`` do.
  public package(set) var quarantined: [QuarantinedRoute]

  /// Creates a stored router.
  ///
  /// - Parameters:
  ///   - kind: The route type's kind.
  ///   - stack: The stack as tokens.
  public init(kind: String, stack: RouteStack<RouteToken>) {
    self.init(
      kind: kind, stack: stack, unknownMembers: UnknownMembers(),
      modalUnknownMembers: UnknownMembers())
  }

  /// Creates a stored router with the members and quarantined tokens a file layer kept.
  package init(
    kind: String, stack: RouteStack<RouteToken>, unknownMembers: UnknownMembers,
    modalUnknownMembers: UnknownMembers, quarantined: [QuarantinedRoute] = []
  ) {
    self.kind = kind
    self.stack = stack
    self.unknownMembers = unknownMembers
    self.modalUnknownMembers = stack.modal == nil ? UnknownMembers() : modalUnknownMembers
    self.quarantined = quarantined
  }

  /// Applies a router operation to the stack. The kept members and quarantined tokens of the
  /// modal belong to the modal they were stored with: an operation that dismisses it (or
  /// presents another, even after a repair dismissed it) drops them, so they never reappear
  /// on a later modal.
  ///
  /// - Parameter operation: The operation.
  /// - Throws: The stack's ``RouteRejection``; the router is then unchanged.
  /// - Complexity: That of the operation on the stack.
  package mutating func apply(_ operation: RouteOperation<RouteToken>) throws(RouteRejection) {
    let modal = stack.modal
    try stack.apply(operation)
    let isAnotherModal = stack.modal?.root != modal?.root || stack.modal?.style != modal?.style
    if stack.modal == nil || isAnotherModal {
      modalUnknownMembers = UnknownMembers()
    }
    if isAnotherModal {
      quarantined.removeAll(where: \.isInModal)
    }
  }

  /// Creates a stored router from a typed stack.
  ///
  /// - Parameter stack: The typed stack; its route type's kind is stored with it.
  public init<R: Route>(_ stack: RouteStack<R>) {
    self.init(kind: R.kind, stack: stack.map(\.token))
  }

  /// Creates a stored router holding only a root.
  ///
  /// - Parameter root: The typed root route; its route type's kind is stored with it.
  public init<R: Route>(root: R) {
    self.init(RouteStack(root: root))
  }

  /// Whether routes of type `R` can be read from this router: its kind matches, or `R` is
  /// `RouteToken`, which reads any router, or the router is untyped (kind
  /// `token`, as `wsctl` creates), whose tokens any route type may read.
  public func isReadable<R: Route>(as type: R.Type) -> Bool {
    type == RouteToken.self || kind == R.kind || kind == RouteToken.kind
  }
}
