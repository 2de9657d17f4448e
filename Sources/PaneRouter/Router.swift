import Observation

/// An observable navigation router for one pane: a ``RouteStack`` that SwiftUI views bind to,
/// with a transition stream, a change callback and an optional logger.
///
///     let router = Router(root: MailRoute.inbox)
///     router.logger = { print($0) }
///     router.push(.detail(7))       // logs "push detail:7 -> [inbox, detail:7]"
///     router.push(.detail(7))       // logs "push detail:7 rejected: duplicate top"
///
/// In SwiftUI, bind `NavigationStack(path: $router.path)` and present
/// ``modal`` as a sheet or cover. The router works on its own, outside any workspace, and then
/// holds its own state. A router handed out by a workspace holds none: it is a projection of
/// its node's router in the workspace's tree, reading through it and applying every operation
/// through the workspace first.
@MainActor
@Observable
public final class Router<R: Route> {
  /// The state of a standalone router; a projection's last state read from its owner.
  private var ownState: RouteStack<R>
  /// The owner a handed-out router reads and writes through; `nil` for a standalone router.
  @ObservationIgnored private let projection: RouterProjection<R>?
  /// The last state a projection read, shown once its owner has no state for it any more.
  @ObservationIgnored private var lastRead: RouteStack<R>

  /// Receives one line per applied operation and per refused one with its reason.
  @ObservationIgnored public var logger: ((String) -> Void)?
  /// Called after every applied operation.
  @ObservationIgnored public var onChange: ((RouteTransition<R>) -> Void)?

  @ObservationIgnored private let broadcast = Broadcast<RouteTransition<R>>()

  /// Creates a router holding only its root.
  ///
  /// - Parameters:
  ///   - root: The root route.
  ///   - maxDepth: The maximum depth, root included (at least 1).
  public convenience init(root: R, maxDepth: Int = RouteStack<R>.defaultMaximumDepth) {
    self.init(RouteStack(root: root, maxDepth: maxDepth))
  }

  /// Creates a router over an existing stack.
  ///
  /// - Parameter state: The initial navigation state.
  public init(_ state: RouteStack<R>) {
    ownState = state
    lastRead = state
    projection = nil
  }

  /// Creates a router that reads and writes through its owner.
  ///
  /// - Parameters:
  ///   - projection: How to read the owner's state for the router and apply operations to it.
  ///   - state: The state the owner holds now.
  package init(projection: RouterProjection<R>, state: RouteStack<R>) {
    ownState = state
    lastRead = state
    self.projection = projection
  }

  /// The whole navigation state: stack, modal and limits.
  ///
  /// For a router handed out by a workspace, the state its node's router holds in the tree
  /// (or the last one it held, once the node is gone).
  public var state: RouteStack<R> {
    guard let projection else { return ownState }
    guard let read = try? projection.read() else { return lastRead }
    lastRead = read
    return read
  }

  /// The last state a projection read or was told about, for its owner to report a change
  /// from.
  package var lastState: RouteStack<R> { lastRead }

  /// Whether the router reads and writes through an owner (a workspace) rather than holding
  /// its own state.
  public var isProjection: Bool { projection != nil }
  /// The routes from the root to the top.
  public var stack: [R] { state.stack }
  /// The root route.
  public var root: R { state.root }
  /// The top of the stack, below any modal.
  public var current: R { state.current }
  /// The number of routes in the stack, root included.
  public var depth: Int { state.depth }
  /// The presented modal, if any.
  public var modal: RouteStack<R>.Modal? { state.modal }
  /// The route on screen: the modal's top if one is presented, else ``current``.
  public var visibleRoute: R { state.visibleRoute }

  /// The stack below the root, for `NavigationStack(path:)`; setting it keeps the root (a
  /// path over the depth limit is refused and logged).
  public var path: [R] {
    get { state.path }
    set { perform(.setPath(newValue)) }
  }

  /// The modal's stack below its root, for the `NavigationStack` inside a sheet; empty and
  /// ignored when no modal is presented.
  public var modalPath: [R] {
    get { state.modal?.path ?? [] }
    set { perform(.setModalPath(newValue)) }
  }

  /// A new stream of every transition applied from now on; it ends when the router is
  /// deinitialised or the consumer stops.
  public var transitions: AsyncStream<RouteTransition<R>> {
    broadcast.stream()
  }

  /// Performs an operation, logging and reporting it, or throws why it was refused.
  ///
  /// - Parameter operation: The operation to perform.
  /// - Throws: The ``RouteRejection`` that says why nothing changed (also logged).
  /// - Complexity: O(*n*), where *n* is the depth of the affected stack.
  ///
  /// A router handed out by a workspace applies the operation to the workspace first; its
  /// transition is then reported by the workspace, before the workspace's own change.
  public func apply(_ operation: RouteOperation<R>) throws(RouteRejection) {
    do {
      if let projection {
        try projection.apply(operation)
        return
      }
      var next = ownState
      try next.apply(operation)
      let transition = RouteTransition(operation: operation, before: ownState, after: next)
      ownState = next
      lastRead = next
      deliver(transition)
    } catch {
      logger?("\(operation) rejected: \(error)")
      throw error
    }
  }

  /// Reports a transition: to the logger, the callback and every stream.
  ///
  /// A workspace calls it for each change of a handed-out router's node, from any source.
  package func deliver(_ transition: RouteTransition<R>) {
    lastRead = transition.after
    logger?("\(transition.cause) -> \(transition.after)")
    onChange?(transition)
    broadcast.yield(transition)
  }

  /// Runs `action` on the router on the main actor, from any task or actor.
  ///
  ///     Task.detached { await router.send { $0.push(.detail(7)) }.value }
  ///
  /// - Parameter action: The work to do with the router.
  /// - Returns: The task running `action`; await its `value` to wait for it.
  @discardableResult
  public nonisolated func send(
    _ action: @escaping @MainActor @Sendable (Router<R>) -> Void
  ) -> Task<Void, Never> {
    Task { @MainActor in action(self) }
  }

  @discardableResult
  func perform(_ operation: RouteOperation<R>) -> Bool {
    do {
      try apply(operation)
      return true
    } catch {
      return false
    }
  }
}
