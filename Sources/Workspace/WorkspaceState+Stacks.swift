/// `stack [left|right|up|down]` and `unstack`: stacks, Zellij's stacked panes and i3's stacking
/// layout, made from splits and back.
///
/// A stack shows its active member expanded and every other member as a title bar, one row
/// each (a vertical stack) or one column each (a horizontal one), in member order (see
/// ``layout(in:minimumPaneSize:)``). Focus expands: focusing a pane makes every stack on its
/// path expand the member holding it, as it selects a tab. A stack has two members at least
/// (one with a single member collapses into it, as a split does) and holds no stack of its
/// own axis (it merges, as a split of a split's axis does); a member may be any node, a split
/// or a stack of the other axis among them.
extension WorkspaceState {
  /// The pane a stack member's title bar stands for, with its number and title: the member
  /// itself if it is a pane, else the pane its active children lead to (the one focusing the
  /// bar focuses); `nil` for a node that is not in the tree or holds no pane.
  ///
  ///     // SV(*Editor, H(Log, *Shell)): the second member's bar reads "3 Shell"
  ///     state.titledPane(of: member)  // the Shell pane
  ///
  /// - Complexity: O(*d*), for a member *d* deep, or O(*n*) when its active children end on
  ///   a node of an unknown kind.
  public func titledPane(of member: NodeID) -> NodeID? {
    nodes[member] == nil ? nil : activePane(in: member)
  }

  /// `stack`: the focused pane's split becomes a stack of its axis, its children the members
  /// in order, the focused pane's member expanded; `stack DIRECTION`: the focused pane joins
  /// the stack of the pane that way (the one directional focus would reach), next to it on
  /// the side it came from, or makes a stack of the direction's axis with it in its place.
  ///
  /// The pane keeps its id, title and router, and focus. A pane already in a stack (without a
  /// direction), or in the stack it would join, is already so: nothing changes. Refused for a
  /// pane not in a split (``WorkspaceError/noSplitToStack(_:)``), with no pane that way
  /// (``WorkspaceError/noNeighbour(_:)``), when a container's router would be lost by a merge
  /// (``WorkspaceError/mergeWouldDropRouter(_:)``), and, as `join`, when a pane would end up
  /// below the minimum pane size at the layout size.
  mutating func stack(
    towards direction: Direction?, in transaction: inout Transaction
  ) throws(WorkspaceError) {
    let pane = focusedPane
    guard let direction else {
      guard let parent = self[pane].parent else { throw .noSplitToStack(pane) }
      if self[parent].stackAxis != nil { return }
      guard let axis = self[parent].axis else { throw .noSplitToStack(pane) }
      try convert(parent, in: &transaction) { id, node in
        .stack(
          id, axis: axis, children: node.children, activeIndex: node.activeIndex,
          router: node.router, parent: node.parent, unknownMembers: node.unknownMembers)
      }
      return
    }
    guard let neighbour = neighbour(of: pane, towards: direction) else {
      throw .noNeighbour(direction)
    }
    if let parent = self[pane].parent, parent == self[neighbour].parent,
      self[parent].stackAxis != nil
    {
      return
    }
    let before = measuredLayout
    takeOut(pane, in: &transaction)
    // The side it came from: a pane moving right or down stands before its neighbour.
    let offset = direction.isForward ? 0 : 1
    if let parent = self[neighbour].parent, self[parent].stackAxis != nil {
      let index = self[parent].children.firstIndex(of: neighbour)! + offset
      insert(pane, into: parent, at: index, in: &transaction)
    } else {
      let stack = makeID()
      set(stack, .stack(stack, axis: direction.axis, children: []), in: &transaction)
      replace(neighbour, with: stack, in: &transaction)
      insert(neighbour, into: stack, at: 0, in: &transaction)
      insert(pane, into: stack, at: offset, in: &transaction)
    }
    zoomedPane = nil
    focus(pane, in: &transaction)
    try refuseShrinking(below: before, blaming: neighbour)
  }

  /// `unstack`: the stack around the focused pane (its nearest) becomes a split of its axis,
  /// the members its children in order with equal weights, the expanded one active; a pane in
  /// no stack is already so: nothing changes.
  ///
  /// Refused when a container's
  /// router would be lost by a merge (``WorkspaceError/mergeWouldDropRouter(_:)``), and when
  /// a pane shown in full would end up below the minimum pane size at the layout size
  /// (``WorkspaceError/noSpaceToUnstack(_:size:minimum:)``): a title bar becomes a pane, which
  /// needs the room.
  mutating func unstack(in transaction: inout Transaction) throws(WorkspaceError) {
    let pane = focusedPane
    guard let stack = ancestors(of: pane).first(where: { self[$0].stackAxis != nil }) else {
      return
    }
    let before = measuredLayout
    let axis = self[stack].stackAxis!
    let count = self[stack].children.count
    try convert(stack, in: &transaction) { id, node in
      .split(
        id, axis: axis, children: node.children,
        weights: Array(repeating: 1 / Double(count), count: count),
        activeIndex: node.activeIndex, router: node.router, parent: node.parent,
        unknownMembers: node.unknownMembers)
    }
    for (id, rect) in measuredLayout where self[id].isPane && !hasMinimumSize(rect) {
      // A title bar that became a pane, or a pane that had the minimum.
      if before[id].map(hasMinimumSize) ?? true {
        throw .noSpaceToUnstack(
          stack, size: before[stack]?.size ?? layoutArea, minimum: paneMinimum)
      }
    }
  }

  /// Replaces a container by a node of another kind with the same children, router, active
  /// child and kept members under a new id (commands never change a node's kind, which undo
  /// and the stored history rely on), then normalises it and its parent: it may merge into
  /// its parent, and children of its new kind and axis into it.
  private mutating func convert(
    _ id: NodeID, in transaction: inout Transaction, as make: (NodeID, Node) -> Node
  ) throws(WorkspaceError) {
    let old = self[id]
    let new = makeID()
    let node = make(new, old)
    if let parent = old.parent, node.merges(into: self[parent]), node.router != nil,
      self[parent].router != nil
    {
      throw .mergeWouldDropRouter(id)
    }
    for child in old.children where self[child].merges(into: node) {
      if node.router != nil, self[child].router != nil { throw .mergeWouldDropRouter(child) }
    }
    set(new, node, in: &transaction)
    for child in old.children {
      update(child, in: &transaction) { $0.parent = new }
    }
    if let parent = old.parent {
      update(parent, in: &transaction) { $0.replaceChild(id, with: new) }
    } else {
      rootID = new
    }
    set(id, nil, in: &transaction)
    normalize(new, in: &transaction)
    if let parent = nodes[new]?.parent ?? old.parent, nodes[parent] != nil {
      normalize(parent, in: &transaction)
    }
  }

  /// Refuses, as `split` and `join` are refused, a change that left a pane shown in full
  /// below ``paneMinimum`` at ``layoutArea`` that had it in `before`.
  private func refuseShrinking(
    below before: [NodeID: Rect], blaming besides: NodeID
  ) throws(WorkspaceError) {
    for (id, rect) in measuredLayout where self[id].isPane && !hasMinimumSize(rect) {
      if id == focusedPane || before[id].map(hasMinimumSize) == true {
        throw .noSpaceForNewPane(
          besides, size: before[besides]?.size ?? layoutArea, minimum: paneMinimum)
      }
    }
  }
}
