/// The invariants a change can break, checked where it made them: the cost of a check grows
/// with the change, not with the tree.
extension WorkspaceState {
  /// The invariants, apart from focus, that a change broke, given that the state before the
  /// change was sound: empty exactly when ``invariantViolations(checkingFocus:)`` with
  /// `checkingFocus: false` is empty, for a change that replaced only the nodes `previous`
  /// names and the root.
  ///
  /// `previous` holds what the change replaced: each node it changed as it was before (`nil`
  /// for a node it added) and the root before, as ``restore(_:in:)`` returns it.
  ///
  /// A sound tree changed only at some nodes can break an invariant only near them. The
  /// check takes the changed nodes, and of those that did not keep their place
  /// (`Node.keepsPlace(of:)`: another node's check reads only a node's kind, parent, children
  /// and floating panes) the parents before and after and the children (floating panes too)
  /// they held before and hold no more, and both roots if the root changed; for each that
  /// exists it checks the node itself (kind, weights, active index, ids, its children's
  /// axes), that it and its parent and children name each other, that its chain of parents
  /// reaches the root, and that every container on that chain whose subtree holds a pane has
  /// an active child holding one (a chain stops at a node of an earlier chain, whose
  /// containers were checked with it). A changed node that kept its place, with a parent and
  /// near for no other reason, has no chain walked, only its own active child looked at: the
  /// nodes on its chain kept their parents or are near with their chains walked, and what a
  /// subtree holds changes only below a node that changed place. A node no longer reachable
  /// from the root has a changed node on its chain of parents, whose check fails; a
  /// container whose subtree holds no changed node is as it was; an unchanged child a
  /// changed node holds is where it was, as the changed node's check finds it naming that
  /// node. The few nodes a step looks at are kept in arrays, not hashed sets
  /// (`SmallNodeMap`).
  ///
  /// - Parameter previous: What the change replaced.
  /// - Returns: The broken invariants, as short messages naming a node; empty for a sound
  ///   state. The messages may differ from the full check's.
  /// - Complexity: O(*c*·*d*) for *c* changed nodes and their neighbours and a tree *d*
  ///   deep, plus the panes looked for below the containers on their chains.
  package func invariantViolations(since previous: Journal) -> [String] {
    var buffers = ChangeCheckBuffers()
    return invariantViolations(
      replacing: previous.nodes, rootID: previous.rootID, windowList: previous.windowList,
      buffers: &buffers)
  }

