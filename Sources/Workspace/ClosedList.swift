/// The panes and tabs closed most recently, each with its whole subtree as it was (ids,
/// titles, routers with their stacks, modals, quarantined tokens, kinds and limits) and where
/// it stood, saved with the workspace: what `reopen` brings back.
///
/// `close` and `tab close` record one entry each (a tab with everything in it, its floating
/// panes too; a floating pane with its tab and rectangle). The list is
/// not part of undo: an entry whose nodes are in the tree again (undo brought them back, or
/// `reopen` did) stays in the list but is not reopenable while they are, so undoing a
/// `reopen` or redoing a `close` makes it reopenable again and nothing is ever reopened
/// twice. A newer entry replaces an older one that holds any of its nodes; past
/// ``limit`` entries the oldest goes.
public struct ClosedList: Equatable, Sendable {
  /// One closed pane or tab.
  public struct Entry: Equatable, Sendable {
    /// The closed node: a pane, or a tab's root.
    public let id: NodeID
    /// The node and everything inside it, by id, as they were; the closed node has no parent.
    package let nodes: [NodeID: Node]
    /// Where it stood: its container first, then that container's ancestors out to the root.
    public let place: [Branch]
    /// The other children of its container when it was closed, in order: those before it
    /// (``Branch/index`` of them) and those after it.
    public let siblings: [NodeID]
    /// Members of the stored entry this version does not understand.
    public package(set) var unknownMembers: UnknownMembers
    /// For a closed window (`window close`): the window and where it stood; `id` is then
    /// its root, and ``place`` and ``siblings`` are empty.
    public let window: WindowPlace?
    /// For a closed floating pane: its tab, rectangle and pinned flag; ``place`` is then its
    /// tab's (the tabs container first, with the tab's index and title) and ``siblings`` the
    /// other floating panes of its tab, bottom to top.
    public let floating: FloatingPlace?
    /// For a closed tab: its floating panes (their nodes are in the entry without a parent),
    /// which come back with it; empty otherwise.
    public let layer: FloatingLayer

    /// An entry from its parts; the closed node `id` must be in `nodes` with no parent, and
    /// so must each pane of `layer`.
    package init(
      id: NodeID, nodes: [NodeID: Node], place: [Branch], siblings: [NodeID],
      unknownMembers: UnknownMembers = UnknownMembers(), window: WindowPlace? = nil,
      floating: FloatingPlace? = nil, layer: FloatingLayer = FloatingLayer()
    ) {
      precondition(nodes[id] != nil, "an entry holds its closed node")
      precondition(layer.ids.allSatisfy { nodes[$0] != nil }, "an entry holds its layer's panes")
      self.window = window
      self.floating = floating
      self.layer = layer
      self.id = id
      self.nodes = nodes
      self.place = place
      self.siblings = siblings
      self.unknownMembers = unknownMembers
    }

    /// The closed node.
    public var node: Node { nodes[id]! }

    /// Whether the entry is a closed floating pane.
    public var isFloating: Bool { floating != nil }

    /// The nodes of the closed node's own tree: the entry's nodes without the panes of ``layer``.
    public var treeNodes: [NodeID: Node] {
      guard !layer.isEmpty else { return nodes }
      var tree = nodes
      for pane in layer.ids { tree[pane] = nil }
      return tree
    }

    /// The ids of the closed node and everything inside it, depth-first, then the panes of
    /// ``layer``, bottom to top.
    ///
    /// - Complexity: O(*n*), for *n* nodes in the entry.
    public var nodeIDs: [NodeID] {
      var order: [NodeID] = []
      var pending = layer.ids.reversed() + [id]
      while let next = pending.popLast() {
        order.append(next)
        let node = nodes[next]
        pending.append(
          contentsOf: ((node?.children ?? []) + (node?.floatingPanes ?? [])).reversed())
      }
      return order
    }

    /// The sibling just before the closed node in its container, if any.
    public var siblingBefore: NodeID? {
      guard let index = place.first?.index, index > 0, index <= siblings.count else { return nil }
      return siblings[index - 1]
    }

    /// The sibling just after the closed node in its container, if any.
    public var siblingAfter: NodeID? {
      guard let index = place.first?.index, index >= 0, index < siblings.count else { return nil }
      return siblings[index]
    }

