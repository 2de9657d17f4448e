import Foundation
import PaneRouter
import Testing
import Workspace
import WorkspaceJSON
import WorkspaceTestSupport

/// The README's 30-second tour, run, checking what its comments claim (the examples
/// themselves are compiled by DocExamplesTests).
@MainActor
@Suite struct ReadmeTourTests {
  private enum SettingsRoute: String, Route {
    case general, accounts
    static let kind = "settings"
  }

  @Test func routerTour() {
    var lines: [String] = []
    let router = Router(root: MailRoute.inbox)
    router.logger = { lines.append($0) }
    router.push(.detail(7))
    router.push(.detail(7))
    #expect(
      lines == [
        "push detail:7 -> [inbox, detail:7]", "push detail:7 rejected: duplicate top",
      ])
  }

  @Test func workspaceAndFileTour() throws {
    var state = WorkspaceState(
      .tabs([
        (
          "Mail",
          .split(
            .horizontal,
            [
              .pane("Inbox", root: MailRoute.inbox),
              .pane("Message", root: MailRoute.detail(7)),
            ])
        )
      ]))
    try state.apply(
      CommandParser.parse(["split", "v", "30%", "focus", "1", "push", "detail:8"]))
    #expect(try state.router(MailRoute.self, for: state.focusedPane).stack == [.inbox, .detail(8)])
    try state.apply(.split(.horizontal, root: MailRoute.detail(9)))
    try state.apply(CommandParser.parse(line: "rename 'Scratch pad'"))
    #expect(state.node(state.focusedPane)?.title == "Scratch pad")
    let (owner, stack) = try #require(
      try state.nearestRouter(MailRoute.self, from: state.focusedPane))
    #expect(owner == state.focusedPane)
    #expect(stack.stack == [.detail(9)])
    let rects = state.layout(in: Size(width: 120, height: 40))
    #expect(rects.values.reduce(0) { $0 + $1.area } == 120 * 40)
    try state.apply(.undo())

    let directory = "/tmp/readme-tour-\(UInt32.random(in: 0...UInt32.max))"
    let store = WorkspaceStore(path: directory + ".json")
    let loaded = try store.load(default: state)
    #expect(loaded.isDefault)
    try store.update(default: state) { try $0.apply(.zoom) }
    #expect(try store.load(default: state).state.zoomedPane != nil)
    for suffix in [".json", ".json.lock", ".json.bak"] {
      unlinkIfPresent(directory + suffix)
    }
  }

  /// The state the tour's workspace block leaves.
  private func tourState() throws -> WorkspaceState {
    var state = WorkspaceState(
      .tabs([
        (
          "Mail",
          .split(
            .horizontal,
            [
              .pane("Inbox", root: MailRoute.inbox),
              .pane("Message", root: MailRoute.detail(7)),
            ])
        )
      ]))
    try state.apply(
      CommandParser.parse(["split", "v", "30%", "focus", "1", "push", "detail:8"]))
    try state.apply(.split(.horizontal, root: MailRoute.detail(9)))
    try state.apply(CommandParser.parse(line: "rename 'Scratch pad'"))
    try state.apply(.undo())
    return state
  }

  @Test func severalKindsTour() throws {
    let workspace = Workspace(
      try tourState(), routeTypes: RouteRegistry([MailRoute.self, SettingsRoute.self]))
    try workspace.apply(.split(.horizontal, root: SettingsRoute.accounts))
    let accounts = workspace.focusedPane
    #expect(try workspace.routes(for: accounts).current as? SettingsRoute == .accounts)
    try workspace.apply(CommandParser.parse(line: "focus 1 split v general"))
    let routes = try workspace.routes(for: workspace.focusedPane)
    #expect(routes.kind == "settings")
    #expect(routes.current as? SettingsRoute == .general)
    #expect(workspace.state.invariantViolations() == [])
    // A mail token in a settings pane is refused naming the pane and why; nothing changes.
    let before = workspace.state
    #expect {
      try workspace.apply(CommandParser.parse(line: "push detail:7"))
    } throws: { error in
      "\(error)"
        == "\(workspace.focusedPane) cannot hold route 'detail:7': unknown settings route"
        + " 'detail:7'"
    }
    #expect(workspace.state == before)
  }

  private func unlinkIfPresent(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}