  /// ``invariantViolations(since:)`` for a change that replaced `replaced`, each node as it
  /// was before (`nil` for one it added), and the root and window list `rootID` and
  /// `windowList`: a replayed step's check gets them from ``replay(_:replacing:)`` without a
  /// journal, and keeps `buffers` from one step to the next.
  func invariantViolations(
    replacing replaced: some Sequence<(key: NodeID, value: Node?)>, rootID previousRootID: NodeID,
    windowList previousWindowList: WindowList, buffers: inout ChangeCheckBuffers
  ) -> [String] {
    guard let root = nodes[rootID] else { return ["root \(rootID) does not exist"] }
    var problems: [String] = []
    if root.parent != nil { problems.append("root \(rootID) has a parent") }
    // Every window's root is a root; a window opened, closed or switched changes them. Kept
    // in the buffers: an array made for every step, most often of the one root, cost a
    // step's check an allocation and its release.
    buffers.clear()
    Self.appendRoots(rootID, windowList, to: &buffers.roots)
    let roots = buffers.roots
    // The nodes near the change, in an array sorted and rid of repeats below: a step names
    // a few nodes, and hashing them into a set cost more than checking them. Each says
    // whether its chain of parents is walked: not for a changed node that kept its place,
    // unless it is near for another reason too. Room for a few of each changed node's
    // neighbours: grown from empty, the array was reallocated twice for most steps.
    buffers.near.reserveCapacity(2 * replaced.underestimatedCount + 4)
    // With one window before and after, the roots are the two roots alone.
    if roots.count > 1 || previousWindowList.entries.count > 1 || rootID != previousRootID {
      let previousRoots = Self.roots(previousRootID, previousWindowList)
      if roots != previousRoots {
        for id in Set(roots).symmetricDifference(previousRoots) { buffers.near.append((id, true)) }
      }
    }
    for other in roots where other != rootID {
      guard let node = nodes[other] else {
        problems.append("root \(other) of a window does not exist")
        continue
      }
      if node.parent != nil { problems.append("root \(other) of a window has a parent") }
    }
    for (id, before) in replaced {
      let after = nodes[id]
      // A node that kept its place (kind, parent, children, floating panes) changes no
      // neighbour's check, which reads only those of it: its own check is all its change can
      // break (a pane's routes, a container's weights or active child). Most steps of a
      // host's history are such. Its chain is not walked: every node on it kept its parent
      // or changed it, and one that changed it is near with its own chain walked; and no
      // container on it holds a pane other than before, as only a node that changed place
      // (near, its chain walked through that container) changes what a subtree holds.
      if let before, let after, before.keepsPlace(of: after) {
        buffers.near.append((id, false))
        continue
      }
      buffers.near.append((id, true))
      if let parent = before?.parent { buffers.near.append((parent, true)) }
      if let parent = after?.parent { buffers.near.append((parent, true)) }
      // The children it held before and holds no more. One it holds now (it may have held it
      // before too) is checked by its own check if it changed, and otherwise needs none: this
      // node's check finds it naming this node as parent, which it did before the step too,
      // so this node held it then, in a sound tree, and it is where it was, with what it held
      // (a child below it that changed place puts it in `near` as a parent); this node's chain
      // checks the containers above it, and everything below it is as it was.
      guard let before else { continue }
      for child in before.children + before.floatingPanes
      where after?.slotIndex(of: child) == nil {
        buffers.near.append((child, true))
      }
    }
    if buffers.near.count > 1 { buffers.near.sort { $0.id < $1.id } }
    let near = buffers.near
    var last: NodeID?
    var walksAny = false
    for (position, (id, walksChain)) in near.enumerated() where id != last {
      last = id
      guard let node = nodes[id] else { continue }
      // Appended only when there is something to append: a sound step has nothing, and
      // joining empty lists cost a few hundred instructions a node.
      let linkProblems = links(of: node, roots: roots)
      if !linkProblems.isEmpty { problems += linkProblems }
      let nodeProblems = violations(of: node, checkingChildAxes: false)
      if !nodeProblems.isEmpty { problems += nodeProblems }
      let floatingProblems = floatingViolations(of: node)
      if !floatingProblems.isEmpty { problems += floatingProblems }
      // The same id near for another reason, which walks its chain, follows it in order. A
      // root (or a node that lost its parent) is walked whatever it kept.
      var walks = walksChain || node.parent == nil
      var following = position + 1
      while !walks, following < near.count, near[following].id == id {
        walks = near[following].walksChain
        following += 1
      }
      if !walks {
        // Its own active child, which the step may have moved.
        if let active = node.activeChild, !holds(active, &buffers.holdsPane),
          holds(id, &buffers.holdsPane)
        {
          problems.append("active child \(active) of \(id) holds no pane")
        }
        continue
      }
      walksAny = true
      guard chainToRoot(from: id, roots: roots, known: &buffers.reachesRoot, into: &buffers.chain)
      else {
        problems.append("\(id) is unreachable from the windows' roots")
        continue
      }
      for container in buffers.chain {
        let node = container == id ? node : self[container]
        // The active child first: it holds a pane in a sound tree, and then whether the
        // container does is not needed (nor looked for, below its other children); that it
        // does is noted, for the root's check below, which then looks no further.
        guard let active = node.activeChild else { continue }
        if holds(active, &buffers.holdsPane) {
          buffers.holdsPane[container] = true
        } else if holds(container, &buffers.holdsPane) {
          problems.append("active child \(active) of \(container) holds no pane")
        }
      }
    }
    // The root held a pane before the step, and only a node that changed place, whose chain
    // is walked, changes what a subtree holds.
    if walksAny, !holds(rootID, &buffers.holdsPane) {
      problems.append("the workspace has no pane")
    }
    for other in roots where other != rootID && nodes[other] != nil {
      guard near.contains(where: { $0.id == other }), !holds(other, &buffers.holdsPane) else {
        continue
      }
      problems.append("the window of root \(other) has no pane")
    }
    return problems
  }

