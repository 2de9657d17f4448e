import Workspace

/// A member key of the file format (`docs/FORMAT.md`): every key a workspace file, a templates
/// file or a template stores, each spelled once, here.
///
/// The encoder writes a key with ``spelling``, the decoders look members up by it, and the
/// lists of members an object reads (``topLevelMembers``, ``StoredNodeKind/members``,
/// ``routerMembers``…) are lists of keys. A key's raw value, its position among the cases, is its bit
/// in the set of keys an object held, which the one-pass decoder keeps to find duplicates.
///
///     sink.member(.mostRecentlyUsedLimit, 20)   // "mruLimit": 20
///     object[.root]                             // the value of "root"
enum FormatKey: UInt8, CaseIterable, CustomStringConvertible {
  // The top level of a workspace file, in the order the encoder writes them.
  case format, version, revision, nextID, focus, mostRecentlyUsed, mostRecentlyUsedLimit
  case zoomed, layoutSize, minimumPaneSize, root, history, templates, routeTypes, closed
  // The windows (top level and a history entry's), and a closed window's entry.
  case windows, previousWindow, window
  // A node: an image in history also stores its parent.
  case id, parent, kind, title, axis, active, weights, titles, router, children
  // A pane's mark.
  case mark
  // A router, its modal, and a quarantined route.
  case stack, modal, maxDepth, rejectsDuplicateTop, quarantined, style, token
  // History and its entries.
  case limit, undo, redo, label, zoomChanged, nodes, node
  // A template.
  case name, scope
  // The route types.
  case defaultKind, kinds
  // A closed list's entry and the steps of its place.
  case place, siblings, index, weight
  // A tabs container's floating layers and their panes.
  case floating, tab, focused, hidden, panes, frame, pinned
  // A closed tab's floating layer.
  case layer

  /// The key as the file spells it.
  var spelling: StaticString {
    switch self {
    case .format: "format"
    case .version: "version"
    case .revision: "revision"
    case .nextID: "nextId"
    case .focus: "focus"
    case .mostRecentlyUsed: "mru"
    case .mostRecentlyUsedLimit: "mruLimit"
    case .zoomed: "zoomed"
    case .layoutSize: "layoutSize"
    case .minimumPaneSize: "minimumPaneSize"
    case .root: "root"
    case .history: "history"
    case .templates: "templates"
    case .routeTypes: "routeTypes"
    case .id: "id"
    case .parent: "parent"
    case .kind: "kind"
    case .title: "title"
    case .axis: "axis"
    case .active: "active"
    case .weights: "weights"
    case .titles: "titles"
    case .router: "router"
    case .children: "children"
    case .mark: "mark"
    case .stack: "stack"
    case .modal: "modal"
    case .maxDepth: "maxDepth"
    case .rejectsDuplicateTop: "rejectsDuplicateTop"
    case .quarantined: "quarantined"
    case .style: "style"
    case .token: "token"
    case .limit: "limit"
    case .undo: "undo"
    case .redo: "redo"
    case .label: "label"
    case .zoomChanged: "zoomChanged"
    case .nodes: "nodes"
    case .node: "node"
    case .name: "name"
    case .scope: "scope"
    case .defaultKind: "default"
    case .kinds: "kinds"
    case .closed: "closed"
    case .windows: "windows"
    case .previousWindow: "previousWindow"
    case .window: "window"
    case .place: "place"
    case .siblings: "siblings"
    case .index: "index"
    case .weight: "weight"
    case .floating: "floating"
    case .tab: "tab"
    case .focused: "focused"
    case .hidden: "hidden"
    case .panes: "panes"
    case .frame: "frame"
    case .pinned: "pinned"
    case .layer: "layer"
    }
  }

  /// The key as the file spells it, as a string: for messages and JSON paths.
  var description: String { spelling.description }

  /// The keys' spellings, for a lookup by string.
  static func spellings(_ keys: [FormatKey]) -> Set<String> {
    Set(keys.map(\.description))
  }
}

