/// One way to build a node of each kind from its decoded parts, for the file layer (and the
/// tree's own edits): each takes exactly what its kind holds. The parts a node keeps are
/// taken (`consuming`), so a decoder's parts move into the node rather than being copied
/// (a copy of a pane's title retained it, and the decoder's own release gave it back).
extension Node {
  /// A pane: a leaf with its title and router.
  ///
  /// - Parameters:
  ///   - id: The node's id.
  ///   - title: The pane's title.
  ///   - router: The pane's router.
  ///   - parent: The containing node; `nil` for the root.
  ///   - unknownMembers: Members of the stored node this version does not understand.
  ///   - mark: The pane's mark, if it has one.
  package static func pane(
    _ id: NodeID, title: consuming String, router: consuming RouterState, parent: NodeID? = nil,
    unknownMembers: consuming UnknownMembers = UnknownMembers(), mark: consuming String? = nil
  ) -> Node {
    Node(
      id: id, .pane(title: title, router: router), parent: parent, unknownMembers: unknownMembers,
      mark: mark)
  }

  /// A split: children along an axis, each with its weight.
  ///
  /// - Parameters:
  ///   - id: The node's id.
  ///   - axis: The axis the children are laid out along.
  ///   - children: The children's ids in order.
  ///   - weights: Each child's weight; one per child.
  ///   - activeIndex: The index in `children` of the active child.
  ///   - router: The split's own router, if it has one.
  ///   - parent: The containing node; `nil` for the root.
  ///   - unknownMembers: Members of the stored node this version does not understand.
  package static func split(
    _ id: NodeID, axis: Axis, children: consuming [NodeID], weights: consuming [Double],
    activeIndex: Int = 0, router: consuming RouterState? = nil, parent: NodeID? = nil,
    unknownMembers: consuming UnknownMembers = UnknownMembers()
  ) -> Node {
    Node(
      id: id,
      .split(
        axis, NodeChildren(children, slots: weights, activeIndex: activeIndex, router: router)),
      parent: parent, unknownMembers: unknownMembers)
  }

  /// A tabs container: children shown one at a time, each with its tab title.
  ///
  /// - Parameters:
  ///   - id: The node's id.
  ///   - children: The children's ids in tab order.
  ///   - titles: Each tab's title; one per child.
  ///   - activeIndex: The index in `children` of the selected tab.
  ///   - router: The container's own router, if it has one.
  ///   - parent: The containing node; `nil` for the root.
  ///   - unknownMembers: Members of the stored node this version does not understand.
  ///   - floating: Each tab's floating layer; none when empty, else one per child.
  package static func tabs(
    _ id: NodeID, children: consuming [NodeID], titles: [String], activeIndex: Int = 0,
    router: consuming RouterState? = nil, parent: NodeID? = nil,
    unknownMembers: consuming UnknownMembers = UnknownMembers(), floating: [FloatingLayer] = []
  ) -> Node {
    let slots = titles.indices.map { index in
      TabSlot(
        titles[index],
        floating: floating.indices.contains(index) ? floating[index] : FloatingLayer())
    }
    return Node(
      id: id,
      .tabs(NodeChildren(children, slots: slots, activeIndex: activeIndex, router: router)),
      parent: parent, unknownMembers: unknownMembers)
  }

  /// A stack: members along an axis, the active one expanded, the others title bars.
  ///
  /// - Parameters:
  ///   - id: The node's id.
  ///   - axis: The axis the members are stacked along.
  ///   - children: The members' ids in order.
  ///   - activeIndex: The index in `children` of the expanded member.
  ///   - router: The stack's own router, if it has one.
  ///   - parent: The containing node; `nil` for the root.
  ///   - unknownMembers: Members of the stored node this version does not understand.
  package static func stack(
    _ id: NodeID, axis: Axis, children: consuming [NodeID], activeIndex: Int = 0,
    router: consuming RouterState? = nil, parent: NodeID? = nil,
    unknownMembers: consuming UnknownMembers = UnknownMembers()
  ) -> Node {
    Node(
      id: id,
      .stack(
        axis,
        NodeChildren(
          children, slots: Array(repeating: Stacked(), count: children.count),
          activeIndex: activeIndex, router: router)),
      parent: parent, unknownMembers: unknownMembers)
  }

  /// A node of a kind this version does not know, kept as it is.
  ///
  /// - Parameters:
  ///   - id: The node's id.
  ///   - kind: The stored kind's name.
  ///   - parent: The containing node; `nil` for the root.
  ///   - unknownMembers: Every other member of the stored node.
  package static func unknown(
    _ id: NodeID, kind: String, parent: NodeID? = nil,
    unknownMembers: consuming UnknownMembers = UnknownMembers()
  ) -> Node {
    Node(id: id, .unknown(kind), parent: parent, unknownMembers: unknownMembers)
  }
}
