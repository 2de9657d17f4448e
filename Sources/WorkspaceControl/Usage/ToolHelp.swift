import Workspace

/// The tool's own help and version.
enum ToolHelp {
  /// The version `--version` prints.
  static let version = "wsctl 0.1.0"

  /// `wsctl --help`.
  static var text: String {
    let width = (CommandHelp.all.map(\.name.count).max() ?? 0) + 2
    func list(_ commands: [CommandHelp]) -> String {
      commands.map { command in
        let lines = command.abstract.wrapped(to: 78 - width)
        return "  " + command.name.padding(width)
          + lines.joined(
            separator: "\n" + String(repeating: " ", count: width + 2))
      }.joined(separator: "\n")
    }
    return """
      usage: wsctl [-f FILE] [--json] [--dry-run] [-q] [--no-host] COMMAND [ARGS]...
                   [COMMAND [ARGS]...]...

      Edit and inspect a workspace file: a tree of tabs and split panes, each pane
      with its own navigation stack. Several commands in one call run as one
      transaction: all apply and the file is saved once, or nothing changes.
      While a host (an app with the file open) is live, edits and inspections go
      to it and apply at once; the output and exit code are the same.

      options:
      \(GlobalOption.helpText)

      workspace commands (deep links too: myapp://workspace/focus/2/push/detail:7):
      \(list(CommandHelp.workspaceCommands))

      inspection and maintenance:
      \(list(CommandHelp.toolCommands))

      A route whose name is a command word is written with a leading '=': push =focus.

      environment: WSCTL_FILE (the file), WSCTL_LOCK_TIMEOUT (seconds to wait for
      another writer, default 10), WSCTL_HOST_TIMEOUT (seconds to wait for a live
      host's reply, default 60), WSCTL_SOCKET_DIR (the directory of live hosts'
      sockets; 'wsctl status' says where it looked), COLUMNS and LINES (the size
      'show' draws at, at most 1000), NO_COLOR (no colour).

      exit codes: 0 ok, 1 refused by the workspace (nothing changed), 64 usage,
      65 bad data in the file, 66 file missing, 73 cannot write, 75 lock timeout
      or no reply from a live host.
      A command whose target state already holds succeeds and saves nothing
      ('root' at the root, 'focus 1' on pane 1); a movement that cannot happen
      ('pop' at the root, 'focus left' at the edge) is refused with exit 1.
      Short options combine: -nq, -nqf FILE.

      example:
        wsctl focus 2 push detail:7

      """
  }
}

extension [String] {
  /// The words as a sentence lists them: `a, b or c` (without the generic `joined`, for
  /// the start-up's sake: see `separated(by:)`).
  var listed: String {
    guard let last else { return "" }
    return count == 1 ? last : Array(dropLast()).separated(by: ", ") + " or " + last
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }

  /// The text broken at spaces into lines of at most `width` characters (a longer word
  /// stays whole).
  func wrapped(to width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in split(separator: " ") {
      if !line.isEmpty, line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    return lines + [line]
  }
}
