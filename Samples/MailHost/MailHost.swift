import Foundation
import PaneRouter
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceSystem

/// A mail app's window without SwiftUI: it opens a session on its workspace file at launch
/// (restore, then autosave and adoption of other writers' changes), runs commands from its
/// arguments or from standard input, lets its "views" reach their typed routers, prints every
/// change the workspace reports, and flushes on exit.
///
/// Each step is what a SwiftUI app does at the same moment; the comments name the SwiftUI
/// counterpart.
@MainActor
struct MailHost {
  let session: WorkspaceSession
  var workspace: Workspace { session.workspace }
  /// How many changes were applied and how many the change printer has printed.
  let progress = ChangeProgress()
  /// The exit code of the first step or line that failed, as `wsctl` would exit for it:
  /// ``ExitCode/usage`` for a malformed line (an unknown word, an unterminated quote),
  /// ``ExitCode/refused`` for a refused command.
  var failureStatus: ExitCode?
  /// The results the window's flows finished with, for the compose sheet to take.
  let pickerResults = PickerResults()

  /// Runs the app with its command-line arguments (without the program name).
  ///
  /// - Returns: The exit code.
  static func main(arguments: [String]) async -> ExitCode {
    var words = arguments
    var path = NSTemporaryDirectory() + "/mail-workspace.json"
    var undoPolicy = UndoPolicy.layoutAndNavigation
    if let first = words.first, first == "-h" || first == "--help" {
      print("usage: MailHost [-f FILE] [--undo layout|navigation] [COMMAND [ARGS]...]...")
      print("  -f, --file FILE   the workspace file (default: $TMPDIR/mail-workspace.json)")
      print("  --undo layout     undo records the layout only (as a SwiftUI app would choose)")
      print("  --undo navigation undo records router operations too (the default, as wsctl)")
      print("  without commands, reads one line of commands at a time from standard input")
      printLines(HostStep.helpText)
      return .success
    }
    while let option = words.first, ["-f", "--file", "--undo"].contains(option) {
      guard words.count >= 2 else {
        printError(
          "'\(option)' needs \(option == "--undo" ? "'layout' or 'navigation'" : "a file name")")
        return .usage
      }
      if option == "--undo" {
        switch words[1] {
        case "layout": undoPolicy = .layoutOnly
        case "navigation": undoPolicy = .layoutAndNavigation
        default:
          printError(
            "invalid argument '\(words[1])' for '--undo': expected 'layout' or 'navigation'")
          return .usage
        }
      } else {
        path = words[1]
      }
      words.removeFirst(2)
    }
    let steps: [HostStep]?
    do {
      steps = words.isEmpty ? nil : try HostStep.parse(words)
    } catch {
      printError("\(error)")
      return .usage
    }
    // SwiftUI: the `App`'s `init` opens the session, which restores the window before the
    // first frame, and keeps it as `@State`. With the app's route types, a stored token they
    // cannot read is reported, and a command that would store one is refused.
    let session = WorkspaceSession(
      path: (path as NSString).standardizingPath, default: MailLayout.initialState,
      routeTypes: MailLayout.routeTypes)
    guard report(session.restoration, of: session) else {
      session.close()
      return session.restoration.error?.exitCode ?? .badData
    }
    // No control socket: say why on standard error (wsctl then edits the file, and the
    // session adopts what it saves).
    if let problem = session.controlSocketProblem {
      FileHandle.standardError.write(
        Data("MailHost: no live control: \(TerminalText.escaped(problem.description))\n".utf8))
    }
    // SwiftUI: the system ends the app; here a signal saves, closes the session (its socket
    // and lock removed) and exits.
    TerminationSignals.install(for: session)
    session.workspace.undoPolicy = undoPolicy
    var host = MailHost(session: session)
    return await host.run(steps)
  }

  /// Prints what restoring found: the file, or the mail layout if there is none, and what the
  /// loader repaired. Returns `false` for a file that cannot be read (which the session never
  /// overwrites).
  private static func report(_ restoration: SessionRestoration, of session: WorkspaceSession)
    -> Bool
  {
    let path = session.store.path
    if let error = restoration.error {
      printError("\(error)")
      if restoration.hasBackup {
        printError(
          "a backup exists: \(session.store.backupPath) (restore it with wsctl restore-backup)")
      }
      return false
    }
    if restoration.isDefault {
      print("MailHost: no \(path) yet; starting from the mail layout")
    } else {
      print("MailHost: restored \(path) (\(session.workspace.state.paneIDs.count) panes)")
    }
    if let version = restoration.migratedFromVersion {
      print("MailHost: migrated from format version \(version)")
    }
    for diagnostic in restoration.diagnostics {
      print("MailHost: warning: \(diagnostic) (repaired)")
    }
    // A hand-edited token the app cannot read: quarantined, out of its stack and kept in the
    // file, every readable route kept (not an undo step; the session saves it).
    for diagnostic in restoration.unreadableRoutes {
      print("MailHost: warning: \(diagnostic)")
    }
    for diagnostic in restoration.quarantinedRoutes {
      print("MailHost: note: \(diagnostic)")
    }
    if !session.workspace.repairUnreadableRoutes().isEmpty {
      print("MailHost: repaired the unreadable routes")
    }
    return true
  }