    /// The siblings nearest first (the one just before, the one just after, then outwards),
    /// each with 1 if the closed node stood after it, 0 if before.
    public var siblingsByDistance: [(sibling: NodeID, offset: Int)] {
      guard let index = place.first?.index else { return [] }
      var order: [(sibling: NodeID, offset: Int)] = []
      for distance in 0..<siblings.count {
        let before = index - 1 - distance
        let after = index + distance
        if siblings.indices.contains(before) { order.append((siblings[before], 1)) }
        if siblings.indices.contains(after) { order.append((siblings[after], 0)) }
      }
      return order
    }

    /// The title a tab made for it gets: the title of the tab it was, or stood in, else the
    /// title of the pane its active children lead to.
    public var tabTitle: String {
      for branch in place {
        if case .tab(let title) = branch.slot { return title }
      }
      var current = id
      while let child = nodes[current]?.activeChild { current = child }
      return nodes[current]?.title ?? ""
    }

    /// Every router of the entry's nodes changed by `repair`.
    mutating func repairRouters(_ repair: (RouterState) -> RouterState) {
      var repaired = nodes
      for (id, node) in nodes {
        guard let router = node.router else { continue }
        let new = repair(router)
        if new != router { repaired[id]!.setRouter(new) }
      }
      self = Entry(
        id: id, nodes: repaired, place: place, siblings: siblings, unknownMembers: unknownMembers,
        window: window, floating: floating, layer: layer)
    }
  }

  /// Where a closed floating pane stood: its tab, its rectangle and whether it was pinned.
  public struct FloatingPlace: Equatable, Sendable {
    /// The root of its tab's tiled tree when it closed: `reopen` brings it back into the tab
    /// that holds this node.
    public let tab: NodeID
    /// The pane as its layer held it: its id, rectangle (fractions of the tab's area),
    /// pinned flag and kept members.
    public let pane: FloatingPane

    /// A place from its parts.
    package init(tab: NodeID, pane: FloatingPane) {
      self.tab = tab
      self.pane = pane
    }
  }

  /// A closed window and its 0-based index among the windows when it closed.
  public struct WindowPlace: Equatable, Sendable {
    /// The window as it was: identifier, title, root, focus, zoom and size.
    public let window: Window
    /// Its index among the windows.
    public let index: Int

    /// A place from its parts.
    package init(window: Window, index: Int) {
      self.window = window
      self.index = index
    }
  }

  /// One step of where a closed node stood: a container and the node's (or its branch's)
  /// index and slot in it.
  public struct Branch: Equatable, Sendable {
    /// The container.
    public let parent: NodeID
    /// The 0-based index among the container's children.
    public let index: Int
    /// Its weight in a split, its title in a tabs container, or its stack's axis.
    public let slot: Slot
    /// Members of the stored step this version does not understand.
    public package(set) var unknownMembers: UnknownMembers

    /// A step from its parts.
    package init(
      parent: NodeID, index: Int, slot: Slot, unknownMembers: UnknownMembers = UnknownMembers()
    ) {
      self.parent = parent
      self.index = index
      self.slot = slot
      self.unknownMembers = unknownMembers
    }
  }

  /// A child's slot in its container.
  public enum Slot: Equatable, Sendable {
    /// In a split of the axis, with its weight (0 < weight < 1).
    case split(Axis, weight: Double)
    /// A tab with its title.
    case tab(String)
    /// A member of a stack of the axis.
    case stack(Axis)
  }

  /// The most entries kept, as VS Code keeps its recently closed editors.
  public static let limit = 20

  /// The entries, oldest first: `reopen` takes the last reopenable one.
  public package(set) var entries: [Entry]

  /// An empty list.
  public init() {
    entries = []
  }

  /// A list of stored entries, oldest first; the file layer checks them first.
  package init(entries: [Entry]) {
    self.entries = entries
  }

  /// Whether the list holds no entry.
  public var isEmpty: Bool { entries.isEmpty }

  /// Adds the newest entry, dropping any older one that holds one of its nodes (a later
  /// close of the same pane) and the oldest past ``limit``.
  ///
  /// - Complexity: O(*n*), for *n* nodes in the list.
  mutating func record(_ entry: Entry) {
    entries.removeAll { old in old.nodes.keys.contains { entry.nodes[$0] != nil } }
    entries.append(entry)
    if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
  }

  /// Every entry's routers changed by `repair`.
  mutating func repairRouters(_ repair: (RouterState) -> RouterState) {
    for index in entries.indices { entries[index].repairRouters(repair) }
  }
}
