import Foundation
import Testing

/// `wsctl completions bash|zsh|fish`, tried in each real shell: every command's own
/// arguments, pane and tab numbers from the workspace file (`-f FILE` honoured), and a new
/// command word after a complete command.
@Suite struct CompletionsTests {
  static let directions = ["left", "right", "up", "down"]
  static let cycle = ["next", "prev", "last"]
  /// The default workspace's panes: numbers 1 and 2 in the active tab, ids %3 %4 %5.
  static let panes = ["1", "2", "%3", "%4", "%5"]
  static let globalOptions = [
    "-f", "--file", "--from", "--json", "-n", "--dry-run", "-q", "--quiet", "--no-host", "--size",
    "-w", "--window", "-h", "--help", "-V", "--version",
  ]
  static let words = HelpTests.commandWords

  /// A line to complete after some set-up commands, and the candidates every shell offers.
  struct Case: Sendable, CustomTestStringConvertible {
    var setup: [String] = []
    var line: String
    var expected: [String]
    var testDescription: String { "'\(line)'" + (setup.isEmpty ? "" : " after \(setup)") }
  }

  static let cases: [Case] = [
    Case(line: "wsctl move ", expected: directions),
    Case(line: "wsctl move n", expected: []),
    Case(line: "wsctl resize ", expected: directions),
    Case(line: "wsctl swap ", expected: directions + panes + ["last"]),
    Case(line: "wsctl focus ", expected: panes + directions + cycle + ["wrap", "float", "tiled"]),
    Case(line: "wsctl focus wrap ", expected: directions),
    Case(line: "wsctl --size 80x24 focus wr", expected: ["wrap"]),
    Case(line: "wsctl focus --size 80x24 wrap ", expected: directions),
    Case(line: "wsctl split ", expected: ["h", "v"]),
    Case(line: "wsctl mini", expected: ["minimum-size"]),
    Case(line: "wsctl minimum-size ", expected: ["default"]),
    Case(line: "wsctl minimum-size d", expected: ["default"]),
    Case(line: "wsctl minimum-size 10x4 ", expected: words),
    Case(line: "wsctl resize left 5 ", expected: words),
    Case(line: "wsctl --size 100x30 resize ", expected: directions),
    Case(line: "wsctl present ", expected: ["sheet", "cover"]),
    Case(line: "wsctl present sheet ", expected: []),
    Case(line: "wsctl fin", expected: ["finish"]),
    Case(line: "wsctl template ", expected: ["save", "apply", "rm", "list", "show", "export"]),
    Case(line: "wsctl template apply ", expected: []),
    Case(
      setup: ["rename", "{repo}", "template", "save", "review", "template", "save", "dépôt"],
      line: "wsctl template apply ", expected: ["dépôt", "review"]),
    Case(
      setup: ["rename", "{repo}", "template", "save", "review"],
      line: "wsctl template apply review ", expected: ["repo=", "--reconcile", "--keep"] + words),
    Case(
      setup: ["template", "save", "review"], line: "wsctl template show r", expected: ["review"]),
    Case(
      line: "wsctl template save t --",
      expected: [
        "--file", "--from", "--json", "--dry-run", "--quiet", "--no-host", "--help", "--version",
        "--size", "--window", "--node", "--force",
      ]),
    Case(line: "wsctl restore-backup --f", expected: ["--file", "--from", "--force"]),
    Case(line: "wsctl finish ", expected: []),
    Case(line: "wsctl finish attachment:3 ", expected: words),
    Case(line: "wsctl at %3 fi", expected: ["finish"]),
    Case(line: "wsctl completions ", expected: ["bash", "zsh", "fish"]),
    Case(line: "wsctl help sp", expected: ["split"]),
    Case(line: "wsctl help re", expected: words.filter { $0.hasPrefix("re") }),
    Case(
      line: "wsctl tab ",
      expected: ["new", "close", "move", "rename", "1", "2"] + cycle),
    Case(line: "wsctl tab close ", expected: ["1", "2"] + words),
    Case(line: "wsctl tab move ", expected: ["1", "2"]),
    Case(line: "wsctl close ", expected: panes + ["last"] + words),
    Case(line: "wsctl routes %", expected: ["%3", "%4", "%5"]),
    Case(line: "wsctl at ", expected: panes + ["last"]),
    Case(setup: ["mark", "editor"], line: "wsctl at e", expected: ["editor"]),
    Case(setup: ["mark", "editor"], line: "wsctl unmark ", expected: ["editor"] + words),
    Case(line: "wsctl at 2 ", expected: HelpTests.targetableWords),
    Case(line: "wsctl at 2 tab ", expected: ["new", "close", "move", "rename", "1", "2"] + cycle),
    Case(line: "wsctl split h -", expected: globalOptions + ["-d"]),
    Case(line: "wsctl at %3 pu", expected: ["push"]),
    Case(line: "wsctl focus 2 pu", expected: ["push"]),
    Case(line: "wsctl focus 2 ", expected: words),
    Case(line: "wsctl push a ", expected: words),
    Case(line: "wsctl resize left ", expected: []),
    Case(line: "wsctl --json rou", expected: ["routes"]),
    Case(line: "wsctl -", expected: globalOptions),
    Case(
      line: "wsctl show --",
      expected: [
        "--file", "--from", "--json", "--dry-run", "--quiet", "--no-host", "--help", "--version",
        "--size", "--window", "--ascii",
      ]),
    Case(
      setup: ["push", "detail:7", "push", "x"], line: "wsctl pop-to ",
      expected: ["inbox", "detail:7", "x"]),
    Case(setup: ["push", "detail:7"], line: "wsctl pop-to detail:", expected: ["detail:7"]),
    Case(
      setup: ["split", "v"], line: "wsctl focus ",
      expected: ["1", "2", "3", "%3", "%4", "%5", "%6"] + directions + cycle + [
        "wrap", "float", "tiled",
      ]),
    Case(
      setup: ["-f", "other.json", "tab", "new", "Notes"], line: "wsctl -f other.json tab ",
      expected: ["new", "close", "move", "rename", "1", "2", "3"] + cycle),
    Case(
      setup: ["-f", "other.json", "tab", "new", "Notes"], line: "wsctl -nqfother.json tab m",
      expected: ["move"]),
    Case(
      setup: ["-f", "other.json", "split", "h"], line: "wsctl rename x -f other.json focus 3",
      expected: ["3"]),
  ]

