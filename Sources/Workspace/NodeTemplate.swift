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
/// containers are dropped.
public struct NodeTemplate: Sendable {
  indirect enum Content: Sendable {
    case pane(title: String, router: RouterState)
    case split(Axis, [(node: NodeTemplate, weight: Double)])
    case tabs([(title: String, node: NodeTemplate)], selected: Int)
  }

  let content: Content
  /// The router a container owns, if any.
  let router: RouterState?

  private init(_ content: Content, router: RouterState? = nil) {
    self.content = content
    self.router = router
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
    return NodeTemplate(.split(axis, Array(zip(children, weights)).map { ($0, $1) }))
  }

  /// A tabs container.
  ///
  /// - Parameters:
  ///   - tabs: Each tab's title and content.
  ///   - selected: The 0-based index of the selected tab.
  public static func tabs(_ tabs: [(String, NodeTemplate)], selected: Int = 0) -> NodeTemplate {
    NodeTemplate(.tabs(tabs.map { (title: $0.0, node: $0.1) }, selected: selected))
  }

  /// The same container owning a router of its own, such as a tab-wide flow.
  ///
  /// - Parameter router: The container's router.
  /// - Returns: The template with the router.
  public func owning(_ router: RouterState) -> NodeTemplate {
    NodeTemplate(content, router: router)
  }
}
