/// `reopen`: the closed list's entries (``ClosedList``), recorded by every removal of a pane
/// or tab, and brought back where they stood, or as near as the tree allows.
extension WorkspaceState {
  /// The entries `reopen` can bring back, most recently closed first: those none of whose
  /// nodes is in the tree (one that undo or `reopen` brought back is not).
  ///
  /// - Complexity: O(*n*), for *n* nodes in the closed list.
  public var reopenableEntries: [ClosedList.Entry] {
    closed.entries.reversed().filter { entry in entry.nodes.keys.allSatisfy { nodes[$0] == nil } }
  }

  /// The entry for a node about to be removed: its subtree as it is (the node without its
  /// parent), its container's other children and its place out to the root; for a tab, its
  /// floating panes too; for a floating pane, its tab and rectangle. `nil` for a subtree
  /// without a pane, which there would be nothing to reopen of.
  ///
  /// - Complexity: O(*n* + *d*·*k*), for *n* nodes in the subtree, depth *d* and *k*
  ///   siblings.
  func closedEntry(for id: NodeID) -> ClosedList.Entry? {
    guard let parent = self[id].parent, containsPane(id) else { return nil }
    if let tab = self[parent].tabIndex(floating: id) {
      return closedFloatingEntry(id, tabs: parent, tab: tab)
    }
    var subtree: [NodeID: Node] = [:]
    var pending = [id]
    while let next = pending.popLast() {
      subtree[next] = self[next]
      pending.append(contentsOf: self[next].children + self[next].floatingPanes)
    }
    subtree[id]!.parent = nil
    // A tab's floating panes close with it, and come back with it.
    var layer = FloatingLayer()
    if self[parent].kind == .tabs, let index = self[parent].children.firstIndex(of: id) {
      layer = self[parent].floatingLayers[index]
      for pane in layer.ids {
        subtree[pane] = self[pane]
        subtree[pane]!.parent = nil
      }
    }
    return ClosedList.Entry(
      id: id, nodes: subtree, place: place(of: id),
      siblings: self[parent].children.filter { $0 != id },
      layer: layer)
  }

  /// The entry for a floating pane about to be removed: the pane, its tab's place (the tabs
  /// container with the tab's index and title first), the tab's other floating panes, and
  /// the tab's root, rectangle and pinned flag.
  private func closedFloatingEntry(_ pane: NodeID, tabs: NodeID, tab: Int) -> ClosedList.Entry {
    var node = self[pane]
    node.parent = nil
    let layer = self[tabs].floatingLayers[tab]
    var title = ""
    if case .tabs(let children) = self[tabs].content { title = children.slots[tab].title }
    return ClosedList.Entry(
      id: pane, nodes: [pane: node],
      place: [ClosedList.Branch(parent: tabs, index: tab, slot: .tab(title))] + place(of: tabs),
      siblings: layer.ids.filter { $0 != pane },
      floating: ClosedList.FloatingPlace(
        tab: self[tabs].children[tab], pane: layer.panes.first { $0.id == pane }!))
  }

  /// Where a tiled node stands: its container with its index and slot there, then that
  /// container's ancestors out to the root; empty for a root.
  private func place(of id: NodeID) -> [ClosedList.Branch] {
    guard let parent = self[id].parent else { return [] }
    var place: [ClosedList.Branch] = []
    var child = id
    for ancestor in [parent] + ancestors(of: parent) {
      let node = self[ancestor]
      let index = node.children.firstIndex(of: child)!
      let slot: ClosedList.Slot
      switch node.content {
      case .split(let axis, let children): slot = .split(axis, weight: children.slots[index])
      case .tabs(let children): slot = .tab(children.slots[index].title)
      case .stack(let axis, _): slot = .stack(axis)
      case .pane, .unknown: preconditionFailure("\(ancestor) holds children")
      }
      place.append(ClosedList.Branch(parent: ancestor, index: index, slot: slot))
      child = ancestor
    }
    return place
  }

