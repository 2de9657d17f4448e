import Observation
import PaneRouter

/// The observable face of a workspace for a host app: the state, commands, typed routers
/// kept in sync with the tree, a change stream, and undo and redo.
///
///     let workspace = Workspace(WorkspaceState.example)
///     try workspace.apply(.split(.horizontal, root: "detail:7"))
///     let router = try workspace.router(MailRoute.self, for: workspace.focusedPane)
///     router.push(.detail(8))        // recorded in the tree and its history
///
/// A SwiftUI view binds to ``state`` and to the `Router` objects it gets from
/// ``router(_:for:)`` or ``nearestRouter(_:from:)``; each is one instance per node and route
/// type, updated whenever a command, undo or redo changes that node's router.
@MainActor
@Observable
public final class Workspace {
  /// The whole state of the workspace.
  public private(set) var state: WorkspaceState

  /// Called after every applied transaction.
  @ObservationIgnored public var onChange: ((WorkspaceChange) -> Void)?

  @ObservationIgnored private var routers: [RouterKey: AnyRouter] = [:]
  @ObservationIgnored private let broadcast = Broadcast<WorkspaceChange>()

  /// Creates a workspace over a state.
  ///
  /// - Parameter state: The initial state, such as one restored from a file.
  public init(_ state: WorkspaceState) {
    self.state = state
  }

  /// The focused pane.
  public var focusedPane: NodeID { state.focusedPane }

  /// Applies one command as a transaction and reports it.
  ///
  /// - Parameter command: The command.
  /// - Returns: What changed.
  /// - Throws: A ``WorkspaceError``; nothing changed.
  @discardableResult
  public func apply(_ command: WorkspaceCommand) throws(WorkspaceError) -> WorkspaceChange {
    try apply([command])
  }

  /// Applies several commands as one transaction and reports it.
  ///
  /// - Parameter commands: The commands, in order.
  /// - Returns: What changed.
  /// - Throws: The first failing command's ``WorkspaceError``; nothing changed.
  @discardableResult
  public func apply(_ commands: [WorkspaceCommand]) throws(WorkspaceError) -> WorkspaceChange {
    var next = state
    let change = try next.apply(commands)
    state = next
    publish(change)
    return change
  }

  /// Records the size of the area the host lays the panes out in, whenever it changes, so that
  /// directional focus, `split` and `resize` measure on the rectangles the host draws; see
  /// ``WorkspaceState/recordLayoutSize(_:)``.
  ///
  ///     try workspace.recordLayoutSize(Size(width: 120, height: 39))
  ///
  /// - Parameter size: The area's size, or `nil` to forget it.
  /// - Throws: ``WorkspaceError/invalidSize(_:expected:)``; nothing changed.
  public func recordLayoutSize(_ size: Size?) throws(WorkspaceError) {
    guard size != state.layoutSize else { return }
    var next = state
    try next.recordLayoutSize(size)
    state = next
  }

  /// Replaces the whole state, for example after restoring a file, and re-reads every router
  /// handed out.
  ///
  /// - Parameter newState: The new state.
  public func replaceState(_ newState: WorkspaceState) {
    state = newState
    synchronizeRouters(Set(routers.keys.map(\.node)))
  }

  /// Undoes the last recorded change.
  ///
  /// - Throws: ``WorkspaceError/nothingToUndo``.
  public func undo() throws(WorkspaceError) {
    try apply(.undo())
  }

  /// Redoes the last undone change.
  ///
  /// - Throws: ``WorkspaceError/nothingToRedo``.
  public func redo() throws(WorkspaceError) {
    try apply(.redo())
  }

  /// A new stream of every change applied from now on.
  public var changes: AsyncStream<WorkspaceChange> {
    broadcast.stream()
  }

  private func publish(_ change: WorkspaceChange) {
    synchronizeRouters(change.changedNodes)
    onChange?(change)
    broadcast.yield(change)
  }
}

extension Workspace {
  /// The router of a node as a live, typed `Router`; operations on it are
  /// applied to the tree as commands (recorded for undo and reported as changes).
  ///
  /// - Parameters:
  ///   - type: The route type.
  ///   - id: The node, a pane or a container owning a router.
  /// - Returns: The same instance for the same node and type while the node's router reads
  ///   as `R`.
  /// - Throws: As ``WorkspaceState/router(_:of:)``.
  public func router<R: Route>(_ type: R.Type, for id: NodeID) throws(WorkspaceError)
    -> Router<R>
  {
    let key = RouterKey(node: id, type: ObjectIdentifier(type))
    if let cached = routers[key]?.router as? Router<R> { return cached }
    let router = Router(try state.router(type, of: id))
    router.ownerDidApply = { [weak self] operation in
      self?.routerDidApply(operation.map(\.token), at: id)
    }
    routers[key] = AnyRouter(router: router) { [weak router] state, id throws(WorkspaceError) in
      router?.synchronize(to: try WorkspaceState.typed(state, as: type, node: id))
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
    guard let (owner, _) = try state.nearestRouter(type, from: id) else { return nil }
    return try router(type, for: owner)
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
    guard let (owner, _) = try state.parentRouter(type, from: id) else { return nil }
    return try router(type, for: owner)
  }

  private func routerDidApply(_ operation: RouteOperation<RouteToken>, at id: NodeID) {
    do {
      try apply(.route(operation, at: id))
    } catch {
      synchronizeRouters([id])
    }
  }

  /// Re-reads the handed-out routers of the given nodes; a router whose node is gone or no
  /// longer reads as its type is dropped, so the next lookup reports why.
  private func synchronizeRouters(_ ids: Set<NodeID>) {
    for (key, entry) in routers where ids.contains(key.node) {
      guard let stack = state.node(key.node)?.router?.stack else {
        routers[key] = nil
        continue
      }
      do {
        try entry.synchronize(stack, key.node)
      } catch {
        routers[key] = nil
      }
    }
  }
}

/// Which node's router, read as which route type.
private struct RouterKey: Hashable {
  let node: NodeID
  let type: ObjectIdentifier
}

/// A handed-out router of any route type, with a way to update it from stored tokens.
@MainActor
private struct AnyRouter {
  let router: AnyObject
  let synchronize: (RouteStack<RouteToken>, NodeID) throws(WorkspaceError) -> Void
}
