import PaneRouter

/// A description of a tree to build a ``WorkspaceState`` from, without ids.
///
///     let template = NodeTemplate.tabs([
///       ("Mail", .split(.horizontal, [
///         .pane("Inbox", root: MailRoute.inbox),
///         .pane("Message", root: MailRoute.detail(7)),
///       ])),
///       ("Settings", .pane("Settings", root: MailRoute.settings)),
///     ])
///
/// Building repairs what the tree's invariants forbid: a split with one child collapses into
/// it, a split inside a split of the same axis merges, weights are normalised, and empty
/// containers are dropped. A ``WorkspaceTemplate`` names a node template and lets its titles
/// and route arguments hold placeholders.
public struct NodeTemplate: Equatable, Sendable {
  package indirect enum Content: Equatable, Sendable {
    case pane(title: String, router: RouterState)
    case split(Axis, children: [NodeTemplate], weights: [Double])
    case tabs(children: [NodeTemplate], titles: [String], selected: Int)
  }

  /// What the node is, with its children.
  package let content: Content
  /// The router a container owns, if any.
  package let router: RouterState?
  /// Members of a stored node this version does not understand, kept with it.
  package var unknownMembers: UnknownMembers

  package init(_ content: Content, router: RouterState? = nil) {
    self.content = content
    self.router = router
    self.unknownMembers = UnknownMembers()
  }

  /// A pane with a title and a stored router.
  ///
  /// - Parameters:
  ///   - title: The pane's title.
  ///   - router: The pane's router.
  public static func pane(_ title: String, router: RouterState) -> NodeTemplate {
    NodeTemplate(.pane(title: title, router: router))
  }

  /// A pane with a title and a router holding only `root`.
  ///
  /// - Parameters:
  ///   - title: The pane's title.
  ///   - root: The root route of the pane's router.
  public static func pane<R: Route>(_ title: String, root: R) -> NodeTemplate {
    .pane(title, router: RouterState(root: root))
  }

  /// A split of children along an axis.
  ///
  /// - Parameters:
  ///   - axis: `.horizontal` for side by side, `.vertical` for stacked.
  ///   - children: The children, left to right or top to bottom.
  ///   - weights: The share of each child; equal shares if `nil`.
  public static func split(
    _ axis: Axis, _ children: [NodeTemplate], weights: [Double]? = nil
  ) -> NodeTemplate {
    let weights = weights ?? Array(repeating: 1, count: children.count)
    precondition(weights.count == children.count, "one weight per child")
    return NodeTemplate(.split(axis, children: children, weights: weights))
  }

  /// A tabs container.
  ///
  /// - Parameters:
  ///   - tabs: Each tab's title and content.
  ///   - selected: The 0-based index of the selected tab.
  public static func tabs(_ tabs: [(String, NodeTemplate)], selected: Int = 0) -> NodeTemplate {
    NodeTemplate(.tabs(children: tabs.map(\.1), titles: tabs.map(\.0), selected: selected))
  }

  /// The same container owning a router of its own, such as a tab-wide flow.
  ///
  /// - Parameter router: The container's router.
  /// - Returns: The template with the router.
  public func owning(_ router: RouterState) -> NodeTemplate {
    var template = NodeTemplate(content, router: router)
    template.unknownMembers = unknownMembers
    return template
  }

  /// Whether the template holds at least one pane.
  ///
  /// - Complexity: O(*n*), for *n* nodes in the template.
  public var containsPane: Bool {
    switch content {
    case .pane: true
    case .split(_, let children, _), .tabs(let children, _, _):
      children.contains(where: \.containsPane)
    }
  }

  /// The number of nodes in the template.
  ///
  /// - Complexity: O(*n*), for *n* nodes in the template.
  public var nodeCount: Int {
    switch content {
    case .pane: 1
    case .split(_, let children, _), .tabs(let children, _, _):
      children.reduce(1) { $0 + $1.nodeCount }
    }
  }

  /// The template with every title (a pane's, and each tab's) and every router passed
  /// through `transform`, depth-first, containers before their children.
  package func mapped<Failure: Error>(
    title: (String) throws(Failure) -> String,
    router: (RouterState) throws(Failure) -> RouterState
  ) throws(Failure) -> NodeTemplate {
    let content: Content
    switch self.content {
    case .pane(let text, let paneRouter):
      content = .pane(title: try title(text), router: try router(paneRouter))
    case .split(let axis, let children, let weights):
      var mapped: [NodeTemplate] = []
      for child in children { mapped.append(try child.mapped(title: title, router: router)) }
      content = .split(axis, children: mapped, weights: weights)
    case .tabs(let children, let titles, let selected):
      var mappedTitles: [String] = []
      for text in titles { mappedTitles.append(try title(text)) }
      var mapped: [NodeTemplate] = []
      for child in children { mapped.append(try child.mapped(title: title, router: router)) }
      content = .tabs(children: mapped, titles: mappedTitles, selected: selected)
    }
    var result = NodeTemplate(content, router: try self.router.map(router))
    result.unknownMembers = unknownMembers
    return result
  }
}

extension NodeTemplate {
  /// The subtree of a node as a template: its shape, weights, titles, selected tabs and
  /// each router's root (with its kind and limits; pushed routes and modals are left out).
  ///
  /// - Parameters:
  ///   - id: The subtree's root.
  ///   - state: The workspace holding it.
  /// - Throws: ``WorkspaceError/noSuchNode(_:)``, or
  ///   ``WorkspaceError/unknownNodeInTemplate(_:kind:)`` for a node of a kind this version
  ///   does not know, which a template cannot rebuild.
  /// - Complexity: O(*n*), for *n* nodes in the subtree.
  package init(subtree id: NodeID, of state: WorkspaceState) throws(WorkspaceError) {
    guard let node = state.node(id) else { throw .noSuchNode(id) }
    var children: [NodeTemplate] = []
    for child in node.children { children.append(try NodeTemplate(subtree: child, of: state)) }
    let router = node.router.map(Self.rootOnly)
    switch node.kind {
    case .pane:
      self.init(.pane(title: node.title, router: router!))
    case .split(let axis):
      self.init(.split(axis, children: children, weights: node.weights), router: router)
    case .tabs:
      self.init(
        .tabs(children: children, titles: node.tabTitles, selected: node.activeIndex),
        router: router)
    case .unknown(let kind):
      throw .unknownNodeInTemplate(id, kind: kind)
    }
    unknownMembers = node.unknownMembers
  }

  /// A router with only its root, its kind, limits and kept members.
  private static func rootOnly(_ router: RouterState) -> RouterState {
    var stack = RouteStack(root: router.stack.root, maxDepth: router.stack.maxDepth)
    stack.rejectsDuplicateTop = router.stack.rejectsDuplicateTop
    var root = RouterState(kind: router.kind, stack: stack)
    root.unknownMembers = router.unknownMembers
    return root
  }
}
