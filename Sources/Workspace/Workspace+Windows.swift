import PaneRouter

/// One window of a workspace as a host's scene shows it: a value a SwiftUI `WindowGroup(for:)`
/// scene makes from the identifier its scene storage keeps, and reads its tree, focus and
/// routers through. Reading it reads the workspace, so a view that does is updated by every
/// change, as for the workspace itself.
@MainActor
public struct WorkspaceWindow: Identifiable {
  /// The workspace that holds the window.
  public let workspace: Workspace
  /// The window's identifier (``Window/identifier``), what a scene stores.
  public let id: String

  /// The window's 0-based index, or `nil` once it is closed.
  public var index: Int? { workspace.state.windowList.index(of: id) }

  /// The window as the state holds it (its title, root, focus, zoom, size), or `nil` once
  /// it is closed.
  public var window: Window? { index.map { workspace.state.windows[$0] } }

  /// The workspace's state as if this window were active: its panes, numbers and layout.
  public var state: WorkspaceState? { index.map { workspace.state.activating(window: $0) } }

  /// The window's title, or `""` once it is closed.
  public var title: String { window?.title ?? "" }

  /// Whether the window is the active one, which commands act in.
  public var isActive: Bool { index == workspace.state.activeWindowIndex }

  /// The typed router of a pane (or any node that owns one) of this window.
  ///
  /// - Throws: ``WorkspaceError/inOtherWindow(_:window:)`` for a node of another window, or
  ///   what ``Workspace/router(_:for:)`` throws.
  public func router<R: Route>(_ type: R.Type, for node: NodeID) throws(WorkspaceError)
    -> Router<R>
  {
    let holder = workspace.state.windowIndex(holding: node)
    guard let holder else { throw .noSuchNode(node) }
    guard holder == index else { throw .inOtherWindow(node, window: holder + 1) }
    return try workspace.router(type, for: node)
  }

  /// Records the size of the area the window's scene lays its panes out in, as
  /// ``Workspace/recordLayoutSize(_:ofWindow:)`` does.
  public func recordLayoutSize(_ size: Size?) throws(WorkspaceError) {
    try workspace.recordLayoutSize(size, ofWindow: id)
  }

  /// Makes the window active (a scene came to the front): `window N`.
  public func activate() throws(WorkspaceError) {
    guard let index else { throw .noSuchWindow(0, count: workspace.state.windows.count) }
    try workspace.apply(.selectWindow(.number(index + 1)))
  }

  /// Closes the window (its scene was closed): `window close N`, undoable, and reopenable
  /// with ``WorkspaceCommand/reopen(_:)`` with its routers.
  public func close() throws(WorkspaceError) {
    guard let index else { throw .noSuchWindow(0, count: workspace.state.windows.count) }
    try workspace.apply(.closeWindow(index + 1))
  }
}

extension Workspace {
  /// One view per window, in order: what a host opens a scene for each of.
  public var windows: [WorkspaceWindow] {
    state.windows.map { WorkspaceWindow(workspace: self, id: $0.identifier) }
  }

  /// The window with an identifier a scene stored, or `nil` if the workspace has none (the
  /// scene's window was closed: the scene should close too).
  public func window(_ identifier: String) -> WorkspaceWindow? {
    state.windowList.index(of: identifier).map { _ in
      WorkspaceWindow(workspace: self, id: identifier)
    }
  }

  /// Opens a window of one pane (`window new`) and returns its view, for the host to open a
  /// scene with its identifier.
  @discardableResult
  public func openWindow(title: String? = nil, root: RouteToken? = nil) throws(WorkspaceError)
    -> WorkspaceWindow
  {
    try apply(.newWindow(title: title, root: root))
    return WorkspaceWindow(workspace: self, id: state.activeWindow.identifier)
  }
}
