import Workspace
import WorkspaceControl
import WorkspaceJSON

/// Control sessions (`wsctl control`): one connection, many calls, each answered in order.
extension WorkspaceSession {
  /// Serves a control session on a connection whose `control` request arrived: its calls are
  /// worked out and committed one after another, in the order they came, and each is answered
  /// once it is durable (a call that changes nothing, at once, after the calls before it).
  ///
  /// A call is worked out here on the main actor, where a command costs what it costs in
  /// file mode (microseconds), so that a pipelined script pays no hop per line; a call that
  /// may take long (a drawing, many words) is worked out off the main actor, and the
  /// session's later calls wait for it. The writes of calls that arrive while a save runs
  /// share the next save (see ``whenDurable(through:acknowledge:_:)``).
  func serveControlSession(on connection: ControlConnection) {
    guard control.listener != nil else { return connection.close() }
    let session = ControlSession(connection: connection)
    guard session.start() else { return }
    control.sessions.append(session)
    // On the main actor, said outright: a task of the global executor would hop to the main
    // actor and back for every line (two `dispatch` wake-ups a line, perf).
    Task { @MainActor [weak self] in
      for await batch in session.requests {
        guard let self else { break }
        for (index, request) in batch {
          await self.serve(request, number: index, of: session)
        }
      }
      self?.control.sessions.removeAll { $0 === session }
    }
  }

  /// Works out, commits and answers one request of a control session (read, and its words
  /// parsed, by the session's reading thread).
  private func serve(
    _ request: ControlSession.Request, number index: Int, of session: ControlSession
  ) async {
    let respond: @Sendable (JSONValue) -> Void = { session.answer(index, $0) }
    let prepared: PreparedCall
    switch request {
    case .call(let call): prepared = call
    case .refused(let reply): return respond(reply)
    }
    let call = prepared.call
    guard isServingCalls else { return respond(Self.declined) }
    let draft = workspace.makeDraft()
    let answer: HostAnswer
    if Self.mayTakeLong(call) {
      let store = store
      answer = await Task.detached { HostAnswer(prepared, draft: draft, store: store) }.value
    } else {
      // The file, its backup and its lock were found writable a moment ago: a burst of lines
      // checks them once per interval, not once a line (the save checks them again).
      let now = ContinuousClock.now
      let checksFile = control.fileChecked.map { now - $0 >= Self.fileCheckInterval } ?? true
      // Between checks, the file's size is the one the session last saw (no `stat` a line).
      answer = HostAnswer(
        prepared, draft: draft, store: store, checksFile: checksFile,
        knownStamp: checksFile ? nil : stamp)
      if checksFile, answer.draft != nil { control.fileChecked = now }
    }
    finish(prepared, answer, respond: respond)
  }

  /// How long a control session's lines rely on the last check that the file may be written.
  nonisolated static let fileCheckInterval = Duration.milliseconds(100)

  /// Whether a call may take long enough to be worked out off the main actor: one that may
  /// draw the panes (`show`, `layout`, at up to 1000×1000), or one of many words (a script
  /// of 10,000 commands in one call); a word that only looks like a drawing (a title `show`)
  /// costs only the hop.
  nonisolated static func mayTakeLong(_ call: HostCall) -> Bool {
    call.arguments.count > 64 || call.arguments.contains { $0 == "show" || $0 == "layout" }
  }
}
