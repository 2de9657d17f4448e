/// Focus, visibility and the most-recently-used list.
extension WorkspaceState {
  /// The focused pane: the end of the chain of active children from the root, or the top
  /// shown floating pane of a selected tab whose floating layer has focus.
  ///
  /// - Complexity: O(*d*), where *d* is the depth of the tree.
  public var focusedPane: NodeID {
    var id = rootID
    while true {
      // One look at each node's content (a copy of its payload each time it is read).
      let child: NodeID?
      switch self[id].content {
      case .tabs(let children):
        if children.activeChild != nil,
          case let layer = children.slots[children.activeIndex].floating, layer.isFocused,
          let top = layer.top
        {
          return top
        }
        child = children.activeChild
      case .split(_, let children): child = children.activeChild
      case .stack(_, let children): child = children.activeChild
      case .pane, .unknown: child = nil
      }
      guard let child else { return id }
      id = child
    }
  }

  /// The panes on screen: every child of a split, only the selected child of a tabs
  /// container, every member of a stack (a collapsed member by the pane its title bar stands
  /// for), or only the zoomed pane while one is zoomed. In tree (depth-first) order.
  ///
  /// - Complexity: O(*v*), where *v* is the number of visible nodes.
  public var visiblePanes: [NodeID] {
    if let zoomedPane { return [zoomedPane] }
    return tiledVisiblePanes + shownFloatingPanes.map(\.pane.id)
  }

  /// The tiled panes on screen, ignoring zoom, in tree order (a collapsed stack member by the
  /// pane its title bar stands for).
  ///
  /// - Complexity: O(*v*), where *v* is the number of visible nodes.
  var tiledVisiblePanes: [NodeID] {
    visibleRectangles(whole: (), honoringZoom: false) { node, _ in
      Array(repeating: (), count: node.children.count)
    }.map(\.pane)
  }

  /// The panes shown as a collapsed stack member's title bar (zoom aside): for each stack on
  /// screen, the pane each member other than the expanded one stands for.
  ///
  /// - Complexity: O(*v*), where *v* is the number of visible nodes.
  public var collapsedPanes: Set<NodeID> {
    let all = visibleRectangles(whole: (), honoringZoom: false) { node, _ in
      Array(repeating: (), count: node.children.count)
    }
    let expanded = visibleRectangles(whole: (), honoringZoom: false, includingCollapsed: false) {
      node, _ in Array(repeating: (), count: node.children.count)
    }
    return Set(all.map(\.pane)).subtracting(expanded.map(\.pane))
  }

  /// The visible panes in reading order, top to bottom then left to right, the order of the
  /// numbers `show` draws (pane 1 is the first): the tiled panes, then the shown floating
  /// panes of the visible tabs, in the reading order of their rectangles (ties bottom to
  /// top), so that focusing one (which raises it) keeps every number.
  ///
  /// The order comes from the fractional layout, so it does not depend on a window size, and
  /// ignores zoom, so numbers stay the same while a pane is zoomed.
  ///
  /// - Complexity: O(*v* log *v*), where *v* is the number of visible nodes.
  public var numberedPanes: [NodeID] {
    func readingOrder(_ lhs: UnitRect, _ rhs: UnitRect) -> Bool {
      if abs(lhs.y - rhs.y) > 1e-9 { return lhs.y < rhs.y }
      return lhs.x < rhs.x
    }
    // One walk finds both: the tiled panes in the order of `unitLayout(honoringZoom: false)`
    // and the containers whose active layer shows floating panes, in the order of
    // `shownFloatingPanes` (containers last to first).
    let whole = UnitRect(x: 0, y: 0, width: 1, height: 1)
    let visible = visibleRectangles(
      whole: whole, honoringZoom: false, includingContainers: true, divide: Self.unitDivide)
    var tiled: [(pane: NodeID, rect: UnitRect)] = []
    tiled.reserveCapacity(visible.count)
    var layers: [(layer: FloatingLayer, area: UnitRect)] = []
    for (id, rect) in visible {
      let node = self[id]
      if node.isPane {
        tiled.append((id, rect))
      } else if node.kind == .tabs, node.activeChild != nil {
        let layer = node.floatingLayers[node.activeIndex]
        if !layer.panes.isEmpty { layers.append((layer, rect)) }
      }
    }
    if !tiled.indices.dropFirst().allSatisfy({ !readingOrder(tiled[$0].rect, tiled[$0 - 1].rect) })
    {
      tiled.sort { readingOrder($0.rect, $1.rect) }
    }
    guard !layers.isEmpty else { return tiled.map(\.pane) }
    var floating: [(pane: NodeID, rect: UnitRect)] = []
    for (layer, area) in layers.reversed() {
      for pane in layer.shownPanes {
        let frame = pane.frame
        floating.append(
          (
            pane.id,
            UnitRect(
              x: area.x + frame.x * area.width, y: area.y + frame.y * area.height,
              width: frame.width * area.width, height: frame.height * area.height)
          ))
      }
    }
    let order = floating.indices.sorted { lhs, rhs in
      let (left, right) = (floating[lhs].rect, floating[rhs].rect)
      if abs(left.y - right.y) > 1e-9 || abs(left.x - right.x) > 1e-9 {
        return readingOrder(left, right)
      }
      return lhs < rhs
    }
    return tiled.map(\.pane) + order.map { floating[$0].pane }
  }

