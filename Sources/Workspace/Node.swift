/// One node of a workspace tree: a pane (a leaf with a router), a split, a tabs container, a
/// stack, or a node of a kind this version does not know (kept, but never focused).
///
/// What a node holds depends on its kind, and only that: its ``content`` is a ``Content``
/// whose payload is exactly the kind's (a pane's title and router; a split's axis and its
/// children with their weights; a tabs container's tabs with their titles; a stack's axis and
/// members), so a pane with
/// children or a split without weights cannot be written down. Nodes refer to each other by
/// ``NodeID``; the ``WorkspaceState`` owns them all.
///
/// A node is a value; its parts live in one immutable box, so copying a node (reading it
/// from the tree, recording its before-image in a transaction) copies one reference, and a
/// change puts a new box in its place.
public struct Node: Sendable {
  /// The node's parts; never changed in place, replaced by a change.
  private var storage: Storage

  /// The node's stable id.
  public var id: NodeID { storage.id }

  /// The containing node; `nil` for the root.
  public package(set) var parent: NodeID? {
    get { storage.parent }
    set {
      storage = Storage(
        storage.id, newValue, storage.content, storage.unknownMembers, mark: storage.mark)
    }
  }

  /// What the node is, with what that kind holds.
  public package(set) var content: Content {
    get { storage.content }
    set {
      storage = Storage(
        storage.id, storage.parent, newValue, storage.unknownMembers, mark: storage.mark)
    }
  }

  /// Members of the stored node this version does not understand.
  public package(set) var unknownMembers: UnknownMembers {
    get { storage.unknownMembers }
    set {
      storage = Storage(storage.id, storage.parent, storage.content, newValue, mark: storage.mark)
    }
  }

  /// The pane's mark: a name unique in the workspace by which commands find it (`at editor
  /// push x`, `focus editor`), or `nil`; a container never holds one. See
  /// ``WorkspaceState/isValidMark(_:)``.
  public package(set) var mark: String? {
    get { storage.mark }
    set {
      storage = Storage(
        storage.id, storage.parent, storage.content, storage.unknownMembers, mark: newValue)
    }
  }

  /// What a node is, with exactly what each kind holds.
  public enum Content: Equatable, Sendable {
    /// A leaf: its title and router.
    case pane(title: String, router: RouterState)
    /// Children laid out along an axis, each with its weight.
    case split(Axis, NodeChildren<Double>)
    /// Children shown one at a time, each with its tab's slot: its title and floating panes.
    case tabs(NodeChildren<TabSlot>)
    /// Members along an axis, the active one expanded and each other one a title bar: one
    /// row of a vertical stack, one column of a horizontal one.
    case stack(Axis, NodeChildren<Stacked>)
    /// A stored node kind this version does not know, kept as it is.
    case unknown(String)
  }

  /// The kinds of node.
  public enum Kind: Hashable, Sendable {
    /// A leaf that owns a router.
    case pane
    /// Children laid out along an axis with weights.
    case split(Axis)
    /// Children shown one at a time.
    case tabs
    /// Members along an axis, one expanded, the others title bars.
    case stack(Axis)
    /// A stored node kind this version does not know, kept as it is.
    case unknown(String)
  }

  /// A node with its content.
  ///
  /// - Parameters:
  ///   - id: The node's id.
  ///   - content: What the node is, with what that kind holds.
  ///   - parent: The containing node; `nil` for the root or a node not yet placed.
  ///   - unknownMembers: Members of the stored node this version does not understand.
  package init(
    id: NodeID, _ content: Content, parent: NodeID? = nil,
    unknownMembers: UnknownMembers = UnknownMembers(), mark: String? = nil
  ) {
    storage = Storage(id, parent, content, unknownMembers, mark: mark)
  }

  /// The parts of a node, shared by its copies.
  private final class Storage: Sendable {
    let id: NodeID
    let parent: NodeID?
    let content: Content
    let unknownMembers: UnknownMembers
    let mark: String?

    /// What a node holds for the moment its content changes.
    static let placeholder = Storage(NodeID(0), nil, .unknown(""), UnknownMembers(), mark: nil)

    init(
      _ id: NodeID, _ parent: NodeID?, _ content: Content, _ unknownMembers: UnknownMembers,
      mark: String?
    ) {
      self.id = id
      self.parent = parent
      self.content = content
      self.unknownMembers = unknownMembers
      self.mark = mark
    }
  }

  /// What the node is.
  public var kind: Kind {
    switch content {
    case .pane: .pane
    case .split(let axis, _): .split(axis)
    case .tabs: .tabs
    case .stack(let axis, _): .stack(axis)
    case .unknown(let name): .unknown(name)
    }
  }

