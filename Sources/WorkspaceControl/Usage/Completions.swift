import Workspace

/// Shell completion scripts for bash, zsh and fish.
///
/// Each script is a thin adapter: it hands the line typed so far to `wsctl __complete` and
/// offers what comes back, so all three complete from the one grammar table
/// (`CommandGrammar` plus the tool's own commands in ``ToolCommand``), with pane numbers,
/// tab numbers, ids and routes read from the workspace file (`-f FILE` typed earlier on the
/// line is honoured). See ``LineCompletion`` for the protocol.
enum Completions {
  /// The shells a script is written for.
  static let shells = ArgumentKind.shell.words

  /// The shells as messages and help list them: `bash, zsh or fish`.
  static let shellList = shells.listed

  /// The shells as a usage line gives the choice: `bash|zsh|fish`.
  static let shellChoice = shells.separated(by: "|")

  /// The script for `shell` (`bash`, `zsh` or `fish`).
  static func script(for shell: String) -> String {
    switch shell {
    case "bash": bash
    case "zsh": zsh
    default: fish
    }
  }

  private static let call = LineCompletion.command

  /// bash splits words at `:` and `=` (`COMP_WORDBREAKS`), so the script sends the whole
  /// line before the cursor and trims each candidate to bash's notion of the current word.
  private static var bash: String {
    """
    # bash completion for wsctl; source it or put it in bash_completion.d
    _wsctl() {
      local program=${COMP_WORDS[0]} current=${COMP_WORDS[COMP_CWORD]}
      local typed=${COMP_LINE:0:COMP_POINT} line
      local word=${typed##*[[:space:]]}
      local head=${word%"$current"}
      [[ $program == */* ]] || program=wsctl
      COMPREPLY=()
      while IFS= read -r line; do
        if [[ $line == :files ]]; then
          COMPREPLY=($(compgen -f -- "$current"))
          return
        fi
        line=${line%%$'\\t'*}
        COMPREPLY+=("${line#"$head"}")
      done < <("$program" \(call) --line "$typed" 2>/dev/null)
    }
    complete -F _wsctl wsctl

    """
  }

  private static var zsh: String {
    """
    #compdef wsctl
    # zsh completion for wsctl; put it on $fpath as _wsctl, or source it
    _wsctl() {
      local -a candidates lines
      local line
      lines=("${(@f)$(${words[1]} \(call) "${(@Q)words[2,CURRENT]}" 2>/dev/null)}")
      if [[ ${lines[1]} == :files ]]; then
        _files
        return
      fi
      for line in $lines; do
        [[ -n $line ]] || continue
        if [[ $line == *$'\\t'* ]]; then
          candidates+=("${${line%%$'\\t'*}//:/\\\\:}:${line#*$'\\t'}")
        else
          candidates+=("${line//:/\\\\:}")
        fi
      done
      _describe -V 'wsctl' candidates
    }
    if [[ $funcstack[1] == _wsctl ]]; then
      _wsctl "$@"
    else
      compdef _wsctl wsctl
    fi

    """
  }

  private static var fish: String {
    """
    # fish completion for wsctl; put it in ~/.config/fish/completions/wsctl.fish
    function __wsctl_complete
        set -l tokens (commandline -opc)
        set -l current (commandline -ct)
        set -l lines ($tokens[1] \(call) $tokens[2..-1] $current 2>/dev/null)
        if test "$lines[1]" = :files
            __fish_complete_path $current
            return
        end
        printf '%s\\n' $lines
    end
    complete -c wsctl -f -a '(__wsctl_complete)'

    """
  }
}
