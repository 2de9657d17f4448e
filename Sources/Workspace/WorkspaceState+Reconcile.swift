/// Reconciling a tab with a template (Zellij's `override-layout`, i3's `append_layout` onto
/// existing windows): the layout is the tab's new shape, and the panes it names stay.
extension WorkspaceState {
  /// The panes of a template's tree, depth-first, as reconciling matches them: the same
  /// order in which ``buildReusing(_:parent:matches:next:in:)`` builds them.
  private static func panes(of template: NodeTemplate) -> [(title: String, mark: String?)] {
    let floating = (template.floatingLayer?.panes ?? []).flatMap { panes(of: $0.pane) }
    switch template.content {
    case .pane(let title, _): return [(title, template.mark)] + floating
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      return children.flatMap(panes(of:)) + floating
    }
  }

  /// Rebuilds the active tab (a workspace template: the whole tree; a template of several
  /// windows: every window) as the template's tree.
  ///
  /// Each pane of the template, tiled or floating, is matched to a pane of the tab (its
  /// floating panes included) with its mark, else to one with the same non-empty title, each
  /// used once, in the template's order (a tab's tiled tree, then its floating panes) then the
  /// tree's (a mark held outside the tab moves to the pane opened for it); a matched pane is
  /// moved where the template puts it, tiled or floating, and keeps its id, router (pushed
  /// routes, modal, history) and title. Unmatched panes of the template are opened; unmatched
  /// panes of the tab are closed, or with `keepingOthers` set aside: in a column beside the
  /// new tree (for a workspace template whose root is a tabs container, in a tab `kept` after
  /// its tabs), tiled. The containers and floating layers are the template's, new. Focus
  /// stays on the focused pane if it is kept, else goes where the template's active children
  /// (or a focused floating layer) lead.
  ///
  /// A template of several windows matches each of its windows to a window of the workspace:
  /// by identifier, then the others by non-empty title, then the rest in order; each matched
  /// window's tree is reconciled as above (panes matched within that window), taking the
  /// template's title and keeping its identifier; a window of the template left unmatched is
  /// opened as a new window, and a window of the workspace left unmatched is closed (with
  /// `keepingOthers`, kept as it is). The windows then stand in the template's order, the kept
  /// ones after them, and the template's active window is active.
  ///
  /// - Complexity: O(*n* + *m*·*k*), for *n* nodes in the tab and the template, *m* template
  ///   panes and *k* panes of the tab.
  mutating func reconcile(
    _ template: WorkspaceTemplate, parameters: [String: String], keepingOthers: Bool,
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let (title, root) = try template.filled(with: parameters)
    let windows = try template.filledWindows(with: parameters)
    if !windows.isEmpty {
      reconcileWindows(
        windows, active: template.activeWindow, keepingOthers: keepingOthers, in: &transaction)
      return
    }
    reconcileTree(
      root, title: title, scope: template.scope, keepingOthers: keepingOthers, in: &transaction)
  }