  /// Brings back the `number`th reopenable entry (1 the most recently closed): its nodes with
  /// their ids, where it stood, and focuses the pane its active children lead to.
  ///
  /// Where it stood, in order: its container, if it is there, at its index among its
  /// siblings (after the one it followed, else before the one it preceded) with its weight or
  /// tab title; else beside the nearest surviving sibling (the one it sat beside first), on
  /// the side it stood, with its weight (in a new split of its axis if the sibling no longer
  /// lies in one); else in the nearest surviving ancestor, at
  /// its branch's index (an equal share, or a tab with the tab's title); else as a new tab of
  /// the nearest tabs container. A place that would leave a pane below ``paneMinimum`` at
  /// ``layoutArea`` (one that had it) gives way to a new tab, as `split` is refused there.
  mutating func reopen(_ number: Int, in transaction: inout Transaction) throws(WorkspaceError) {
    guard number >= 1 else { throw .invalidCount(number) }
    let candidates = reopenableEntries
    guard !candidates.isEmpty else { throw .nothingToReopen }
    guard number <= candidates.count else {
      throw .noSuchClosedEntry(number, count: candidates.count)
    }
    let entry = candidates[number - 1]
    if entry.window != nil, windowList.count >= Self.windowLimit {
      throw .tooManyWindows(Self.windowLimit)
    }
    for (id, var node) in entry.nodes.sorted(by: { $0.key < $1.key }) {
      // A mark another pane took since stays with it: the pane comes back unmarked.
      if let mark = node.mark, pane(markedAs: mark) != nil { node.mark = nil }
      set(id, node, in: &transaction)
    }
    if let window = entry.window { return reopenWindow(window, in: &transaction) }
    // A pane or tab comes back in the window it was closed in, where any of its place is.
    let home =
      ((entry.floating.map { [$0.tab] } ?? []) + entry.place.map(\.parent) + entry.siblings)
      .lazy.compactMap(windowIndex(holding:))
    if let home = home.first, home != windowList.active {
      let previous = windowList.entries[windowList.active].identifier
      activateWindow(home)
      windowList.previous = previous
    }
    if let floating = entry.floating { return reopenFloating(entry, floating, in: &transaction) }
    var pane = entry.id
    while let child = self[pane].activeChild { pane = child }
    if !self[pane].isPane { pane = activePane(in: entry.id)! }
    let before = measuredLayout
    zoomedPane = nil
    transaction.begin(at: self)
    placeNearWhereItStood(entry, in: &transaction)
    focus(pane, in: &transaction)
    let tooSmall = measuredLayout.contains { id, rect in
      nodes[id]?.isPane == true && !hasMinimumSize(rect)
        && (entry.nodes[id] != nil || before[id].map(hasMinimumSize) == true)
    }
    if tooSmall {
      restore(transaction.end(), in: &transaction)
      let tabs = tabsForNewTab(in: &transaction)
      insert(
        entry.id, into: tabs, at: self[tabs].children.count, title: entry.tabTitle,
        in: &transaction)
      normalize(tabs, in: &transaction)
      focus(pane, in: &transaction)
    } else {
      _ = transaction.end()
    }
    if !entry.layer.isEmpty { reopenLayer(of: entry, in: &transaction) }
  }

