/// Reconciling a tab with a template (Zellij's `override-layout`, i3's `append_layout` onto
/// existing windows): the layout is the tab's new shape, and the panes it names stay.
extension WorkspaceState {
  /// The panes of a template's tree, depth-first, as reconciling matches them: the same
  /// order in which ``buildReusing(_:parent:matches:next:in:)`` builds them.
  private static func panes(of template: NodeTemplate) -> [(title: String, mark: String?)] {
    switch template.content {
    case .pane(let title, _): [(title, template.mark)]
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      children.flatMap(panes(of:))
    }
  }

  /// Rebuilds the active tab (a workspace template: the whole tree) as the template's tree.
  ///
  /// Each pane of the template is matched to a pane of the tab with its mark, else to one
  /// with the same non-empty title, each used once, in the template's order then the tree's
  /// (a mark held outside the tab moves to the pane opened for it); a matched pane is moved
  /// where the template puts it and keeps its id, router (pushed routes, modal, history) and
  /// title. Unmatched panes of the template are opened; unmatched panes of the tab are
  /// closed, or with `keepingOthers` set aside: in a column beside the new tree (for a
  /// workspace template whose root is a tabs container, in a tab `kept` after its tabs). The
  /// containers are the template's, new. Focus stays on the focused pane if it is kept, else
  /// goes where the template's active children lead.
  ///
  /// - Complexity: O(*n* + *m*·*k*), for *n* nodes in the tab and the template, *m* template
  ///   panes and *k* panes of the tab.
  mutating func reconcile(
    _ template: WorkspaceTemplate, parameters: [String: String], keepingOthers: Bool,
    in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let (title, root) = try template.filled(with: parameters)
    let target = template.scope == .workspace ? rootID : activeTab
    let holder = self[target].parent
    let slot = holder.map { self[$0].children.firstIndex(of: target)! }
    let focusedBefore = focusedPane
    // The tab's panes in the tree's order, and the template's, matched by mark, then the
    // others by title.
    var unused = nodeIDs(within: target).filter { self[$0].isPane }
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
    if let holder, let slot {
      update(holder, in: &transaction) { $0.replaceChild(at: slot, with: built) }
      if template.scope == .tab, self[holder].kind == .tabs {
        update(holder, in: &transaction) { $0.changeTabs { $0.setTitle(title, at: slot) } }
      }
    } else {
      rootID = built
    }
    update(built, in: &transaction) { $0.parent = holder }
    let staying = Set(kept + setAside)
    var closed: [NodeID] = []
    var pending = [target]
    while let id = pending.popLast() {
      guard !staying.contains(id), let node = nodes[id] else { continue }
      if node.isPane { closed.append(id) }
      pending.append(contentsOf: (node.children + node.floatingPanes).reversed())
      set(id, nil, in: &transaction)
    }
    normalizeBuilt(built, in: &transaction)
    let tab = holder.map { self[$0].children[slot!] } ?? rootID
    let opened = nodeIDs(within: tab).filter { self[$0].isPane && !staying.contains($0) }
    mostRecentlyUsed.removeAll { nodes[$0]?.isPane != true }
    if let zoomed = zoomedPane, nodes[zoomed] == nil { zoomedPane = nil }
    focus(nodes[focusedBefore] != nil ? focusedBefore : activePane(in: tab)!, in: &transaction)
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
      for child in children {
        ids.append(
          buildReusing(child, parent: id, matches: matches, next: &next, in: &transaction))
      }
      set(
        id,
        Node(
          id: id, Self.containerContent(of: template, children: ids), parent: parent,
          unknownMembers: template.unknownMembers),
        in: &transaction)
      return id
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
