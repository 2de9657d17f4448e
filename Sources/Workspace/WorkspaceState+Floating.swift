/// `float`, `embed`, `float move|resize|pin|unpin|hide|unhide`, `focus float|tiled` and
/// directional focus among floating panes: each tab's floating layer (``FloatingLayer``).
extension WorkspaceState {
  /// The tabs container whose layer holds `pane` and the index of its tab, or `nil` for a
  /// pane that does not float.
  ///
  /// - Complexity: O(*f*), for *f* floating panes of the container.
  public func floatingPlace(of pane: NodeID) -> (tabs: NodeID, tab: Int)? {
    guard let tabs = nodes[pane]?.parent, let tab = self[tabs].tabIndex(floating: pane) else {
      return nil
    }
    return (tabs, tab)
  }

  /// Whether `pane` floats.
  public func isFloating(_ pane: NodeID) -> Bool {
    floatingPlace(of: pane) != nil
  }

  /// Whether `pane` floats in a hidden layer and is not pinned, so it is not shown.
  func isHiddenFloating(_ pane: NodeID) -> Bool {
    guard let (tabs, tab) = floatingPlace(of: pane) else { return false }
    return !self[tabs].floatingLayers[tab].shownPanes.contains { $0.id == pane }
  }

  /// Refuses a command that acts on a tiled pane's place when `pane` floats.
  func requireTiled(_ pane: NodeID, for word: String) throws(WorkspaceError) {
    if isFloating(pane) { throw .floatingPane(pane, command: word) }
  }

  /// The focused pane, which must float.
  private func focusedFloating() throws(WorkspaceError) -> (
    pane: NodeID, tabs: NodeID, tab: Int
  ) {
    let pane = focusedPane
    guard let (tabs, tab) = floatingPlace(of: pane) else { throw .notFloating(pane) }
    return (pane, tabs, tab)
  }

  /// Changes the floating layer of tab `tab` of `tabs`.
  mutating func changeLayer(
    of tabs: NodeID, tab: Int, in transaction: inout Transaction,
    _ change: (inout FloatingLayer) -> Void
  ) {
    update(tabs, in: &transaction) { node in
      node.changeTabs { $0.changeLayer(at: tab, change) }
    }
  }

  /// Changes one floating pane of its layer.
  private mutating func changeFloating(
    _ pane: NodeID, in transaction: inout Transaction, _ change: (inout FloatingPane) -> Void
  ) {
    guard let (tabs, tab) = floatingPlace(of: pane) else { return }
    changeLayer(of: tabs, tab: tab, in: &transaction) { layer in
      if let index = layer.index(of: pane) { change(&layer.panes[index]) }
    }
  }

  /// The pane focus goes to in tab `tab` of `tabs`: its layer's top when the layer has focus,
  /// else the pane its active children lead to.
  func focusTarget(inTab tab: Int, of tabs: NodeID) -> NodeID? {
    let layer = self[tabs].floatingLayers[tab]
    if layer.isFocused, let top = layer.top { return top }
    return activePane(in: self[tabs].children[tab])
  }

