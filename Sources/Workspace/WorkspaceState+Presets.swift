/// `arrange NAME|next|prev [N|%ID]`: a preset arrangement of the active tab or a split.
extension WorkspaceState {
  /// Rebuilds the splits of a region (the active tab, the tab of a pane, or a split) into a
  /// preset's shape at the region's size in the layout at ``layoutArea``.
  ///
  /// The region's parts are its panes and any node inside it that is not a split (a nested
  /// tabs container, a node of an unknown kind), each kept whole, in reading order; its
  /// splits give way to the preset's, the region's own node keeping its id, router and tab
  /// title. A split inside it that owns a router is refused rather than dropped. Focus, the
  /// most-recently-used list and every part's id, router and title stay; a zoomed pane in
  /// the region is unzoomed, as tmux does. A region that already has the preset's shape and
  /// shares, or has one part, is left as it is.
  mutating func arrange(
    _ arrangement: Arrangement, at target: PaneReference?, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let region = try arrangedRegion(target)
    let parts = try arrangedParts(of: region)
    guard parts.count > 1 else { return }
    let area = areaOfRegion(region)
    let preset: LayoutPreset
    switch arrangement {
    case .preset(let named): preset = named
    case .next, .previous:
      guard let cycled = cycledPreset(arrangement == .next, region, parts, area) else { return }
      preset = cycled
    }
    let shape = preset.shape(of: parts.count, in: area)
    guard !has(shape, region, parts) else { return }
    try rebuild(region, as: shape, with: parts, in: &transaction)
  }

  /// The node `arrange` rebuilds: the active tab; for a pane, the tab that holds it (as
  /// tmux's `select-layout -t PANE` acts on the pane's window); a split's id, that split.
  private func arrangedRegion(_ target: PaneReference?) throws(WorkspaceError) -> NodeID {
    guard let target else { return activeTab }
    if case .id(let id) = target {
      guard let node = nodes[id] else { throw .noSuchNode(id) }
      if case .split = node.kind { return id }
      guard node.isPane else { throw .notArrangeable(id) }
    }
    return tab(holding: try resolve(target))
  }

  /// The child of the nearest tabs container that holds `id`, or the root if none does.
  func tab(holding id: NodeID) -> NodeID {
    var child = id
    for ancestor in ancestors(of: id) {
      if self[ancestor].kind == .tabs { return child }
      child = ancestor
    }
    return child
  }

  /// The parts of a region in reading order (top to bottom, then left to right, on the
  /// region's fractional layout): every node inside its splits that is not a split.
  private func arrangedParts(of region: NodeID) throws(WorkspaceError) -> [NodeID] {
    var parts: [(id: NodeID, rect: UnitRect)] = []
    var pending = [(region, UnitRect(x: 0, y: 0, width: 1, height: 1))]
    while let (id, rect) = pending.popLast() {
      let node = self[id]
      guard let axis = node.axis else {
        parts.append((id, rect))
        continue
      }
      if id != region, node.router != nil { throw .arrangeWouldDropRouter(id) }
      var offset = 0.0
      for (child, weight) in zip(node.children, node.weights) {
        var part = rect
        if axis == .horizontal {
          (part.x, part.width) = (rect.x + offset * rect.width, weight * rect.width)
        } else {
          (part.y, part.height) = (rect.y + offset * rect.height, weight * rect.height)
        }
        offset += weight
        pending.append((child, part))
      }
    }
    return parts.sorted { lhs, rhs in
      if abs(lhs.rect.y - rhs.rect.y) > 1e-9 { return lhs.rect.y < rhs.rect.y }
      return lhs.rect.x < rhs.rect.x
    }.map(\.id)
  }

  /// The region's rectangle's size in the layout at ``layoutArea`` with ``paneMinimum``, as
  /// if it were shown: a region in another tab is measured with its tab selected.
  private func areaOfRegion(_ region: NodeID) -> Size {
    var shown = self
    shown.zoomedPane = nil
    if let pane = activePane(in: region) {
      var scratch = Transaction()
      shown.focus(pane, in: &scratch)
    }
    return shown.measuredLayout[region]?.size ?? layoutArea
  }

