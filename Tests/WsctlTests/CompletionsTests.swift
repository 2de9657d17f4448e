import Foundation
import Testing

/// `wsctl completions bash|zsh|fish`: a script that knows every command word and option.
@Suite struct CompletionsTests {
  @Test(arguments: ["bash", "zsh", "fish"])
  func theScriptMentionsEveryCommandWordAndOption(shell: String) throws {
    let sandbox = try Sandbox()
    let script = try sandbox.succeed("completions", shell).stdout
    #expect(!script.isEmpty)
    #expect(script.hasSuffix("\n"))
    for word in HelpTests.commandWords {
      #expect(script.contains(word), "\(shell) lacks \(word)")
    }
    for option in ["file", "json", "dry-run", "quiet", "help", "version"] {
      #expect(script.contains(option), "\(shell) lacks --\(option)")
    }
  }

  @Test func bashRegistersAFunction() throws {
    let script = try Sandbox().succeed("completions", "bash").stdout
    #expect(script.contains("_wsctl() {"))
    #expect(script.contains("complete -F _wsctl wsctl"))
  }

  @Test(arguments: [
    (["wsctl", "pu"], "push"),
    (["wsctl", "rest"], "restore-backup"),
    (["wsctl", "split", ""], "h v"),
    (["wsctl", "present", ""], "sheet cover"),
    (["wsctl", "completions", ""], "bash zsh fish"),
    (["wsctl", "--dry"], "--dry-run"),
  ])
  func bashCompletesInABashShell(words: [String], expected: String) throws {
    let bash = URL(fileURLWithPath: "/bin/bash")
    try #require(FileManager.default.isExecutableFile(atPath: bash.path))
    let sandbox = try Sandbox()
    try sandbox.write(try sandbox.succeed("completions", "bash").stdout, to: "wsctl.bash")
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let script = """
      source wsctl.bash
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _wsctl
      echo "${COMPREPLY[*]}"
      """
    let result = try sandbox.run(program: bash, ["-c", script])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == expected + "\n", "\(result)")
  }

  @Test func zshIsACompdefFile() throws {
    let script = try Sandbox().succeed("completions", "zsh").stdout
    #expect(script.hasPrefix("#compdef wsctl\n"))
    #expect(script.contains("'set-modal-path:"))
  }

  @Test func fishCompletesEachCommandWithItsAbstract() throws {
    let script = try Sandbox().succeed("completions", "fish").stdout
    #expect(script.contains("complete -c wsctl -f -a 'push' -d 'Push routes onto"))
    #expect(script.contains("complete -c wsctl -s f -l file -r"))
  }
}
