/// `at TARGET COMMAND`: a command that acts on the focused pane or tab, run on another pane's
/// as tmux runs a command with `-t`, without moving focus.
extension WorkspaceState {
  /// Runs `body` as if `target` were the focused pane, then puts focus back: the focused
  /// pane, the pane every container on both panes' paths leads to (where it is still inside
  /// it), and the most-recently-used list are as they were, but for panes the body removed.
  ///
  /// Where the body closed the focused pane, focus stays where the body left it (the most
  /// recently used survivor, as after `close`). A zoom stays unless the body changed the
  /// layout of the zoomed pane's tab, where the command alone would have unzoomed. With
  /// `zooms` (`at TARGET zoom`), whose point is to show the target, focus stays on it.
  ///
  /// - Complexity: O(*d*·*k*) for the focus moves, for depth *d* and containers of *k*
  ///   children, plus O(*v* log *v*) for *v* visible panes while a pane is zoomed.
  mutating func keepingFocus(
    whileFocusing target: NodeID, zooms: Bool, in transaction: inout Transaction,
    _ body: (inout WorkspaceState, inout Transaction) throws(WorkspaceError) -> Void
  ) throws(WorkspaceError) {
    let focused = focusedPane
    let mostRecentlyUsed = self.mostRecentlyUsed
    let zoomed = zoomedPane
    let layoutBefore = zoomed == nil ? nil : unitLayout(honoringZoom: false)
    // A floating target is raised and its layer focused while the body runs; its order and
    // focus are put back after it.
    let layerBefore = floatingPlace(of: target).map { place in
      (place, self[place.tabs].floatingLayers[place.tab])
    }
    // For each container on the target's path, outermost first, the pane its child toward
    // the target led to: what that part of the tree shows again afterwards.
    var chain: [(container: NodeID, pane: NodeID)] = []
    var child = target
    for ancestor in ancestors(of: target) {
      if let pane = activePane(in: child) { chain.insert((ancestor, pane), at: 0) }
      child = ancestor
    }
    // The target is shown while the body runs, as it would be if it were focused.
    if zoomedPane != target { zoomedPane = nil }
    focus(target, in: &transaction)
    try body(&self, &transaction)
    // Where the body closed or hid the focused pane, focus stays where the body left it.
    guard !zooms, nodes[focused]?.isPane == true, !isHiddenFloating(focused) else { return }
    for (container, pane) in chain
    where nodes[container] != nil && nodes[pane] != nil && isWithin(pane, container) {
      var child = pane
      for ancestor in ancestors(of: pane) {
        if ancestor == container { break }
        let index = self[ancestor].slotIndex(of: child)!
        if self[ancestor].activeIndex != index {
          update(ancestor, in: &transaction) { $0.setActiveIndex(index) }
        }
        child = ancestor
      }
    }
    if let (place, before) = layerBefore, nodes[place.tabs]?.kind == .tabs,
      self[place.tabs].floatingLayers.indices.contains(place.tab),
      Set(self[place.tabs].floatingLayers[place.tab].ids) == Set(before.ids)
    {
      changeLayer(of: place.tabs, tab: place.tab, in: &transaction) { layer in
        let order = before.ids
        layer.panes.sort { order.firstIndex(of: $0.id)! < order.firstIndex(of: $1.id)! }
        layer.isFocused = before.isFocused && layer.top != nil
      }
    }
    focus(focused, in: &transaction)
    self.mostRecentlyUsed = mostRecentlyUsed.filter { nodes[$0]?.isPane == true }
    if let zoomed, let layoutBefore, zoomedPane == nil {
      let layout = unitLayout(honoringZoom: false)
      if layout.count == layoutBefore.count,
        zip(layout, layoutBefore).allSatisfy({ $0.pane == $1.pane && $0.rect == $1.rect })
      {
        zoomedPane = zoomed
      }
    }
  }
}
