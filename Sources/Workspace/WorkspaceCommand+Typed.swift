import PaneRouter

/// Commands with typed routes: a host writes its own route values, and the command stores
/// their tokens.
///
///     try workspace.apply(.split(.horizontal, root: NoteRoute.note(9)))
///     try workspace.apply(.route(.push([NoteRoute.note(9)]), at: pane))
///
/// They are disfavoured overloads, so that tokens (`RouteToken`, string literals) still pick
/// the cases themselves.
extension WorkspaceCommand {
  /// Split the focused pane; the new pane's router gets `root` (stored as its token).
  ///
  /// The new pane's router is of `R`'s kind, whatever the focused pane's is ("open to the
  /// side" with another kind of pane); it copies the focused pane's title and its router's
  /// limits: rename it with ``rename(_:)`` in the same transaction to give it another title.
  ///
  /// - Parameters:
  ///   - axis: `horizontal` puts the new pane beside the focused one, `vertical` below it.
  ///   - ratio: The new pane's share of the space (default one half).
  ///   - root: The new pane's root route.
  /// - Returns: The command.
  @_disfavoredOverload
  public static func split<R: Route>(_ axis: Axis, ratio: Double? = nil, root: R)
    -> WorkspaceCommand
  {
    .split(axis, ratio: ratio, root: root.token, kind: R.kind)
  }

  /// Open a tab whose pane's router, of `R`'s kind, gets `root` (stored as its token).
  ///
  /// - Parameters:
  ///   - title: The tab's and the pane's title (default the name of `root`'s token).
  ///   - root: The new pane's root route.
  /// - Returns: The command.
  @_disfavoredOverload
  public static func newTab<R: Route>(title: String? = nil, root: R) -> WorkspaceCommand {
    .newTab(title: title, root: root.token, kind: R.kind)
  }

  /// A typed router operation on the router of a node (default the focused pane).
  ///
  /// - Parameters:
  ///   - operation: The operation, with routes of the host's type.
  ///   - id: The node whose router it acts on.
  /// - Returns: The command, its routes stored as tokens.
  @_disfavoredOverload
  public static func route<R: Route>(_ operation: RouteOperation<R>, at id: NodeID? = nil)
    -> WorkspaceCommand
  {
    .route(operation.map(\.token), at: id)
  }
}
