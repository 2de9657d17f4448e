import PaneRouter

/// The whole state of a workspace as a value: the tree of panes, splits and tabs, focus, the
/// most-recently-used panes, zoom and the undo history.
///
/// Apply ``WorkspaceCommand``s with `apply(_:)`: each either fully applies or throws and
/// leaves the state unchanged. The focused pane is found by following the active child of
/// every container from the root.
public struct WorkspaceState: Sendable {
  /// Every node by id.
  package internal(set) var nodes: [NodeID: Node]
  /// The root node's id.
  public package(set) var rootID: NodeID
  /// The id the next new node gets; ids are never reused.
  public package(set) var nextID: Int
  /// Recently focused panes, most recent first, without repeats.
  public package(set) var mostRecentlyUsed: [NodeID]
  /// The pane shown alone in its tab, if zoomed.
  public package(set) var zoomedPane: NodeID?
  /// The undo and redo history.
  public package(set) var history: History
  /// Members of the stored workspace this version does not understand.
  public package(set) var unknownMembers: UnknownMembers
  /// The workspace's templates, saved with it: `template save` adds one, `template apply`
  /// opens a tab from one. Undo and redo leave them as they are.
  public package(set) var templates: TemplateLibrary
  /// How many panes ``mostRecentlyUsed`` keeps.
  public package(set) var mostRecentlyUsedLimit: Int
  /// The size of the area the panes were last laid out in, as a host or `wsctl show` drew
  /// them, or `nil` if none was recorded; see ``layoutArea``.
  public package(set) var layoutSize: Size?
  /// The workspace's own minimum pane size, or `nil` for ``defaultMinimumPaneSize``; see
  /// ``paneMinimum``.
  public package(set) var minimumPaneSize: Size?
  /// How many times the file this state was read from or saved to has been written: every
  /// save that writes increases it (`WorkspaceStore` does), commands never change it; 0 for
  /// a state never saved.
  public package(set) var revision: Int
  /// The routes the host that saved the file reads, by kind, as it published them
  /// (``RouteRegistry/schema``): what `wsctl` checks and completes tokens against; empty when
  /// no host published one. Commands, undo and redo leave it as it is.
  public package(set) var routeSchema: RouteSchema
  /// The panes and tabs closed most recently, with their routers and where they stood: what
  /// `reopen` brings back. Undo and redo leave it as it is (see ``ClosedList``).
  public package(set) var closed: ClosedList
  /// The workspace's windows in order and the active one; the members above that describe a
  /// tree (``rootID``, ``mostRecentlyUsed``, ``zoomedPane``, ``layoutSize``) are the active
  /// window's, and every command acts in it (see ``windows``).
  public package(set) var windowList: WindowList

  /// The default number of panes the most-recently-used list keeps.
  public static let defaultMostRecentlyUsedLimit = 32

  /// Creates a workspace from a tree template, assigning ids in depth-first order from 1 and
  /// focusing the pane that the active children lead to.
  ///
  /// The template must contain at least one pane.
  ///
  ///     let state = WorkspaceState(
  ///       .split(.horizontal, [.pane("Inbox", root: MailRoute.inbox), .pane("Detail", root: MailRoute.detail(7))]))
  ///
  /// - Parameter template: The tree.
  public init(_ template: NodeTemplate) {
    nodes = [:]
    rootID = NodeID(1)
    nextID = 1
    mostRecentlyUsed = []
    zoomedPane = nil
    history = History()
    unknownMembers = UnknownMembers()
    templates = TemplateLibrary()
    mostRecentlyUsedLimit = WorkspaceState.defaultMostRecentlyUsedLimit
    layoutSize = nil
    minimumPaneSize = nil
    revision = 0
    routeSchema = RouteSchema()
    closed = ClosedList()
    windowList = WindowList(
      Window(identifier: Window.firstIdentifier, title: "", rootID: rootID, mostRecentlyUsed: []))
    var unrecorded = Transaction()
    rootID = build(template, parent: nil, in: &unrecorded)
    precondition(containsPane(rootID), "a workspace needs at least one pane")
    normalizeStructure(from: rootID, in: &unrecorded)
    mostRecentlyUsed = [focusedPane]
  }

