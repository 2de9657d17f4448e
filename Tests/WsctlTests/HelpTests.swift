import Testing

/// `help`, `-h`/`--help` for the tool and every command word, and `--version`.
@Suite struct HelpTests {
  /// Every command word: the workspace grammar's, then the tool's own.
  static let commandWords = [
    "focus", "split", "close", "reopen", "tab", "swap", "move", "resize", "equalize", "zoom",
    "rename", "minimum-size", "float", "embed", "arrange", "break", "join", "stack", "unstack",
    "push", "pop", "pop-to", "pop-to-last",
    "root", "replace", "replace-top", "present", "dismiss", "dismiss-all", "finish", "set-path",
    "set-modal-path", "mark", "unmark", "at",
    "template", "undo", "redo", "window",
    "show", "tree", "routes", "layout", "history", "closed", "open", "validate", "init", "migrate",
    "restore-backup", "status", "watch", "control", "completions", "help", "load-layout",
    "save-layout",
  ]

  /// The grammar's words `at TARGET` completes.
  static let targetableWords = commandWords.prefix(while: { $0 != "show" }).filter {
    !["focus", "minimum-size", "reopen", "at", "undo", "redo", "window"].contains($0)
  }

  @Test(arguments: [[], ["help"], ["--help"], ["-h"]])
  func theToolsHelpListsUsageOptionsCommandsAndExitCodes(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    let help = try await sandbox.succeed(arguments)
    #expect(
      help.stdout.hasPrefix("usage: wsctl [-f FILE] [--json] [--dry-run] [-q] [--no-host] COMMAND"))
    for option in [
      "-f, --file FILE", "--json", "-n, --dry-run", "-q, --quiet", "--no-host", "-V, --version",
    ] {
      #expect(help.stdout.contains(option), "\(option)")
    }
    for word in Self.commandWords {
      #expect(help.stdoutLines.contains { $0.hasPrefix("  \(word) ") }, "\(word)")
    }
    #expect(help.stdout.contains("WSCTL_LOCK_TIMEOUT"))
    #expect(help.stdout.contains("75 lock timeout"))
    #expect(help.stdout.hasSuffix("example:\n  wsctl focus 2 push detail:7\n"))
    #expect(help.stdoutLines.allSatisfy { $0.count <= 82 })
    #expect(try sandbox.listing() == [])
  }

  @Test(arguments: commandWords)
  func everyCommandHasHelpWithUsageAbstractAndExample(word: String) async throws {
    let sandbox = try Sandbox()
    let help = try await sandbox.succeed("help", word)
    let lines = help.stdoutLines
    #expect(lines.first?.hasPrefix("usage: wsctl [options] \(word)") == true, "\(help)")
    #expect(lines.count > 5)
    #expect(lines[1] == "")
    #expect(lines[2].count > 10 && lines[2].hasSuffix("."), "abstract: \(lines[2])")
    let example = try #require(lines.firstIndex(of: "example:"))
    #expect(lines[example + 1].hasPrefix("  wsctl "))
    #expect(lines[example + 1].contains(word))
    for form in [[word, "--help"], [word, "-h"], ["--help", word]] {
      #expect(try await sandbox.succeed(form).stdout == help.stdout, "\(form)")
    }
  }

  @Test(arguments: [
    (["focus", "2", "push", "detail:7", "--help"], "focus"),
    (["-f", "x.json", "push", "a", "-h"], "push"),
    (["show", "--help", "--size", "3x3"], "show"),
    (["completions", "bash", "--help"], "completions"),
  ])
  func helpAnywhereInTheLineIsHelpOnTheFirstCommand(arguments: [String], word: String) async throws
  {
    let sandbox = try Sandbox()
    let help = try await sandbox.succeed(arguments)
    #expect(help.stdoutLines.first?.hasPrefix("usage: wsctl [options] \(word)") == true)
    #expect(try sandbox.listing() == [])
  }

  @Test func helpAfterDoubleDashIsAWord() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("--", "rename", "--help")
    #expect(try await sandbox.succeed("tree").stdout.contains("%3 pane '--help' [inbox] (focused)"))
  }

  @Test(arguments: ["undo", "redo"])
  func undoHelpSaysWhatUndoCovers(word: String) async throws {
    let help = try await Sandbox().succeed("help", word).stdout.replacingOccurrences(
      of: "\n", with: " ")
    #expect(help.contains("Zoom is an entry of its own"))
    #expect(help.contains("Focus and tab selection are a cursor, not edits"))
  }

  @Test func theToolsHelpStatesTheAlreadySoRuleAndCombinedFlags() async throws {
    let help = try await Sandbox().succeed("--help").stdout
    #expect(help.contains("A command whose target state already holds succeeds"))
    #expect(help.contains("Short options combine: -nq, -nqf FILE."))
  }

  @Test(arguments: ["--version", "-V"])
  func versionPrintsTheVersion(option: String) async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.succeed(option).stdout == "wsctl 0.1.0\n")
  }
}
