import Foundation
import Testing
import WorkspaceTestSupport

/// `wsctl show` pictures, compared with golden files in `Tests/WsctlTests/Golden/`: the
/// default workspace, an edited one (three panes, a deeper stack, a modal, a long token cut
/// to fit) at two sizes in Unicode and ASCII, and a zoomed pane.
@Suite struct ShowGoldenTests {
  /// Focus pane 2, push on it, split it below with a long route, rename the new pane and
  /// present a sheet on it.
  private static let edits = [
    "focus", "2", "push", "detail:7", "split", "v", "40%", "search:swift%20testing",
    "rename", "Search", "present", "sheet", "compose",
  ]

  @Test func theDefaultWorkspace() async throws {
    let sandbox = try Sandbox()
    let show = try await sandbox.succeed("show", "--size", "80x24")
    try Golden.check(show.stdout, named: "show-default-80x24.txt")
  }

  @Test(arguments: [("80x24", false), ("80x24", true), ("40x12", false), ("40x12", true)])
  func anEditedWorkspace(size: String, ascii: Bool) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(Self.edits)
    let show = try await sandbox.succeed(["show", "--size", size] + (ascii ? ["--ascii"] : []))
    try Golden.check(show.stdout, named: "show-edited-\(size)\(ascii ? "-ascii" : "").txt")
  }

  @Test(arguments: [("80x24", false), ("40x12", true)])
  func aZoomedPane(size: String, ascii: Bool) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(Self.edits + ["zoom"])
    let show = try await sandbox.succeed(["show", "--size", size] + (ascii ? ["--ascii"] : []))
    try Golden.check(show.stdout, named: "show-zoomed-\(size)\(ascii ? "-ascii" : "").txt")
  }

  @Test func everyLineFitsTheSize() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(Self.edits)
    for (width, height) in [(80, 24), (40, 12), (17, 5), (1, 1), (1000, 3)] {
      let show = try await sandbox.succeed("show", "--size", "\(width)x\(height)")
      #expect(show.stdoutLines.count == height)
      #expect(show.stdoutLines.allSatisfy { $0.count <= width })
    }
  }

  @Test func withoutASizeShowDrawsAtColumnsByLinesLessThePromptLine() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(Self.edits)
    let sized = try await sandbox.succeed("show", "--size", "50x14")
    let fromEnvironment = try await sandbox.succeed(
      "show", environment: ["COLUMNS": "50", "LINES": "15"])
    #expect(fromEnvironment.stdout == sized.stdout)
    let defaults = try await sandbox.succeed(
      "show", environment: ["COLUMNS": nil, "LINES": nil])
    #expect(defaults.stdout == (try await sandbox.succeed("show", "--size", "80x23")).stdout)
  }

  /// `script` runs `wsctl` on a pseudo-terminal, where it colours the focused pane unless
  /// `NO_COLOR` is set, whether or not `--size` is given: colour depends on the terminal only.
  @Test(
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")),
    arguments: [
      ("show", nil, true), ("show", "1", false), ("show --size 40x5", nil, true),
      ("show --size 40x5 --ascii", nil, true), ("show --size 40x5", "1", false),
    ] as [(String, String?, Bool)])
  func colourOnATerminalUnlessNoColor(command: String, noColor: String?, isColoured: Bool)
    async throws
  {
    let sandbox = try Sandbox()
    let binary = try BuiltProgram.require("wsctl")
    let result = try await sandbox.run(
      program: URL(fileURLWithPath: "/usr/bin/script"),
      ["-qec", "\(binary.path) \(command)", "/dev/null"],
      environment: ["NO_COLOR": noColor, "TERM": "xterm", "COLUMNS": "40", "LINES": "6"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("\u{1B}[1;36m") == isColoured, "\(result)")
    #expect(result.stdout.contains("\u{1B}") == isColoured)
  }

  @Test func noColourWhenOutputIsNotATerminal() async throws {
    let sandbox = try Sandbox()
    let show = try await sandbox.succeed("show", environment: ["NO_COLOR": nil, "TERM": "xterm"])
    #expect(!show.stdout.contains("\u{1B}"))
  }
}