  /// The windows' roots, `rootID` (the active window's) first, as ``windowRoots`` lists
  /// them for `windowList`: one array, not three.
  private static func roots(_ rootID: NodeID, _ windowList: WindowList) -> [NodeID] {
    var roots: [NodeID] = []
    appendRoots(rootID, windowList, to: &roots)
    return roots
  }

  /// Appends the windows' roots, as ``roots(_:_:)`` lists them, to `roots`.
  private static func appendRoots(
    _ rootID: NodeID, _ windowList: WindowList, to roots: inout [NodeID]
  ) {
    roots.append(rootID)
    guard windowList.entries.count > 1 else { return }
    roots.reserveCapacity(roots.count + windowList.entries.count - 1)
    for (index, window) in windowList.entries.enumerated() where index != windowList.active {
      roots.append(window.rootID)
    }
  }

  /// Whether `node`, its parent and its children name each other, each child once, and no
  /// child has the axis of the split or stack `node` is: each child looked up once for both
  /// (``violations(of:checkingChildAxes:)`` leaves the axes to this check).
  private func links(of node: Node, roots: [NodeID]) -> [String] {
    var problems: [String] = []
    let id = node.id
    if !roots.contains(id) {
      if let parent = node.parent.flatMap({ nodes[$0] }) {
        if !parent.children.contains(id), parent.tabIndex(floating: id) == nil {
          problems.append("\(id) names \(parent.id) as parent, which does not hold it")
        }
      } else {
        problems.append("\(id) has no parent in the tree")
      }
    }
    // Joined only when there are floating panes: a container's own children are most often
    // all, and joining them allocated an array for each node checked.
    let floating = node.floatingPanes
    let children = floating.isEmpty ? node.children : node.children + floating
    // The axis a child must not share, if the node is a split or a stack.
    let splitAxis = node.axis
    let stackAxis = node.stackAxis
    if Self.holdsRepeat(children) { problems.append("\(id) holds a child twice") }
    for child in children {
      let held = nodes[child]
      if held?.parent != id { problems.append("\(child) does not name \(id) as parent") }
      if let splitAxis, held?.axis == splitAxis {
        problems.append("split \(child) has the axis of its parent \(id)")
      }
      if let stackAxis, held?.stackAxis == stackAxis {
        problems.append("stack \(child) has the axis of its parent \(id)")
      }
    }
    return problems
  }

  /// Whether `ids` holds an id twice: compared pairwise when there are few, as a container
  /// holds, else through a set.
  private static func holdsRepeat(_ ids: [NodeID]) -> Bool {
    guard ids.count > 16 else {
      for index in ids.indices.dropFirst() where ids[..<index].contains(ids[index]) {
        return true
      }
      return false
    }
    return Set(ids).count != ids.count
  }

  /// Puts the nodes from `id` up to the first that is a root or in `known`, that one only if
  /// it is a root, in `chain`, `id` first; `false` when the chain of parents leaves the tree
  /// or loops. `known` holds the nodes of the chains found to reach a root, whose containers
  /// were checked then: an empty chain when `id` is one of them.
  private func chainToRoot(
    from id: NodeID, roots: [NodeID], known: inout SmallNodeMap<Void>,
    into chain: inout [NodeID]
  ) -> Bool {
    chain.removeAll(keepingCapacity: true)
    var current = id
    while !known.contains(current) {
      chain.append(current)
      if roots.contains(current) { break }
      // A chain longer than the tree has nodes loops.
      guard chain.count <= nodes.count, let parent = nodes[current]?.parent else { return false }
      current = parent
    }
    for node in chain { known.insert(node) }
    return true
  }

  /// Whether the subtree at `id` holds a pane; stops at the first pane found.
  private func holds(_ id: NodeID, _ memo: inout SmallNodeMap<Bool>) -> Bool {
    if let known = memo[id] { return known }
    guard let node = nodes[id] else { return false }
    // A pane is found again with one look-up, cheaper than keeping it: most calls ask of a
    // pane (the active child of a split of panes).
    if node.isPane { return true }
    // Marked first, so that a loop of children in a broken tree ends.
    memo[id] = false
    for child in node.children where holds(child, &memo) {
      memo[id] = true
      return true
    }
    return false
  }
}
