import Foundation
import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// The entry points a host reaches for first: typed commands, links as URLs, `send`.
@MainActor
@Suite struct HostEntryPointTests {
  @Test func typedCommandsStoreTheirRoutesAsTokens() {
    #expect(
      WorkspaceCommand.split(.horizontal, root: NoteRoute.note(9))
        == .split(.horizontal, ratio: nil, root: "note:9", kind: NoteRoute.kind))
    #expect(
      WorkspaceCommand.newTab(title: "N", root: NoteRoute.list)
        == .newTab(title: "N", root: "list", kind: NoteRoute.kind))
    #expect(
      WorkspaceCommand.route(RouteOperation<NoteRoute>.push([.note(1), .note(2)]), at: NodeID(2))
        == .route(.push(["note:1", "note:2"]), at: NodeID(2)))
    // Tokens still pick the cases themselves.
    #expect(WorkspaceCommand.route(.push(["x"])) == .route(.push([RouteToken("x")]), at: nil))
  }

  @Test func typedSplitAppliesAndReadsBack() throws {
    let workspace = Workspace(WorkspaceState(.pane("A", root: NoteRoute.list)))
    try workspace.apply(.split(.horizontal, root: NoteRoute.note(9)))
    #expect(try workspace.router(NoteRoute.self, for: workspace.focusedPane).root == .note(9))
    #expect(workspace.state.node(workspace.focusedPane)?.title == "A")
  }

  @Test(arguments: [
    "myapp://workspace/focus/2/push/detail:7",
    "myapp://workspace/rename/my%20notes",
    "myapp://workspace",
  ])
  func linkAsURLParsesAsItsText(text: String) throws {
    let url = try #require(URL(string: text))
    #expect(try CommandParser.parse(link: url) == CommandParser.parse(link: text))
  }

  @Test func linkAsURLWithAQueryIsRefused() throws {
    let url = try #require(URL(string: "myapp://workspace/zoom?x=1"))
    #expect(throws: CommandSyntaxError.self) { try CommandParser.parse(link: url) }
  }

  @Test func sendRunsOnTheMainActorFromAnyTask() async {
    let workspace = Workspace(WorkspaceState(hsplit(pane("A"), pane("B"))))
    await Task.detached {
      await workspace.send { _ = try? $0.apply(.zoom) }.value
    }.value
    #expect(workspace.state.zoomedPane == workspace.focusedPane)
  }

  @Test func stateAndWorkspaceShareTheRouterLabel() throws {
    let workspace = Workspace(WorkspaceState(.pane("A", root: NoteRoute.list)))
    let id = workspace.focusedPane
    #expect(
      try workspace.state.router(NoteRoute.self, for: id)
        == workspace.router(NoteRoute.self, for: id).state)
  }

  @Test func swipingASheetDownDismissesItInTheTree() throws {
    let workspace = Workspace(WorkspaceState(.pane("A", root: NoteRoute.list)))
    let router = try workspace.router(NoteRoute.self, for: workspace.focusedPane)
    router.present(.note(1))
    router.isSheetPresented = false
    #expect(try workspace.state.router(NoteRoute.self, for: workspace.focusedPane).modal == nil)
    #expect(workspace.state.history.undoEntries.last?.label == "at %1 dismiss-all")
  }
}