  /// Reconciles the active window's tab (or, for a workspace scope, its whole tree) with a
  /// filled template tree, as ``reconcile(_:parameters:keepingOthers:in:)`` describes.
  private mutating func reconcileTree(
    _ root: NodeTemplate, title: String, scope: WorkspaceTemplate.Scope, keepingOthers: Bool,
    in transaction: inout Transaction
  ) {
    // A tab's floating panes need a tabs container, as `float` makes one.
    if scope == .tab, root.floatingLayer != nil, nearestTabs() == nil {
      _ = tabsForNewTab(in: &transaction)
    }
    let target = scope == .workspace ? rootID : activeTab
    let holder = self[target].parent
    let slot = holder.map { self[$0].children.firstIndex(of: target)! }
    // The tab's own floating panes, kept in its slot of the tabs container holding it.
    let tabFloating = holder.map { self[$0].floatingLayers[slot!].ids } ?? []
    let focusedBefore = focusedPane
    // The tab's panes in the tree's order, and the template's, matched by mark, then the
    // others by title.
    var unused = (nodeIDs(within: target) + tabFloating).filter { self[$0].isPane }
    let wanted = Self.panes(of: root)
    var matches: [NodeID?] = wanted.map { pane in
      guard let mark = pane.mark, let index = unused.firstIndex(where: { self[$0].mark == mark })
      else { return nil }
      return unused.remove(at: index)
    }
    for (index, pane) in wanted.enumerated() where matches[index] == nil && !pane.title.isEmpty {
      matches[index] = unused.firstIndex { self[$0].title == pane.title }.map {
        unused.remove(at: $0)
      }
    }
    let kept = matches.compactMap(\.self)
    var next = 0
    var built = buildReusing(root, parent: nil, matches: matches, next: &next, in: &transaction)
    let setAside = keepingOthers ? unused : []
    if !setAside.isEmpty { built = setAsideBeside(built, setAside, in: &transaction) }
    // The new tree takes the old one's place; then the old containers and closed panes go.
    // The tab's floating panes as the template has them, matched ones moved in.
    var layer = FloatingLayer()
    if let holder {
      layer = buildReusing(
        root.floatingLayer, parent: holder, matches: matches, next: &next, in: &transaction)
    }
    if let holder, let slot {
      update(holder, in: &transaction) { $0.replaceChild(at: slot, with: built) }
      if scope == .tab, self[holder].kind == .tabs {
        update(holder, in: &transaction) { $0.changeTabs { $0.setTitle(title, at: slot) } }
      }
      if self[holder].kind == .tabs {
        changeLayer(of: holder, tab: slot, in: &transaction) { $0 = layer }
      }
    } else {
      rootID = built
    }
    update(built, in: &transaction) { $0.parent = holder }
    let staying = Set(kept + setAside)
    var closed: [NodeID] = []
    var pending = tabFloating.reversed() + [target]
    while let id = pending.popLast() {
      guard !staying.contains(id), let node = nodes[id] else { continue }
      if node.isPane { closed.append(id) }
      pending.append(contentsOf: (node.children + node.floatingPanes).reversed())
      set(id, nil, in: &transaction)
    }
    normalizeBuilt(built, in: &transaction)
    let tab = holder.map { self[$0].children[slot!] } ?? rootID
    let opened = (nodeIDs(within: tab) + layer.ids).filter {
      self[$0].isPane && !staying.contains($0)
    }
    mostRecentlyUsed.removeAll { nodes[$0]?.isPane != true }
    if let zoomed = zoomedPane, nodes[zoomed] == nil || isFloating(zoomed) { zoomedPane = nil }
    if nodes[focusedBefore] != nil {
      focus(focusedBefore, in: &transaction)
    } else if let holder, self[holder].kind == .tabs {
      focusOpenedTab(slot!, of: holder, in: &transaction)
    } else {
      focusBuilt(tab, in: &transaction)
    }
    transaction.reconciliations.append(
      Reconciliation(target: tab, kept: kept, opened: opened, closed: closed, setAside: setAside))
  }

  /// Builds a template's tree as ``build(_:parent:in:)`` does, except that the `n`th pane
  /// (depth-first) is the existing pane `matches[n]` where there is one, moved in with its
  /// id and router.
  private mutating func buildReusing(
    _ template: NodeTemplate, parent: NodeID?, matches: [NodeID?], next: inout Int,
    in transaction: inout Transaction
  ) -> NodeID {
    switch template.content {
    case .pane:
      defer { next += 1 }
      guard let existing = matches[next] else {
        return build(template, parent: parent, in: &transaction)
      }
      update(existing, in: &transaction) { $0.parent = parent }
      if let mark = template.mark { moveMark(mark, to: existing, in: &transaction) }
      return existing
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      let id = makeID()
      var ids: [NodeID] = []
      var layers: [FloatingLayer] = []
      for child in children {
        ids.append(
          buildReusing(child, parent: id, matches: matches, next: &next, in: &transaction))
        // A tab's floating panes come after its tiled tree, as `panes(of:)` lists them.
        guard case .tabs = template.content else { continue }
        layers.append(
          buildReusing(
            child.floatingLayer, parent: id, matches: matches, next: &next, in: &transaction))
      }
      set(
        id,
        Node(
          id: id, Self.containerContent(of: template, children: ids, floating: layers),
          parent: parent, unknownMembers: template.unknownMembers),
        in: &transaction)
      return id
    }
  }

  /// Builds a tab's floating layer as ``buildFloating(_:parent:in:)`` does, reusing matched
  /// panes as ``buildReusing(_:parent:matches:next:in:)`` does; an empty layer for `nil`.
  private mutating func buildReusing(
    _ layer: FloatingLayerTemplate?, parent: NodeID, matches: [NodeID?], next: inout Int,
    in transaction: inout Transaction
  ) -> FloatingLayer {
    guard let layer else { return FloatingLayer() }
    var built = FloatingLayer(isFocused: layer.isFocused, isHidden: layer.isHidden)
    built.unknownMembers = layer.unknownMembers
    for pane in layer.panes {
      var placed = FloatingPane(
        buildReusing(pane.pane, parent: parent, matches: matches, next: &next, in: &transaction),
        frame: pane.frame, isPinned: pane.isPinned)
      placed.unknownMembers = pane.unknownMembers
      built.panes.append(placed)
    }
    return built
  }

