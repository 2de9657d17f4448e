import Foundation
import Testing

/// The example the whole package exists for: `wsctl focus 2 push detail:7`.
@Suite struct MissionExampleTests {
  @Test func focusTwoPushDetailCreatesTheFileAndPushesOnPaneTwo() async throws {
    let sandbox = try Sandbox()
    #expect(!sandbox.exists("workspace.json"))

    let edit = try await sandbox.succeed("focus", "2", "push", "detail:7")
    #expect(edit.stdout == "")
    #expect(sandbox.exists("workspace.json"))

    let routes = try await sandbox.succeed("routes", "2")
    #expect(
      routes.stdout == """
        %4 'Detail' router token
          0 detail:1
          1 detail:7 (top)

        """)
    let focused = try await sandbox.succeed("routes")
    #expect(focused.stdout == routes.stdout)
  }

  @Test func theSavedFileHoldsTheRouteAndTheFocus() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "push", "detail:7")
    let file = try #require(sandbox.bytes("workspace.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
    #expect(object["format"] as? String == "workspace")
    #expect(object["version"] as? Int == 3)
    #expect(object["revision"] as? Int == 1)
    #expect(object["focus"] as? Int == 4)
    #expect(sandbox.text("workspace.json")?.contains("\"detail:7\"") == true)
  }

  @Test func theSameEditTwiceIsRefusedAsADuplicateTop() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "push", "detail:7")
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail("focus", "2", "push", "detail:7", status: 1)
    #expect(message == "wsctl: push detail:7 rejected: duplicate top at word 3")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func showDrawsTheRouteOnTheFocusedPaneTwo() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "push", "detail:7")
    let show = try await sandbox.succeed("show", "--size", "60x6")
    #expect(
      show.stdout == """
        [1:Main]  2:Settings
        ┌ 1 Inbox ───────────────────┐┏ 2* Detail ━━━━━━━━━━━━━━━━━┓
        │ inbox                      │┃ detail:7                   ┃
        │                            │┃ depth 2                    ┃
        │                            │┃                            ┃
        └────────────────────────────┘┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛

        """)
  }
}
