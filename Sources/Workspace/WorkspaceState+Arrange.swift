/// `swap`, `move`, `resize` and `equalize`.
extension WorkspaceState {
  /// The smallest share `resize` leaves a child of a split.
  public static let minimumWeight = 0.05

  mutating func swap(_ target: SwapTarget) throws(WorkspaceError) {
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
    }
    guard other != pane else { throw .samePane(pane) }
    let first = (
      parent: self[pane].parent!, index: self[self[pane].parent!].children.firstIndex(of: pane)!
    )
    let second = (
      parent: self[other].parent!, index: self[self[other].parent!].children.firstIndex(of: other)!
    )
    update(first.parent) { $0.replaceChild(at: first.index, with: other) }
    update(second.parent) { $0.replaceChild(at: second.index, with: pane) }
    update(pane) { $0.parent = second.parent }
    update(other) { $0.parent = first.parent }
    zoomedPane = nil
    focus(pane)
  }

  /// Moves the focused pane one place in a direction, within its tab: past its sibling in the
  /// nearest split of that axis where it is not at the edge (into the position beside the
  /// branch it leaves), or, if no split of that axis encloses it, to that side of the whole
  /// tab, which becomes a split of that axis.
  mutating func move(_ direction: Direction) throws(WorkspaceError) {
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
            forward: direction.isForward)
          return
        }
      }
      child = ancestor
    }
    guard !metAxis, child != pane else { throw .noNeighbour(direction) }
    movePane(pane, toSideOf: child, towards: direction)
  }

  /// Moves `pane` (inside `branch`, a child of `split`) next to `sibling`, on `branch`'s side.
  private mutating func movePane(
    _ pane: NodeID, besideSibling sibling: NodeID, of branch: NodeID, in split: NodeID,
    forward: Bool
  ) {
    if branch == pane {
      update(split) { node in
        let from = node.children.firstIndex(of: pane)!
        let to = node.children.firstIndex(of: sibling)!
        node.changeSplit { children in
          children.swapAt(from, to)
          children.activeIndex = to
        }
      }
    } else {
      let parent = self[pane].parent!
      detach(at: self[parent].children.firstIndex(of: pane)!, of: parent)
      normalize(parent)
      let siblingIndex = self[split].children.firstIndex(of: sibling)!
      insert(pane, into: split, at: siblingIndex + (forward ? 0 : 1))
    }
    zoomedPane = nil
    focus(pane)
  }

  /// Moves `pane` out of `area` (the content of its tab, or the root) to the side of it in
  /// `direction`, making the area a split of that axis.
  private mutating func movePane(
    _ pane: NodeID, toSideOf area: NodeID, towards direction: Direction
  ) {
    let slotParent = self[area].parent
    let slotIndex = slotParent.map { self[$0].children.firstIndex(of: area)! }
    let parent = self[pane].parent!
    detach(at: self[parent].children.firstIndex(of: pane)!, of: parent)
    normalize(parent)
    let remaining = slotParent.map { self[$0].children[slotIndex!] } ?? rootID
    let split = makeID()
    set(
      split,
      Node(
        id: split,
        .split(
          direction.axis,
          NodeChildren(
            direction.isForward ? [remaining, pane] : [pane, remaining], slots: [0.5, 0.5])
        )))
    replace(remaining, with: split)
    update(remaining) { $0.parent = split }
    update(pane) { $0.parent = split }
    normalize(split)
    zoomedPane = nil
    focus(pane)
  }

  /// Moves an edge of the focused pane in a direction by `amount` of the enclosing split:
  /// the edge on that side if the pane has a neighbour there (the pane grows), else the edge
  /// on the other side (the pane shrinks). No child shrinks below ``minimumWeight``.
  mutating func resize(_ direction: Direction, by amount: Double) throws(WorkspaceError) {
    guard amount > 0, amount < 1 else { throw .invalidFraction(amount) }
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
        let before = min(index, other)
        let after = max(index, other)
        let shrinking = direction.isForward ? after : before
        let weights = self[split].weights
        let room = weights[shrinking] - min(weights[shrinking], WorkspaceState.minimumWeight)
        let delta = min(amount, room)
        guard delta > 1e-12 else { throw .atMinimumSize(direction) }
        update(split) { node in
          node.changeSplit { children in
            var weights = children.slots
            weights[shrinking] -= delta
            weights[shrinking == before ? after : before] += delta
            children.setSlots(WorkspaceState.normalized(weights))
          }
        }
        return
      }
    }
    throw .noSplit(direction)
  }

  /// Gives every child of every visible split an equal share.
  mutating func equalize() {
    var pending = [rootID]
    while let id = pending.popLast() {
      let node = self[id]
      switch node.kind {
      case .split:
        let equal = Array(repeating: 1 / Double(node.children.count), count: node.children.count)
        if node.weights != equal { update(id) { $0.changeSplit { $0.setSlots(equal) } } }
        pending.append(contentsOf: node.children)
      case .tabs:
        if let child = node.activeChild { pending.append(child) }
      case .pane, .unknown:
        break
      }
    }
  }
}
