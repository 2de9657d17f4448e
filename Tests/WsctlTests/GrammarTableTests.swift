import Testing
import Workspace

/// Every command of the grammar table, end to end: its example parses and prints back to the
/// same words, `wsctl help` prints its usage line from the table, and each shell completes
/// its first argument with the words the table gives its kinds.
@Suite struct GrammarTableTests {
  static let commands = CommandGrammar.commands

  @Test(arguments: commands)
  func theExampleParsesAndPrintsBackToTheSameWords(command: CommandSyntax) throws {
    let parsed = try CommandParser.parse(line: command.example)
    #expect(parsed.first?.words.first == command.word, "\(command.example)")
    for each in parsed {
      #expect(try CommandParser.parse(each.words) == [each])
      #expect(try CommandParser.parse(line: each.description) == [each])
    }
  }

  @Test(arguments: commands)
  func helpPrintsTheTablesUsageSummaryAndExample(command: CommandSyntax) async throws {
    let help = try await Sandbox().succeed("help", command.word).stdoutLines
    // wsctl may add forms of its own after the table's (`template list | template show`).
    #expect(help.first?.hasPrefix("usage: wsctl [options] \(command.usage)") == true)
    #expect(help.dropFirst(2).first?.hasPrefix(command.summary) == true)
    #expect(help.last == "  wsctl \(command.example)")
    for argument in command.help {
      #expect(help.contains { $0.hasPrefix("  \(argument.name) ") }, "\(argument.name)")
    }
  }

  /// The commands whose first argument has fixed words, with those words.
  static let fixedFirstWords: [(String, String, [String])] = ShellCompletion.shells.flatMap {
    shell in
    commands.compactMap { command in
      guard let slot = command.arguments.first, command.subcommands.isEmpty else { return nil }
      let words = slot.kinds.flatMap(\.words)
      return words.isEmpty ? nil : (shell, command.word, words)
    }
  }

  @Test(arguments: fixedFirstWords)
  func eachShellCompletesTheFirstArgumentFromTheTable(
    shell: String, word: String, expected: [String]
  ) async throws {
    let sandbox = try Sandbox()
    guard
      let candidates = try await ShellCompletion.candidates(
        shell, line: "wsctl \(word) ", in: sandbox)
    else { return }
    #expect(Set(expected).isSubset(of: Set(candidates)), "\(shell) \(word): \(candidates)")
  }
}
