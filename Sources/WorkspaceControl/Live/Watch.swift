import Workspace
import WorkspaceJSON
import WorkspaceSystem

/// `wsctl watch [--json]`: one line per change as it happens, from the live host's change
/// stream, or from the file's changes (inotify) when no host is live; until SIGINT or
/// SIGTERM (exit 0), or until the host goes away (said on standard error, exit 0).
enum Watch {
  /// Watches until told to stop; returns the exit code.
  ///
  /// - Parameters:
  ///   - invocation: The call.
  ///   - replyDeadline: How long to wait for the host's answer to the subscription, in
  ///     milliseconds.
  static func run(_ invocation: Invocation, replyDeadline: Int64) -> ExitCode {
    // Every line is written as it is made, so stopping at once loses nothing.
    signal(SIGINT) { _ in _exit(0) }
    signal(SIGTERM) { _ in _exit(0) }
    signal(SIGPIPE) { _ in _exit(0) }
    // A parent may have started this process with them blocked (a thread pool's mask).
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    let file = Runner.filePath(invocation.options.file)
    let json = invocation.options.json
    if !invocation.options.noHost {
      switch HostClient.connect(file: file) {
      case .live(let client):
        return watchHost(
          client, file: file, json: json, sendDeadline: replyDeadline,
          quiet: invocation.options.quiet)
      case .unavailable(let reason):
        // A host that does not take the connection: its file's changes are still seen.
        if case .notAccepted = reason, !invocation.options.quiet {
          Terminal.error("wsctl: warning: \(reason); watching the file")
        }
      case .noHost: break
      }
    }
    return watchFile(file, json: json, quiet: invocation.options.quiet)
  }

  /// Prints the host's change lines until it goes away; a host that refuses the watch (too
  /// busy) leaves it to the file's changes.
  private static func watchHost(
    _ client: HostClient, file: String, json: Bool, sendDeadline: Int64, quiet: Bool
  ) -> ExitCode {
    defer { client.close() }
    func watchingTheFile(_ reason: String) -> ExitCode {
      if !quiet { Terminal.error("wsctl: warning: \(reason); watching the file") }
      return watchFile(file, json: json, quiet: quiet)
    }
    do {
      try client.send(.watch(json: json), within: sendDeadline)
    } catch {
      // A host too busy refuses at once and closes, which can fail the send.
      var refusal = error.description
      if case .refused(let reason)? = (try? client.receive(within: 50)) ?? nil { refusal = reason }
      return watchingTheFile("the host refused the watch: \(refusal)")
    }
    do {
      while let reply = try client.receive(within: nil) {
        switch reply {
        case .refused(let refusal):
          return watchingTheFile("the host refused the watch: \(refusal)")
        case .line(let line): Terminal.output(line)
        case .answered, .declined, .status, .controlling: continue
        }
      }
    } catch {
      Terminal.error("wsctl: watch: \(HostClient.describe(error))")
      return .lockTimeout
    }
    Terminal.error("wsctl: the host for \(file) went away")
    return .success
  }

  private static func watchFile(_ file: String, json: Bool, quiet: Bool) -> ExitCode {
    let store = WorkspaceStore(path: file)
    var state = try? store.load(default: .example).state
    guard let wake = try? Platform.makePipe(nonBlocking: false) else {
      Terminal.error("wsctl: watch: cannot make a pipe")
      return .cannotCreate
    }
    let signal = wake.write
    let watcher = FileWatcher(path: store.targetPath) {
      var byte: UInt8 = 1
      _ = write(signal, &byte, 1)
    }
    defer { watcher.stop() }
    var stamp = FileStamp(path: store.path)
    var buffer = [UInt8](repeating: 0, count: 256)
    while read(wake.read, &buffer, buffer.count) > 0 {
      let now = FileStamp(path: store.path)
      guard now != stamp else { continue }
      stamp = now
      // A file caught half-way through a writer's rename reads again at the next event.
      guard let loaded = try? store.load(default: .example).state else { continue }
      defer { state = loaded }
      guard let previous = state else { continue }
      guard previous != loaded else { continue }
      Terminal.output(ChangeLine.line(for: FileChange(from: previous, to: loaded), json: json))
    }
    return .success
  }
}
