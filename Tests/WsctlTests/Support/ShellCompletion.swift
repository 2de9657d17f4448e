import Foundation
import Testing
import WorkspaceTestSupport

/// Drives `wsctl`'s completion script in a real bash, zsh or fish: the shell sources the
/// script `wsctl completions SHELL` printed and completes a line the way it does at a prompt,
/// and the candidates it would offer are read back.
///
/// - bash: the script's function runs with `COMP_WORDS`, `COMP_CWORD`, `COMP_LINE` and
///   `COMP_POINT` set as bash sets them (words broken at `:` and `=` too); the result is each
///   reply put in place of the current word.
/// - zsh: an interactive `zsh -f -i` in a `zpty` with `compinit`, the script registered by
///   `compdef`, and Tab pressed; `compadd` is wrapped to print the matches it is given.
/// - fish: `complete -C LINE` after sourcing the script.
///
/// A shell that is not installed skips the test locally with a note; under CI (`CI=true`),
/// which installs all three, it fails.
enum ShellCompletion {
  static let shells = ["bash", "zsh", "fish"]

  /// The shell's executable, or `nil` (recording why) if it is missing.
  static func executable(
    _ shell: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> URL? {
    for directory in ["/usr/bin", "/bin", "/usr/local/bin"] {
      let url = URL(fileURLWithPath: directory).appendingPathComponent(shell)
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      Issue.record("\(shell) is not installed; .ci/run installs it", sourceLocation: sourceLocation)
    } else {
      print("note: \(shell) is not installed; skipping its completion test")
    }
    return nil
  }

  /// The candidates the shell offers for the end of `line` (which starts with `wsctl `), in
  /// `sandbox`'s directory; `nil` if the shell is missing.
  static func candidates(
    _ shell: String, line: String, in sandbox: Sandbox,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [String]? {
    guard let program = executable(shell, sourceLocation: sourceLocation) else { return nil }
    let wsctl = try BuiltProgram.require("wsctl")
    let scripts = sandbox.root.appendingPathComponent("completions")
    try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    let script = scripts.appendingPathComponent("wsctl.\(shell)")
    let text = try await sandbox.succeed("completions", shell).stdout
    try Data(text.utf8).write(to: script)
    let environment: [String: String?] = [
      "PATH": wsctl.deletingLastPathComponent().path + ":/usr/bin:/bin",
      "HOME": scripts.path, "XDG_CONFIG_HOME": scripts.path, "XDG_DATA_HOME": scripts.path,
      "SCRIPT": script.path, "LINE": line,
    ]
    let result: RunResult
    switch shell {
    case "bash":
      result = try await sandbox.run(
        program: program, ["-c", bashHarness(line)], environment: environment)
    case "zsh":
      let harness = scripts.appendingPathComponent("harness.zsh")
      try Data(zshSetup.utf8).write(to: harness)
      result = try await sandbox.run(
        program: program, ["-f", "-c", zshDriver, "zsh", harness.path], environment: environment)
    default:
      result = try await sandbox.run(
        program: program, ["--no-config", "-c", #"source $SCRIPT; complete -C "$LINE""#],
        environment: environment)
    }
    #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
    switch shell {
    case "zsh":
      let text = result.stdout.replacingOccurrences(of: "\r", with: "\n")
      #expect(text.contains("END-CANDIDATES"), "\(result)", sourceLocation: sourceLocation)
      return text.split(separator: "\n").compactMap { line in
        line.hasPrefix("CANDIDATE:") ? String(line.dropFirst("CANDIDATE:".count)) : nil
      }
    default:
      return result.stdoutLines.map { String($0.prefix { $0 != "\t" }) }
    }
  }

  /// The line's words as bash's completion sees them: split at blanks, and at `:` and `=`
  /// (`COMP_WORDBREAKS`), each run of those a word of its own.
  static func bashWords(_ line: String) -> [String] {
    var blanks = line.split(separator: " ").map(String.init)
    if line.hasSuffix(" ") { blanks.append("") }
    var words: [String] = []
    for blank in blanks {
      var current = ""
      var isBreak = false
      for character in blank {
        let breaks = character == ":" || character == "="
        if !current.isEmpty, breaks != isBreak {
          words.append(current)
          current = ""
        }
        isBreak = breaks
        current.append(character)
      }
      words.append(current)
    }
    return words
  }

  /// A bash script that completes `line` with the sourced script's function and prints each
  /// reply as bash would put it in the line: the whole word it completes.
  private static func bashHarness(_ line: String) -> String {
    let words = bashWords(line)
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
    let current = words.last ?? ""
    let whole = String(line.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
    let head = String(whole.dropLast(current.count))
    return """
      source "$SCRIPT"
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      COMP_LINE=$LINE
      COMP_POINT=${#LINE}
      _wsctl
      for reply in "${COMPREPLY[@]}"; do printf '%s\\n' '\(head)'"$reply"; done
      """
  }

  /// Sourced by the interactive zsh in the pty: compinit, the script, a `compadd` that prints
  /// the matches completion computes between two markers, then exits, and `READY` printed
  /// when the line editor starts reading the line.
  private static let zshSetup = """
    PROMPT=''
    RPROMPT=''
    autoload -Uz compinit && compinit -u -D
    source "$SCRIPT"
    zstyle ':completion:*' list-grouped false
    zstyle ':completion:*' insert-tab false
    bindkey '^I' complete-word
    __test_begin() { print -r -- 'BEGIN-CANDIDATES' }
    __test_end() { print -r -- 'END-CANDIDATES'; exit }
    compprefuncs=( __test_begin )
    comppostfuncs=( __test_end )
    compadd() {
      if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
        builtin compadd "$@"
        return
      fi
      local -a __hits
      builtin compadd -O __hits "$@"
      (( $#__hits )) && print -rl -- CANDIDATE:${^__hits}
      return 0
    }
    # READY once the line editor reads the line: said as the file is sourced, before zle had
    # set up the terminal, it let Tab be typed while zsh could still discard it (seen once,
    # under load: the prompt came, the line never did).
    zle-line-init() { print -r -- READY }
    zle -N zle-line-init
    """

  /// Runs the interactive zsh in a pty, types the line and Tab, and prints what it wrote.
  private static let zshDriver = """
    zmodload zsh/zpty
    zpty z zsh -f -i
    zpty -w z "source ${(q)1}"
    integer deadline=$(( SECONDS + 20 ))
    local line output
    while (( SECONDS < deadline )); do
      if zpty -rt z line; then
        [[ $line == *READY* ]] && break
      else
        sleep 0.05
      fi
    done
    zpty -w -n z "$LINE"$'\\t'
    while (( SECONDS < deadline )); do
      if zpty -rt z line; then
        output+=$line
        [[ $line == *END-CANDIDATES* ]] && break
      else
        sleep 0.05
      fi
    done
    zpty -d z
    print -r -- $output
    """
}
