import PaneRouter

/// `break [N|%ID] [-d]` and `join N|%ID [h|v] [RATIO] [-d]`: a pane moves to a tab of its
/// own, or beside a pane of any tab, as the same node (its id, title, router with its stack,
/// modal and quarantined tokens all go with it).
extension WorkspaceState {
  /// Moves a pane (default the focused one) out of its tab into a new tab at the end of the
  /// nearest tabs container around it (one is made at the root if there is none, as for
  /// `tab new`), titled as the pane, or by its root route's name if it has no title.
  ///
  /// The pane gets focus and its new tab is selected, unless `staying`: then the focus stays
  /// where it was, or, if it was on the pane, goes to the most recently used pane of the tab
  /// it left. Refused for the only pane of its tab (``WorkspaceError/aloneInTab(_:)``), since
  /// it would leave an empty tab: `tab move` moves a tab.
  mutating func breakPane(
    _ reference: PaneReference?, staying: Bool, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let pane =
      try reference.map { (reference) throws(WorkspaceError) in try resolve(reference) }
      ?? focusedPane
    let focusBefore = focusedPane
    let tab = tab(holding: pane)
    guard tab != pane else { throw .aloneInTab(pane) }
    let tabs = self[tab].parent
    let slot = tabs.map { self[$0].children.firstIndex(of: tab)! }
    takeOut(pane, in: &transaction)
    let container: NodeID
    if let tabs {
      container = tabs
    } else {
      // No tabs container holds the pane: the rest of the tree becomes the first tab.
      container = makeID()
      let first = rootID
      let title = activePane(in: first).map { self[$0].title } ?? ""
      set(container, .tabs(container, children: [first], titles: [title]), in: &transaction)
      update(first, in: &transaction) { $0.parent = container }
      rootID = container
    }
    let node = self[pane]
    let title = node.title.isEmpty ? node.router!.stack.root.name : node.title
    insert(
      pane, into: container, at: self[container].children.count, title: title, in: &transaction)
    zoomedPane = nil
    guard staying else { return focus(pane, in: &transaction) }
    let left = self[container].children[slot ?? 0]
    refocus(after: pane, left: focusBefore, preferringWithin: left, in: &transaction)
  }

  /// Moves the focused pane beside the pane `target` names, in any tab: the target is split
  /// along `axis` (default vertical, below it, as tmux's `join-pane`), the moved pane taking
  /// `ratio` of its space (default one half), as `split` would place a new pane.
  ///
  /// A target in the same tab moves the pane there. A tab the pane leaves empty is closed.
  /// The pane keeps focus and its new tab is selected, unless `staying`: then focus goes to
  /// the most recently used pane of the tab it left, or of the workspace if that tab closed.
  /// Refused beside itself (``WorkspaceError/joinedToItself(_:)``) and, as `split`, when a
  /// pane would end up below the minimum pane size at the layout size.
  mutating func joinPane(
    beside target: PaneReference, axis: Axis?, ratio: Double?, staying: Bool,
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let ratio = ratio ?? 0.5
    guard ratio > 0, ratio < 1 else { throw .invalidFraction(ratio) }
    let pane = focusedPane
    let besides = try resolve(target)
    guard besides != pane else { throw .joinedToItself(pane) }
    let axis = axis ?? .vertical
    let before = layoutShowing(besides)
    let tab = tab(holding: pane)
    let tabs = self[tab].parent
    let slot = tabs.map { (tabs: $0, index: self[$0].children.firstIndex(of: tab)!) }
    let tabCount = tabs.map { self[$0].children.count }
    if tab == pane, let slot, !self[slot.tabs].floatingLayers[slot.index].isEmpty {
      throw .tabHoldsFloatingPanes(pane)
    }
    takeOut(pane, in: &transaction)
    place(pane, beside: besides, axis: axis, ratio: ratio, in: &transaction)
    for (id, rect) in layoutShowing(pane) where self[id].isPane && !hasMinimumSize(rect) {
      if id == pane || before[id].map(hasMinimumSize) == true {
        throw .noSpaceForNewPane(
          besides, size: before[besides]?.size ?? layoutArea, minimum: paneMinimum)
      }
    }
    zoomedPane = nil
    guard staying else { return focus(pane, in: &transaction) }
    // The tab it left, if it is still there (it may be another node after a collapse).
    var left: NodeID?
    if let slot, let count = tabCount, let tabs = nodes[slot.tabs], tabs.kind == .tabs,
      tabs.children.count == count
    {
      left = tabs.children[slot.index]
    }
    refocus(after: pane, left: pane, preferringWithin: left, in: &transaction)
  }

  /// Detaches a pane from its parent and normalises what held it.
  mutating func takeOut(_ pane: NodeID, in transaction: inout Transaction) {
    let parent = self[pane].parent!
    detach(at: self[parent].children.firstIndex(of: pane)!, of: parent, in: &transaction)
    update(pane, in: &transaction) { $0.parent = nil }
    normalize(parent, in: &transaction)
  }

  /// Focuses, after `moved` went elsewhere while focus was to stay: `focus` if it was another
  /// pane, else the most recently used pane but `moved` within `scope`, else the pane the
  /// active children of `scope` lead to, else the most recently used pane but `moved`.
  private mutating func refocus(
    after moved: NodeID, left focus: NodeID, preferringWithin scope: NodeID?,
    in transaction: inout Transaction
  ) {
    if focus != moved { return self.focus(focus, in: &transaction) }
    let others = mostRecentlyUsed.filter { $0 != moved && nodes[$0]?.isPane == true }
    if let scope, let survivor = others.first(where: { isWithin($0, scope) }) {
      self.focus(survivor, in: &transaction)
    } else if let scope, let pane = activePane(in: scope) {
      self.focus(pane, in: &transaction)
    } else if let survivor = others.first {
      self.focus(survivor, in: &transaction)
    } else {
      self.focus(moved, in: &transaction)
    }
  }

  /// The measured layout with `pane` shown (its tabs selected, nothing zoomed).
  private func layoutShowing(_ pane: NodeID) -> [NodeID: Rect] {
    var shown = self
    shown.zoomedPane = nil
    var scratch = Transaction()
    shown.focus(pane, in: &scratch)
    return shown.measuredLayout
  }
}
