import Foundation
import Testing

/// `wsctl stack` and `unstack` as a user runs them: the file keeps the stack, `show` draws its
/// collapsed members as title bars, numbers reach them, and refusals name the pane.
@Suite struct StackCommandTests {
  @Test(arguments: [("80x24", false), ("40x12", true), ("60x10", false)])
  func showDrawsTheCollapsedMembersAsTitleBars(size: String, ascii: Bool) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(
      "split", "v", "rename", "Log", "split", "v", "rename", "Shell", "stack")
    let show = try await sandbox.succeed(["show", "--size", size] + (ascii ? ["--ascii"] : []))
    try Golden.check(show.stdout, named: "show-stacked-\(size)\(ascii ? "-ascii" : "").txt")
  }

  /// The README's stacks tour prints what the README shows.
  @Test func theReadmeTourPrintsWhatItShows() async throws {
    let steps = try ReadmeConsole.steps(after: "<!-- stacks tour: checked")
    #expect(steps.count == 2)
    let sandbox = try Sandbox()
    for (words, printed) in steps {
      let result = try await sandbox.run(words, environment: ["COLUMNS": nil, "LINES": nil])
      #expect(result.stdout + result.stderr == printed, "\(words)")
      #expect(result.status == 0, "\(words)")
    }
  }

  @Test func aHorizontalStackDrawsColumns() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "stack", "left")
    let show = try await sandbox.succeed("show", "--size", "60x10")
    try Golden.check(show.stdout, named: "show-stacked-columns-60x10.txt")
    #expect(show.stdoutLines.count == 10)
  }

  @Test func focusByNumberExpandsAMemberAndTheFileKeepsIt() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "v", "split", "v", "stack", "focus", "1")
    let tree = try await sandbox.tree(after: "focus", "1")
    #expect(tree.contains("stack vertical expanded 1"))
    let file = try #require(sandbox.text("workspace.json"))
    #expect(file.contains(#""kind": "stack""#))
    #expect(file.contains(#""version": 3"#))
    try await sandbox.succeed("focus", "down")
    #expect(try await sandbox.tree(after: "layout", "80x24").contains("stack vertical expanded 2"))
    let layout = try await sandbox.succeed("layout", "80x24")
    // The stack has the left half: the bar above the expanded member is one row.
    #expect(layout.stdoutLines.first == "1 %3 40x1+0+0 title bar")
    let json = try await sandbox.succeed("--json", "layout", "80x24").stdout
    #expect(json.contains(#""titleBar":true"#) || json.contains(#""titleBar": true"#))
  }

  @Test func unstackUndoAndAlreadySo() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "v", "stack")
    let stacked = try await sandbox.tree(after: "unstack")
    #expect(!stacked.contains("stack "))
    let again = try await sandbox.run("unstack")
    #expect(again.status == 0 && again.stdout == "")
    #expect(try await sandbox.tree(after: "undo").contains("stack vertical"))
    #expect(try await sandbox.succeed("history").stdout.contains("stack"))
  }

  @Test(arguments: [
    (["tab", "2", "stack"], Int32(1), "wsctl: cannot stack %5: it is not in a split at word 3"),
    (["stack", "up"], Int32(1), "wsctl: no pane up of the focused pane at word 1"),
    (
      ["stack", "sideways"], Int32(64),
      "wsctl: invalid argument 'sideways' at word 2: expected a direction, left|right|up|down"
    ),
  ])
  func refusalsNameWhatIsWrong(arguments: [String], status: Int32, message: String) async throws {
    let sandbox = try Sandbox()
    let before = sandbox.text("workspace.json")
    let line = try await sandbox.fail(arguments, status: status)
    #expect(line == message)
    #expect(sandbox.text("workspace.json") == before)
  }

  @Test func jsonShowsTheStack() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "h", "stack")
    let tree = try await sandbox.succeed("--json", "tree")
    #expect(tree.stdout.contains(#""kind":"stack""#) || tree.stdout.contains(#""kind": "stack""#))
  }

  @Test func completionOffersTheStackWordsAndDirections() async throws {
    let sandbox = try Sandbox()
    let words = try await sandbox.succeed("__complete", "st")
    let offered = words.stdoutLines.map { $0.split(separator: "\t").first.map(String.init) ?? "" }
    #expect(offered.contains("stack"))
    let directions = try await sandbox.succeed("__complete", "stack", "").stdoutLines.map {
      $0.split(separator: "\t").first.map(String.init) ?? ""
    }
    #expect(Set(directions).isSuperset(of: ["left", "right", "up", "down"]))
  }
}
