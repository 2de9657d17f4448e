/// What reconciling a tab (or a whole workspace) with a template did: which panes it kept,
/// opened and closed, by id.
///
///     let change = try state.apply(.reconcileTemplate("dev", keepingOthers: false))
///     change.reconciliations[0].kept     // [%3, %5]: named by the layout, routers intact
///
/// `wsctl` prints it after `--reconcile` (`kept %3 %5; opened %9; closed %4`), and `--json`
/// as `{"kept": [3, 5], "opened": [9], "closed": [4], "moved": []}`.
public struct Reconciliation: Hashable, Sendable {
  /// The node the template was applied onto: the tab (or, for a workspace template, the
  /// root) as it stands after the change.
  public let target: NodeID
  /// The panes the template named (by title), kept with their routers, history and ids,
  /// in the template's order.
  public let kept: [NodeID]
  /// The panes the template added, new, in its order.
  public let opened: [NodeID]
  /// The panes the template did not name, closed, in the tree's order before the change.
  public let closed: [NodeID]
  /// The panes the template did not name, kept beside it (`keepingOthers`), in the tree's
  /// order.
  public let setAside: [NodeID]

  package init(
    target: NodeID, kept: [NodeID], opened: [NodeID], closed: [NodeID], setAside: [NodeID]
  ) {
    self.target = target
    self.kept = kept
    self.opened = opened
    self.closed = closed
    self.setAside = setAside
  }
}
