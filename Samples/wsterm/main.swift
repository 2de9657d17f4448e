import Workspace
import WorkspaceJSON
import WorkspaceSystem

// wsterm: see `App` and `Samples/README.md`.
exit(await runWsterm(Array(CommandLine.arguments.dropFirst())))

/// Runs wsterm and returns its exit code.
@MainActor
func runWsterm(_ arguments: [String]) async -> Int32 {
  let options: Options
  do {
    guard
      let parsed = try Options.parse(
        arguments, environment: { getenv($0).map { String(cString: $0) } })
    else {
      print(Options.usage)
      return 0
    }
    options = parsed
  } catch {
    printError("\(error)")
    return 64
  }
  let store = WorkspaceStore(path: options.file)
  var app: App
  do {
    app = try App(store: store, isLive: options.frameSize == nil)
  } catch {
    printError("\(error)")
    if store.hasBackup { printError("a backup exists: \(store.backupPath)") }
    return 65
  }
  // No control socket: said on standard error (it stays there, under the full screen) and
  // on the status line; wsctl then edits the file, which the session adopts.
  if let problem = app.session.controlSocketProblem {
    printLine("wsterm: no live control: \(TerminalText.escaped(problem.description))")
  }
  if let size = options.frameSize {
    print(app.screen(width: size.width, height: size.height).render().plainText(), terminator: "")
    app.session.close()
    return 0
  }
  do {
    // `run` restores the terminal before it returns, also after a signal.
    try await app.run()
  } catch {
    printError("\(error)")
    return 66
  }
  return app.terminatingSignal.map { 128 + $0 } ?? 0
}

/// Writes `wsterm: error: message` to standard error.
func printError(_ message: String) {
  printLine("wsterm: error: \(TerminalText.escaped(message))")
}

/// Writes a line, already escaped, to standard error.
func printLine(_ text: String) {
  var line = text + "\n"
  line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