  static let shellCases: [(String, Case)] = ShellCompletion.shells.flatMap { shell in
    cases.map { (shell, $0) }
  }

  @Test(arguments: shellCases)
  func eachShellCompletesEachCommandsArguments(shell: String, testCase: Case) async throws {
    let sandbox = try Sandbox()
    if !testCase.setup.isEmpty { try await sandbox.succeed(testCase.setup) }
    guard
      let candidates = try await ShellCompletion.candidates(shell, line: testCase.line, in: sandbox)
    else { return }
    #expect(Set(candidates) == Set(testCase.expected), "\(shell): \(candidates)")
    #expect(candidates.count == Set(candidates).count, "\(shell) repeats: \(candidates)")
  }

  @Test(arguments: ShellCompletion.shells)
  func aFileAfterDashFIsCompletedFromTheDirectory(shell: String) async throws {
    let sandbox = try Sandbox()
    try sandbox.write("{}", to: "mine.json")
    guard
      let candidates = try await ShellCompletion.candidates(shell, line: "wsctl -f mi", in: sandbox)
    else { return }
    #expect(candidates == ["mine.json"], "\(shell)")
  }

  @Test(arguments: ShellCompletion.shells)
  func aTemplatesFileAfterFromIsCompletedFromTheDirectoryAndNamesItsTemplates(shell: String)
    async throws
  {
    let sandbox = try Sandbox()
    try await sandbox.succeed("rename", "{repo}", "template", "save", "review")
    let file = try await sandbox.succeed("template", "show", "review", "--json").stdout
    try sandbox.write(
      #"{"format": "workspace-templates", "version": 1, "templates": [\#(file)]}"#,
      to: "team.json")
    try await sandbox.succeed("template", "rm", "review")
    guard
      let files = try await ShellCompletion.candidates(shell, line: "wsctl --from te", in: sandbox),
      let names = try await ShellCompletion.candidates(
        shell, line: "wsctl --from team.json template apply ", in: sandbox)
    else { return }
    #expect(files == ["team.json"], "\(shell)")
    #expect(names == ["review"], "\(shell)")
  }

  @Test(arguments: ShellCompletion.shells)
  func aFileThatCannotBeReadStillCompletesTheGrammar(shell: String) async throws {
    let sandbox = try Sandbox()
    try sandbox.write("{not json", to: "workspace.json")
    guard
      let candidates = try await ShellCompletion.candidates(
        shell, line: "wsctl focus ", in: sandbox)
    else { return }
    #expect(
      Set(candidates) == Set(Self.directions + Self.cycle + ["wrap", "float", "tiled"]), "\(shell)")
  }

  @Test func hostileTitlesReachTheShellOnOneLine() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("rename", "evil\n\u{1B}[2Jtitle\tx")
    let lines = try await sandbox.succeed("__complete", "focus", "1").stdoutLines
    #expect(lines == ["1\t" + #"evil\n\u{1B}[2Jtitle\tx"#])
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func theScriptAsksWsctlAndNamesNoCommandItself(shell: String) async throws {
    let script = try await Sandbox().succeed("completions", shell).stdout
    #expect(script.hasSuffix("\n"))
    #expect(script.contains("__complete"))
    // The words come from the grammar table through wsctl, not from the script.
    #expect(!script.contains("set-modal-path"))
  }
}
