import PaneRouter

/// A command the workspace refuses: its state does not allow it (no such pane, no neighbour
/// that way, a router guard, the last pane), or its values are out of range. A command that
/// throws changes nothing.
///
/// Command text that does not parse throws a ``CommandSyntaxError`` instead.
public enum WorkspaceError: Error, Hashable, Sendable {
  /// No visible pane has this number, or no pane this id.
  case noSuchPane(PaneReference)
  /// The node exists but is not a pane.
  case notAPane(NodeID)
  /// No node has this id.
  case noSuchNode(NodeID)
  /// No pane was focused before the focused one.
  case noPreviousPane
  /// No pane lies in that direction.
  case noNeighbour(Direction)
  /// The command would close the last pane of the workspace.
  case lastPane
  /// No tab has this 1-based number.
  case noSuchTab(Int)
  /// There is no earlier tab to go back to.
  case noPreviousTab
  /// The focused pane is not inside a tabs container.
  case noTabs
  /// A pane cannot swap with itself.
  case samePane(NodeID)
  /// No split has an edge of the focused pane to move in that direction.
  case noSplit(Direction)
  /// A split would leave a pane smaller than the minimum pane size: the pane to split, its
  /// size and the minimum, at ``WorkspaceState/layoutArea``.
  case noSpaceForNewPane(NodeID, size: Size, minimum: Size)
  /// The node that a resize shrinks (a pane, or a split of panes) is already at its minimum
  /// length along the direction's axis.
  case atMinimumSize(Direction, node: NodeID, length: Int)
  /// A size out of range: a recorded layout size or a minimum pane size.
  case invalidSize(Size, expected: ClosedRange<Int>)
  /// A ratio or amount outside 0 < value < 1.
  case invalidFraction(Double)
  /// A count below 1.
  case invalidCount(Int)
  /// The node's router refused the operation.
  case routeRejected(RouteRejection, operation: String, node: NodeID)
  /// The node has no router.
  case noRouter(NodeID)
  /// The node's router holds routes of another kind.
  case routerKindMismatch(NodeID, stored: String, requested: String)
  /// A stored token of the node's router does not name a route of the requested type.
  case unreadableRoute(NodeID, token: RouteToken, kind: String)
  /// A command would store a route token in a node's router that the route type registered
  /// for the router's kind cannot read (see ``RouteRegistry``); `reason` is the type's error.
  case refusedRoute(RouteToken, node: NodeID, reason: String)
  /// Nothing to undo.
  case nothingToUndo
  /// Nothing to redo.
  case nothingToRedo

  /// The exit code a program reports: ``ExitCode/usage`` for a value out of range (a
  /// ratio, a count, a size: the command is malformed whatever the state), else
  /// ``ExitCode/refused``.
  public var exitCode: ExitCode {
    switch self {
    case .invalidFraction, .invalidCount, .invalidSize: .usage
    default: .refused
    }
  }
}

extension WorkspaceError: CustomStringConvertible {
  /// A short, lower-case message quoting the offending word, id or route.
  public var description: String {
    switch self {
    case .noSuchPane(let reference): "no pane \(reference)"
    case .notAPane(let id): "\(id) is not a pane"
    case .noSuchNode(let id): "no node \(id)"
    case .noPreviousPane: "no previously focused pane"
    case .noNeighbour(let direction): "no pane \(direction) of the focused pane"
    case .lastPane: "cannot close the last pane"
    case .noSuchTab(let number): "no tab \(number)"
    case .noPreviousTab: "no previous tab"
    case .noTabs: "the focused pane is not in a tab"
    case .samePane(let id): "cannot swap \(id) with itself"
    case .noSplit(let direction): "no split to resize \(direction)"
    case .noSpaceForNewPane(let id, let size, let minimum):
      "no space for new pane: \(id) is \(size) and the minimum pane size is \(minimum)"
    case .atMinimumSize(let direction, let id, let length):
      "cannot resize \(direction): \(id) is at its minimum "
        + "\(direction.axis == .horizontal ? "width" : "height") of \(length)"
    case .invalidSize(let size, let lengths):
      "size '\(size)' is out of range: each length must be from \(lengths.lowerBound) to "
        + "\(lengths.upperBound)"
    case .invalidFraction(let value): "'\(value)' is not between 0 and 1"
    case .invalidCount(let count): "count '\(count)' is not positive"
    case .routeRejected(let rejection, let operation, _): "\(operation) rejected: \(rejection)"
    case .noRouter(let id): "\(id) has no router"
    case .routerKindMismatch(let id, let stored, let requested):
      "router of \(id) holds '\(stored)' routes, not '\(requested)'"
    case .unreadableRoute(let id, let token, let kind):
      "route '\(token)' of \(id) is not a '\(kind)' route"
    case .refusedRoute(let token, let node, let reason):
      "\(node) cannot hold route '\(token)': \(reason)"
    case .nothingToUndo: "nothing to undo"
    case .nothingToRedo: "nothing to redo"
    }
  }
}
