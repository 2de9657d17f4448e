import Foundation
import Testing
import Workspace

/// Text from a file or an argument never reaches the terminal raw (SPEC §6): a workspace file
/// whose titles, tab titles, node kind, router kind and route token hold escape sequences,
/// newlines, NUL, BEL, C1 controls, DEL and bidirectional overrides goes through every
/// human-readable output and `--json`, and neither standard output nor standard error carries
/// one of them; each output keeps one line per item.
@Suite struct TerminalSafetyTests {
  static let hostileFile = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/terminal/hostile-text.json")

  /// The hostile title of pane 1, as it is shown escaped.
  static let escapedTitle =
    "\\u{1B}[2J\\u{1B}[HPWNED\\n\\u{0}\\u{7}\\u{9B}31m\\u{7F}\\u{202E}\\u{2066}\\u{200F}\\u{61C}"
    + "\\u{2028}end"

  /// Whether a scalar may not reach a terminal (``Workspace/TerminalText/needsEscape(_:)``,
  /// whose set `TerminalTextTests` pins down), except the output's own line feeds.
  static func drivesTheTerminal(_ scalar: Unicode.Scalar) -> Bool {
    scalar != "\n" && TerminalText.needsEscape(scalar)
  }

  private func expectSafe(
    _ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for (stream, text) in [("stdout", result.stdout), ("stderr", result.stderr)] {
      let raw = text.unicodeScalars.filter(Self.drivesTheTerminal)
      #expect(
        raw.isEmpty, "\(stream) of \(result.arguments) carries \(raw.map(\.value))",
        sourceLocation: sourceLocation)
    }
  }

  private func hostileSandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.write(
      String(decoding: try Data(contentsOf: Self.hostileFile), as: UTF8.self),
      to: "workspace.json")
    return sandbox
  }

  static let inspections: [[String]] = [
    ["show", "--size", "80x12"], ["show", "--size", "80x12", "--ascii"], ["show"], ["tree"],
    ["routes"], ["routes", "1"], ["routes", "%3"], ["routes", "2"], ["history"],
    ["layout", "80x24"], ["validate"], ["-n", "rename", "x"],
  ]

  @Test(arguments: inspections)
  func hostileTextIsEscapedInText(arguments: [String]) async throws {
    let sandbox = try hostileSandbox()
    let result = try await sandbox.run(arguments)
    #expect([0, 65].contains(result.status), "\(result)")
    expectSafe(result)
    // The repairs are reported with the bad token escaped.
    #expect(
      result.stderr.contains("'bad\\u{1B}[31mtoken\\n'")
        || result.stdout.contains(
          "'bad\\u{1B}[31mtoken\\n'")
    )
  }

  @Test(arguments: inspections)
  func hostileTextIsEscapedInJSON(arguments: [String]) async throws {
    let sandbox = try hostileSandbox()
    let result = try await sandbox.run(["--json"] + arguments)
    #expect([0, 65].contains(result.status), "\(result)")
    expectSafe(result)
  }

  @Test func treeKeepsOneLinePerNode() async throws {
    let sandbox = try hostileSandbox()
    let tree = try await sandbox.run("-q", "tree")
    #expect(tree.status == 0)
    #expect(tree.stdoutLines.count == 6, "\(tree)")
    #expect(tree.stdoutLines[2] == "    %3 pane '\(Self.escapedTitle)' [inbox] (focused)")
    #expect(tree.stdoutLines[1].hasPrefix("  [1 '\\u{1B}]0;owned\\u{7}tab\\none'] %2 split"))
    #expect(tree.stdoutLines[4] == "    %6 unknown '\\u{1B}[5mblink' (kept as it is)")
  }

  @Test func jsonShowsTheTitleAsJSONEscapes() async throws {
    let sandbox = try hostileSandbox()
    let show = try await sandbox.run("-q", "--json", "show", "--size", "80x12")
    #expect(show.status == 0)
    #expect(
      show.stdout.contains(
        #""title": "\u001b[2J\u001b[HPWNED\n\u0000\u0007\u009b31m\u007f\u202e\u2066\u200f\u061c\u2028end""#
      ), "\(show)")
    let panes = try show.jsonArray()
    #expect(
      panes.first?["title"] as? String
        == "\u{1B}[2J\u{1B}[HPWNED\n\u{0}\u{7}\u{9B}31m\u{7F}\u{202E}\u{2066}\u{200F}\u{61C}\u{2028}end"
    )
  }

  /// A title given as an argument: saved as it is, shown escaped everywhere, in the undo
  /// history too, and in errors.
  @Test func aHostileTitleArgument() async throws {
    let sandbox = try Sandbox()
    let title = "\u{1B}[2J\u{1B}[HPWNED\n\u{7}\u{202E}x"
    try await sandbox.succeed("rename", title)
    for arguments in [["show", "--size", "60x8"], ["tree"], ["history"], ["routes"]] {
      let result = try await sandbox.succeed(arguments)
      expectSafe(result)
      #expect(result.stdout.contains("\\u{1B}[2J"), "\(result)")
    }
    #expect(
      try await sandbox.succeed("history").stdout
        == "undo 1: rename '\\u{1B}[2J\\u{1B}[HPWNED\\n\\u{7}\\u{202E}x'\n")
    let refused = try await sandbox.run("focus", "\u{1B}[2J\u{9B}")
    #expect(refused.status == 64)
    expectSafe(refused)
    let dryRun = try await sandbox.succeed("-n", "rename", "\u{1B}]0;title\u{7}")
    expectSafe(dryRun)
    #expect(dryRun.stdout.hasPrefix("dry run (not saved): rename \\u{1B}]0;title\\u{7}\n"))
  }
}