  /// Reconciles the workspace's windows with a template's, as
  /// ``reconcile(_:parameters:keepingOthers:in:)`` describes.
  private mutating func reconcileWindows(
    _ windows: [WindowTemplate], active: Int, keepingOthers: Bool,
    in transaction: inout Transaction
  ) {
    let existing = self.windows
    var unmatched = Array(existing.indices)
    var matches: [Int?] = windows.map { window in
      guard let identifier = window.identifier,
        let index = unmatched.firstIndex(where: { existing[$0].identifier == identifier })
      else { return nil }
      return unmatched.remove(at: index)
    }
    for (index, window) in windows.enumerated() where matches[index] == nil && !window.title.isEmpty
    {
      matches[index] = unmatched.firstIndex { existing[$0].title == window.title }.map {
        unmatched.remove(at: $0)
      }
    }
    for index in windows.indices where matches[index] == nil && !unmatched.isEmpty {
      matches[index] = unmatched.removeFirst()
    }
    // Never past the window limit: a window of the template opens only when every window of
    // the workspace is matched, so the count is the template's, or the workspace's.
    // Each matched window's tree, then the new windows, then the closed ones; identifiers say
    // which is which, since indices move as windows open and close.
    var order: [String] = []
    for (index, window) in windows.enumerated() {
      if let match = matches[index] {
        let identifier = existing[match].identifier
        activateWindow(windowList.index(of: identifier)!)
        reconcileTree(
          window.root, title: "", scope: .workspace, keepingOthers: keepingOthers,
          in: &transaction)
        windowList.entries[windowList.active].title = window.title
        order.append(identifier)
      } else {
        let root = openWindow(
          window, reserving: Set(windows.compactMap(\.identifier)), in: &transaction)
        transaction.reconciliations.append(
          Reconciliation(
            target: root, kept: [], opened: nodeIDs(within: root).filter { self[$0].isPane },
            closed: [], setAside: []))
        order.append(windowList.entries[windowList.active].identifier)
      }
    }
    activateWindow(windowList.index(of: order[active])!)
    for index in unmatched {
      let identifier = existing[index].identifier
      if keepingOthers {
        order.append(identifier)
        continue
      }
      let position = windowList.index(of: identifier)!
      let root = windowList.entries[position].rootID
      let closed = deleteSubtree(root, in: &transaction)
      windowList.entries.remove(at: position)
      if windowList.active > position { windowList.active -= 1 }
      transaction.reconciliations.append(
        Reconciliation(target: root, kept: [], opened: [], closed: closed, setAside: []))
    }
    let activeIdentifier = windowList.entries[windowList.active].identifier
    windowList.entries = order.map { windowList.entries[windowList.index(of: $0)!] }
    windowList.active = windowList.index(of: activeIdentifier)!
    if let previous = windowList.previous, windowList.index(of: previous) == nil {
      windowList.previous = nil
    }
  }

  /// Puts the panes set aside in a column (one pane alone) beside a new tree, a quarter of
  /// the width, or as a last tab `kept` when the tree is a tabs container; returns the node
  /// that now holds both.
  private mutating func setAsideBeside(
    _ tree: NodeID, _ panes: [NodeID], in transaction: inout Transaction
  ) -> NodeID {
    var column = panes[0]
    if panes.count > 1 {
      column = makeID()
      set(
        column,
        .split(
          column, axis: .vertical, children: panes,
          weights: Array(repeating: 1 / Double(panes.count), count: panes.count)),
        in: &transaction)
    }
    for pane in panes {
      update(pane, in: &transaction) { $0.parent = column == pane ? nil : column }
    }
    if self[tree].kind == .tabs {
      insert(
        column, into: tree, at: self[tree].children.count, title: "kept", in: &transaction)
      return tree
    }
    let pair = makeID()
    set(
      pair, .split(pair, axis: .horizontal, children: [tree, column], weights: [0.75, 0.25]),
      in: &transaction)
    update(tree, in: &transaction) { $0.parent = pair }
    update(column, in: &transaction) { $0.parent = pair }
    return pair
  }
}
