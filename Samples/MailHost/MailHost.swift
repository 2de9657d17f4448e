import Foundation
import PaneRouter
import Workspace
import WorkspaceJSON

/// A mail app's window without SwiftUI: it restores its workspace from a file at launch, runs
/// commands from its arguments or from standard input, lets its "views" reach their typed
/// routers, prints every change the workspace reports, and saves on exit.
///
/// Each step is what a SwiftUI app does at the same moment; the comments name the SwiftUI
/// counterpart.
@MainActor
struct MailHost {
  /// Exit codes, as `wsctl` uses them.
  enum ExitCode {
    static let success: Int32 = 0
    static let refused: Int32 = 1
    static let usage: Int32 = 64
    static let badFile: Int32 = 65
    static let cannotWrite: Int32 = 73
  }

  let store: WorkspaceStore
  let workspace: Workspace
  /// How many changes were applied and how many the change printer has printed.
  let progress = ChangeProgress()
  /// The exit code of the first step or line that failed, as `wsctl` would exit for it: 64
  /// for a malformed line (an unknown word, an unterminated quote), 1 for a refused command.
  var failureStatus: Int32?

  /// Runs the app with its command-line arguments (without the program name).
  ///
  /// - Returns: The exit code.
  static func main(arguments: [String]) async -> Int32 {
    var words = arguments
    var path = NSTemporaryDirectory() + "/mail-workspace.json"
    if let first = words.first, first == "-h" || first == "--help" {
      print("usage: MailHost [-f FILE] [COMMAND [ARGS]...]...")
      print("  -f, --file FILE   the workspace file (default: $TMPDIR/mail-workspace.json)")
      print("  without commands, reads one line of commands at a time from standard input")
      printLines(HostStep.helpText)
      return ExitCode.success
    }
    if let first = words.first, first == "-f" || first == "--file" {
      guard words.count >= 2 else {
        printError("'\(first)' needs a file name")
        return ExitCode.usage
      }
      path = words[1]
      words.removeFirst(2)
    }
    let steps: [HostStep]?
    do {
      steps = words.isEmpty ? nil : try HostStep.parse(words)
    } catch {
      printError("\(error)")
      return ExitCode.usage
    }
    let store = WorkspaceStore(path: (path as NSString).standardizingPath)
    // SwiftUI: the `App`'s `init` restores the window before the first frame.
    guard let state = restore(from: store) else { return ExitCode.badFile }
    var host = MailHost(store: store, workspace: Workspace(state))
    return await host.run(steps)
  }

  /// Restores the workspace: the file, or the mail layout if there is none; prints what the
  /// loader repaired. Returns `nil` for a file that cannot be read.
  private static func restore(from store: WorkspaceStore) -> WorkspaceState? {
    do {
      let loaded = try store.load(default: MailLayout.initialState)
      if loaded.isDefault {
        print("MailHost: no \(store.path) yet; starting from the mail layout")
      } else {
        let panes = loaded.state.paneIDs.count
        print("MailHost: restored \(store.path) (\(panes) panes)")
      }
      if let version = loaded.migratedFromVersion {
        print("MailHost: migrated from format version \(version)")
      }
      for diagnostic in loaded.diagnostics {
        print("MailHost: warning: \(diagnostic) (repaired)")
      }
      return loaded.state
    } catch {
      printError("\(error)")
      if store.hasBackup {
        printError("a backup exists: \(store.backupPath) (restore it with wsctl restore-backup)")
      }
      return nil
    }
  }

  /// Subscribes to the change stream, runs the steps (or standard input), then saves.
  private mutating func run(_ steps: [HostStep]?) async -> Int32 {
    // SwiftUI: `.task { for await change in workspace.changes { ... } }` on the root view.
    let changes = workspace.changes
    let printer = Task { [workspace, progress] in
      for await change in changes {
        print(ChangeLog.line(for: change, in: workspace.state))
        progress.printed += 1
      }
    }
    // The synchronous callback counts changes as they are applied, so that the steps can wait
    // for the printer to catch up and each change prints under the step that made it.
    workspace.onChange = { [progress] _ in progress.published += 1 }
    if let steps {
      await perform(steps)
    } else {
      await readStandardInput()
    }
    printer.cancel()
    // SwiftUI: `.onChange(of: scenePhase)` saves when the app goes to the background.
    do {
      try store.save(workspace.state)
      print("MailHost: saved \(store.path)")
    } catch {
      printError("\(error)")
      return ExitCode.cannotWrite
    }
    return failureStatus ?? ExitCode.success
  }

  /// Runs each line of standard input as words, reporting errors and carrying on.
  private mutating func readStandardInput() async {
    let isInteractive = isatty(STDIN_FILENO) == 1
    while true {
      if isInteractive { Swift.print("mail> ", terminator: "") }
      guard let line = readLine() else { break }
      await runLine(line, echo: !isInteractive)
    }
  }

  /// Splits, parses and runs one line; an error is printed and the line skipped.
  private mutating func runLine(_ line: String, echo: Bool) async {
    do {
      let words = try CommandParser.words(in: line)
      guard !words.isEmpty else { return }
      if echo { print("> " + line) }
      await perform(try HostStep.parse(words), echo: false)
    } catch {
      print("  error: \(error)")
      failureStatus = failureStatus ?? (error.isUsageError ? ExitCode.usage : ExitCode.refused)
    }
  }

  private mutating func perform(_ steps: [HostStep], echo: Bool = true) async {
    for step in steps {
      if echo { print("> " + step.description) }
      if step == .tour {
        for line in HostStep.tourLines {
          await runLine(line, echo: true)
        }
        continue
      }
      do {
        try perform(step)
      } catch {
        print("  refused: \(error)")
        failureStatus = failureStatus ?? ExitCode.refused
      }
      while progress.printed < progress.published {
        await Task.yield()
      }
    }
  }
}

/// Counts of the changes applied and printed.
@MainActor
final class ChangeProgress {
  var published = 0
  var printed = 0
}

/// Writes `MailHost: error: message` to standard error, escaped as ``print(_:)`` does.
func printError(_ message: String) {
  FileHandle.standardError.write(
    Data("MailHost: error: \(TerminalText.escaped(message))\n".utf8))
}

/// Prints a line and flushes, so output interleaves in order when piped. The line is escaped
/// with ``Workspace/TerminalText``: titles, tokens and messages from a file or the command
/// line can hold escape sequences, newlines or bidirectional overrides, and none of them may
/// reach the terminal raw.
func print(_ line: String) {
  Swift.print(TerminalText.escaped(line))
  fflush(nil)
}

/// Prints the program's own text of several lines, such as the help, one line at a time.
func printLines(_ text: String) {
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    print(String(line))
  }
}
