import PaneRouter

extension WorkspaceState {
  /// A small workspace to start from: two tabs, the first with two panes side by side
  /// (`Inbox` on `inbox` and `Detail` on `detail:1`, the first focused), the second with one
  /// pane (`Settings` on `settings`). Its routers hold untyped tokens.
  ///
  /// `wsctl` uses it when its file does not exist yet.
  public static var example: WorkspaceState {
    WorkspaceState(
      .tabs([
        (
          "Main",
          .split(
            .horizontal,
            [
              .pane("Inbox", untyped: RouteToken("inbox")),
              .pane("Detail", untyped: RouteToken("detail", 1)),
            ])
        ),
        ("Settings", .pane("Settings", untyped: RouteToken("settings"))),
      ]))
  }
}
