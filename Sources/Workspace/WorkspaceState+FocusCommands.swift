/// `focus`: by number, id, direction, reading order or most recent use.
extension WorkspaceState {
  mutating func focus(_ target: FocusTarget) throws(WorkspaceError) {
    let current = focusedPane
    let pane: NodeID
    switch target {
    case .pane(let reference):
      pane = try resolve(reference)
    case .direction(let direction):
      guard let neighbour = neighbour(of: current, towards: direction) else {
        throw .noNeighbour(direction)
      }
      pane = neighbour
    case .next, .previous:
      let panes = numberedPanes
      let index = panes.firstIndex(of: current) ?? 0
      let step = target == .next ? 1 : panes.count - 1
      pane = panes[(index + step) % panes.count]
    case .last:
      guard let previous = mostRecentlyUsed.dropFirst().first else { throw .noPreviousPane }
      pane = previous
    }
    guard pane != current else { return }
    zoomedPane = nil
    focus(pane)
  }

  /// The visible pane (ignoring zoom) next to `pane` in a direction: it shares the edge on that side and
  /// overlaps it on the other axis; among several, the most recently used wins, then the
  /// first in reading order.
  ///
  /// - Complexity: O(*v*), where *v* is the number of visible nodes.
  func neighbour(of pane: NodeID, towards direction: Direction) -> NodeID? {
    let layout = unitLayout(honoringZoom: false)
    guard let origin = layout.first(where: { $0.pane == pane })?.rect else { return nil }
    let epsilon = 1e-9
    let candidates = layout.filter { entry in
      let rect = entry.rect
      guard entry.pane != pane else { return false }
      let touches: Bool
      let overlaps: Bool
      switch direction {
      case .left: touches = abs(rect.maxX - origin.x) < epsilon
      case .right: touches = abs(rect.x - origin.maxX) < epsilon
      case .up: touches = abs(rect.maxY - origin.y) < epsilon
      case .down: touches = abs(rect.y - origin.maxY) < epsilon
      }
      if direction.axis == .horizontal {
        overlaps = min(rect.maxY, origin.maxY) - max(rect.y, origin.y) > epsilon
      } else {
        overlaps = min(rect.maxX, origin.maxX) - max(rect.x, origin.x) > epsilon
      }
      return touches && overlaps
    }
    guard candidates.count > 1 else { return candidates.first?.pane }
    for recent in mostRecentlyUsed where candidates.contains(where: { $0.pane == recent }) {
      return recent
    }
    return candidates.min { lhs, rhs in
      // Rows compare with a tolerance, as in `numberedPanes`.
      if abs(lhs.rect.y - rhs.rect.y) > epsilon { return lhs.rect.y < rhs.rect.y }
      return lhs.rect.x < rhs.rect.x
    }?.pane
  }
}
