/// One node of a workspace tree: a pane (a leaf with a router), a split, a tabs container, or
/// a node of a kind this version does not know (kept, but never focused).
///
/// Nodes refer to each other by ``NodeID``; the ``WorkspaceState`` owns them all.
public struct Node: Equatable, Sendable {
  /// The node's stable id.
  public let id: NodeID
  /// The containing node; `nil` for the root.
  public package(set) var parent: NodeID?
  /// What the node is.
  public package(set) var kind: Kind
  /// The pane's title; empty for containers.
  public package(set) var title: String
  /// The container's children in order (left to right, top to bottom, or tab order).
  public package(set) var children: [NodeID]
  /// The split's weight of each child, positive and summing to 1; empty for other kinds.
  public package(set) var weights: [Double]
  /// The tabs container's title of each tab; empty for other kinds.
  public package(set) var tabTitles: [String]
  /// The index in ``children`` of the active child (the selected tab of a tabs container).
  public package(set) var activeIndex: Int
  /// The node's router: always present on a pane, optional on a container.
  public package(set) var router: RouterState?
  /// Members of the stored node this version does not understand.
  public package(set) var unknownMembers: UnknownMembers

  /// The kinds of node.
  public enum Kind: Hashable, Sendable {
    /// A leaf that owns a router.
    case pane
    /// Children laid out along an axis with weights.
    case split(Axis)
    /// Children shown one at a time.
    case tabs
    /// A stored node kind this version does not know, kept as it is.
    case unknown(String)
  }

  /// Creates a node with no children.
  ///
  /// - Parameters:
  ///   - id: The node's id.
  ///   - kind: What the node is.
  package init(id: NodeID, kind: Kind, parent: NodeID? = nil) {
    self.id = id
    self.parent = parent
    self.kind = kind
    self.title = ""
    self.children = []
    self.weights = []
    self.tabTitles = []
    self.activeIndex = 0
    self.router = nil
    self.unknownMembers = UnknownMembers()
  }

  /// Whether the node is a pane.
  public var isPane: Bool { kind == .pane }

  /// Whether the node is a split or tabs container.
  public var isContainer: Bool {
    switch kind {
    case .split, .tabs: true
    case .pane, .unknown: false
    }
  }

  /// The split's axis, or `nil` for other kinds.
  public var axis: Axis? {
    if case .split(let axis) = kind { axis } else { nil }
  }

  /// The active child's id, or `nil` for a node without children.
  public var activeChild: NodeID? {
    children.indices.contains(activeIndex) ? children[activeIndex] : nil
  }
}
