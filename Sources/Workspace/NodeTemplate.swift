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
    case stack(Axis, children: [NodeTemplate], expanded: Int)
  }

  /// What the node is, with its children.
  package let content: Content
  /// The router a container owns, if any.
  package let router: RouterState?
  /// Members of a stored node this version does not understand, kept with it.
  package var unknownMembers: UnknownMembers
  /// A pane's mark, which the pane built from the template takes (from the pane that held
  /// it, as `mark` moves a mark); `nil` for none and for a container.
  public private(set) var mark: String?
  /// The floating panes of the tab this node is (a child of a tabs container, or the root of
  /// a tab template), set with ``floating(_:)``; `nil` for none.
  public internal(set) var floatingLayer: FloatingLayerTemplate?
  /// How the route type of a pane built in code with ``pane(_:root:of:)`` reads a token, so
  /// that its routes are checked by the type itself; `nil` for other nodes and for a
  /// template read from a file (whose routes the host's `RouteRegistry` checks by kind).
  var routeReader: RouteReader? {
    get { reader.value }
    set { reader.value = newValue }
  }
  private var reader = KeptReader()

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

  /// A pane with a title and a router holding only `root`, of `R`'s kind.
  ///
  /// - Parameters:
  ///   - title: The pane's title.
  ///   - root: The root route of the pane's router.
  public static func pane<R: Route>(_ title: String, root: R) -> NodeTemplate {
    .pane(title, router: RouterState(root: root))
  }

  /// A pane of route type `R` whose root is written as a token, so that a template's
  /// placeholders may stand in arguments of any type (an `Int` line number as well as a
  /// `String` path), which a typed root such as `FileRoute.line("{file}", 3)` cannot hold.
  ///
  ///     let line = try WorkspaceTemplate(
  ///       name: "line", title: "{file}",
  ///       root: .pane("{file}:{n}", root: RouteToken("line", "{file}", "{n}"), of: FileRoute.self))
  ///     try workspace.applyTemplate(line, parameters: ["file": "a.swift", "n": "12"])
  ///     try workspace.applyTemplate(line, parameters: ["file": "a.swift", "n": "abc"])
  ///     // throws: invalid value 'abc' for 'n': file route 'line:a.swift:abc' takes
  ///     // 2 arguments (String, Int)
  ///
  /// The pane's router has `R.kind`. `R` checks the root itself: a root without placeholders
  /// when the ``WorkspaceTemplate`` is made, and one with placeholders when it is applied,
  /// filled with the values, refusing a value it cannot read with nothing changed. (A
  /// template read back from a file has the kind only, and the host's `RouteRegistry` checks
  /// it.)
  ///
  /// - Parameters:
  ///   - title: The pane's title.
  ///   - root: The root route as a token; its arguments may hold `{name}` placeholders.
  ///   - type: The route type that reads the root once filled.
  public static func pane<R: Route>(
    _ title: String, root: RouteToken, of type: R.Type
  ) -> NodeTemplate {
    var pane = NodeTemplate.pane(
      title, router: RouterState(kind: R.kind, stack: RouteStack(root: root)))
    if type != RouteToken.self { pane.routeReader = RouteReader(type) }
    return pane
  }

  /// An untyped pane: its router has kind `token`, whose tokens any route type may read (as
  /// `wsctl` makes them), and which no registered type checks unless the host names a
  /// `RouteRegistry/defaultKind`.
  ///
  ///     .pane("Scratch", untyped: RouteToken("scratch", "{name}"))
  ///
  /// - Parameters:
  ///   - title: The pane's title.
  ///   - root: The root route as a token.
  public static func pane(_ title: String, untyped root: RouteToken) -> NodeTemplate {
    .pane(title, router: RouterState(kind: RouteToken.kind, stack: RouteStack(root: root)))
  }

  /// A pane whose root is a bare token makes an untyped pane (kind `token`), not a pane of
  /// the kind its routes are meant for: say which with ``pane(_:root:of:)`` or
  /// ``pane(_:untyped:)``.
  ///
  /// - Parameters:
  ///   - title: The pane's title.
  ///   - root: The root route as a token.
  @available(
    *, deprecated,
    message:
      "a RouteToken root makes an untyped pane (kind 'token'): write .pane(title, root: token, of: R.self) for a pane of R's kind, or .pane(title, untyped: token)"
  )
  public static func pane(_ title: String, root: RouteToken) -> NodeTemplate {
    .pane(title, untyped: root)
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

  /// A stack: members along an axis, one expanded and the others title bars.
  ///
  ///     .stack(.vertical, [.pane("Log", root: LogRoute.tail), .pane("Shell", root: ShellRoute.prompt)])
  ///
  /// - Parameters:
  ///   - axis: `.vertical` for title bars one row each, top to bottom; `.horizontal` for one
  ///     column each, left to right.
  ///   - members: The members in order.
  ///   - expanded: The 0-based index of the expanded member.
  public static func stack(
    _ axis: Axis, _ members: [NodeTemplate], expanded: Int = 0
  ) -> NodeTemplate {
    NodeTemplate(.stack(axis, children: members, expanded: expanded))
  }

  /// The same pane with a mark, which the pane built from it takes, moving it from the
  /// pane that held it (so a template applied twice leaves the mark on the newer pane).
  ///
  ///     .pane("Editor", root: FileRoute.file("main.swift")).marked("editor")
  ///
  /// - Parameter name: A mark, valid by ``WorkspaceState/isValidMark(_:)``; `nil` for none.
  /// - Returns: The template with the mark.
  /// - Precondition: The template is a pane, and `name` is a valid mark.
  public func marked(_ name: String?) -> NodeTemplate {
    guard case .pane = content else { preconditionFailure("only a pane holds a mark") }
    precondition(name.map(WorkspaceState.isValidMark) ?? true, "invalid mark '\(name!)'")
    var template = self
    template.mark = name
    return template
  }

  /// The same container owning a router of its own, such as a tab-wide flow.
  ///
  /// - Parameter router: The container's router.
  /// - Returns: The template with the router.
  public func owning(_ router: RouterState) -> NodeTemplate {
    var template = NodeTemplate(content, router: router)
    template.unknownMembers = unknownMembers
    template.routeReader = routeReader
    template.mark = mark
    template.floatingLayer = floatingLayer
    return template
  }

  /// Whether the template holds at least one tiled pane (floating panes are not counted: a
  /// tab keeps at least one tiled pane).
  ///
  /// - Complexity: O(*n*), for *n* nodes in the template.
  public var containsPane: Bool {
    switch content {
    case .pane: true
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      children.contains(where: \.containsPane)
    }
  }

  /// The number of nodes in the template, floating panes included.
  ///
  /// - Complexity: O(*n*), for *n* nodes in the template.
  public var nodeCount: Int {
    let floating = floatingLayer?.panes.count ?? 0
    switch content {
    case .pane: return 1 + floating
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      return children.reduce(1 + floating) { $0 + $1.nodeCount }
    }
  }

  /// The children of a container, none for a pane.
  package var children: [NodeTemplate] {
    switch content {
    case .pane: []
    case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
      children
    }
  }

  /// The template with every title (a pane's, and each tab's) and every router passed
  /// through `transform`, depth-first, containers before their children, a tab's floating
  /// panes after its tiled tree.
  func mapped<Failure: Error>(
    title: (String) throws(Failure) -> String,
    router: (RouterState) throws(Failure) -> RouterState
  ) throws(Failure) -> NodeTemplate {
    try mapped(title: title, router: { (state, _) throws(Failure) in try router(state) })
  }

  /// The template mapped as ``mapped(title:router:)`` does, passing each router with the
  /// ``routeReader`` of its pane (`nil` for a container's router).
  func mapped<Failure: Error>(
    title: (String) throws(Failure) -> String,
    router: (RouterState, RouteReader?) throws(Failure) -> RouterState
  ) throws(Failure) -> NodeTemplate {
    let content: Content
    switch self.content {
    case .pane(let text, let paneRouter):
      content = .pane(title: try title(text), router: try router(paneRouter, routeReader))
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
    case .stack(let axis, let children, let expanded):
      var mapped: [NodeTemplate] = []
      for child in children { mapped.append(try child.mapped(title: title, router: router)) }
      content = .stack(axis, children: mapped, expanded: expanded)
    }
    var result = NodeTemplate(
      content,
      router: try self.router.map { (state) throws(Failure) in
        try router(state, nil)
      })
    result.unknownMembers = unknownMembers
    result.routeReader = routeReader
    result.mark = mark
    result.floatingLayer = try floatingLayer?.mapped { (pane) throws(Failure) in
      try pane.mapped(title: title, router: router)
    }
    return result
  }
}

