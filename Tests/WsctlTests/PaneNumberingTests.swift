import Foundation
import Testing

/// One pane numbering everywhere: the reading-order numbers of the active tab's panes,
/// whether a pane is zoomed or not (as tmux keeps pane indexes under zoom), in `show`,
/// `--json show`, `layout`, `routes N`, `focus N` and `close N`.
@Suite struct PaneNumberingTests {
  @Test func aZoomedPaneKeepsItsNumberInEveryOutput() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "zoom")
    let show = try await sandbox.succeed("show", "--size", "40x5")
    #expect(show.stdoutLines[1].hasPrefix("┏ 2* Detail (zoomed) "))
    let json = try await sandbox.succeed("--json", "show", "--size", "40x5").jsonArray()
    #expect(json.map { $0["number"] as? Int } == [2])
    #expect(json.map { $0["id"] as? Int } == [4])
    #expect(try await sandbox.succeed("layout", "40x5").stdout == "2 %4 40x5+0+0\n")
    let layout = try await sandbox.succeed("--json", "layout", "40x5").jsonArray()
    #expect(layout.map { $0["number"] as? Int } == [2])
    #expect(
      try await sandbox.succeed("routes", "2").stdoutLines.first == "%4 'Detail' router token")
    #expect(try await sandbox.succeed("routes", "1").stdoutLines.first == "%3 'Inbox' router token")
  }

  @Test func focusOneAfterZoomingTwoFocusesTheFirstPane() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "zoom")
    try await sandbox.succeed("focus", "1")
    let tree = try await sandbox.succeed("tree")
    #expect(tree.stdout.contains("%3 pane 'Inbox' [inbox] (focused)"), "\(tree)")
    let show = try await sandbox.succeed("show", "--size", "40x5")
    #expect(show.stdoutLines[1].hasPrefix("┏ 1* Inbox "), "\(show)")
  }

  @Test func closeTwoWhileTwoIsZoomedClosesIt() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "zoom", "close", "2")
    let tree = try await sandbox.succeed("tree")
    #expect(!tree.stdout.contains("Detail"), "\(tree)")
    #expect(tree.stdout.contains("'Inbox'"))
  }
}
