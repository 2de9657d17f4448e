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
/// ``modal`` as a sheet or cover. The router works on its own, outside any workspace.
@MainActor
@Observable
public final class Router<R: Route> {
  /// The whole navigation state: stack, modal and limits.
  public private(set) var state: RouteStack<R>

  /// Receives one line per applied operation and per refused one with its reason.
  @ObservationIgnored public var logger: ((String) -> Void)?
  /// Called after every applied operation.
  @ObservationIgnored public var onChange: ((RouteTransition<R>) -> Void)?
  /// Called after every applied operation, for the workspace that owns the router.
  @ObservationIgnored package var ownerDidApply: ((RouteOperation<R>) -> Void)?

  @ObservationIgnored
  private var continuations: [Int: AsyncStream<RouteTransition<R>>.Continuation] = [:]
  @ObservationIgnored private var nextSubscriber = 0

  /// Creates a router holding only its root.
  ///
  /// - Parameters:
  ///   - root: The root route.
  ///   - maxDepth: The maximum depth, root included (at least 1).
  public init(root: R, maxDepth: Int = RouteStack<R>.defaultMaximumDepth) {
    state = RouteStack(root: root, maxDepth: maxDepth)
  }

  /// Creates a router over an existing stack.
  ///
  /// - Parameter state: The initial navigation state.
  public init(_ state: RouteStack<R>) {
    self.state = state
  }

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
    let (stream, continuation) = AsyncStream<RouteTransition<R>>.makeStream()
    let id = nextSubscriber
    nextSubscriber += 1
    continuations[id] = continuation
    continuation.onTermination = { [weak self] _ in
      Task { @MainActor in self?.continuations[id] = nil }
    }
    return stream
  }

  /// Performs an operation, logging and reporting it, or throws why it was refused.
  ///
  /// - Parameter operation: The operation to perform.
  /// - Throws: The ``RouteRejection`` that says why nothing changed (also logged).
  /// - Complexity: O(*n*), where *n* is the depth of the affected stack.
  public func apply(_ operation: RouteOperation<R>) throws(RouteRejection) {
    var next = state
    do {
      try next.apply(operation)
    } catch {
      logger?("\(operation) rejected: \(error)")
      throw error
    }
    let transition = RouteTransition(operation: operation, before: state, after: next)
    state = next
    logger?("\(operation) -> \(next)")
    ownerDidApply?(operation)
    onChange?(transition)
    for continuation in continuations.values {
      continuation.yield(transition)
    }
  }

  /// Replaces the state without a transition, for the workspace that owns the router.
  package func synchronize(to newState: RouteStack<R>) {
    if state != newState { state = newState }
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

  isolated deinit {
    for continuation in continuations.values {
      continuation.finish()
    }
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
