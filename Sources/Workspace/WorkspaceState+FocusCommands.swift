/// `focus`: by number, id, direction, reading order, most recent use, or layer.
extension WorkspaceState {
  mutating func focus(
    _ target: FocusTarget, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let current = focusedPane
    let pane: NodeID
    switch target {
    case .pane(let reference):
      pane = try resolve(reference)
    case .direction(let direction, let wrapping):
      // Among floating panes from a floating pane, among tiled ones from a tiled pane.
      let neighbour =
        isFloating(current)
        ? floatingNeighbour(of: current, towards: direction, wrapping: wrapping)
        : neighbour(of: current, towards: direction, wrapping: wrapping)
      guard let neighbour else { throw .noNeighbour(direction) }
      pane = neighbour
    case .floating, .tiled:
      pane = try layerFocusTarget(floating: target == .floating)
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
    focus(pane, in: &transaction)
  }
}
