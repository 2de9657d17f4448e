/// Repairs of stored states that break the tree's invariants, for the file layer.
extension WorkspaceState {
  /// One repair made to a stored state, naming the node it concerns.
  package struct Repair: Hashable, Sendable {
    /// The node repaired (or removed).
    package let node: NodeID
    /// What was wrong and what was done, lower-case.
    package let message: String
  }

  /// Repairs what the invariants forbid, deepest nodes first: weights that are not
  /// positive, not finite or not summing to 1 are normalised (a container's payload already
  /// holds one weight or title per child); active indices out of range are clamped; empty
  /// containers are removed; splits and stacks with one child collapse; splits inside splits
  /// (stacks inside stacks) of the same axis merge; then focus goes to `focus` if it is a pane, and the most-recently-used
  /// list and zoom are cleaned.
  ///
  /// - Parameter focus: The stored focused pane, if any.
  /// - Returns: The repairs made, or `nil` if the tree holds no pane at all (unrepairable).
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  package mutating func repair(focus: NodeID?) -> [Repair]? {
    // A repair is not an edit: nothing records its before-images.
    var unrecorded = Transaction()
    var repairs: [Repair] = []
    for id in nodeIDs.reversed() {
      guard let node = nodes[id], node.isContainer else { continue }
      repairs += repairFields(of: node, in: &unrecorded)
      let current = self[id]
      if current.children.isEmpty {
        repairs.append(Repair(node: id, message: "empty container removed"))
      } else if current.collapsesWithOneChild {
        let kind = current.axis != nil ? "split" : "stack"
        if current.children.count == 1 {
          repairs.append(Repair(node: id, message: "\(kind) with one child collapsed into it"))
        }
        for child in current.children where self[child].merges(into: current) {
          repairs.append(
            Repair(node: child, message: "\(kind) merged into its parent of the same axis"))
        }
      }
      guard normalize(id, in: &unrecorded) else { return nil }
    }
    guard containsPane(rootID) else { return nil }
    repairs += repairFocus(preferring: focus, in: &unrecorded)
    return repairs
  }

  private mutating func repairFields(
    of node: Node, in transaction: inout Transaction
  ) -> [Repair] {
    var repairs: [Repair] = []
    let id = node.id
    if node.axis != nil {
      let weights = node.weights
      let valid =
        weights.allSatisfy { $0.isFinite && $0 > 0 } && abs(weights.reduce(0, +) - 1) <= 1e-9
      if !valid, !node.children.isEmpty {
        update(id, in: &transaction) {
          $0.changeSplit { $0.setSlots(WorkspaceState.normalized(weights)) }
        }
        repairs.append(Repair(node: id, message: "weights normalised"))
      }
    }
    if !node.children.isEmpty, !node.children.indices.contains(node.activeIndex) {
      let clamped = min(max(0, node.activeIndex), node.children.count - 1)
      update(id, in: &transaction) { $0.setActiveIndex(clamped) }
      repairs.append(Repair(node: id, message: "active index clamped"))
    }
    return repairs
  }

  /// Focuses `focus` if it is a pane (else keeps the active chain, moved onto a pane), and
  /// cleans the most-recently-used list and zoom.
  private mutating func repairFocus(
    preferring focus: NodeID?, in transaction: inout Transaction
  ) -> [Repair] {
    var repairs: [Repair] = []
    let reachable = Set(nodeIDs)
    if let focus {
      if reachable.contains(focus), self[focus].isPane {
        self.focus(focus, in: &transaction)
      } else {
        repairs.append(Repair(node: focus, message: "focus points to no pane; ignored"))
      }
    }
    var chainEnd = focusedPane
    if !self[chainEnd].isPane, let pane = activePane(in: rootID) {
      self.focus(pane, in: &transaction)
      chainEnd = pane
    }
    var seen: Set<NodeID> = []
    let stored = mostRecentlyUsed
    mostRecentlyUsed = stored.filter { id in
      let keep = reachable.contains(id) && self[id].isPane && seen.insert(id).inserted
      if !keep { repairs.append(Repair(node: id, message: "most-recently-used entry removed")) }
      return keep
    }
    if mostRecentlyUsed.count > mostRecentlyUsedLimit {
      mostRecentlyUsed.removeLast(mostRecentlyUsed.count - mostRecentlyUsedLimit)
    }
    touch(chainEnd)
    if let zoomedPane, zoomedPane != chainEnd {
      self.zoomedPane = nil
      repairs.append(Repair(node: zoomedPane, message: "zoom on a pane without focus cleared"))
    }
    return repairs
  }
}