  mutating func float(in transaction: inout Transaction) throws(WorkspaceError) {
    let pane = focusedPane
    guard !isFloating(pane) else { return }
    guard tab(holding: pane) != pane else { throw .lastTiledPane(pane) }
    let (tabs, tab) = nearestTabs() ?? (tabsForNewTab(in: &transaction), 0)
    takeOut(pane, in: &transaction)
    update(pane, in: &transaction) { $0.parent = tabs }
    changeLayer(of: tabs, tab: tab, in: &transaction) { layer in
      // Each new pane a little lower and to the right of the last, as Zellij cascades them.
      let step = Double(layer.panes.count % 5) * 0.04
      let frame = FloatingFrame(x: 0.25 + step, y: 0.25 + step, width: 0.5, height: 0.5)
      layer.panes.append(FloatingPane(pane, frame: frame))
    }
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  mutating func embed(in transaction: inout Transaction) throws(WorkspaceError) {
    let pane = focusedPane
    guard let (tabs, tab) = floatingPlace(of: pane) else { return }
    changeLayer(of: tabs, tab: tab, in: &transaction) { layer in
      layer.panes.removeAll { $0.id == pane }
      layer.focus(nil)
      if layer.isEmpty { layer = FloatingLayer() }
    }
    update(pane, in: &transaction) { $0.parent = nil }
    let besides = activePane(in: self[tabs].children[tab])!
    place(pane, beside: besides, axis: .horizontal, ratio: 0.5, in: &transaction)
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  /// Removes a floating pane (`close`). Focus stays where it is unless it was on the pane:
  /// then the layer keeps it on its next top pane, else it goes to the most recently used
  /// pane of the tab.
  mutating func removeFloating(
    _ pane: NodeID, from tabs: NodeID, tab: Int, in transaction: inout Transaction
  ) {
    let wasFocused = focusedPane == pane
    var next: NodeID?
    changeLayer(of: tabs, tab: tab, in: &transaction) { layer in
      layer.panes.removeAll { $0.id == pane }
      if layer.isEmpty { layer = FloatingLayer() }
      if layer.isFocused { next = layer.top }
      if next == nil { layer.isFocused = false }
    }
    set(pane, nil, in: &transaction)
    if !wasFocused {
      mostRecentlyUsed.removeAll { $0 == pane }
    } else if let next {
      mostRecentlyUsed.removeAll { $0 == pane }
      focus(next, in: &transaction)
    } else {
      refocusAfterRemoving([pane], preferringWithin: self[tabs].children[tab], in: &transaction)
    }
  }

  /// `float move` and `float resize`: the focused floating pane's rectangle at
  /// ``layoutArea``, moved or its bottom-right corner moved by `cells`, kept inside its tab.
  mutating func moveFloating(
    _ direction: Direction, cells: Int, resizing: Bool, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    guard cells >= 1 else { throw .invalidCount(cells) }
    let (pane, tabs, tab) = try focusedFloating()
    let area = floatingArea(of: pane)?.area ?? Rect(x: 0, y: 0, width: 0, height: 0)
    let frame = self[tabs].floatingLayers[tab].panes.first { $0.id == pane }!.frame
    let before = frame.rect(in: Rect(x: 0, y: 0, width: area.width, height: area.height))
    var rect = before
    let (dx, dy) =
      switch direction {
      case .left: (-cells, 0)
      case .right: (cells, 0)
      case .up: (0, -cells)
      case .down: (0, cells)
      }
    if resizing {
      let minimum = Size(
        width: min(paneMinimum.width, area.width), height: min(paneMinimum.height, area.height))
      rect.width = min(max(rect.width + dx, minimum.width), area.width - rect.x)
      rect.height = min(max(rect.height + dy, minimum.height), area.height - rect.y)
      rect.width = direction.axis == .horizontal ? rect.width : before.width
      rect.height = direction.axis == .vertical ? rect.height : before.height
    } else {
      rect.x = min(max(0, rect.x + dx), max(0, area.width - rect.width))
      rect.y = min(max(0, rect.y + dy), max(0, area.height - rect.height))
    }
    guard rect != before else { throw .floatingAtLimit(pane, direction) }
    // The cells it moved by, in fractions of the tab: the other fractions stay as they are.
    let (width, height) = (Double(max(1, area.width)), Double(max(1, area.height)))
    var moved = frame
    moved.x = min(max(0, frame.x + Double(rect.x - before.x) / width), 1)
    moved.y = min(max(0, frame.y + Double(rect.y - before.y) / height), 1)
    moved.width = min(max(0, frame.width + Double(rect.width - before.width) / width), 1)
    moved.height = min(max(0, frame.height + Double(rect.height - before.height) / height), 1)
    // Where a fraction overshoots the tab by rounding, the cell rectangle says exactly.
    if !moved.isValid
      || moved.rect(in: Rect(x: 0, y: 0, width: area.width, height: area.height))
        != rect
    {
      moved = .of(rect, in: area.size)
    }
    changeFloating(pane, in: &transaction) { $0.frame = moved }
  }

  mutating func pinFloating(_ isPinned: Bool, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    let (pane, tabs, tab) = try focusedFloating()
    changeFloating(pane, in: &transaction) { $0.isPinned = isPinned }
    // Unpinned in a hidden layer, the pane is hidden with the others.
    refocusIfHidden(tabs: tabs, tab: tab, in: &transaction)
  }

  /// Takes focus out of a layer of `tabs` whose focused pane is no longer shown: to its top
  /// shown pane, else to the tiled panes.
  private mutating func refocusIfHidden(
    tabs: NodeID, tab: Int, in transaction: inout Transaction
  ) {
    let focused = mostRecentlyUsed.first ?? focusedPane
    let layer = self[tabs].floatingLayers[tab]
    guard layer.index(of: focused) != nil,
      !layer.shownPanes.contains(where: { $0.id == focused })
    else { return }
    if let top = layer.top {
      focus(top, in: &transaction)
    } else {
      changeLayer(of: tabs, tab: tab, in: &transaction) { $0.focus(nil) }
      focus(focusedPane, in: &transaction)
    }
  }

  /// `float unhide` and `float hide`, on the layer of the focused pane's tab.
  mutating func showFloating(_ isShown: Bool, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    guard let (tabs, tab) = nearestTabs(), !self[tabs].floatingLayers[tab].isEmpty else {
      throw .noFloatingPanes
    }
    let layer = self[tabs].floatingLayers[tab]
    if isShown {
      changeLayer(of: tabs, tab: tab, in: &transaction) { $0.isHidden = false }
      zoomedPane = nil
      focus(layer.panes.last!.id, in: &transaction)
      return
    }
    changeLayer(of: tabs, tab: tab, in: &transaction) { $0.isHidden = true }
    refocusIfHidden(tabs: tabs, tab: tab, in: &transaction)
  }

  /// `focus float` and `focus tiled`: the pane they go to.
  func layerFocusTarget(floating: Bool) throws(WorkspaceError) -> NodeID {
    let current = focusedPane
    guard let (tabs, tab) = nearestTabs() else {
      if floating { throw .noFloatingPanes }
      return current
    }
    let layer = self[tabs].floatingLayers[tab]
    guard floating else { return activePane(in: self[tabs].children[tab]) ?? current }
    guard let top = layer.shownPanes.last?.id ?? layer.panes.last?.id else {
      throw .noFloatingPanes
    }
    return top
  }

  /// The shown floating pane of the same tab nearest `pane` in a direction, on the rectangles
  /// at ``layoutArea``: among those whose centre lies that way, the nearest along the
  /// direction, then across it, then the highest; with `wrapping`, where none lies that way,
  /// the farthest the other way.
  func floatingNeighbour(
    of pane: NodeID, towards direction: Direction, wrapping: Bool
  ) -> NodeID? {
    guard let (tabs, tab) = floatingPlace(of: pane) else { return nil }
    let layer = self[tabs].floatingLayers[tab]
    guard let area = floatingArea(of: pane)?.area else { return nil }
    let rects = layer.shownPanes.map { ($0.id, $0.frame.rect(in: area)) }
    guard let origin = rects.first(where: { $0.0 == pane })?.1 else { return nil }
    // Centres doubled, so they stay whole.
    func centre(_ rect: Rect) -> (x: Int, y: Int) {
      (2 * rect.x + rect.width, 2 * rect.y + rect.height)
    }
    let from = centre(origin)
    func offsets(_ rect: Rect) -> (along: Int, across: Int) {
      let to = centre(rect)
      return switch direction {
      case .left: (from.x - to.x, abs(to.y - from.y))
      case .right: (to.x - from.x, abs(to.y - from.y))
      case .up: (from.y - to.y, abs(to.x - from.x))
      case .down: (to.y - from.y, abs(to.x - from.x))
      }
    }
    let others = rects.enumerated().filter { $0.element.0 != pane }.map {
      (id: $0.element.0, z: $0.offset, offset: offsets($0.element.1))
    }
    let ahead = others.filter { $0.offset.along > 0 }
    if let best = ahead.min(by: { lhs, rhs in
      if lhs.offset.along != rhs.offset.along { return lhs.offset.along < rhs.offset.along }
      if lhs.offset.across != rhs.offset.across { return lhs.offset.across < rhs.offset.across }
      return lhs.z > rhs.z
    }) {
      return best.id
    }
    guard wrapping else { return nil }
    return others.filter { $0.offset.along < 0 }.min(by: { lhs, rhs in
      if lhs.offset.along != rhs.offset.along { return lhs.offset.along < rhs.offset.along }
      if lhs.offset.across != rhs.offset.across { return lhs.offset.across < rhs.offset.across }
      return lhs.z > rhs.z
    })?.id
  }
}
