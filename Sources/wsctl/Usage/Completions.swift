import Workspace

/// Shell completion scripts for bash, zsh and fish, generated from the command table.
enum Completions {
  private static var words: [String] {
    var seen: Set<String> = []
    return (CommandParser.commandWords + CommandHelp.all.map(\.name)).filter {
      seen.insert($0).inserted
    }
  }

  private static let options = [
    "-f", "--file", "--json", "--dry-run", "-q", "--quiet", "--size", "-h", "--help",
    "--version",
  ]

  /// The script for `shell` (`bash`, `zsh` or `fish`).
  static func script(for shell: String) -> String {
    switch shell {
    case "bash": bash
    case "zsh": zsh
    default: fish
    }
  }

  private static var bash: String {
    """
    # bash completion for wsctl; source it or put it in bash_completion.d
    _wsctl() {
      local current="${COMP_WORDS[COMP_CWORD]}" previous="${COMP_WORDS[COMP_CWORD-1]}"
      case "$previous" in
        -f|--file) COMPREPLY=($(compgen -f -- "$current")); return ;;
        focus) COMPREPLY=($(compgen -W "left right up down wrap next prev last" -- "$current")); return ;;
        wrap|swap|move|resize) COMPREPLY=($(compgen -W "left right up down" -- "$current")); return ;;
        minimum-size) COMPREPLY=($(compgen -W "default" -- "$current")); return ;;
        split) COMPREPLY=($(compgen -W "h v" -- "$current")); return ;;
        tab) COMPREPLY=($(compgen -W "new next prev last close move rename" -- "$current")); return ;;
        present) COMPREPLY=($(compgen -W "sheet cover" -- "$current")); return ;;
        completions) COMPREPLY=($(compgen -W "bash zsh fish" -- "$current")); return ;;
      esac
      COMPREPLY=($(compgen -W "\(words.joined(separator: " ")) \(options.joined(separator: " "))" -- "$current"))
    }
    complete -F _wsctl wsctl

    """
  }

  private static var zsh: String {
    let described = CommandHelp.all.map { help in
      "    '\(help.name):\(help.abstract.replacingQuotes())'"
    }.joined(separator: "\n")
    return """
      #compdef wsctl
      # zsh completion for wsctl; put it on $fpath as _wsctl
      _wsctl() {
        local -a commands
        commands=(
      \(described)
        )
        _arguments \\
          '(-f --file)'{-f,--file}'[workspace file]:file:_files' \\
          '--json[machine-readable output]' \\
          '--size[drawing and layout size]:size WxH:' \\
          '--dry-run[apply without saving]' \\
          '(-q --quiet)'{-q,--quiet}'[no warnings]' \\
          '(-h --help)'{-h,--help}'[show help]' \\
          '--version[show the version]' \\
          '*::command:->command'
        case $state in
          command) _describe 'command' commands ;;
        esac
      }
      _wsctl "$@"

      """
  }

  private static var fish: String {
    var lines = [
      "# fish completion for wsctl; put it in ~/.config/fish/completions/wsctl.fish",
      "complete -c wsctl -s f -l file -r -d 'workspace file'",
      "complete -c wsctl -l json -d 'machine-readable output'",
      "complete -c wsctl -l size -r -d 'drawing and layout size WxH'",
      "complete -c wsctl -l dry-run -d 'apply without saving'",
      "complete -c wsctl -s q -l quiet -d 'no warnings'",
      "complete -c wsctl -s h -l help -d 'show help'",
      "complete -c wsctl -l version -d 'show the version'",
    ]
    for help in CommandHelp.all {
      lines.append(
        "complete -c wsctl -f -a '\(help.name)' -d '\(help.abstract.replacingQuotes())'")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension String {
  /// The text with single quotes replaced by typographic ones, safe inside a quoted word.
  fileprivate func replacingQuotes() -> String {
    String(map { $0 == "'" ? "’" : $0 })
  }
}