extension WorkspaceState {
  /// Whether the history replays onto the tree: every node keeps one kind in the tree and in
  /// every before-image (as commands never change a node's kind), and undoing every entry
  /// and redoing every redo entry passes through sound trees only (redoing or undoing them
  /// again comes back to this tree by construction). Stored history is trusted only if it
  /// does.
  ///
  /// The kinds matter beyond the replay: focus moves between undo steps, and a pane that an
  /// undo turned into a node of another kind could leave an active child without panes.
  ///
  /// - Parameter treeIsSound: Whether the caller has proved the tree sound (a decoder that
  ///   built it checking every node as it read it), so that it need not be checked again.
  /// - Complexity: O(*n* + *c*·*d*), for *n* nodes, *c* nodes changed by the entries and a
  ///   tree *d* deep; O(*c*·*d*) when the tree is known to be sound.
  package func historyReplays(treeIsSound: Bool = false) -> Bool {
    // Each step is checked where it changed the tree, which needs a sound tree to start from.
    guard treeIsSound || invariantViolations(checkingFocus: false).isEmpty,
      entriesKeepKinds(history.undoEntries, history.redoEntries)
    else { return false }
    /// Restores each journal of `entries`, the last first, onto a copy of this state,
    /// checking the trees it passes through.
    func replays(_ entries: [History.Entry]) -> Bool {
      guard !entries.isEmpty else { return true }
      // What each step replaced, for its check alone: one buffer for every step. Both
      // buffers are this function's own: captured from around it, each use was checked for
      // exclusive access at run time.
      var replaced: [(key: NodeID, value: Node?)] = []
      replaced.reserveCapacity(8)
      var buffers = ChangeCheckBuffers()
      var copy = self
      // By index: an entry taken out of the list was copied and freed, each of its parts
      // retained and released.
      for index in entries.indices.reversed() {
        let (rootID, windowList) = (copy.rootID, copy.windowList)
        // Element by element, as `ChangeCheckBuffers.clear()` empties its buffers:
        // `removeAll(keepingCapacity:)` replaced the whole range through the general code.
        while replaced.popLast() != nil {}
        copy.replay(entries[index].journal, replacing: &replaced)
        // The tree before this step was sound, so only what the step changed is checked;
        // the windows' lists come back with the step's window list and most-recently-used list,
        // so they are too.
        guard
          copy.invariantViolations(
            replacing: replaced, rootID: rootID, windowList: windowList, buffers: &buffers
          ).isEmpty,
          copy.windowListsAreSound()
        else { return false }
      }
      return true
    }
    // Only the first way of each list is checked. The way back restores, the last first, the
    // journals the first way returned: each holds what its step replaced (nodes, root, lists),
    // so the way back passes exactly through the trees the first way started from, already
    // checked, and ends at this tree. It was replayed and compared with this tree before, which
    // could not fail; the redo list now starts from this state itself.
    return replays(history.undoEntries) && replays(history.redoEntries)
  }

  /// Whether every node the journals of `undo` and `redo` hold an image of keeps one kind in
  /// them and in the tree, as commands never change a node's kind.
  ///
  /// The two lists are taken as they are: joined into one, every entry was copied (each of
  /// its parts retained) and the copies freed again.
  ///
  /// - Complexity: O(*c*), for *c* images; a dictionary only of the ids the tree lacks.
  private func entriesKeepKinds(_ undo: [History.Entry], _ redo: [History.Entry]) -> Bool {
    var absent: [NodeID: Node.Kind] = [:]
    return entriesKeepKinds(undo, absent: &absent) && entriesKeepKinds(redo, absent: &absent)
  }

  /// Whether the images of `entries` keep the kinds of the tree and of `absent`, the kinds
  /// the images of earlier entries gave the ids the tree lacks, adding those of these.
  private func entriesKeepKinds(
    _ entries: [History.Entry], absent: inout [NodeID: Node.Kind]
  ) -> Bool {
    for index in entries.indices {
      for case (let id, let image?) in entries[index].journal.nodes {
        if let node = nodes[id] {
          guard node.kind == image.kind else { return false }
        } else if let kind = absent.updateValue(image.kind, forKey: id), kind != image.kind {
          return false
        }
      }
    }
    return true
  }

  /// Whether every window but the active one lists only panes of its own tree, each once, and
  /// zooms at most the first of them, and the active window's list names no pane of another
  /// window: what a history entry's window list and most-recently-used list must hold once
  /// its step is replayed (a stored entry may name any pane; an undo that made another
  /// window active takes that window's list from the entry).
  ///
  /// Called only once the step's own check found the tree sound: with one window, every
  /// node then lies in its tree, and there is no other list, so there is nothing to check.
  ///
  /// - Complexity: O(*p*·*d*), for *p* listed panes and a tree *d* deep.
  private func windowListsAreSound() -> Bool {
    guard windowList.entries.count > 1 else { return true }
    for pane in mostRecentlyUsed where nodes[pane] != nil && windowRoot(of: pane) != rootID {
      return false
    }
    for (index, window) in windowList.entries.enumerated() where index != windowList.active {
      let recent = window.mostRecentlyUsed
      guard Set(recent).count == recent.count,
        window.zoomedPane == nil || window.zoomedPane == recent.first
      else { return false }
      for pane in recent {
        guard nodes[pane]?.isPane == true, windowRoot(of: pane) == window.rootID else {
          return false
        }
      }
    }
    return true
  }
}
