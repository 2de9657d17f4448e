import PaneRouter

/// `split` and `close`.
extension WorkspaceState {
  /// Splits the focused pane, unless a pane would end up smaller than ``paneMinimum`` in the
  /// layout at ``layoutArea``; the new pane takes focus if `focusing`.
  mutating func split(
    _ axis: Axis, ratio: Double?, root: RouteToken?, kind: String? = nil, focusing: Bool = true,
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let ratio = ratio ?? 0.5
    guard ratio > 0, ratio < 1 else { throw .invalidFraction(ratio) }
    let pane = focusedPane
    let before = measuredLayout
    let newPane = makePane(
      copying: pane, title: self[pane].title, root: root, kind: kind, in: &transaction)
    place(newPane, beside: pane, axis: axis, ratio: ratio, in: &transaction)
    // Refused, as tmux refuses, if a pane would end up below the minimum size: the new pane,
    // or any that had at least the minimum before.
    for (id, rect) in measuredLayout where self[id].isPane && !hasMinimumSize(rect) {
      if id == newPane || before[id].map(hasMinimumSize) == true {
        throw .noSpaceForNewPane(
          pane, size: before[pane]?.size ?? layoutArea, minimum: paneMinimum)
      }
    }
    zoomedPane = nil
    if focusing { focus(newPane, in: &transaction) }
  }

  /// Creates a detached pane whose router has the kind and limits of `source`'s router and
  /// the root `root`, or a copy of `source`'s root.
  mutating func makePane(
    copying source: NodeID, title: String, root: RouteToken?, kind: String? = nil,
    in transaction: inout Transaction
  ) -> NodeID {
    let template = self[source].router!
    var stack = RouteStack(root: root ?? template.stack.root, maxDepth: template.stack.maxDepth)
    stack.rejectsDuplicateTop = template.stack.rejectsDuplicateTop
    let id = makeID()
    set(
      id,
      .pane(id, title: title, router: RouterState(kind: kind ?? template.kind, stack: stack)),
      in: &transaction)
    return id
  }

  mutating func close(_ reference: PaneReference?, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    let pane =
      try reference.map { (reference) throws(WorkspaceError) in try resolve(reference) }
      ?? focusedPane
    guard hasPane(outside: pane) else { throw .lastPane }
    try remove(pane, in: &transaction)
  }

  /// Removes a node (a pane or a whole tab) and everything in it, records it in the closed
  /// list for `reopen`, normalises what held it and focuses the most recently used surviving
  /// pane.
  mutating func remove(_ id: NodeID, in transaction: inout Transaction) throws(WorkspaceError) {
    guard let parent = self[id].parent else { throw .lastPane }
    if let entry = closedEntry(for: id) { closed.record(entry) }
    if let tab = self[parent].tabIndex(floating: id) {
      return removeFloating(id, from: parent, tab: tab, in: &transaction)
    }
    let slot = tabSlot(of: id)
    let detached = detach(
      at: self[parent].children.firstIndex(of: id)!, of: parent, in: &transaction)
    update(id, in: &transaction) { $0.parent = nil }
    // A closed tab's floating panes close with it.
    var removed = detached.tab.floating.ids
    for floating in removed { set(floating, nil, in: &transaction) }
    removed += deleteSubtree(id, in: &transaction)
    normalize(parent, in: &transaction)
    zoomedPane = nil
    // The tab that held the node, if it survives (it may now be another node, after a
    // collapse): focus stays in it, as tmux keeps focus in the window of a closed pane.
    var tab: NodeID?
    if let slot, let tabs = nodes[slot.tabs], tabs.children.count == slot.count {
      tab = tabs.children[slot.index]
    }
    refocusAfterRemoving(removed, preferringWithin: tab, in: &transaction)
  }

  /// The nearest tabs container around `id` (not `id` itself), the index of the tab holding
  /// `id`, and its number of tabs.
  private func tabSlot(of id: NodeID) -> (tabs: NodeID, index: Int, count: Int)? {
    var child = id
    for ancestor in ancestors(of: id) {
      let node = self[ancestor]
      if node.kind == .tabs {
        return (ancestor, node.slotIndex(of: child)!, node.children.count)
      }
      child = ancestor
    }
    return nil
  }

  /// Whether some pane of the workspace lies outside the subtree of `id`.
  ///
  /// - Complexity: O(*d*·*k*) in the usual case, for depth *d* and *k* siblings per level.
  func hasPane(outside id: NodeID) -> Bool {
    var child = id
    for ancestor in ancestors(of: id) {
      for sibling in self[ancestor].children where sibling != child && containsPane(sibling) {
        return true
      }
      child = ancestor
    }
    return false
  }
}