  /// Brings a closed floating pane back floating, at its rectangle and pinned as it was, and
  /// focused (so on top, and its layer shown unless it is pinned): in the tab that holds the
  /// root its tab had, else in the tab where one of the floating panes it closed beside
  /// floats, else in the focused tab (a workspace without tabs becomes one tab first, as
  /// `float` makes it).
  private mutating func reopenFloating(
    _ entry: ClosedList.Entry, _ floating: ClosedList.FloatingPlace,
    in transaction: inout Transaction
  ) {
    let pane = entry.id
    var target: (tabs: NodeID, index: Int)?
    for near in [floating.tab] + entry.siblings where isInActiveWindow(near) {
      target = tabPlace(holding: near)
      if target != nil { break }
    }
    let (tabs, tab) = target ?? nearestTabs() ?? (tabsForNewTab(in: &transaction), 0)
    update(pane, in: &transaction) { $0.parent = tabs }
    changeLayer(of: tabs, tab: tab, in: &transaction) { $0.panes.append(floating.pane) }
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  /// Gives a reopened tab back its floating panes: as its layer where it came back as a tab
  /// with none, else on top of the layer of the tab it came back in (a workspace without tabs
  /// becomes one tab first). Focus goes to the top one if the layer had it.
  private mutating func reopenLayer(of entry: ClosedList.Entry, in transaction: inout Transaction) {
    let (tabs, tab) = tabPlace(holding: entry.id) ?? (tabsForNewTab(in: &transaction), 0)
    for pane in entry.layer.ids { update(pane, in: &transaction) { $0.parent = tabs } }
    changeLayer(of: tabs, tab: tab, in: &transaction) { layer in
      if layer.isEmpty {
        layer = entry.layer
        layer.isFocused = false
      } else {
        layer.panes += entry.layer.panes
      }
    }
    if entry.layer.isFocused, let top = self[tabs].floatingLayers[tab].top {
      focus(top, in: &transaction)
    }
  }

  /// Attaches the entry's detached subtree by the chain ``reopen(_:in:)`` describes.
  private mutating func placeNearWhereItStood(
    _ entry: ClosedList.Entry, in transaction: inout Transaction
  ) {
    let root = entry.id
    if let first = entry.place.first, isInActiveWindow(first.parent),
      let parent = nodes[first.parent], Self.holds(first.slot, in: parent)
    {
      let children = parent.children
      var index = min(first.index, children.count)
      if let before = entry.siblingBefore, let found = children.firstIndex(of: before) {
        index = found + 1
      } else if let after = entry.siblingAfter, let found = children.firstIndex(of: after) {
        index = found
      }
      attach(root, into: first.parent, at: index, first.slot, in: &transaction)
      return
    }
    if let first = entry.place.first {
      // A sibling that floats since has no place among the tiled panes to stand beside.
      for (sibling, offset) in entry.siblingsByDistance
      where isInActiveWindow(sibling) && !isFloating(sibling) {
        if placeBeside(sibling, offset: offset, root, first.slot, in: &transaction) { return }
      }
    }
    for branch in entry.place.dropFirst() {
      guard isInActiveWindow(branch.parent), let ancestor = nodes[branch.parent],
        ancestor.isContainer
      else { continue }
      let index = min(branch.index, ancestor.children.count)
      let slot: ClosedList.Slot =
        switch ancestor.content {
        case .split(let axis, let children):
          .split(axis, weight: 1 / Double(children.count + 1))
        case .stack(let axis, _): .stack(axis)
        default: .tab(entry.tabTitle)
        }
      attach(root, into: branch.parent, at: index, slot, in: &transaction)
      return
    }
    let tabs = tabsForNewTab(in: &transaction)
    attach(
      root, into: tabs, at: self[tabs].children.count, .tab(entry.tabTitle), in: &transaction)
  }

  /// Puts `root` beside `sibling` (after it for `offset` 1, before it for 0): in the split
  /// holding the sibling if it has the slot's axis, else in a new split of that axis in the
  /// sibling's place; as a member beside a sibling in a stack (in a new stack of the slot's
  /// axis if the sibling no longer lies in one); as a tab beside a sibling tab. Returns `false` if the slot is a tab's
  /// and the sibling is not a tab.
  private mutating func placeBeside(
    _ sibling: NodeID, offset: Int, _ root: NodeID, _ slot: ClosedList.Slot,
    in transaction: inout Transaction
  ) -> Bool {
    let parent = self[sibling].parent
    switch slot {
    case .tab:
      guard let parent, self[parent].kind == .tabs else { return false }
      let index = self[parent].children.firstIndex(of: sibling)! + offset
      attach(root, into: parent, at: index, slot, in: &transaction)
    case .split(let axis, let weight):
      let ratio = weight > 0 && weight < 1 ? weight : 0.5
      if let parent, self[parent].axis == axis {
        let index = self[parent].children.firstIndex(of: sibling)!
        insert(
          root, into: parent, at: index + offset,
          share: .takenFrom(sibling: index, ratio: ratio), in: &transaction)
        normalize(parent, in: &transaction)
      } else {
        let split = makeID()
        set(split, .split(split, axis: axis, children: [], weights: []), in: &transaction)
        replace(sibling, with: split, in: &transaction)
        insert(sibling, into: split, at: 0, in: &transaction)
        insert(
          root, into: split, at: offset, share: .takenFrom(sibling: 0, ratio: ratio),
          in: &transaction)
        normalize(split, in: &transaction)
      }
    case .stack(let axis):
      if let parent, self[parent].stackAxis == axis {
        let index = self[parent].children.firstIndex(of: sibling)! + offset
        attach(root, into: parent, at: index, slot, in: &transaction)
      } else {
        let stack = makeID()
        set(stack, .stack(stack, axis: axis, children: []), in: &transaction)
        replace(sibling, with: stack, in: &transaction)
        insert(sibling, into: stack, at: 0, in: &transaction)
        attach(root, into: stack, at: offset, slot, in: &transaction)
      }
    }
    return true
  }

  /// Inserts `root` into a container at `index` with its slot's weight (as a share of the
  /// whole) or title, and normalises the container (a split of its axis merges into it).
  private mutating func attach(
    _ root: NodeID, into parent: NodeID, at index: Int, _ slot: ClosedList.Slot,
    in transaction: inout Transaction
  ) {
    switch slot {
    case .split(_, let weight):
      let share = weight > 0 && weight < 1 ? weight : nil
      insert(root, into: parent, at: index, share: .proportional(share), in: &transaction)
    case .tab(let title):
      insert(root, into: parent, at: index, title: title, in: &transaction)
    case .stack:
      insert(root, into: parent, at: index, in: &transaction)
    }
    normalize(parent, in: &transaction)
  }

  /// Whether a container can take a child of the slot: a split or stack of its axis, or tabs.
  private static func holds(_ slot: ClosedList.Slot, in container: Node) -> Bool {
    switch (slot, container.kind) {
    case (.split(let axis, _), .split(let kind)): axis == kind
    case (.tab, .tabs): true
    case (.stack(let axis), .stack(let kind)): axis == kind
    default: false
    }
  }

  /// The invariants of the closed list: each entry a sound tree with a pane (as the
  /// workspace's own tree must be), its closed node without a parent, ids below ``nextID``;
  /// a closed tab's floating panes without a parent, a closed floating pane a pane,
  /// their frames valid; no node in two entries; at most ``ClosedList/limit`` entries; places
  /// with valid slots.
  func closedListViolations() -> [String] {
    var problems: [String] = []
    if closed.entries.count > ClosedList.limit {
      problems.append("the closed list is over its limit")
    }
    var seen: Set<NodeID> = []
    for (index, entry) in closed.entries.enumerated() {
      let tree = WorkspaceState(
        nodes: entry.treeNodes, rootID: entry.id, nextID: nextID, mostRecentlyUsed: [],
        zoomedPane: nil, history: History(), unknownMembers: UnknownMembers())
      problems += tree.invariantViolations(checkingFocus: false).map {
        "closed entry \(index + 1): \($0)"
      }
      for pane in entry.layer.ids
      where entry.nodes[pane]?.isPane != true
        || entry.nodes[pane]?.parent != nil
      {
        problems.append("closed entry \(index + 1): floating \(pane) is not a pane without parent")
      }
      if let floating = entry.floating, floating.pane.id != entry.id || !entry.node.isPane {
        problems.append("closed entry \(index + 1): a floating entry's node is not its pane")
      }
      let frames = (entry.floating.map { [$0.pane] } ?? []) + entry.layer.panes
      if frames.contains(where: { !$0.frame.isValid }) {
        problems.append("closed entry \(index + 1): a floating frame is not inside its tab")
      }
      for id in entry.nodes.keys where !seen.insert(id).inserted {
        problems.append("closed entry \(index + 1): \(id) is in an earlier entry")
      }
      for branch in entry.place {
        if branch.index < 0 { problems.append("closed entry \(index + 1): negative index") }
        if case .split(_, let weight) = branch.slot, !(weight > 0 && weight <= 1) {
          problems.append("closed entry \(index + 1): weight \(weight) out of range")
        }
      }
    }
    return problems
  }
}