  /// Creates a workspace from stored parts, for the file layer, which validates them with
  /// ``checkInvariants()`` or repairs them first.
  package init(
    nodes: [NodeID: Node], rootID: NodeID, nextID: Int, mostRecentlyUsed: [NodeID],
    zoomedPane: NodeID?, history: History, unknownMembers: UnknownMembers,
    mostRecentlyUsedLimit: Int = WorkspaceState.defaultMostRecentlyUsedLimit,
    layoutSize: Size? = nil, minimumPaneSize: Size? = nil, revision: Int = 0,
    templates: TemplateLibrary = TemplateLibrary(), routeSchema: RouteSchema = RouteSchema(),
    closed: ClosedList = ClosedList(), windowList: WindowList? = nil
  ) {
    self.windowList =
      windowList
      ?? WindowList(
        Window(
          identifier: Window.firstIdentifier, title: "", rootID: rootID, mostRecentlyUsed: []))
    self.closed = closed
    self.templates = templates
    self.routeSchema = routeSchema
    self.nodes = nodes
    self.rootID = rootID
    self.nextID = nextID
    self.mostRecentlyUsed = mostRecentlyUsed
    self.zoomedPane = zoomedPane
    self.history = history
    self.unknownMembers = unknownMembers
    self.mostRecentlyUsedLimit = mostRecentlyUsedLimit
    self.layoutSize = layoutSize
    self.minimumPaneSize = minimumPaneSize
    self.revision = revision
  }

  /// The node with an id, or `nil` if there is none.
  ///
  /// - Complexity: O(1).
  public func node(_ id: NodeID) -> Node? {
    nodes[id]
  }

  /// The node with an id that must exist.
  subscript(id: NodeID) -> Node {
    guard let node = nodes[id] else { preconditionFailure("no node \(id)") }
    return node
  }

  /// The number of nodes in the tree.
  public var nodeCount: Int { nodes.count }

  /// The root node.
  public var root: Node { self[rootID] }

  /// Every node id, in depth-first order from the root: a tabs container's floating panes
  /// come after its tabs.
  ///
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  public var nodeIDs: [NodeID] {
    nodeIDs(within: rootID)
  }

  /// The ids of a node and every node inside it, floating panes included, in depth-first
  /// order.
  ///
  /// - Complexity: O(*n*), where *n* is the number of nodes inside.
  func nodeIDs(within id: NodeID) -> [NodeID] {
    var order: [NodeID] = []
    var pending = [id]
    while let next = pending.popLast() {
      order.append(next)
      let node = self[next]
      pending.append(contentsOf: (node.children + node.floatingPanes).reversed())
    }
    return order
  }

  /// Every pane id, in depth-first order from the root.
  ///
  /// - Complexity: O(*n*), where *n* is the number of nodes.
  public var paneIDs: [NodeID] {
    nodeIDs.filter { self[$0].isPane }
  }

  /// The ancestors of a node, nearest first.
  ///
  /// - Complexity: O(*d*), where *d* is the node's depth.
  public func ancestors(of id: NodeID) -> [NodeID] {
    var result: [NodeID] = []
    var current = nodes[id]?.parent
    while let ancestor = current {
      result.append(ancestor)
      current = self[ancestor].parent
    }
    return result
  }

  /// Whether `id` is `ancestor` or lies inside it.
  func isWithin(_ id: NodeID, _ ancestor: NodeID) -> Bool {
    id == ancestor || ancestors(of: id).contains(ancestor)
  }

  /// Adds the nodes of a template with fresh ids (recording them in `transaction`) and
  /// returns the id of its root; the caller attaches it and normalises the structure.
  ///
  /// - Complexity: O(*n*), for *n* nodes in the template.
  mutating func build(
    _ template: NodeTemplate, parent: NodeID?, in transaction: inout Transaction
  ) -> NodeID {
    let id = makeID()
    let content: Node.Content
    switch template.content {
    case .pane(let title, let router):
      content = .pane(title: title, router: template.router ?? router)
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      var ids: [NodeID] = []
      for child in children { ids.append(build(child, parent: id, in: &transaction)) }
      var layers: [FloatingLayer] = []
      if case .tabs = template.content {
        for child in children {
          layers.append(buildFloating(child.floatingLayer, parent: id, in: &transaction))
        }
      }
      content = Self.containerContent(of: template, children: ids, floating: layers)
    }
    set(
      id, Node(id: id, content, parent: parent, unknownMembers: template.unknownMembers),
      in: &transaction)
    if let mark = template.mark { moveMark(mark, to: id, in: &transaction) }
    return id
  }

