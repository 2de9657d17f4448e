import Workspace

/// The stored closed list, read in the same pass as the tree: each entry's tree (read as a
/// tree of its own, with its own node count, marks and ids), its place and its siblings,
/// exactly as the reference's closed-list code reads a plain entry. Anything else (a closed
/// window, floating pane or layer, a member the format does not know, a step that is not one
/// of the three plain shapes, more entries than the limit, a node in two entries) is a
/// ``OnePassDecoder/NeedsReference``, and the caller hands the value to the reference's own
/// closed-list code instead, which drops what it cannot use with a diagnostic.
extension OnePassDecoder {
  /// The closed list as read in this pass, with what only the next id can check.
  struct ReadClosedList {
    var entries: [ClosedList.Entry] = []
    /// The largest id the entries name (their nodes and siblings): each must lie below the
    /// next id, which the file may store after the list.
    var largestID = 0
  }

  /// Reads the `closed` value: at most ``ClosedList/limit`` plain entries, no node in two.
  mutating func closedList() throws(NeedsReference) -> ReadClosedList {
    var read = ReadClosedList()
    guard try openArray() else { return read }
    var seen: Set<NodeID> = []
    repeat {
      guard read.entries.count < ClosedList.limit else { throw NeedsReference() }
      let entry = try closedEntry(largestID: &read.largestID)
      for id in entry.nodes.keys where !seen.insert(id).inserted { throw NeedsReference() }
      read.entries.append(entry)
    } while try next(closing: 0x5D)
    return read
  }

  /// One entry: its `node`, `place` and (optional) `siblings`, nothing else.
  private mutating func closedEntry(largestID: inout Int) throws(NeedsReference) -> ClosedList.Entry
  {
    var tree: (root: NodeID, nodes: [NodeID: Node])?
    var place: [ClosedList.Branch]?
    var siblings: [NodeID] = []
    var members = ObjectMembers()
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, _, _) = try self.key()
      let member = Self.closedEntryKeys.member(key)
      try members.claim(member)
      switch member {
      case .node?: tree = try closedTree(largestID: &largestID)
      case .place?:
        place = try array { (decoder: inout Self) throws(NeedsReference) in
          try decoder.closedBranch()
        }
      case .siblings?:
        siblings = try ids()
        for sibling in siblings {
          guard sibling.rawValue >= 1 else { throw NeedsReference() }
          largestID = max(largestID, sibling.rawValue)
        }
      default:
        // A closed window, floating pane or layer, or a member the format does not know.
        throw NeedsReference()
      }
    } while try next(closing: 0x7D)
    guard let tree, let place else { throw NeedsReference() }
    return ClosedList.Entry(id: tree.root, nodes: tree.nodes, place: place, siblings: siblings)
  }

  /// An entry's tree, read as the reference reads it: a tree of its own from depth 1, with
  /// its own node count and marks, its root without a parent.
  private mutating func closedTree(
    largestID: inout Int
  ) throws(NeedsReference) -> (root: NodeID, nodes: [NodeID: Node]) {
    // The tree's members lie inside the top level, the list and the entry, as a window's.
    var saved = (nodes: [NodeID: Node](), count: 0, largest: 0, marks: Set<String>(), nesting: 2)
    swapTreeState(with: &saved)
    defer { swapTreeState(with: &saved) }
    let root = try node(parent: nil, depth: 1).id
    largestID = max(largestID, self.largestID)
    return (root, nodes)
  }

  /// Exchanges the state of the tree being read with `other`.
  private mutating func swapTreeState(
    with other:
      inout (
        nodes: [NodeID: Node], count: Int, largest: Int, marks: Set<String>, nesting: Int
      )
  ) {
    swap(&other.nodes, &nodes)
    swap(&other.count, &nodeCount)
    swap(&other.largest, &largestID)
    swap(&other.marks, &marks)
    swap(&other.nesting, &nesting)
  }

  /// A step of an entry's place, in one of its three plain shapes: a split's (`axis` and
  /// `weight`, 0 < weight ≤ 1), a tab's (`title`) or a stack's (`kind` "stack" and `axis`),
  /// each with its container's `parent` id and an `index` of at least 0.
  private mutating func closedBranch() throws(NeedsReference) -> ClosedList.Branch {
    var parent: Int?
    var index: Int?
    var kind: StoredNodeKind?
    var axis: Axis?
    var weight: Double?
    var title: String?
    var members = ObjectMembers()
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, _, _) = try self.key()
      let member = Self.branchKeys.member(key)
      try members.claim(member)
      switch member {
      case .parent?: parent = try anyInteger()
      case .index?: index = try anyInteger()
      case .kind?: kind = try name(in: Self.kinds, StoredNodeKind.init(name:))
      case .axis?: axis = try name(in: Self.axes, Axis.init(rawValue:))
      case .weight?: weight = try number().numberValue
      case .title?: title = try string()
      default: throw NeedsReference()
      }
    } while try next(closing: 0x7D)
    guard let parent, (1...WorkspaceDecoder.maximumID).contains(parent), let index, index >= 0
    else { throw NeedsReference() }
    let slot: ClosedList.Slot
    switch (kind, axis, weight, title) {
    case (.stack?, let axis?, nil, nil): slot = .stack(axis)
    case (nil, let axis?, let weight?, nil) where weight > 0 && weight <= 1:
      slot = .split(axis, weight: weight)
    case (nil, nil, nil, let title?): slot = .tab(title)
    default: throw NeedsReference()
    }
    return ClosedList.Branch(parent: NodeID(parent), index: index, slot: slot)
  }

  private static let closedEntryKeys = KeyTable(keys: [.node, .place, .siblings])
  private static let branchKeys = KeyTable(keys: FormatKey.closedBranchMembers)
}
