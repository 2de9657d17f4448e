import Workspace

extension OnePassDecoder {
  /// A node's members as the file holds them, in any order, until its closing brace.
  private struct NodeMembers {
    var id: NodeID?
    var kind: StoredNodeKind?
    var title: String?
    var mark: String?
    var router: RouterState?
    var axis: Axis?
    var active: Int?
    var weights: [Double]?
    var titles: [String]?
    var children: [NodeID]?
    /// A tabs container's floating layers, each with its tab's index.
    var floating: [(tab: Int, layer: FloatingLayer)]?
    /// The merging kinds among the children (``MergingKind``), for the rule that a split
    /// (stack) holds no split (stack) of its own axis.
    var childKinds = MergingKind()
    /// Whether the children were read before the id, so their parent is set afterwards.
    var childrenWithoutParent = false
    /// Whether the floating panes were read before the id, so their parent is set afterwards.
    var floatingWithoutParent = false
    var members = ObjectMembers()

    /// The stored active index (default 0), if it names one of `children`; one out of range
    /// is the reference's to repair.
    func activeIndex(among children: [NodeID]) throws(NeedsReference) -> Int {
      let active = active ?? 0
      guard active < children.count else { throw NeedsReference() }
      return active
    }
  }

  /// Reads a node and its children, adding each to ``nodes``; `depth` is the node's depth in
  /// the tree (the root's is 1).
  ///
  /// - Returns: The node's id, and its kind if it is a split or a stack.
  mutating func node(parent: NodeID?, depth: Int) throws(NeedsReference) -> (
    id: NodeID, kind: MergingKind
  ) {
    nodeCount += 1
    guard depth <= limits.maximumTreeDepth, nodeCount <= limits.maximumNodes else {
      throw NeedsReference()
    }
    // The node's members lie inside the top-level object, the arrays of children and the
    // objects of the nodes above it (and a window's array and object, for a window's tree).
    let memberDepth = 2 * depth + nesting
    var node = NodeMembers()
    // Read once: each read of a static table checks its lazy initialisation, a call.
    let nodeKeys = Self.nodeKeys
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, start, length) = try self.key()
      let member = nodeKeys.member(key)
      try node.members.claim(member)
      switch member {
      case .id?:
        let id = try integer(atLeast: 1)
        guard id <= WorkspaceDecoder.maximumID else { throw NeedsReference() }
        node.id = NodeID(id)
      case .kind?:
        node.kind = try name(in: Self.kinds, StoredNodeKind.init(name:))
      case .title?:
        node.title = try string()
      case .mark?:
        // A mark that is not valid, or held already, is the reference's to repair.
        let mark = try string()
        guard WorkspaceState.isValidMark(mark), marks.insert(mark).inserted else {
          throw NeedsReference()
        }
        node.mark = mark
      case .router?:
        node.router = try router(depth: memberDepth)
      case .axis?:
        node.axis = try name(in: Self.axes, Axis.init(rawValue:))
      case .active?:
        node.active = try integer(atLeast: 0)
      case .weights?:
        node.weights = try splitWeights(depth: memberDepth)
      case .titles?:
        node.titles = try titles()
      case .children?:
        node.childrenWithoutParent = node.id == nil
        node.children = try children(of: node.id, depth: depth, kinds: &node.childKinds)
      case .floating?:
        node.floatingWithoutParent = node.id == nil
        node.floating = try floatingLayers(of: node.id, depth: depth)
      default:
        try node.members.append(
          keyText(start: start, count: length), try keptValue(depth: memberDepth))
      }
    } while try next(closing: 0x7D)
    return try add(&node, parent: parent)
  }

  /// Builds the node from its members by its kind and adds it: only a pane, split, tabs
  /// container or stack exactly as the reference reads it without a repair.
  ///
  /// The router and the arrays are moved out of `members` into the node, not copied (a copy
  /// of a router and the release of the one left behind were about 3% of a restore).
  private mutating func add(
    _ members: inout NodeMembers, parent: NodeID?
  ) throws(NeedsReference) -> (id: NodeID, kind: MergingKind) {
    guard let id = members.id, let kind = members.kind else { throw NeedsReference() }
    let unknown = members.members.members
    let node: Node
    var merging = MergingKind()
    switch kind {
    case .pane:
      // A pane reads its title and router; members of the containers would be kept.
      guard let router = members.router.take(), members.axis == nil, members.active == nil,
        members.weights == nil, members.titles == nil, members.children == nil,
        members.floating == nil
      else { throw NeedsReference() }
      // The title and mark are taken out of the members, not copied: each then moves into
      // the node.
      node = .pane(
        id, title: members.title.take() ?? "", router: router, parent: parent,
        unknownMembers: unknown, mark: members.mark.take())
    case .split:
      guard let axis = members.axis, let children = members.children.take(), children.count >= 2,
        let weights = members.weights.take(), weights.count == children.count,
        members.title == nil, members.titles == nil, members.mark == nil,
        members.floating == nil, !members.childKinds.contains(MergingKind(split: axis))
      else { throw NeedsReference() }
      // The reference's test, in its order: positive, finite, summing to 1.
      let total = weights.reduce(0, +)
      guard weights.allSatisfy({ $0.isFinite && $0 > 0 }), abs(total - 1) <= 1e-9 else {
        throw NeedsReference()
      }
      let active = try members.activeIndex(among: children)
      merging = MergingKind(split: axis)
      node = .split(
        id, axis: axis, children: children, weights: weights, activeIndex: active,
        router: members.router.take(), parent: parent, unknownMembers: unknown)
    case .tabs:
      guard let children = members.children.take(), !children.isEmpty,
        let titles = members.titles.take(), titles.count == children.count,
        members.title == nil, members.axis == nil, members.weights == nil, members.mark == nil
      else { throw NeedsReference() }
      let active = try members.activeIndex(among: children)
      var floating = Array(repeating: FloatingLayer(), count: children.count)
      for (tab, layer) in members.floating ?? [] {
        guard floating.indices.contains(tab) else { throw NeedsReference() }
        floating[tab] = layer
      }
      node = .tabs(
        id, children: children, titles: titles, activeIndex: active,
        router: members.router.take(),
        parent: parent, unknownMembers: unknown, floating: floating)
    case .stack:
      guard let axis = members.axis, let children = members.children.take(),
        children.count >= 2, members.weights == nil, members.title == nil, members.titles == nil,
        members.mark == nil, members.floating == nil,
        !members.childKinds.contains(MergingKind(stack: axis))
      else { throw NeedsReference() }
      let active = try members.activeIndex(among: children)
      merging = MergingKind(stack: axis)
      node = .stack(
        id, axis: axis, children: children, activeIndex: active, router: members.router.take(),
        parent: parent, unknownMembers: unknown)
    }
    // The node is moved into the table, not copied (a copy took a reference to its box and
    // the release of the local one gave it back: two atomic operations a node), so what is
    // read of it afterwards is read from the table.
    let fixesParents = members.childrenWithoutParent || members.floatingWithoutParent
    // A repeated id is the reference's to report.
    guard nodes.updateValue(consume node, forKey: id) == nil else { throw NeedsReference() }
    largestID = max(largestID, id.rawValue)
    if fixesParents, let node = nodes[id] {
      if members.childrenWithoutParent {
        for child in node.children { nodes[child]?.parent = id }
      }
      if members.floatingWithoutParent {
        for pane in node.floatingPanes { nodes[pane]?.parent = id }
      }
    }
    return (id, merging)
  }

  /// Reads a container's children, noting which merging kinds they are.
  private mutating func children(
    of parent: NodeID?, depth: Int, kinds: inout MergingKind
  ) throws(NeedsReference) -> [NodeID] {
    var ids: [NodeID] = []
    guard try openArray() else { return ids }
    ids.reserveCapacity(8)
    repeat {
      let (id, kind) = try node(parent: parent, depth: depth + 1)
      ids.append(id)
      kinds.formUnion(kind)
    } while try next(closing: 0x5D)
    return ids
  }

  /// The kinds of node that merge into a parent of their kind and axis, as bits: a split or
  /// stack of each axis (none for other kinds).
  struct MergingKind: OptionSet {
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A split of `axis`.
    init(split axis: Axis) { rawValue = axis == .horizontal ? 1 : 2 }

    /// A stack of `axis`.
    init(stack axis: Axis) { rawValue = axis == .horizontal ? 4 : 8 }
  }

  /// Reads a string that must be one of the names of `table`: a node's kind (a pane, split
  /// or tabs container; a kind this version does not know is the reference's) or a split's
  /// axis. A string that is not plain is read by the reader and named by `name`.
  mutating func name<Name>(
    in table: KeyTable<Name>, _ name: (String) -> Name?
  ) throws(NeedsReference) -> Name {
    let named =
      if let (key, _, _) = try self.name() {
        table.member(key)
      } else {
        name(try string())
      }
    guard let named else { throw NeedsReference() }
    return named
  }

  /// A split's weights: an array of numbers.
  mutating func weights() throws(NeedsReference) -> [Double] {
    try array { (decoder: inout Self) throws(NeedsReference) in
      if let weight = decoder.plainDecimal() { return weight }
      guard let weight = try decoder.number().numberValue else { throw NeedsReference() }
      return weight
    }
  }

  /// A tabs container's titles: an array of strings.
  mutating func titles() throws(NeedsReference) -> [String] {
    try array { (decoder: inout Self) throws(NeedsReference) in try decoder.string() }
  }

  /// The members of the three kinds of node.
  static let nodeKeys = KeyTable(
    StoredNodeKind.allCases.flatMap(\.members).map { (Key($0.spelling), $0) })
  static let kinds = KeyTable(StoredNodeKind.allCases.map { (Key($0.spelling), $0) })
  static let axes = KeyTable(Axis.allCases.map { (Key($0.rawValue), $0) })
}
