/// How a router handed out by an owner (a workspace) reads and writes through it, instead of
/// keeping a state of its own.
///
/// The owner reports every change of the router's state back with ``Router/deliver(_:)``,
/// whatever its source, so the router's transitions come once each and before the owner's own
/// change event.
package struct RouterProjection<R: Route> {
  /// The state the owner holds for the router now, or why it holds none.
  package let read: @MainActor () throws(RouteRejection) -> RouteStack<R>
  /// Applies an operation through the owner, or throws why it refused (nothing changed).
  package let apply: @MainActor (RouteOperation<R>) throws(RouteRejection) -> Void

  /// A projection from its two functions.
  package init(
    read: @escaping @MainActor () throws(RouteRejection) -> RouteStack<R>,
    apply: @escaping @MainActor (RouteOperation<R>) throws(RouteRejection) -> Void
  ) {
    self.read = read
    self.apply = apply
  }
}
