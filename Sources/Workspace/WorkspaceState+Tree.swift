/// The structural edits every command is built from. Each records before-images through
/// ``WorkspaceState/update(_:in:_:)`` in the running ``Transaction`` and leaves the tree's invariants intact once
/// ``WorkspaceState/normalize(_:in:)`` has run on the container it changed.
extension WorkspaceState {
  /// How a node inserted into a split gets its weight.
  enum InsertedShare {
    /// A share of the whole (0 < share < 1; default an equal share), the other children
    /// shrinking in proportion.
    case proportional(Double? = nil)
    /// Taken from one sibling, which keeps `1 - ratio` of its weight (a split pane gives
    /// part of its space to the new pane).
    case takenFrom(sibling: Int, ratio: Double)
  }

  /// Inserts an existing, detached node as a child of `parent` at `index`: the one insert
  /// every command uses.
  ///
  /// In a split the new child's weight comes from `share`; in a tabs container it gets
  /// `title`.
  mutating func insert(
    _ child: NodeID, into parent: NodeID, at index: Int, share: InsertedShare = .proportional(),
    title: String = "", in transaction: inout Transaction
  ) {
    update(child, in: &transaction) { $0.parent = parent }
    update(parent, in: &transaction) { node in
      node.changeChildren(
        split: { children in
          switch share {
          case .proportional(let weight):
            let weight = weight ?? 1 / Double(children.count + 1)
            children.setSlots(children.slots.map { $0 * (1 - weight) })
            children.insert(child, weight, at: index)
          case .takenFrom(let sibling, let ratio):
            let whole = children.slots[sibling]
            children.setSlot(whole * (1 - ratio), at: sibling)
            children.insert(child, whole * ratio, at: index)
          }
          children.shiftActiveIndex(afterInsertingAt: index)
        },
        tabs: { children in
          children.insert(child, TabSlot(title), at: index)
          children.shiftActiveIndex(afterInsertingAt: index)
        },
        stack: { children in
          children.insert(child, Stacked(), at: index)
          children.shiftActiveIndex(afterInsertingAt: index)
        })
    }
  }

  /// Puts a detached node after the tiled node `besides` along `axis`, with `ratio` of its
  /// space: into `besides`'s split if it has that axis, else into a new split that takes
  /// `besides`'s place (`split`, `join` and `embed`).
  mutating func place(
    _ node: NodeID, beside besides: NodeID, axis: Axis, ratio: Double,
    in transaction: inout Transaction
  ) {
    if let parent = self[besides].parent, self[parent].axis == axis {
      let index = self[parent].children.firstIndex(of: besides)!
      insert(
        node, into: parent, at: index + 1, share: .takenFrom(sibling: index, ratio: ratio),
        in: &transaction)
    } else {
      let split = makeID()
      set(split, .split(split, axis: axis, children: [], weights: []), in: &transaction)
      replace(besides, with: split, in: &transaction)
      insert(besides, into: split, at: 0, in: &transaction)
      insert(
        node, into: split, at: 1, share: .takenFrom(sibling: 0, ratio: ratio), in: &transaction)
    }
  }

  /// Detaches the child at `index` of `parent`, without normalising `parent`.
  ///
  /// In a split the other children absorb its weight in proportion to their own.
  ///
  /// - Returns: The detached child's weight (split) and tab (tabs: its title and floating
  ///   panes, which the caller closes or puts elsewhere).
  @discardableResult
  mutating func detach(
    at index: Int, of parent: NodeID, in transaction: inout Transaction
  ) -> (weight: Double, tab: TabSlot) {
    var removed = (weight: 1.0, tab: TabSlot(""))
    update(parent, in: &transaction) { node in
      node.changeChildren(
        split: { children in
          removed.weight = children.remove(at: index)
          children.setSlots(WorkspaceState.normalized(children.slots))
          children.shiftActiveIndex(afterRemovingAt: index)
        },
        tabs: { children in
          removed.tab = children.remove(at: index)
          children.shiftActiveIndex(afterRemovingAt: index)
        },
        stack: { children in
          children.remove(at: index)
          children.shiftActiveIndex(afterRemovingAt: index)
        })
    }
    return removed
  }

  /// Puts `replacement` where `old` stands (in its parent, or as the root), keeping the
  /// slot's weight and title. `old` is left detached.
  mutating func replace(
    _ old: NodeID, with replacement: NodeID, in transaction: inout Transaction
  ) {
    let parent = self[old].parent
    update(replacement, in: &transaction) { $0.parent = parent }
    update(old, in: &transaction) { $0.parent = nil }
    if let parent {
      update(parent, in: &transaction) { $0.replaceChild(old, with: replacement) }
    } else {
      rootID = replacement
    }
  }

