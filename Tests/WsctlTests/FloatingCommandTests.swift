import Foundation
import Testing

/// Floating panes through the CLI, on the default workspace (`Main` with Inbox and Detail,
/// `Settings`): what `show`, `tree` and `--json show` print, the refusals, and a round trip
/// through the file.
@Suite struct FloatingCommandTests {
  @Test func showDrawsAFloatingPaneOverTheTiledOnes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("float")
    let show = try await sandbox.succeed("show", "--size", "40x10").stdout
    #expect(
      show == """
        [1:Main]  2:Settings
        ┌ 1 Detail ────────────────────────────┐
        │ detail:1                             │
        │         ┏ 2* Inbox ━━━━━━━━┓         │
        │         ┃ inbox            ┃         │
        │         ┃                  ┃         │
        │         ┃                  ┃         │
        │         ┗━━━━━━━━━━━━━━━━━━┛         │
        │                                      │
        └──────────────────────────────────────┘

        """)
    let json = try await sandbox.succeed("--json", "show", "--size", "40x10").jsonArray()
    #expect(json.map { $0["id"] as? Int } == [4, 3])
    let rect = json.last?["rect"] as? [String: Any]
    #expect(
      [rect?["x"], rect?["y"], rect?["width"], rect?["height"]].map { $0 as? Int } == [
        10, 3, 20, 5,
      ])
    #expect(json.map { $0["floating"] as? Bool } == [nil, true])
  }

  @Test func treeListsTheLayerAndTheFileKeepsIt() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(
      "float", "float", "pin", "float", "move", "left", "4", "focus", "tiled")
    let tree = try await sandbox.tree(after: "rename", "Reader")
    let lines = tree.split(separator: "\n").map(String.init)
    #expect(lines.count == 4, "\(tree)")
    #expect(lines[1] == "  [1 'Main'] %4 pane 'Reader' [detail:1] (focused)")
    #expect(lines[2] == "  [2 'Settings'] %5 pane 'Settings' [settings]")
    // The frame moved by whole cells of the layout size: 4 of 80 columns to the left.
    #expect(lines[3].hasPrefix("  [1 'Main' floating at 0.2,"), "\(tree)")
    #expect(lines[3].hasSuffix(" 0.5x0.5 pinned] %3 pane 'Inbox' [inbox]"), "\(tree)")
    #expect(sandbox.text("workspace.json")?.contains(#""pinned": true"#) == true)
    try await sandbox.succeed("focus", "float", "embed")
    #expect(try await sandbox.succeed("focus", "2", "routes").stdout.hasPrefix("%3 "))
  }

  @Test(arguments: [
    (
      ["float", "split", "h"],
      "wsctl: 'split' acts on tiled panes and %3 floats ('embed' puts it back) at word 2"
    ),
    (["float", "move", "left"], "wsctl: %3 does not float ('float' floats it) at word 1"),
    (
      ["float", "float", "focus", "1", "float"],
      "wsctl: cannot float %4: it is the last tiled pane of its tab or window, which keeps one at word 5"
    ),
    (["focus", "float"], "wsctl: the focused tab has no floating panes at word 1"),
    (
      ["float", "float", "move", "up", "100", "float", "move", "up"],
      "wsctl: floating pane %3 cannot go further up at word 6"
    ),
  ])
  func refusalsNameTheWordAndChangeNothing(arguments: [String], message: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("show", "--size", "80x24")
    let before = sandbox.text("workspace.json")
    #expect(try await sandbox.fail(arguments, status: 1) == message)
    #expect(sandbox.text("workspace.json") == before)
  }

  @Test func floatAndItsSubcommandsComplete() async throws {
    let sandbox = try Sandbox()
    let words = try await sandbox.succeed("__complete", "bash", "2", "wsctl", "float", "").stdout
    for word in ["move", "resize", "pin", "unpin", "hide", "unhide"] {
      #expect(words.split(separator: "\n").contains { $0.hasPrefix(word) }, "\(words)")
    }
  }
}

extension FloatingCommandTests {
  /// The README's floating tour: each `$ wsctl` line run in a fresh sandbox prints the lines
  /// below it.
  @Test func theReadmeTourPrintsWhatItShows() async throws {
    let block = try ReadmeLayoutTourTests.block(
      after: "<!-- floating tour: checked", language: "console")
    let sandbox = try Sandbox()
    var expected: [String: String] = [:]
    var commands: [[String]] = []
    for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("$ wsctl ") {
        commands.append(line.dropFirst("$ wsctl ".count).split(separator: " ").map(String.init))
      } else if !line.isEmpty, let last = commands.indices.last {
        expected[String(last), default: ""] += line + "\n"
      }
    }
    #expect(commands.count == 2)
    for (index, command) in commands.enumerated() {
      let printed = try await sandbox.succeed(command).stdout
      #expect(printed == expected[String(index), default: ""], "\(command)")
    }
  }
}