extension FormatKey {
  /// The members of a workspace file's top-level object; the others are kept as unknown
  /// members.
  static let topLevelMembers: [FormatKey] = [
    .format, .version, .revision, .nextID, .focus, .mostRecentlyUsed, .mostRecentlyUsedLimit,
    .zoomed, .layoutSize, .minimumPaneSize, .root, .history, .templates, .routeTypes, .closed,
    .windows, .previousWindow,
  ]
  static let windowMembers: [FormatKey] = [
    .id, .title, .active, .focus, .mostRecentlyUsed, .zoomed, .layoutSize, .root,
  ]
  /// The members a node of a kind this version does not know reads.
  static let unknownKindNodeMembers: [FormatKey] = [.id, .kind]
  /// The members of a router; the others are kept as unknown members.
  static let routerMembers: [FormatKey] = [
    .kind, .stack, .modal, .maxDepth, .rejectsDuplicateTop, .quarantined,
  ]
  /// The members of a router's modal; the others are kept as unknown members.
  static let modalMembers: [FormatKey] = [.style, .stack]
  /// The members of a router's quarantined route: the token and its one place (`stack`, or
  /// `modal` with its `style`).
  static let quarantinedRouteMembers: [FormatKey] = [.token, .stack, .modal, .style]
  /// The members of a template; the others are kept as unknown members.
  static let templateMembers: [FormatKey] = [.name, .title, .scope, .root, .windows]
  /// The members of a template's window; the others are kept as unknown members.
  static let templateWindowMembers: [FormatKey] = [.id, .title, .active, .root]
  /// The members of a template node's floating layer; the others are kept.
  static let templateFloatingLayerMembers: [FormatKey] = [.focused, .hidden, .panes]
  /// The members of a template's floating pane; the others are kept.
  static let templateFloatingPaneMembers: [FormatKey] = [.frame, .pinned, .node]
  /// The members of a template's router: its kind and the root route; the others are kept.
  static let templateRouterMembers: [FormatKey] = [.kind, .root, .maxDepth, .rejectsDuplicateTop]
  /// The members of the route types; the others are kept as unknown members.
  static let routeTypesMembers: [FormatKey] = [.defaultKind, .kinds]
  /// The members of a closed list's entry; the others are kept as unknown members.
  static let closedEntryMembers: [FormatKey] = [
    .node, .place, .siblings, .window, .index, .floating, .layer,
  ]
  /// The members of a closed floating pane's `floating`: its tab's root, its frame and
  /// whether it was pinned; the others are kept as the pane's unknown members.
  static let closedFloatingMembers: [FormatKey] = [.tab, .frame, .pinned]
  /// The members of a step of a closed entry's place; the others are kept as unknown members.
  static let closedBranchMembers: [FormatKey] = [.parent, .index, .kind, .axis, .weight, .title]
  /// The members of a tabs container's floating layer: its tab's index, whether it has
  /// focus or is hidden, and its panes bottom to top; the others are kept as unknown members.
  static let floatingLayerMembers: [FormatKey] = [.tab, .focused, .hidden, .panes]
  /// The members of a floating pane: its frame, whether it is pinned, and its node (nested in
  /// the tree, an id in history); the others are kept as unknown members.
  static let floatingPaneMembers: [FormatKey] = [.frame, .pinned, .node]
}

/// A kind of node the format knows, with the name the file stores in its `kind` member; a node
/// of any other kind is kept as it is.
enum StoredNodeKind: CaseIterable {
  case pane, split, tabs, stack

  /// The kind's name as the file spells it.
  var spelling: StaticString {
    switch self {
    case .pane: "pane"
    case .split: "split"
    case .tabs: "tabs"
    case .stack: "stack"
    }
  }

  /// The kind's name, as a string.
  var name: String { spelling.description }

  /// The kind the file names `name`, or `nil` for a kind this version does not know.
  init?(name: String) {
    guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
    self = kind
  }

  /// The kind of `kind`, or `nil` for a kind this version does not know.
  init?(_ kind: Node.Kind) {
    switch kind {
    case .pane: self = .pane
    case .split: self = .split
    case .tabs: self = .tabs
    case .stack: self = .stack
    case .unknown: return nil
    }
  }

  /// Whether a node of the kind holds children.
  var isContainer: Bool { self != .pane }

  /// The members a node of the kind reads in the tree and in history; the others are kept as
  /// unknown members.
  var members: [FormatKey] {
    switch self {
    case .pane: Self.paneMembers
    case .split: Self.splitMembers
    case .tabs: Self.tabsMembers
    case .stack: Self.stackMembers
    }
  }

  /// The members a template's node of the kind reads: a node's, without the id (and a
  /// split's active child, which a template does not choose; a stack's expanded member it
  /// does, as a tabs container's selected tab).
  var templateMembers: [FormatKey] {
    switch self {
    case .pane: Self.paneMembers.filter { $0 != .id }
    case .split: Self.splitMembers.filter { $0 != .id && $0 != .active }
    case .tabs: Self.tabsMembers.filter { $0 != .id }
    case .stack: Self.stackMembers.filter { $0 != .id }
    }
  }

  // Stored once: a node's members are looked up for every node read.
  private static let paneMembers: [FormatKey] = [.id, .kind, .title, .mark, .router]
  private static let splitMembers: [FormatKey] = [
    .id, .kind, .axis, .active, .weights, .router, .children,
  ]
  private static let tabsMembers: [FormatKey] = [
    .id, .kind, .active, .titles, .router, .children, .floating,
  ]
  private static let stackMembers: [FormatKey] = [.id, .kind, .axis, .active, .router, .children]
}

extension JSONSink where Self: ~Copyable {
  /// The key of the next member of the open object.
  @inline(__always)
  mutating func key(_ key: FormatKey) {
    self.key(key.spelling)
  }

  /// A member with a number.
  mutating func member(_ key: FormatKey, _ value: Int) {
    self.key(key.spelling)
    number(value)
  }

  /// A member with a string.
  mutating func member(_ key: FormatKey, _ text: String) {
    self.key(key.spelling)
    string(text)
  }

  /// A member with a Boolean.
  mutating func member(_ key: FormatKey, _ value: Bool) {
    self.key(key.spelling)
    bool(value)
  }
}

extension JSONDocument.Object {
  /// The last value stored under `key`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  subscript(key: FormatKey) -> JSONDocument.Value? {
    self[key.spelling]
  }
}

extension JSONDocument.Object.Member {
  /// Whether the key is `key`.
  func hasKey(_ key: FormatKey) -> Bool {
    hasKey(key.spelling)
  }
}

extension JSONObject {
  /// The last value stored under `key`; setting replaces that member in place or appends one.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  subscript(key: FormatKey) -> JSONValue? {
    get { self[key.description] }
    set { self[key.description] = newValue }
  }
}
