/// The invariants of the tree, checked by the tests after every command.
extension WorkspaceState {
  /// Every broken invariant, as a short message naming the node; empty for a valid state.
  ///
  /// The invariants the types cannot state (a node's ``Node/Content`` already gives every
  /// pane a router and no children, and every split and tabs container one weight or title
  /// per child): the root exists and has no parent; every node is reachable from a window's root
  /// exactly once and names its parent; no container is empty; a split has at least two
  /// children, positive weights summing to 1, and no child split of its own axis; a stack has
  /// at least two members and no member stack of its own axis; active
  /// indices are in range and, in a container holding a pane, lead to a pane; ids are
  /// positive and below ``nextID``; the most-recently-used list is non-empty, unique, holds
  /// only panes, starts with the focused pane and respects its limit; a zoomed pane is the
  /// focused pane and does not float; floating layers hold panes at valid frames
  /// (`floatingViolations(of:)`); a router's quarantined tokens stand at indices of at least 0; the closed
  /// list's entries are sound trees (``closedListViolations()``).
  ///
  /// - Parameter checkingFocus: Whether to check the most-recently-used list and zoom too.
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  package func invariantViolations(checkingFocus: Bool = true) -> [String] {
    var problems: [String] = []
    guard let root = nodes[rootID] else { return ["root \(rootID) does not exist"] }
    if root.parent != nil { problems.append("root \(rootID) has a parent") }
    var seen: Set<NodeID> = []
    let roots = windowList.entries.indices.contains(windowList.active) ? windowRoots : [rootID]
    var pending = roots
    var order: [NodeID] = []
    while let id = pending.popLast() {
      guard seen.insert(id).inserted else {
        problems.append("\(id) is reachable twice")
        continue
      }
      guard let node = nodes[id] else {
        problems.append("\(id) is referenced but does not exist")
        continue
      }
      order.append(id)
      problems += violations(of: node)
      for child in node.children + node.floatingPanes {
        if nodes[child]?.parent != id { problems.append("\(child) does not name \(id) as parent") }
        pending.append(child)
      }
      problems += floatingViolations(of: node)
    }
    if seen.count != nodes.count {
      problems.append("\(nodes.count - seen.count) nodes are unreachable from the windows' roots")
    }
    // What follows walks the tree, which is only safe once its shape is sound.
    guard problems.isEmpty else { return problems }
    var holdsPane: [NodeID: Bool] = [:]
    for id in order.reversed() {
      let node = self[id]
      holdsPane[id] = node.isPane || node.children.contains { holdsPane[$0] == true }
      if holdsPane[id] == true, let active = node.activeChild, holdsPane[active] != true {
        problems.append("active child \(active) of \(id) holds no pane")
      }
    }
    if holdsPane[rootID] != true { problems.append("the workspace has no pane") }
    for root in roots.dropFirst() where holdsPane[root] != true {
      problems.append("the window of root \(root) has no pane")
    }
    problems += markViolations(in: order)
    problems += closedListViolations()
    problems += windowViolations(checkingFocus: checkingFocus)
    return checkingFocus ? problems + mostRecentlyUsedViolations() : problems
  }

  /// Traps with the list of violations unless the state is valid.
  func checkInvariants() {
    let problems = invariantViolations()
    precondition(problems.isEmpty, problems.joined(separator: "; "))
  }

  /// The invariants of a tabs container's floating layers: each holds panes, at valid
  /// frames; an empty layer is neither focused nor hidden; a focused layer shows a pane.
  func floatingViolations(of node: Node) -> [String] {
    var problems: [String] = []
    for (index, layer) in node.floatingLayers.enumerated() {
      let tab = "tab \(index + 1) of \(node.id)"
      for pane in layer.panes {
        if nodes[pane.id].map(\.isPane) == false {
          problems.append("floating \(pane.id) of \(tab) is not a pane")
        }
        if !pane.frame.isValid {
          problems.append("floating \(pane.id) of \(tab) has an invalid frame \(pane.frame)")
        }
      }
      if layer.isEmpty, layer.isFocused || layer.isHidden {
        problems.append("the empty floating layer of \(tab) is focused or hidden")
      }
      if layer.isFocused, layer.top == nil {
        problems.append("the focused floating layer of \(tab) shows no pane")
      }
    }
    return problems
  }

  /// The invariants of `node` alone and of its children's axes.
  func violations(of node: Node) -> [String] {
    violations(of: node, checkingChildAxes: true)
  }

  /// The invariants of `node` alone, and of its children's axes with `checkingChildAxes` (a
  /// change check looks its children up for their parents too, and checks their axes then).
  func violations(of node: Node, checkingChildAxes: Bool) -> [String] {
    var problems: [String] = []
    let id = node.id
    if id.rawValue < 1 || id.rawValue >= nextID {
      problems.append("\(id) is outside 1..<\(nextID)")
    }
    // The kinds' payloads rule out a pane with children or without a router, and a split or
    // tabs container whose weights or titles do not match its children.
    switch node.kind {
    case .pane, .unknown:
      break
    case .tabs:
      if node.children.isEmpty { problems.append("tabs \(id) is empty") }
    case .split(let axis):
      if node.children.count < 2 { problems.append("split \(id) has fewer than two children") }
      // The weights read once, both checks in one pass: the sum taken in the order of
      // `reduce(0, +)`.
      var sum = 0.0
      var allPositive = true
      for weight in node.weights {
        if !(weight.isFinite && weight > 0) { allPositive = false }
        sum += weight
      }
      if !allPositive { problems.append("split \(id) has a weight that is not positive") }
      if abs(sum - 1) > 1e-9 { problems.append("weights of split \(id) do not sum to 1") }
      if checkingChildAxes {
        for child in node.children where nodes[child]?.axis == axis {
          problems.append("split \(child) has the axis of its parent \(id)")
        }
      }
    case .stack(let axis):
      if node.children.count < 2 { problems.append("stack \(id) has fewer than two members") }
      if checkingChildAxes {
        for child in node.children where nodes[child]?.stackAxis == axis {
          problems.append("stack \(child) has the axis of its parent \(id)")
        }
      }
    }
    if node.isContainer, !node.children.isEmpty, node.activeChild == nil {
      problems.append("active index \(node.activeIndex) of \(id) is out of range")
    }
    for route in node.router?.quarantined ?? [] where route.place.index < 0 {
      problems.append("quarantined \(route) of \(id) has a negative index")
    }
    return problems
  }

  func mostRecentlyUsedViolations() -> [String] {
    var problems: [String] = []
    if mostRecentlyUsed.isEmpty { problems.append("the most-recently-used list is empty") }
    if Set(mostRecentlyUsed).count != mostRecentlyUsed.count {
      problems.append("the most-recently-used list has repeats")
    }
    if mostRecentlyUsed.count > mostRecentlyUsedLimit {
      problems.append("the most-recently-used list is over its limit")
    }
    for id in mostRecentlyUsed where nodes[id]?.isPane != true {
      problems.append("most-recently-used \(id) is not a pane")
    }
    if nodes[rootID] != nil, let first = mostRecentlyUsed.first, first != focusedPane {
      problems.append("most-recently-used \(first) is not the focused pane \(focusedPane)")
    }
    if let zoomedPane, nodes[rootID] != nil, zoomedPane != focusedPane {
      problems.append("zoomed pane \(zoomedPane) is not the focused pane")
    }
    if let zoomedPane, nodes[zoomedPane] != nil, isFloating(zoomedPane) {
      problems.append("zoomed pane \(zoomedPane) floats")
    }
    return problems
  }
}