  /// Whether the node is a pane.
  public var isPane: Bool {
    if case .pane = content { true } else { false }
  }

  /// Whether the node is a split, tabs container or stack.
  public var isContainer: Bool {
    switch content {
    case .split, .tabs, .stack: true
    case .pane, .unknown: false
    }
  }

  /// The split's axis, or `nil` for other kinds (a stack's is ``stackAxis``).
  public var axis: Axis? {
    if case .split(let axis, _) = content { axis } else { nil }
  }

  /// The stack's axis (`vertical`: members top to bottom, each collapsed one a row), or `nil`
  /// for other kinds.
  public var stackAxis: Axis? {
    if case .stack(let axis, _) = content { axis } else { nil }
  }

  /// The pane's title; empty for other kinds.
  public var title: String {
    if case .pane(let title, _) = content { title } else { "" }
  }

  /// The container's children in order (left to right, top to bottom, or tab order); empty
  /// for other kinds.
  public var children: [NodeID] {
    switch content {
    case .split(_, let children): children.ids
    case .tabs(let children): children.ids
    case .stack(_, let children): children.ids
    case .pane, .unknown: []
    }
  }

  /// The split's weight of each child, positive and summing to 1; empty for other kinds.
  public var weights: [Double] {
    if case .split(_, let children) = content { children.slots } else { [] }
  }

  /// The tabs container's title of each tab; empty for other kinds.
  public var tabTitles: [String] {
    if case .tabs(let children) = content { children.slots.map(\.title) } else { [] }
  }

  /// The tabs container's floating layer of each tab; empty for other kinds.
  public var floatingLayers: [FloatingLayer] {
    if case .tabs(let children) = content { children.slots.map(\.floating) } else { [] }
  }

  /// The ids of the floating panes of every tab of a tabs container, tab by tab, each layer
  /// bottom to top; empty for other kinds.
  public var floatingPanes: [NodeID] {
    guard case .tabs(let children) = content else { return [] }
    return children.slots.flatMap { $0.floating.ids }
  }

  /// Whether `other` stands where this node does: the same kind (axis included), parent,
  /// children and floating panes, in order. What else differs (routes, titles, weights,
  /// the active child, floating frames) no other node's invariants read.
  func keepsPlace(of other: Node) -> Bool {
    kind == other.kind && parent == other.parent && children == other.children
      && floatingPanes == other.floatingPanes
  }

  /// The index of the child `id` in ``children``, or of the tab whose floating layer holds
  /// it; `nil` if it is neither.
  public func slotIndex(of id: NodeID) -> Int? {
    children.firstIndex(of: id) ?? tabIndex(floating: id)
  }

  /// The index of the tab whose layer holds the floating pane `id`, or `nil`.
  public func tabIndex(floating id: NodeID) -> Int? {
    guard case .tabs(let children) = content else { return nil }
    return children.slots.firstIndex { $0.floating.index(of: id) != nil }
  }

  /// The index in ``children`` of the active child (the selected tab of a tabs container, the
  /// expanded member of a stack); 0 for other kinds.
  public var activeIndex: Int {
    switch content {
    case .split(_, let children): children.activeIndex
    case .tabs(let children): children.activeIndex
    case .stack(_, let children): children.activeIndex
    case .pane, .unknown: 0
    }
  }

  /// The node's router: always present on a pane, optional on a container, none on a node of
  /// an unknown kind.
  public var router: RouterState? {
    switch content {
    case .pane(_, let router): router
    case .split(_, let children): children.router
    case .tabs(let children): children.router
    case .stack(_, let children): children.router
    case .unknown: nil
    }
  }

  /// The active child's id, or `nil` for a node without children.
  public var activeChild: NodeID? {
    switch content {
    case .split(_, let children): children.activeChild
    case .tabs(let children): children.activeChild
    case .stack(_, let children): children.activeChild
    case .pane, .unknown: nil
    }
  }
}

extension Node: Equatable {
  /// Whether two nodes have the same id, parent, content, mark and kept members; a node and its
  /// copy compare equal without looking inside.
  public static func == (lhs: Node, rhs: Node) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.id == rhs.id && lhs.parent == rhs.parent && lhs.content == rhs.content
        && lhs.unknownMembers == rhs.unknownMembers && lhs.mark == rhs.mark)
  }
}