/// How a route type reads a token, kept with a pane of a template built in code.
struct RouteReader: Sendable {
  /// Why the type cannot read a token: its error's message; `nil` when it reads it.
  package let problem: @Sendable (RouteToken) -> String?

  package init<R: Route>(_ type: R.Type) {
    problem = { token in
      do {
        _ = try R(token: token)
        return nil
      } catch {
        return "\(error)"
      }
    }
  }
}

/// A node template's ``RouteReader``, if any, which is not part of the template's value: two
/// templates that differ only in it are equal, as a template read back from a file (which
/// stores the kind only) equals the one written.
private struct KeptReader: Equatable, Sendable {
  var value: RouteReader?

  static func == (lhs: KeptReader, rhs: KeptReader) -> Bool { true }
}

extension NodeTemplate {
  /// The subtree of a node as a template: its shape, weights, titles, selected tabs, expanded
  /// stack members, each tab's floating panes (the node's own when it is a tab) and
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
      mark = node.mark
    case .split(let axis):
      self.init(.split(axis, children: children, weights: node.weights), router: router)
    case .tabs:
      self.init(
        .tabs(children: children, titles: node.tabTitles, selected: node.activeIndex),
        router: router)
    case .stack(let axis):
      self.init(.stack(axis, children: children, expanded: node.activeIndex), router: router)
    case .unknown(let kind):
      throw .unknownNodeInTemplate(id, kind: kind)
    }
    unknownMembers = node.unknownMembers
    if let parent = node.parent, let tabs = state.node(parent), tabs.kind == .tabs,
      let tab = tabs.children.firstIndex(of: id)
    {
      floatingLayer = try Self.floatingLayer(tabs.floatingLayers[tab], of: state)
    }
  }

  /// A tab's live floating layer as a template; `nil` for an empty one.
  private static func floatingLayer(
    _ layer: FloatingLayer, of state: WorkspaceState
  ) throws(WorkspaceError) -> FloatingLayerTemplate? {
    guard !layer.isEmpty else { return nil }
    var panes: [FloatingPaneTemplate] = []
    for pane in layer.panes {
      var template = FloatingPaneTemplate(
        try NodeTemplate(subtree: pane.id, of: state), frame: pane.frame, isPinned: pane.isPinned)
      template.unknownMembers = pane.unknownMembers
      panes.append(template)
    }
    var template = FloatingLayerTemplate(
      panes, isFocused: layer.isFocused, isHidden: layer.isHidden)
    template.unknownMembers = layer.unknownMembers
    return template
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
