/// `swap`, `move`, `resize` and `equalize`.
extension WorkspaceState {
  /// How far `resize` moves an edge.
  enum ResizeAmount {
    /// A fraction of the length of the split that owns the edge, strictly between 0 and 1.
    case fraction(Double)
    /// A number of cells, at least 1.
    case cells(Int)
  }

  mutating func swap(_ target: SwapTarget, in transaction: inout Transaction) throws(WorkspaceError)
  {
    let pane = focusedPane
    let other: NodeID
    switch target {
    case .direction(let direction):
      guard let neighbour = neighbour(of: pane, towards: direction) else {
        throw .noNeighbour(direction)
      }
      other = neighbour
    case .pane(let reference):
      other = try resolve(reference)
      try requireTiled(other, for: "swap")
    }
    guard other != pane else { throw .samePane(pane) }
    let first = (
      parent: self[pane].parent!, index: self[self[pane].parent!].children.firstIndex(of: pane)!
    )
    let second = (
      parent: self[other].parent!, index: self[self[other].parent!].children.firstIndex(of: other)!
    )
    update(first.parent, in: &transaction) { $0.replaceChild(at: first.index, with: other) }
    update(second.parent, in: &transaction) { $0.replaceChild(at: second.index, with: pane) }
    update(pane, in: &transaction) { $0.parent = second.parent }
    update(other, in: &transaction) { $0.parent = first.parent }
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  /// Moves the focused pane one place in a direction, within its tab: past its sibling in the
  /// nearest split of that axis where it is not at the edge (into the position beside the
  /// branch it leaves), or, if no split of that axis encloses it, to that side of the whole
  /// tab, which becomes a split of that axis.
  mutating func move(_ direction: Direction, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    let pane = focusedPane
    var child = pane
    var metAxis = false
    for ancestor in ancestors(of: pane) {
      let node = self[ancestor]
      if node.kind == .tabs { break }
      if node.axis == direction.axis {
        metAxis = true
        let index = node.children.firstIndex(of: child)!
        let target = index + (direction.isForward ? 1 : -1)
        if node.children.indices.contains(target) {
          movePane(
            pane, besideSibling: node.children[target], of: child, in: ancestor,
            forward: direction.isForward, in: &transaction)
          return
        }
      }
      child = ancestor
    }
    guard !metAxis, child != pane else { throw .noNeighbour(direction) }
    movePane(pane, toSideOf: child, towards: direction, in: &transaction)
  }

  /// Moves `pane` (inside `branch`, a child of `split`) next to `sibling`, on `branch`'s side.
  private mutating func movePane(
    _ pane: NodeID, besideSibling sibling: NodeID, of branch: NodeID, in split: NodeID,
    forward: Bool, in transaction: inout Transaction
  ) {
    if branch == pane {
      update(split, in: &transaction) { node in
        let from = node.children.firstIndex(of: pane)!
        let to = node.children.firstIndex(of: sibling)!
        node.changeSplit { children in
          children.swapAt(from, to)
          children.activeIndex = to
        }
      }
    } else {
      let parent = self[pane].parent!
      detach(at: self[parent].children.firstIndex(of: pane)!, of: parent, in: &transaction)
      normalize(parent, in: &transaction)
      let siblingIndex = self[split].children.firstIndex(of: sibling)!
      insert(pane, into: split, at: siblingIndex + (forward ? 0 : 1), in: &transaction)
    }
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  /// Moves `pane` out of `area` (the content of its tab, or the root) to the side of it in
  /// `direction`, making the area a split of that axis.
  private mutating func movePane(
    _ pane: NodeID, toSideOf area: NodeID, towards direction: Direction,
    in transaction: inout Transaction
  ) {
    let slotParent = self[area].parent
    let slotIndex = slotParent.map { self[$0].children.firstIndex(of: area)! }
    let parent = self[pane].parent!
    detach(at: self[parent].children.firstIndex(of: pane)!, of: parent, in: &transaction)
    normalize(parent, in: &transaction)
    let remaining = slotParent.map { self[$0].children[slotIndex!] } ?? rootID
    let split = makeID()
    set(
      split,
      .split(
        split, axis: direction.axis,
        children: direction.isForward ? [remaining, pane] : [pane, remaining],
        weights: [0.5, 0.5]),
      in: &transaction)
    replace(remaining, with: split, in: &transaction)
    update(remaining, in: &transaction) { $0.parent = split }
    update(pane, in: &transaction) { $0.parent = split }
    normalize(split, in: &transaction)
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  /// Moves an edge of the focused pane in a direction, measured on the integer layout at
  /// ``layoutArea``.
  ///
  /// The edge is the pane's edge on that side if a split of the direction's axis has a
  /// sibling there (the pane grows), else its edge on the other side (the pane shrinks); the
  /// split is the nearest enclosing one with such a sibling. A fraction is of that split's
  /// length, rounded to whole cells (at least one). The child that shrinks stops at its
  /// minimum length (``paneMinimum`` for a pane); the split's weights become the children's
  /// new lengths, so the edge moves by exactly that many cells.
  mutating func resize(
    _ direction: Direction, by amount: ResizeAmount, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    switch amount {
    case .fraction(let fraction):
      guard fraction > 0, fraction < 1 else { throw .invalidFraction(fraction) }
    case .cells(let cells):
      guard cells > 0 else { throw .invalidCount(cells) }
    }
    guard let (split, grows, shrinks) = resizedChildren(towards: direction) else {
      throw .noSplit(direction)
    }
    let horizontal = direction.axis == .horizontal
    let rects = measuredLayout
    let minimums = visibleMinimums(pane: paneMinimum)
    let children = self[split].children
    var lengths = children.map { child in
      rects[child].map { horizontal ? $0.width : $0.height } ?? 0
    }
    let least = children.map { child in
      minimums[child].map { horizontal ? $0.width : $0.height } ?? 0
    }
    let total = lengths.reduce(0, +)
    // Where the children's minimums do not fit, the layout ignores them: no room to move.
    let room = least.reduce(0, +) <= total ? lengths[shrinks] - least[shrinks] : 0
    let requested =
      switch amount {
      case .fraction(let fraction): max(1, Int((fraction * Double(total)).rounded()))
      case .cells(let cells): cells
      }
    let moved = min(requested, room)
    guard moved > 0 else {
      throw .atMinimumSize(direction, node: children[shrinks], length: least[shrinks])
    }
    lengths[shrinks] -= moved
    lengths[grows] += moved
    let weights = WorkspaceState.normalized(lengths.map { Double($0) / Double(total) })
    update(split, in: &transaction) { node in node.changeSplit { $0.setSlots(weights) } }
  }

  /// The split whose edge `resize` moves in a direction, with the indices of the child that
  /// grows and the child that shrinks: the nearest split of the direction's axis in which the
  /// focused pane's branch has a sibling that way, else the nearest with one the other way.
  private func resizedChildren(
    towards direction: Direction
  ) -> (split: NodeID, grows: Int, shrinks: Int)? {
    // Each split of the direction's axis around the pane, nearest first, with the branch
    // of it that holds the pane.
    var splits: [(branch: NodeID, split: NodeID)] = []
    var branch = focusedPane
    for ancestor in ancestors(of: branch) {
      if nodes[ancestor]?.axis == direction.axis { splits.append((branch, ancestor)) }
      branch = ancestor
    }
    let step = direction.isForward ? 1 : -1
    for grow in [true, false] {
      for (branch, split) in splits {
        let index = self[split].children.firstIndex(of: branch)!
        let other = grow ? index + step : index - step
        guard self[split].children.indices.contains(other) else { continue }
        // The edge moves towards `direction`: the child on that side of it shrinks.
        let (before, after) = (min(index, other), max(index, other))
        return direction.isForward ? (split, before, after) : (split, after, before)
      }
    }
    return nil
  }

  /// Gives every child of every visible split an equal share.
  mutating func equalize(in transaction: inout Transaction) {
    var pending = [rootID]
    while let id = pending.popLast() {
      let node = self[id]
      switch node.kind {
      case .split:
        let equal = Array(repeating: 1 / Double(node.children.count), count: node.children.count)
        if node.weights != equal {
          update(id, in: &transaction) { $0.changeSplit { $0.setSlots(equal) } }
        }
        pending.append(contentsOf: node.children)
      case .tabs, .stack:
        if let child = node.activeChild { pending.append(child) }
      case .pane, .unknown:
        break
      }
    }
  }
}