  /// The 1-based number of a pane shown in the active tab (zoom aside: a pane hidden by a
  /// zoom keeps its number), or `nil` for a pane in another tab.
  ///
  /// - Complexity: O(*v* log *v*), where *v* is the number of visible nodes.
  public func number(of pane: NodeID) -> Int? {
    numberedPanes.firstIndex(of: pane).map { $0 + 1 }
  }

  /// Makes `pane` the focused pane: every container on its path selects the child leading to
  /// it, and it moves to the front of the most-recently-used list.
  ///
  /// - Complexity: O(*d*·*k*), for depth *d* and containers of *k* children.
  mutating func focus(_ pane: NodeID, in transaction: inout Transaction) {
    var child = pane
    for ancestor in ancestors(of: pane) {
      let node = self[ancestor]
      let index = node.slotIndex(of: child)!
      if node.activeIndex != index {
        update(ancestor, in: &transaction) { $0.setActiveIndex(index) }
      }
      if node.kind == .tabs {
        // Focus in the tab's floating layer, on its top, or out of it.
        let floats = child == pane && node.tabIndex(floating: pane) != nil
        let layer = node.floatingLayers[index]
        if floats || layer.isFocused {
          update(ancestor, in: &transaction) { node in
            node.changeTabs { $0.changeLayer(at: index) { $0.focus(floats ? pane : nil) } }
          }
        }
      }
      child = ancestor
    }
    touch(pane)
  }

  /// Moves a pane to the front of the most-recently-used list.
  mutating func touch(_ pane: NodeID) {
    guard mostRecentlyUsed.first != pane else { return }
    mostRecentlyUsed.removeAll { $0 == pane }
    mostRecentlyUsed.insert(pane, at: 0)
    if mostRecentlyUsed.count > mostRecentlyUsedLimit {
      mostRecentlyUsed.removeLast(mostRecentlyUsed.count - mostRecentlyUsedLimit)
    }
  }

  /// After panes were removed: drops them from the list and focuses the most recently used
  /// survivor — inside `scope` (the tab that held them) if it still holds one, so closing a
  /// pane never brings another tab forward — or else the pane the active children lead to.
  mutating func refocusAfterRemoving(
    _ removed: some Sequence<NodeID>, preferringWithin scope: NodeID? = nil,
    in transaction: inout Transaction
  ) {
    let gone = Set(removed)
    mostRecentlyUsed.removeAll { gone.contains($0) || nodes[$0]?.isPane != true }
    if zoomedPane.map(gone.contains) == true { zoomedPane = nil }
    if let scope, let survivor = mostRecentlyUsed.first(where: { isWithin($0, scope) }) {
      focus(survivor, in: &transaction)
    } else if let scope, let pane = activePane(in: scope) {
      focus(pane, in: &transaction)
    } else if let survivor = mostRecentlyUsed.first {
      focus(survivor, in: &transaction)
    } else {
      touch(focusedPane)
    }
  }
}
