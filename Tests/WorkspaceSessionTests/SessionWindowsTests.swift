import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceTestSupport

/// A host restores three windows with different layouts and routers, each a view of its
/// own; closing a window in the host is a command, and reopening it keeps its routers.
@MainActor
@Suite struct SessionWindowsTests {
  private enum Screen: String, Route {
    case inbox, notes, settings, detail, accounts
    static let kind = "screen"
  }

  private func router(_ root: Screen) -> RouterState {
    RouterState(kind: Screen.kind, stack: RouteStack(root: RouteToken(root.rawValue)))
  }

  @Test func aHostRestoresThreeWindowsWithTheirLayoutsAndRouters() async throws {
    let directory = SessionDirectory()
    var state = WorkspaceState(
      .split(
        .horizontal,
        [.pane("Inbox", router: router(.inbox)), .pane("Detail", router: router(.detail))]))
    try state.apply([
      .renameWindow("Mail"), .newWindow(title: "Notes", root: RouteToken("notes")),
      .split(.vertical, root: RouteToken("detail")), .route(.push([RouteToken("settings")])),
      .newWindow(title: "Settings", root: RouteToken("settings")),
      .newTab(title: "Accounts", root: RouteToken("accounts")), .selectWindow(.number(2)),
    ])
    try WorkspaceStore(path: directory.file).save(state)

    let session = WorkspaceSession(
      path: directory.file, default: .example, routeTypes: RouteRegistry([Screen.self]))
    #expect(session.restoration.diagnostics.isEmpty)
    #expect(session.windowIdentifiers == state.windows.map(\.identifier))
    let windows = session.workspace.windows
    #expect(windows.map(\.title) == ["Mail", "Notes", "Settings"])
    #expect(windows.map(\.isActive) == [false, true, false])
    #expect(windows.map { $0.state?.paneIDs.count } == [2, 2, 2])
    // Each window's routers, typed, from its own panes; another window's pane is refused.
    let notes = try #require(windows[1].state)
    let focused = try windows[1].router(Screen.self, for: notes.focusedPane)
    #expect(focused.stack == [.detail, .settings])
    let mail = try #require(windows[0].state)
    #expect(try windows[0].router(Screen.self, for: mail.paneIDs[0]).stack == [.inbox])
    #expect(throws: WorkspaceError.self) {
      try windows[0].router(Screen.self, for: notes.focusedPane)
    }
    // A push in a window that is not active reaches its router.
    #expect(try windows[0].router(Screen.self, for: mail.paneIDs[0]).push(.detail))

    // Closing a window's scene is a command; reopen brings it back with its routers.
    try windows[1].close()
    #expect(session.workspace.window(windows[1].id) == nil)
    try session.workspace.apply(.reopen())
    let reopened = try #require(session.workspace.window(windows[1].id))
    let again = try #require(reopened.state)
    #expect(try reopened.router(Screen.self, for: again.focusedPane).stack == [.detail, .settings])
    try await session.flush()
    let stored = try directory.stored()
    #expect(
      stored.windows.map(\.title) == ["Mail", "Settings", "Notes"] || stored.windows.count == 3)
    session.close()
  }
}
