import Foundation
import Testing

/// `reopen` and `closed` through the built `wsctl`, in file mode: the closed list saved in the
/// file between calls, refusals with their exit code, undo, and `--json`.
@Suite struct ReopenCommandTests {
  private static let defaultTree = """
    %1 tabs selected 1
      [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
        %3 pane 'Inbox' [inbox] (focused)
        %4 pane 'Detail' [detail:1]
      [2 'Settings'] %5 pane 'Settings' [settings]

    """

  @Test func nothingToReopenIsRefusedWithExitOne() async throws {
    let sandbox = try Sandbox()
    let message = try await sandbox.fail("reopen", status: 1)
    #expect(message == "wsctl: nothing to reopen: no closed pane or tab at word 1")
    #expect(try await sandbox.succeed("closed").stdout == "nothing to reopen\n")
  }

  @Test func aPaneClosedInOneCallComesBackInTheNextWithItsRouterAndID() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "message:7", "present", "sheet", "compose", "close")
    #expect(
      try await sandbox.succeed("closed").stdout
        == "1: pane %3 'Inbox' [inbox, message:7] sheet [compose] from %2\n")
    #expect(
      try await sandbox.tree(after: "reopen") == """
        %1 tabs selected 1
          [1 'Main'] %6 split horizontal active 1 weights 0.5 0.5
            %3 pane 'Inbox' [inbox, message:7] sheet [compose] (focused)
            %4 pane 'Detail' [detail:1]
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
    #expect(try await sandbox.succeed("closed").stdout == "nothing to reopen\n")
    try await sandbox.fail("reopen", status: 1)
  }

  @Test func aClosedTabComesBackAtItsPlaceWithItsTitle() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("tab", "close", "1")
    #expect(try await sandbox.tree(after: "reopen") == Self.defaultTree)
  }

  @Test func aClosedFloatingPaneComesBackFloatingAndATabWithItsFloatingPanes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "h", "float", "float", "move", "right", "2", "float", "pin")
    let floated = try await sandbox.tree(after: "close", "reopen")
    #expect(
      floated.contains(
        "[1 'Main' floating focused at 0.275,0.25 0.5x0.5 pinned] %6 pane 'Inbox' [inbox] (focused)"
      ))
    try await sandbox.succeed("close")
    #expect(
      try await sandbox.succeed("closed").stdout == "1: floating pane %6 'Inbox' [inbox] from %1\n")
    let json = try await sandbox.succeed("--json", "closed").stdout
    #expect(json.contains("\"floating\" : true") || json.contains("\"floating\": true"))
    #expect(try await sandbox.tree(after: "reopen") == floated)
    try await sandbox.succeed("tab", "close", "1")
    #expect(
      try await sandbox.succeed("closed").stdout
        == "1: tab %2 'Main' (2 panes) with 1 floating from %1\n")
    #expect(try await sandbox.tree(after: "reopen") == floated)
  }

  @Test func undoOfACloseLeavesNothingToReopenAndUndoOfReopenBringsItBack() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("close", "2")
    try await sandbox.succeed("undo")
    try await sandbox.fail("reopen", status: 1)
    try await sandbox.succeed("redo")
    try await sandbox.succeed("reopen")
    #expect(try await sandbox.succeed("history").stdout.hasPrefix("undo 1: reopen\n"))
    try await sandbox.succeed("undo")
    #expect(try await sandbox.succeed("closed").stdout.hasPrefix("1: pane %4 'Detail'"))
  }

  @Test func reopenNAndItsRefusal() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("close", "2", "tab", "close", "2")
    let message = try await sandbox.fail("reopen", "3", status: 1)
    #expect(message == "wsctl: no closed entry 3: 2 panes and tabs can be reopened at word 1")
    try await sandbox.fail("reopen", "0", status: 64)
    try await sandbox.succeed("reopen", "2")
    let json = try await sandbox.succeed("--json", "closed").jsonArray()
    #expect(json.count == 1)
    #expect(json.first?["id"] as? Int == 5)
    #expect(json.first?["title"] as? String == "Settings")
  }

  @Test func theClosedListIsSavedAndAnUnchangedSaveWritesNothing() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("close")
    let saved = try #require(sandbox.bytes("workspace.json"))
    #expect(String(decoding: saved, as: UTF8.self).contains("\"closed\": ["))
    try await sandbox.succeed("validate")
    try await sandbox.succeed("zoom", "zoom")
    #expect(sandbox.bytes("workspace.json") == saved)
  }
}