extension Node {
  /// Changes the children of a split, tabs container or stack; a pane or a node of an
  /// unknown kind has none.
  ///
  /// - Parameters:
  ///   - split: Changes a split's children with their weights.
  ///   - tabs: Changes a tabs container's children with their titles.
  ///   - stack: Changes a stack's members.
  mutating func changeChildren(
    split: (inout NodeChildren<Double>) -> Void, tabs: (inout NodeChildren<TabSlot>) -> Void,
    stack: (inout NodeChildren<Stacked>) -> Void
  ) {
    let id = id
    changeContent { content in
      // The payload is moved out of `content` while it changes, so its arrays are not copied.
      switch content {
      case .split(let axis, var children):
        content = .unknown("")
        split(&children)
        content = .split(axis, children)
      case .tabs(var children):
        content = .unknown("")
        tabs(&children)
        content = .tabs(children)
      case .stack(let axis, var children):
        content = .unknown("")
        stack(&children)
        content = .stack(axis, children)
      case .pane, .unknown:
        preconditionFailure("\(id) has no children")
      }
    }
  }

  /// Changes the content in place: the node's box lets go of it first, so that `change` owns
  /// its arrays alone when no other copy of the node shares them, and a new box takes it.
  private mutating func changeContent(_ change: (inout Content) -> Void) {
    let (id, parent, unknownMembers, mark) = (
      storage.id, storage.parent, storage.unknownMembers, storage.mark
    )
    var content = storage.content
    storage = Storage.placeholder
    change(&content)
    storage = Storage(id, parent, content, unknownMembers, mark: mark)
  }

  /// Changes the children of a split with their weights.
  mutating func changeSplit(_ change: (inout NodeChildren<Double>) -> Void) {
    let id = id
    changeChildren(
      split: change, tabs: { _ in preconditionFailure("\(id) is not a split") },
      stack: { _ in preconditionFailure("\(id) is not a split") })
  }

  /// Changes the children of a tabs container with their titles.
  mutating func changeTabs(_ change: (inout NodeChildren<TabSlot>) -> Void) {
    let id = id
    changeChildren(
      split: { _ in preconditionFailure("\(id) is not a tabs container") }, tabs: change,
      stack: { _ in preconditionFailure("\(id) is not a tabs container") })
  }

  /// Changes the members of a stack.
  mutating func changeStack(_ change: (inout NodeChildren<Stacked>) -> Void) {
    let id = id
    changeChildren(
      split: { _ in preconditionFailure("\(id) is not a stack") },
      tabs: { _ in preconditionFailure("\(id) is not a stack") }, stack: change)
  }

  /// Whether a node of this kind merges into a parent of `parent`'s kind: a split into a split
  /// of its axis, a stack into a stack of its axis.
  func merges(into parent: Node) -> Bool {
    switch (kind, parent.kind) {
    case (.split(let axis), .split(let parentAxis)), (.stack(let axis), .stack(let parentAxis)):
      axis == parentAxis
    default: false
    }
  }

  /// Whether the container collapses into its child when it holds only one: a split or a
  /// stack (a tabs container keeps a single tab).
  var collapsesWithOneChild: Bool {
    switch kind {
    case .split, .stack: true
    case .pane, .tabs, .unknown: false
    }
  }

  /// Puts `new` in the place of the child at `index`, keeping its slot.
  mutating func replaceChild(at index: Int, with new: NodeID) {
    changeChildren(
      split: { $0.replaceID(at: index, with: new) }, tabs: { $0.replaceID(at: index, with: new) },
      stack: { $0.replaceID(at: index, with: new) })
  }

  /// Sets the active child's index of a container.
  mutating func setActiveIndex(_ index: Int) {
    changeChildren(
      split: { $0.activeIndex = index }, tabs: { $0.activeIndex = index },
      stack: { $0.activeIndex = index })
  }

  /// Puts `new` in the place of the child `old`, keeping its slot; does nothing if `old` is
  /// not a child.
  mutating func replaceChild(_ old: NodeID, with new: NodeID) {
    guard let index = children.firstIndex(of: old) else { return }
    replaceChild(at: index, with: new)
  }

  /// Sets the pane's title.
  mutating func setTitle(_ title: String) {
    guard case .pane(_, let router) = content else { preconditionFailure("\(id) is not a pane") }
    content = .pane(title: title, router: router)
  }

  /// Sets the node's router: a pane's (never removed), or a container's.
  mutating func setRouter(_ router: RouterState?) {
    switch content {
    case .pane(let title, _):
      guard let router else { preconditionFailure("a pane keeps its router") }
      content = .pane(title: title, router: router)
    case .split, .tabs, .stack:
      changeChildren(
        split: { $0.router = router }, tabs: { $0.router = router },
        stack: { $0.router = router })
    case .unknown:
      precondition(router == nil, "a node of an unknown kind has no router")
    }
  }
}
