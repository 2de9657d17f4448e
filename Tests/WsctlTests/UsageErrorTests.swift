import Testing

/// Exit code 64: a malformed command line. The one line on stderr names the offending word
/// and its position; nothing is read or written.
@Suite struct UsageErrorTests {
  @Test(arguments: [
    // Unknown commands, with a suggestion among the grammar's and the tool's words.
    (["pish", "detail:7"], "unknown command 'pish' at word 1 — did you mean 'push'?"),
    (["shwo"], "unknown command 'shwo' at word 1 — did you mean 'show'?"),
    (["focus", "2", "pish"], "unknown command 'pish' at word 3 — did you mean 'push'?"),
    (["--", "-x"], "unknown command '-x' at word 1"),
    // Missing arguments.
    (["push"], "'push' needs a route at word 2"),
    (["push", "focus", "2"], "'push' needs a route at word 2"),
    (
      ["focus"],
      "'focus' needs a pane number, %ID, mark, left|right|up|down, wrap or next|prev|last at word 2"
    ),
    (["tab", "move"], "'tab move' needs a tab number at word 3"),
    (["rename"], "'rename' needs a title at word 2"),
    (["layout"], "'layout' needs a size WxH at word 2"),
    (["open"], "'open' needs a URL at word 2"),
    (["completions"], "'completions' needs a shell: bash, zsh or fish at word 2"),
    // Malformed arguments and tokens, with their position.
    (
      ["push", "7up"],
      "malformed route token '7up' at offset 0: '7' cannot appear in a route name here at word 2"
    ),
    (
      ["push", "detail:%zz"],
      "malformed route token 'detail:%zz' at offset 7: '%' must be followed by two hex digits at word 2"
    ),
    (
      ["focus", "2x"],
      "invalid argument '2x' at word 2: expected a pane number, %ID, mark, left|right|up|down, wrap or next|prev|last"
    ),
    (
      ["split", "h", "1.5"],
      "invalid argument '1.5' at word 3: expected a ratio between 0 and 1 (0.3) or a percentage (30%)"
    ),
    (
      ["present", "modal", "x"],
      "invalid argument 'modal' at word 2: expected a modal style, sheet or cover"
    ),
    (["undo", "0"], "invalid argument '0' at word 2: expected a positive count"),
    (
      ["show", "--size", "abc"],
      "invalid size 'abc' at word 3: expected WxH such as 80x24, each from 1 to 1000"
    ),
    (
      ["show", "--size", "0x10"],
      "invalid size '0x10' at word 3: expected WxH such as 80x24, each from 1 to 1000"
    ),
    (
      ["show", "--size", "5000x10"],
      "invalid size '5000x10' at word 3: expected WxH such as 80x24, each from 1 to 1000"
    ),
    (["layout", "80"], "invalid size '80' at word 2: expected WxH such as 120x40"),
    (["routes", "2x"], "invalid pane '2x' at word 2: expected N, %ID, MARK or last"),
    (["completions", "tcsh"], "unknown shell 'tcsh' at word 2: expected bash, zsh or fish"),
    (["help", "nope"], "no help for 'nope' at word 2 — did you mean 'move'?"),
    // Links.
    (
      ["open", "myapp://workspace/focus/2?x=1"],
      "invalid link 'myapp://workspace/focus/2?x=1': unexpected query '?x=1' (word 2)"
    ),
    (
      ["open", "myapp://workspace/pish"],
      "invalid link 'myapp://workspace/pish' (word 2): unknown command 'pish' at word 1 — did you mean 'push'?"
    ),
    // Options.
    (["--bogus", "show"], "unknown option '--bogus'"),
    (["show", "-x"], "unknown option '-x'"),
    (["--json=1", "show"], "unknown option '--json=1'"),
    (["-f"], "option '-f' needs a FILE"),
    (["-nqf"], "option '-nqf' needs a FILE"),
    (["-nxq", "show"], "unknown option '-x' in '-nxq'"),
    (["-qj", "show"], "unknown option '-j' in '-qj'"),
    (["--ascii", "show"], "option '--ascii' at word 1 belongs after 'show'"),
    (["--size", "9x9", "show", "--size", "8x8"], "option '--size' given twice: '9x9' and '8x8'"),
    (["focus", "left", "--size"], "option '--size' needs a size WxH"),
    (
      ["--size=0x5", "focus", "left"],
      "invalid size '0x5' at word 1: expected WxH such as 80x24, each from 1 to 1000"
    ),
    (
      ["init", "--force", "--force"],
      "option '--force' at word 3 belongs after 'init', 'restore-backup', 'save-layout', 'template save' or 'template export'"
    ),
    // A negative number is an argument, not an option.
    (
      ["focus", "-1"],
      "invalid argument '-1' at word 2: expected a pane number, %ID, mark, left|right|up|down, wrap or next|prev|last"
    ),
    (
      ["resize", "left", "-0.1"],
      "invalid argument '-0.1' at word 3: expected a number of cells (5), a ratio between 0 and 1 (0.3) or a percentage (30%)"
    ),
    // Commands that stand alone.
    (["validate", "show"], "'validate' cannot be combined with other commands"),
    (["init", "tree"], "'init' cannot be combined with other commands"),
    (["help", "push", "pop"], "'help' cannot be combined with other commands"),
    (["--version", "show"], "'--version' cannot be combined with other commands"),
  ])
  func usageErrorsExit64WithOneLineNamingTheWord(arguments: [String], message: String) async throws
  {
    let sandbox = try Sandbox()
    #expect(try await sandbox.fail(arguments, status: 64) == "wsctl: " + message)
    #expect(try sandbox.listing() == [])
  }

  @Test func aUsageErrorLeavesAnExistingFileAlone() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    try await sandbox.fail("push", "b", "focus", "2x", status: 64)
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func aControlCharacterInAWordStaysOnTheOneLine() async throws {
    let sandbox = try Sandbox()
    let message = try await sandbox.fail("pi\nsh", status: 64)
    #expect(message == "wsctl: unknown command 'pi\\nsh' at word 1 — did you mean 'push'?")
  }

  @Test func aHugeWordIsCutInTheMiddleOfTheMessage() async throws {
    let sandbox = try Sandbox()
    let message = try await sandbox.fail("push", String(repeating: "a", count: 70_000), status: 64)
    #expect(message.count <= 1000)
    #expect(message.hasPrefix("wsctl: malformed route token 'aaaa"))
    #expect(message.contains(" … "))
    #expect(message.hasSuffix("' at offset 4096: longer than 4096 bytes at word 2"))
  }

  @Test(arguments: ["x", "-1", "soon"])
  func anInvalidLockTimeoutIsAUsageError(value: String) async throws {
    let sandbox = try Sandbox()
    let message = try await sandbox.fail(
      "push", "a", status: 64, environment: ["WSCTL_LOCK_TIMEOUT": value])
    #expect(
      message
        == "wsctl: invalid WSCTL_LOCK_TIMEOUT '\(value)': expected a number of seconds such as 2.5")
  }
}
