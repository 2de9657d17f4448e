import Foundation
import Testing

/// Marks and `at TARGET` through the CLI, on the default workspace: `mark`, `unmark`, a mark
/// as a target, `at`, `split -d`, `tab new -d`, what `tree`, `show` and `--json` print, and
/// completion of marks in every shell.
@Suite struct MarkCommandTests {
  @Test func aMarkIsShownByTreeAndShowAndSavedInTheFile() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "mark", "detail", "focus", "1")
    #expect(
      try await sandbox.tree(after: "rename", "Inbox") == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
            %3 pane 'Inbox' [inbox] (focused)
            %4 pane 'Detail' [detail:1] mark detail
          [2 'Settings'] %5 pane 'Settings' [settings]

        """)
    let show = try await sandbox.succeed("show", "--size", "50x6").stdout
    #expect(show.contains("2 Detail [detail]"), "\(show)")
    let json = try await sandbox.succeed("--json", "show", "--size", "50x6").jsonArray()
    #expect(json.map { $0["mark"] as? String } == [nil, "detail"])
    #expect(sandbox.text("workspace.json")?.contains(#""mark": "detail""#) == true)
    let tree = try await sandbox.succeed("--json", "tree").stdout
    #expect(tree.contains(#""mark":"detail""#) || tree.contains(#""mark": "detail""#))
  }

  @Test func atAMarkActsWithoutMovingFocus() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("tab", "2", "mark", "settings", "tab", "1")
    try await sandbox.succeed("at", "settings", "push", "general")
    #expect(
      try await sandbox.tree(after: "at", "settings", "split", "v") == """
        %1 tabs selected 1
          [1 'Main'] %2 split horizontal active 1 weights 0.5 0.5
            %3 pane 'Inbox' [inbox] (focused)
            %4 pane 'Detail' [detail:1]
          [2 'Settings'] %7 split vertical active 1 weights 0.5 0.5
            %5 pane 'Settings' [settings, general] mark settings
            %6 pane 'Settings' [settings]

        """)
    // The other tab opens on the marked pane, not the new one.
    #expect(try await sandbox.succeed("tab", "2", "routes").stdout.hasPrefix("%5 "))
    // One undo step each.
    let history = try await sandbox.succeed("history").stdout
    #expect(history.contains("undo 1: at settings split v"), "\(history)")
    #expect(history.contains("undo 2: at settings push general"), "\(history)")
    try await sandbox.succeed("undo", "2")
    #expect(try await sandbox.succeed("routes", "%5").stdout.contains("0 settings (top)"))
  }

  @Test func aLinkCarriesAMarkTarget() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "mark", "editor", "focus", "1")
    try await sandbox.succeed("open", "myapp://workspace/at/editor/push/detail:7")
    #expect(try await sandbox.succeed("routes", "editor").stdout.contains("1 detail:7 (top)"))
    #expect(try await sandbox.succeed("routes").stdout.hasPrefix("%3 "))
  }

  @Test func splitDashDKeepsFocusAndTabNewDashDKeepsTheTab() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("split", "-d", "v", "tab", "new", "-d", "Logs", "log")
    let tree = try await sandbox.tree(after: "history")
    #expect(tree.contains("%3 pane 'Inbox' [inbox] (focused)"), "\(tree)")
    #expect(tree.contains("[3 'Logs'] %8 pane 'Logs' [log]"), "\(tree)")
    #expect(tree.contains("undo 1: split v -d tab new Logs log -d"), "\(tree)")
  }

  @Test(arguments: [
    ([String](["focus", "nope"]), Int32(1), "wsctl: no pane marked 'nope' at word 1"),
    (["at", "nope", "zoom"], Int32(1), "wsctl: no pane marked 'nope' at word 1"),
    (["unmark", "nope"], Int32(1), "wsctl: no pane marked 'nope' at word 1"),
    (["at", "last", "zoom"], Int32(1), "wsctl: no previously focused pane at word 1"),
    (
      ["mark", "left"], Int32(64),
      "wsctl: invalid argument 'left' at word 2: expected a mark such as editor"
    ),
    (
      ["at", "2", "undo"], Int32(64),
      "wsctl: invalid argument 'undo' at word 3: expected a command that acts on a pane or tab, "
        + "such as push, split, close or rename"
    ),
    (
      ["at", "1", "at", "2", "zoom"], Int32(64),
      "wsctl: invalid argument 'at' at word 3: expected a command that acts on a pane or tab, "
        + "such as push, split, close or rename"
    ),
  ])
  func aRefusalNamesTheWordAndChangesNothing(
    arguments: [String], status: Int32, message: String
  ) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("rename", "x")
    let before = sandbox.bytes("workspace.json")
    let line = try await sandbox.fail(arguments, status: status)
    #expect(line == message)
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func theREADMEsMarksTourPrintsWhatItShows() async throws {
    let steps = try ReadmeConsole.steps(after: "<!-- marks tour: checked")
    #expect(steps.count == 4)
    let sandbox = try Sandbox()
    for (words, printed) in steps {
      let result = try await sandbox.run(words, environment: ["COLUMNS": nil, "LINES": nil])
      #expect(result.stdout + result.stderr == printed, "\(words)")
      #expect(result.status == (result.stderr.isEmpty ? 0 : 1), "\(words)")
    }
  }

  @Test func helpDescribesMarksAndAt() async throws {
    let sandbox = try Sandbox()
    let at = try await sandbox.succeed("help", "at").stdout
    #expect(at.contains("usage: wsctl [options] at TARGET COMMAND"), "\(at)")
    let mark = try await sandbox.succeed("help", "mark").stdout
    #expect(mark.contains("(as i3 does)"), "\(mark)")
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func marksAreCompletedWhereAPaneIsNamed(shell: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("focus", "2", "mark", "editor", "focus", "1", "mark", "eval")
    for line in ["wsctl focus ed", "wsctl at ed", "wsctl unmark ed", "wsctl close ed"] {
      guard let words = try await ShellCompletion.candidates(shell, line: line, in: sandbox) else {
        return
      }
      #expect(words == ["editor"], "\(shell): \(line)")
    }
    if let words = try await ShellCompletion.candidates(
      shell, line: "wsctl at editor spl", in: sandbox)
    {
      #expect(words == ["split"], "\(shell)")
    }
    if let words = try await ShellCompletion.candidates(
      shell, line: "wsctl at editor tab ", in: sandbox)
    {
      #expect(words.contains("rename") && words.contains("new"), "\(shell): \(words)")
    }
  }
}