  /// Deletes a node and everything inside it from the node table.
  ///
  /// - Returns: The ids of the deleted panes.
  @discardableResult
  mutating func deleteSubtree(_ id: NodeID, in transaction: inout Transaction) -> [NodeID] {
    var panes: [NodeID] = []
    var pending = [id]
    while let next = pending.popLast() {
      let node = self[next]
      if node.isPane { panes.append(next) }
      pending.append(contentsOf: node.children + node.floatingPanes)
      set(next, nil, in: &transaction)
    }
    return panes
  }

  /// Restores the invariants of a container after its children changed, walking up while
  /// its parents need it: an empty container is removed from its parent, a split or stack
  /// with one child collapses into it, same-axis splits (stacks) merge into a split (stack),
  /// and its active child is moved off a child without panes.
  ///
  /// - Returns: `false` if the root would have to be removed (the tree would be empty).
  @discardableResult
  mutating func normalize(_ id: NodeID, in transaction: inout Transaction) -> Bool {
    guard let node = nodes[id], node.isContainer else { return true }
    if node.children.isEmpty {
      guard let parent = node.parent else { return false }
      let index = self[parent].children.firstIndex(of: id)!
      detach(at: index, of: parent, in: &transaction)
      set(id, nil, in: &transaction)
      return normalize(parent, in: &transaction)
    }
    if node.collapsesWithOneChild {
      mergeSameKindChildren(of: id, in: &transaction)
      if self[id].children.count == 1 {
        let child = self[id].children[0]
        if let router = self[id].router, self[child].isContainer, self[child].router == nil {
          update(child, in: &transaction) { $0.setRouter(router) }
        }
        replace(id, with: child, in: &transaction)
        set(id, nil, in: &transaction)
        if let parent = self[child].parent {
          mergeSameKindChildren(of: parent, in: &transaction)
          moveActiveChildrenToPanes(from: parent, in: &transaction)
        }
        return true
      }
    }
    moveActiveChildrenToPanes(from: id, in: &transaction)
    return true
  }

  /// Applies ``moveActiveChildToPane(of:in:)`` to `id`, then to its ancestors while the branch
  /// below them holds no pane (which only nodes of unknown kinds make possible).
  private mutating func moveActiveChildrenToPanes(
    from id: NodeID, in transaction: inout Transaction
  ) {
    var current = id
    while true {
      moveActiveChildToPane(of: current, in: &transaction)
      guard !containsPane(current), let parent = self[current].parent else { return }
      current = parent
    }
  }

  /// Splices each child split of the same axis into split `id`, its weights scaled by the
  /// child's, or each child stack of the same axis into stack `id`; does nothing to other
  /// kinds.
  private mutating func mergeSameKindChildren(of id: NodeID, in transaction: inout Transaction) {
    while let index = self[id].children.firstIndex(where: { self[$0].merges(into: self[id]) }) {
      let child = self[self[id].children[index]]
      let wasActive = self[id].activeIndex == index
      for grandchild in child.children {
        update(grandchild, in: &transaction) { $0.parent = id }
      }
      func splice<Slot>(_ children: inout NodeChildren<Slot>, _ slots: [Slot]) {
        children.replace(at: index, with: child.children, slots: slots)
        if wasActive {
          children.activeIndex = index + child.activeIndex
        } else if children.activeIndex > index {
          children.activeIndex += child.children.count - 1
        }
      }
      update(id, in: &transaction) { node in
        node.changeChildren(
          split: { children in
            let share = children.slots[index]
            splice(&children, child.weights.map { $0 * share })
          },
          tabs: { _ in preconditionFailure("a tabs container merges no child") },
          stack: { splice(&$0, Array(repeating: Stacked(), count: child.children.count)) })
      }
      if let router = child.router, self[id].router == nil {
        update(id, in: &transaction) { $0.setRouter(router) }
      }
      set(child.id, nil, in: &transaction)
    }
  }

  /// Points a container's active child at a child holding a pane, if its current one holds
  /// none.
  private mutating func moveActiveChildToPane(of id: NodeID, in transaction: inout Transaction) {
    let node = self[id]
    guard let active = node.activeChild, !containsPane(active) else { return }
    if let index = node.children.firstIndex(where: containsPane) {
      update(id, in: &transaction) { $0.setActiveIndex(index) }
    }
  }

  /// Whether a node is a pane or contains one.
  ///
  /// - Complexity: O(*k*), where *k* is the number of nodes visited before the first pane
  ///   (usually the depth of the subtree).
  func containsPane(_ id: NodeID) -> Bool {
    var pending = [id]
    while let next = pending.popLast() {
      let node = self[next]
      if node.isPane { return true }
      pending.append(contentsOf: node.children.reversed())
    }
    return false
  }

  /// Applies ``normalize(_:in:)`` to every container, deepest first, as building from a
  /// template needs.
  mutating func normalizeStructure(from id: NodeID, in transaction: inout Transaction) {
    for container in nodeIDs.reversed() where nodes[container]?.isContainer == true {
      normalize(container, in: &transaction)
    }
  }
}