  /// Subscribes to the change stream, runs the steps (or standard input), then flushes.
  private mutating func run(_ steps: [HostStep]?) async -> ExitCode {
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
    // SwiftUI: the compose sheet's `.onChange(of:)` on the picker's result. The window's
    // router hands over how each of its flows finished, as a typed route.
    if let window = try? windowRouter() {
      window.onChange = { [pickerResults] transition in
        if let result = transition.result { pickerResults.values.append(result) }
      }
    }
    if let steps {
      await perform(steps)
    } else {
      await readStandardInput()
    }
    // SwiftUI: `.onChange(of: scenePhase)` flushes when the app goes to the background;
    // every change was already saved shortly after it was made. A run that wrote nothing
    // (only looked, or its state is the file's) says so rather than claim a save.
    do {
      try await session.flush()
      while progress.printed < progress.published { await Task.yield() }
      if session.writeCount > 0 {
        print("MailHost: saved \(session.store.path)")
      } else {
        print("MailHost: nothing to save; \(session.store.path) not written")
      }
    } catch {
      printError("\(error)")
      return error.exitCode
    }
    printer.cancel()
    session.close()
    return failureStatus ?? .success
  }

  /// Runs each line of standard input as words, reporting errors and carrying on.
  ///
  /// Lines are read on another thread, so the main actor stays free to autosave and to adopt
  /// other writers' changes while the host waits for input.
  private mutating func readStandardInput() async {
    let isInteractive = isatty(STDIN_FILENO) == 1
    let lines = AsyncStream<String> { continuation in
      let reader = Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
      }
      reader.start()
    }
    if isInteractive { writeOutput("mail> ") }
    for await line in lines {
      await runLine(line, echo: !isInteractive)
      if isInteractive { writeOutput("mail> ") }
    }
  }

  /// Splits, parses and runs one line; an error is printed and the line skipped.
  ///
  /// A line of the grammar alone is what a command palette runs: `CommandParser.parse(line:)`,
  /// applied as one transaction. A line with the app's own words runs step by step.
  private mutating func runLine(_ line: String, echo: Bool) async {
    let commands: [WorkspaceCommand]
    do {
      let words = try CommandParser.words(in: line)
      guard !words.isEmpty else { return }
      if echo { print("> " + line) }
      guard !words.contains(where: HostStep.hostWords.contains) else {
        return await perform(try HostStep.parse(words), echo: false)
      }
      commands = try CommandParser.parse(line: line)
    } catch {
      print("  error: \(error)")
      failureStatus = failureStatus ?? error.exitCode
      return
    }
    // SwiftUI: the palette's text field submits its line.
    do {
      try workspace.apply(commands)
    } catch {
      print("  refused: \(error)")
      failureStatus = failureStatus ?? ExitCode.refused
    }
    await printedChanges()
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
      if case .wsctl(let words) = step {
        await runWsctl(words)
        continue
      }
      do {
        try perform(step)
        try attachChosen()
      } catch {
        print("  refused: \(error)")
        failureStatus = failureStatus ?? error.exitCode
      }
      await printedChanges()
    }
  }

  /// Waits until the change printer has printed every change applied so far.
  private func printedChanges() async {
    while progress.printed < progress.published {
      await Task.yield()
    }
  }
}

extension MailHost {
  /// Runs the `wsctl` built beside this program on the host's file, as a user in another
  /// terminal would, and waits for it without blocking the main actor, which applies the
  /// command when it arrives over the control socket (its change prints as any other).
  ///
  /// SwiftUI: nothing to write; the session listens for the app.
  fileprivate mutating func runWsctl(_ words: [String]) async {
    let program = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent().appendingPathComponent("wsctl")
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
      print("  wsctl is not beside MailHost (\(program.path)); skipped")
      return
    }
    let process = Process()
    process.executableURL = program
    process.arguments = ["-q", "-f", session.store.path] + words
    process.standardOutput = FileHandle.nullDevice
    let exited = await withCheckedContinuation {
      (continuation: CheckedContinuation<Int32, Never>) in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(returning: -1)
      }
    }
    while progress.printed < progress.published { await Task.yield() }
    print("  wsctl exited \(exited)")
    if exited != 0 { failureStatus = failureStatus ?? ExitCode.refused }
  }
}

/// Results of the window's flows not yet taken by the compose sheet.
@MainActor
final class PickerResults {
  var values: [MailRoute] = []
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

/// Prints a line at once, so output interleaves in order when piped. The line is escaped
/// with ``Workspace/TerminalText``: titles, tokens and messages from a file or the command
/// line can hold escape sequences, newlines or bidirectional overrides, and none of them may
/// reach the terminal raw.
func print(_ line: String) {
  writeOutput(TerminalText.escaped(line) + "\n")
}

/// Writes text to standard output unbuffered. Not through `FILE` streams: flushing them
/// would wait for the lock of standard input, which the reading thread holds while it waits
/// for a line, and stall the main actor.
func writeOutput(_ text: String) {
  var text = text
  text.withUTF8 { try? Descriptor.write(all: UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
}

/// Prints the program's own text of several lines, such as the help, one line at a time.
func printLines(_ text: String) {
  for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
    print(String(line))
  }
}
