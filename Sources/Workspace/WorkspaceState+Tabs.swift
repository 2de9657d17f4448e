import PaneRouter

/// `tab new`, `tab N|next|prev|last`, `tab close`, `tab move` and `tab rename`, on the nearest
/// tabs container around the focused pane.
extension WorkspaceState {
  /// The nearest tabs container around the focused pane and the index of the tab holding it.
  func nearestTabs() -> (tabs: NodeID, index: Int)? {
    tabPlace(holding: focusedPane)
  }

  /// The nearest tabs container around `id` (not `id` itself) and the index of the tab
  /// holding `id` (a floating pane's is its layer's tab), or `nil` outside any tab.
  func tabPlace(holding id: NodeID) -> (tabs: NodeID, index: Int)? {
    var child = id
    for ancestor in ancestors(of: child) {
      if self[ancestor].kind == .tabs {
        return (ancestor, self[ancestor].slotIndex(of: child)!)
      }
      child = ancestor
    }
    return nil
  }

  /// The tabs container a new tab goes into: the nearest one around the focused pane, or,
  /// when there is none, a new one at the root holding the whole tree as its first tab
  /// (titled as the focused pane).
  mutating func tabsForNewTab(in transaction: inout Transaction) -> NodeID {
    if let nearest = nearestTabs() { return nearest.tabs }
    let tabs = makeID()
    let oldRoot = rootID
    set(
      tabs, .tabs(tabs, children: [oldRoot], titles: [self[focusedPane].title]),
      in: &transaction)
    update(oldRoot, in: &transaction) { $0.parent = tabs }
    rootID = tabs
    return tabs
  }

  mutating func newTab(
    title: String?, root: RouteToken?, kind: String? = nil, focusing: Bool = true,
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let source = focusedPane
    let tabs = tabsForNewTab(in: &transaction)
    let title = title ?? (root ?? self[source].router!.stack.root).name
    let pane = makePane(copying: source, title: title, root: root, kind: kind, in: &transaction)
    insert(pane, into: tabs, at: self[tabs].children.count, title: title, in: &transaction)
    guard focusing else { return }
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  mutating func selectTab(_ target: TabTarget, in transaction: inout Transaction)
    throws(WorkspaceError)
  {
    guard let (tabs, current) = nearestTabs() else { throw .noTabs }
    let children = self[tabs].children
    let index: Int
    switch target {
    case .number(let number):
      guard number >= 1, number <= children.count else { throw .noSuchTab(number) }
      index = number - 1
    case .next:
      index = (current + 1) % children.count
    case .previous:
      index = (current + children.count - 1) % children.count
    case .last:
      var earlier: Int?
      for pane in mostRecentlyUsed.dropFirst() {
        if let tab = children.firstIndex(where: { isWithin(pane, $0) }), tab != current {
          earlier = tab
          break
        }
      }
      guard let earlier else { throw .noPreviousTab }
      index = earlier
    }
    guard index != current else { return }
    guard let pane = focusTarget(inTab: index, of: tabs) else { throw .noSuchTab(index + 1) }
    zoomedPane = nil
    focus(pane, in: &transaction)
  }

  /// The pane the active children lead to from `id`, or the first pane inside it if that
  /// chain ends elsewhere.
  func activePane(in id: NodeID) -> NodeID? {
    var current = id
    while let child = self[current].activeChild {
      current = child
    }
    if self[current].isPane { return current }
    var pending = [id]
    while let next = pending.popLast() {
      if self[next].isPane { return next }
      pending.append(contentsOf: self[next].children.reversed())
    }
    return nil
  }

  mutating func closeTab(_ number: Int?, in transaction: inout Transaction) throws(WorkspaceError) {
    guard let (tabs, current) = nearestTabs() else { throw .noTabs }
    let index = (number ?? current + 1) - 1
    guard self[tabs].children.indices.contains(index) else { throw .noSuchTab(index + 1) }
    let tab = self[tabs].children[index]
    guard hasPane(outside: tab) else { throw .lastPane }
    try remove(tab, in: &transaction)
  }

  mutating func moveTab(to number: Int, in transaction: inout Transaction) throws(WorkspaceError) {
    guard let (tabs, current) = nearestTabs() else { throw .noTabs }
    guard number >= 1, number <= self[tabs].children.count else { throw .noSuchTab(number) }
    let target = number - 1
    guard target != current else { return }
    update(tabs, in: &transaction) { node in
      node.changeTabs { children in
        children.move(from: current, to: target)
        children.activeIndex = target
      }
    }
  }

  mutating func renameTab(_ title: String, in transaction: inout Transaction) throws(WorkspaceError)
  {
    guard let (tabs, current) = nearestTabs() else { throw .noTabs }
    update(tabs, in: &transaction) { node in
      node.changeTabs { $0.setTitle(title, at: current) }
    }
  }
}
