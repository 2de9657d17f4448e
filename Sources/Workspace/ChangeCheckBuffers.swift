/// The arrays a change check works in, kept from one check to the next: a stored history's
/// replay checks each of its steps, and making them again for every step (the near nodes,
/// a chain, the two maps' arrays, the roots) cost more than a sound step's own checks.
struct ChangeCheckBuffers {
  /// The windows' roots, the active window's first.
  var roots: [NodeID] = []
  /// The nodes near the change, each with whether its chain of parents is walked.
  var near: [(id: NodeID, walksChain: Bool)] = []
  /// The chain of parents walked last.
  var chain: [NodeID] = []
  /// The nodes found to reach a root, whose containers were checked.
  var reachesRoot = SmallNodeMap<Void>()
  /// Whether the subtree at a node holds a pane, for the containers looked at.
  var holdsPane = SmallNodeMap<Bool>()

  /// Empty buffers, with room for a chain as deep as most trees.
  init() {
    chain.reserveCapacity(16)
  }

  /// Empties every buffer, keeping its room.
  mutating func clear() {
    // Element by element: the buffers hold a few ids each, and `removeAll(keepingCapacity:)`
    // replaced their whole range through the general code, about 80 instructions a buffer.
    while roots.popLast() != nil {}
    while near.popLast() != nil {}
    while chain.popLast() != nil {}
    reachesRoot.removeAll()
    holdsPane.removeAll()
  }
}