  /// Adds the floating panes of a tab's layer template with fresh ids, their parent the tabs
  /// container `parent`, and returns the layer; an empty layer for `nil`.
  ///
  /// - Complexity: O(*f*), for *f* floating panes.
  mutating func buildFloating(
    _ layer: FloatingLayerTemplate?, parent: NodeID, in transaction: inout Transaction
  ) -> FloatingLayer {
    guard let layer else { return FloatingLayer() }
    var built = FloatingLayer(isFocused: layer.isFocused, isHidden: layer.isHidden)
    built.unknownMembers = layer.unknownMembers
    for pane in layer.panes {
      var floating = FloatingPane(
        build(pane.pane, parent: parent, in: &transaction), frame: pane.frame,
        isPinned: pane.isPinned)
      floating.unknownMembers = pane.unknownMembers
      built.panes.append(floating)
    }
    return built
  }

  /// The content of a container built from `template`, its children already built as `ids`
  /// (one per child of the template), and for tabs each tab's floating layer (none, or one
  /// per child): weights normalised, the selected tab or expanded member clamped to the
  /// children.
  static func containerContent(
    of template: NodeTemplate, children ids: [NodeID], floating: [FloatingLayer] = []
  ) -> Node.Content {
    let last = max(0, ids.count - 1)
    switch template.content {
    case .pane:
      preconditionFailure("a pane is not a container")
    case .split(let axis, _, let weights):
      return .split(axis, NodeChildren(ids, slots: normalized(weights), router: template.router))
    case .tabs(_, let titles, let selected):
      return .tabs(
        NodeChildren(
          ids,
          slots: titles.indices.map { index in
            TabSlot(
              titles[index],
              floating: floating.indices.contains(index) ? floating[index] : FloatingLayer())
          }, activeIndex: min(max(0, selected), last),
          router: template.router))
    case .stack(let axis, _, let expanded):
      return .stack(
        axis,
        NodeChildren(
          ids, slots: Array(repeating: Stacked(), count: ids.count),
          activeIndex: min(max(0, expanded), last), router: template.router))
    }
  }

  /// Weights scaled to sum to 1, with non-positive or non-finite weights replaced by the mean
  /// of the valid ones (or all equal when none is valid or the sum overflows), each at least
  /// `Double.leastNormalMagnitude` (so none underflows to 0): the one
  /// normalisation, for commands, templates, layout, repair and the file layer.
  ///
  /// - Complexity: O(*n*), where *n* is the number of weights.
  package static func normalized(_ weights: [Double]) -> [Double] {
    let valid = weights.filter { $0.isFinite && $0 > 0 }
    let fallback = valid.isEmpty ? 1 : valid.reduce(0, +) / Double(valid.count)
    let repaired = weights.map { $0.isFinite && $0 > 0 ? $0 : fallback }
    let total = repaired.reduce(0, +)
    guard total.isFinite, total > 0, fallback.isFinite else {
      return Array(repeating: 1 / Double(weights.count), count: weights.count)
    }
    // A share too small to tell from nothing (1e-300 beside 1e300) keeps the least normal
    // share, so that every weight stays positive, as a file must hold it.
    return repaired.map { max($0 / total, .leastNormalMagnitude) }
  }
}

extension WorkspaceState: Equatable {
  /// Compares the tree, focus, history, layout settings (the recorded layout size and the
  /// minimum pane size), templates, the published route schema, the closed list, the windows
  /// and kept members; the revision (which counts saves, not content) is ignored.
  public static func == (lhs: WorkspaceState, rhs: WorkspaceState) -> Bool {
    lhs.rootID == rhs.rootID && lhs.nextID == rhs.nextID
      && lhs.mostRecentlyUsed == rhs.mostRecentlyUsed && lhs.zoomedPane == rhs.zoomedPane
      && lhs.mostRecentlyUsedLimit == rhs.mostRecentlyUsedLimit
      && lhs.layoutSize == rhs.layoutSize && lhs.minimumPaneSize == rhs.minimumPaneSize
      && lhs.unknownMembers == rhs.unknownMembers && lhs.nodes == rhs.nodes
      && lhs.history == rhs.history && lhs.templates == rhs.templates
      && lhs.routeSchema == rhs.routeSchema && lhs.closed == rhs.closed
      && lhs.windowList == rhs.windowList
  }
}
