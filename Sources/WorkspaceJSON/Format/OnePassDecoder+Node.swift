import Workspace

extension OnePassDecoder {
  /// The kinds of node the one-pass decoder reads; any other is the reference's.
  private enum Kind {
    case pane, split, tabs
  }

  /// A node's members as the file holds them, in any order, until its closing brace.
  private struct NodeMembers {
    var id: NodeID?
    var kind: Kind?
    var title: String?
    var router: RouterState?
    var axis: Axis?
    var active: Int?
    var weights: [Double]?
    var titles: [String]?
    var children: [NodeID]?
    /// Whether a child is a split of each axis, for the rule that a split holds none of its
    /// own axis.
    var childAxes: (horizontal: Bool, vertical: Bool) = (false, false)
    /// Whether the children were read before the id, so their parent is set afterwards.
    var childrenWithoutParent = false
    var members = ObjectMembers()
  }

  /// Reads a node and its children, adding each to ``nodes``; `depth` is the node's depth in
  /// the tree (the root's is 1).
  ///
  /// - Returns: The node's id, and its axis if it is a split.
  mutating func node(parent: NodeID?, depth: Int) throws(Bail) -> (id: NodeID, axis: Axis?) {
    nodeCount += 1
    guard depth <= limits.maximumTreeDepth, nodeCount <= limits.maximumNodes else { throw Bail() }
    // The node's members lie inside the top-level object, the arrays of children and the
    // objects of the nodes above it.
    let memberDepth = 2 * depth
    var node = NodeMembers()
    guard try openObject() else { throw Bail() }
    repeat {
      let (key, start, length) = try self.key()
      switch key {
      case Self.id:
        try node.members.claim(0)
        let id = try integer(atLeast: 1)
        guard id <= WorkspaceDecoder.maximumID else { throw Bail() }
        node.id = NodeID(id)
      case Self.kind:
        try node.members.claim(1)
        node.kind = try kind()
      case Self.title:
        try node.members.claim(2)
        node.title = try string()
      case Self.router:
        try node.members.claim(3)
        node.router = try router(depth: memberDepth)
      case Self.axis:
        try node.members.claim(4)
        node.axis = try axis()
      case Self.active:
        try node.members.claim(5)
        node.active = try integer(atLeast: 0)
      case Self.weights:
        try node.members.claim(6)
        node.weights = try weights()
      case Self.titles:
        try node.members.claim(7)
        node.titles = try titles()
      case Self.children:
        try node.members.claim(8)
        node.childrenWithoutParent = node.id == nil
        node.children = try children(of: node.id, depth: depth, axes: &node.childAxes)
      default:
        try node.members.append(
          keyText(start: start, count: length), try keptValue(depth: memberDepth))
      }
    } while try next(closing: 0x7D)
    return try add(node, parent: parent)
  }

  /// Builds the node from its members by its kind and adds it: only a pane, split or tabs
  /// container exactly as the reference reads it without a repair.
  private mutating func add(
    _ members: NodeMembers, parent: NodeID?
  ) throws(Bail) -> (id: NodeID, axis: Axis?) {
    guard let id = members.id, let kind = members.kind else { throw Bail() }
    let unknown = members.members.members
    let node: Node
    switch kind {
    case .pane:
      // A pane reads its title and router; members of the containers would be kept.
      guard let router = members.router, members.axis == nil, members.active == nil,
        members.weights == nil, members.titles == nil, members.children == nil
      else { throw Bail() }
      node = .pane(
        id, title: members.title ?? "", router: router, parent: parent, unknownMembers: unknown)
    case .split:
      guard let axis = members.axis, let children = members.children, children.count >= 2,
        let weights = members.weights, weights.count == children.count,
        members.title == nil, members.titles == nil,
        !(axis == .horizontal ? members.childAxes.horizontal : members.childAxes.vertical)
      else { throw Bail() }
      // The reference's test, in its order: positive, finite, summing to 1.
      let total = weights.reduce(0, +)
      guard weights.allSatisfy({ $0.isFinite && $0 > 0 }), abs(total - 1) <= 1e-9 else {
        throw Bail()
      }
      let active = members.active ?? 0
      guard active < children.count else { throw Bail() }
      node = .split(
        id, axis: axis, children: children, weights: weights, activeIndex: active,
        router: members.router, parent: parent, unknownMembers: unknown)
    case .tabs:
      guard let children = members.children, !children.isEmpty,
        let titles = members.titles, titles.count == children.count,
        members.title == nil, members.axis == nil, members.weights == nil
      else { throw Bail() }
      let active = members.active ?? 0
      guard active < children.count else { throw Bail() }
      node = .tabs(
        id, children: children, titles: titles, activeIndex: active, router: members.router,
        parent: parent, unknownMembers: unknown)
    }
    // A repeated id is the reference's to report.
    guard nodes.updateValue(node, forKey: id) == nil else { throw Bail() }
    largestID = max(largestID, id.rawValue)
    if members.childrenWithoutParent {
      for child in node.children { nodes[child]?.parent = id }
    }
    return (id, node.axis)
  }

  /// Reads a container's children, noting which axes of split they hold.
  private mutating func children(
    of parent: NodeID?, depth: Int, axes: inout (horizontal: Bool, vertical: Bool)
  ) throws(Bail) -> [NodeID] {
    var ids: [NodeID] = []
    guard try openArray() else { return ids }
    repeat {
      let (id, axis) = try node(parent: parent, depth: depth + 1)
      ids.append(id)
      switch axis {
      case .horizontal?: axes.horizontal = true
      case .vertical?: axes.vertical = true
      case nil: break
      }
    } while try next(closing: 0x5D)
    return ids
  }

  /// A node's kind: a pane, split or tabs container (a split's axis comes with its own
  /// member); a kind this version does not know is the reference's.
  private mutating func kind() throws(Bail) -> Kind {
    if let (name, _, _) = try name() {
      switch name {
      case Self.pane: return .pane
      case Self.split: return .split
      case Self.tabs: return .tabs
      default: throw Bail()
      }
    }
    switch try string() {
    case "pane": return .pane
    case "split": return .split
    case "tabs": return .tabs
    default: throw Bail()
    }
  }

  /// A split's axis.
  private mutating func axis() throws(Bail) -> Axis {
    if let (name, _, _) = try name() {
      switch name {
      case Self.horizontal: return .horizontal
      case Self.vertical: return .vertical
      default: throw Bail()
      }
    }
    guard let axis = Axis(rawValue: try string()) else { throw Bail() }
    return axis
  }

  /// A split's weights: an array of numbers.
  private mutating func weights() throws(Bail) -> [Double] {
    try array { (decoder: inout Self) throws(Bail) in
      guard let weight = try decoder.number().numberValue else { throw Bail() }
      return weight
    }
  }

  /// A tabs container's titles: an array of strings.
  private mutating func titles() throws(Bail) -> [String] {
    try array { (decoder: inout Self) throws(Bail) in try decoder.string() }
  }

  private static let pane = Key("pane")
  private static let split = Key("split")
  private static let tabs = Key("tabs")
  private static let horizontal = Key("horizontal")
  private static let vertical = Key("vertical")
  private static let id = Key("id")
  private static let kind = Key("kind")
  private static let title = Key("title")
  private static let router = Key("router")
  private static let axis = Key("axis")
  private static let active = Key("active")
  private static let weights = Key("weights")
  private static let titles = Key("titles")
  private static let children = Key("children")
}