  /// The preset `arrange next` or `prev` applies: the first after (or before) the current one
  /// in ``LayoutPreset/allCases``, round the ring, whose shape differs from the region's.
  /// The current one is the last preset whose shape and shares the region has, else the last
  /// whose shape it has with other shares (resized since), else none: then `next` starts
  /// from the first preset and `prev` from the last, as tmux's do on a new window.
  private func cycledPreset(
    _ forward: Bool, _ region: NodeID, _ parts: [NodeID], _ area: Size
  ) -> LayoutPreset? {
    let presets = LayoutPreset.allCases
    let shapes = presets.map { $0.shape(of: parts.count, in: area) }
    let current =
      shapes.lastIndex { has($0, region, parts) }
      ?? shapes.lastIndex { has($0, region, parts, comparingShares: false) }
    let count = presets.count
    let start = current ?? (forward ? -1 : count)
    for step in 1...count {
      let index = ((start + (forward ? step : -step)) % count + count) % count
      if !has(shapes[index], region, parts) { return presets[index] }
    }
    return nil
  }

  /// Whether the region already has a shape: the same splits (the region's node at the top)
  /// holding the parts in order, with the same shares unless `comparingShares` is `false`.
  private func has(
    _ shape: PresetShape, _ region: NodeID, _ parts: [NodeID], comparingShares: Bool = true
  ) -> Bool {
    var next = parts.makeIterator()
    func matches(_ shape: PresetShape, _ id: NodeID) -> Bool {
      let node = self[id]
      switch shape {
      case .pane:
        return node.axis == nil && next.next() == id
      case .split(let axis, let shapes):
        guard node.axis == axis, node.children.count == shapes.count else { return false }
        if comparingShares {
          let weights = PresetShape.weights(shapes.map(\.length))
          guard zip(node.weights, weights).allSatisfy({ abs($0 - $1) < 1e-9 }) else {
            return false
          }
        }
        return zip(shapes, node.children).allSatisfy { matches($0.shape, $1) }
      }
    }
    return matches(shape, region)
  }

  /// Replaces the splits of `region` by `shape`'s, placing `parts` in order.
  private mutating func rebuild(
    _ region: NodeID, as shape: PresetShape, with parts: [NodeID],
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    guard case .split(let axis, let shapes) = shape else { return }
    let node = self[region]
    // A region whose new axis is its parent's merges into it; its router must go somewhere.
    if let parent = node.parent, self[parent].axis == axis, node.router != nil,
      self[parent].router != nil
    {
      throw .arrangeWouldDropRouter(region)
    }
    let remembered = activePane(in: region)
    let partSet = Set(parts)
    var oldSplits: [NodeID] = []
    var pending = node.children
    while let id = pending.popLast() {
      guard !partSet.contains(id) else { continue }
      oldSplits.append(id)
      pending.append(contentsOf: self[id].children)
    }
    for id in oldSplits { set(id, nil, in: &transaction) }
    // A node keeps its kind for life (the history relies on it): a split of the other axis
    // takes the region's place, with its router, kept members and tab title.
    var top = region
    if node.axis != axis {
      top = makeID()
      set(top, .split(top, axis: axis, children: [], weights: []), in: &transaction)
      replace(region, with: top, in: &transaction)
      set(region, nil, in: &transaction)
    }
    var remaining = parts[...]
    func build(_ shapes: [PresetPart], into id: NodeID) -> [NodeID] {
      shapes.map { part in
        switch part.shape {
        case .pane:
          let child = remaining.removeFirst()
          update(child, in: &transaction) { $0.parent = id }
          return child
        case .split(let childAxis, let childShapes):
          let child = makeID()
          let children = build(childShapes, into: child)
          set(
            child,
            .split(
              child, axis: childAxis, children: children,
              weights: PresetShape.weights(childShapes.map(\.length)), parent: id),
            in: &transaction)
          return child
        }
      }
    }
    let children = build(shapes, into: top)
    set(
      top,
      .split(
        top, axis: axis, children: children,
        weights: PresetShape.weights(shapes.map(\.length)), router: node.router,
        parent: node.parent, unknownMembers: node.unknownMembers),
      in: &transaction)
    if let remembered { select(remembered, within: top, in: &transaction) }
    if let zoomedPane, isWithin(zoomedPane, top) { self.zoomedPane = nil }
    if let parent = node.parent { normalize(parent, in: &transaction) }
  }

  /// Makes each container from `pane` up to `region` select the child leading to `pane`,
  /// leaving the containers above as they are.
  private mutating func select(
    _ pane: NodeID, within region: NodeID, in transaction: inout Transaction
  ) {
    var child = pane
    for ancestor in ancestors(of: pane) {
      let index = self[ancestor].slotIndex(of: child)!
      if self[ancestor].activeIndex != index {
        update(ancestor, in: &transaction) { $0.setActiveIndex(index) }
      }
      if ancestor == region { return }
      child = ancestor
    }
  }
}
