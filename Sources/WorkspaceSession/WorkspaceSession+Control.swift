import Foundation
import Workspace
import WorkspaceControl
import WorkspaceJSON
import WorkspaceSystem

/// Live control: `wsctl` on the session's file talks to the session over the file's control
/// socket (see `docs/CLI.md`, "Host mode").
///
/// The listener reads requests on a thread of its own; only a whole request reaches the main
/// actor, where it is worked out on a copy of the state and, if it succeeds, applied as the
/// same transactions file mode would apply. The reply leaves once ``flush()`` has made the
/// change durable, so a command `wsctl` reported as done survives a `kill -9` of the host.
extension WorkspaceSession {
  /// Whether a session listens for `wsctl` unless told otherwise: wherever a shell can reach
  /// the app, so on macOS, Linux, Mac Catalyst and the simulators (`wsctl` in the Mac's
  /// shell), but not on an iOS, tvOS, watchOS or visionOS device, where no shell runs beside
  /// the app and a listener would only hold a thread and a descriptor.
  nonisolated public static let isLiveControlEnabledByDefault = Platform.hasLocalShell

  /// Starts listening on the file's control socket, unless another host holds it (this
  /// session then runs without one, adopting that host's saves as any other writer's).
  ///
  /// An inspection (`routes`, `tree`...) is answered on the listener's thread, from the draft
  /// the main actor publishes after every change (``PublishedDraft``): no wake-up of the main
  /// actor, and no wait behind its work. Every other request goes to the main actor, read
  /// and its words parsed here once (the main actor works a call out from the same parse).
  func startListening() {
    let path = store.path
    let published = publishedDraft
    let store = store
    do {
      control.listener = try ControlListener(file: path) { [weak self] message, connection in
        let request: Incoming
        do throws(ControlError) {
          request = try Incoming(message)
        } catch {
          return connection.reply(ControlListener.error(error))
        }
        if case .call(let prepared) = request,
          let reply = Self.inspectionReply(prepared, published, store)
        {
          return connection.reply(reply)
        }
        Task { @MainActor in
          guard let self else { return connection.close() }
          self.handle(request, on: connection)
        }
      }
    } catch {
      control.problem = error
    }
  }

  /// A request as the listener's thread hands it to the main actor: a call with its words
  /// parsed, or another request.
  enum Incoming: Sendable {
    /// A call (``ControlRequest/run(_:)``), its words parsed.
    case call(PreparedCall)
    /// Any other request.
    case other(ControlRequest)

    /// Reads a request, parsing a call's words.
    ///
    /// - Throws: The ``ControlError`` of a message that is no request.
    nonisolated init(_ message: JSONObject) throws(ControlError) {
      switch try ControlRequest(message) {
      case .run(let call): self = .call(PreparedCall(call))
      case let other: self = .other(other)
      }
    }
  }

  /// The reply to a call that is an inspection, worked out from the published draft, or
  /// `nil` for any other call (and while the session does not serve calls).
  nonisolated private static func inspectionReply(
    _ prepared: PreparedCall, _ published: PublishedDraft, _ store: WorkspaceStore
  ) -> JSONValue? {
    guard !mayTakeLong(prepared.call), let draft = published.current,
      let answer = HostAnswer.inspection(prepared, draft: draft, store: store)
    else { return nil }
    return reply(answer.reply)
  }

  /// The path of the control socket this session listens on, or `nil` if it has none: live
  /// control is off (``isLiveControlEnabled``), or it cannot listen
  /// (``controlSocketProblem`` says why).
  public var controlSocketPath: String? {
    control.listener?.socket.path
  }

  /// Stops listening and disconnects every `wsctl watch`.
  func stopListening() {
    control.listener?.stop()
    control.listener = nil
    for watcher in control.watchers { watcher.connection.close() }
    control.watchers = []
    for session in control.sessions { session.close() }
    control.sessions = []
  }

  private func handle(_ request: Incoming, on connection: ControlConnection) {
    let other: ControlRequest
    switch request {
    case .call(let prepared): return run(prepared, on: connection)
    case .other(let request): other = request
    }
    switch other {
    // A call comes as `.call` from the listener; a `.run` here was built by other means.
    case .run(let call): run(PreparedCall(call), on: connection)
    case .status:
      connection.reply(
        ControlReply.status(
          pid: Int(ProcessInfo.processInfo.processIdentifier), file: store.path,
          status: status.description
        ).value)
    case .watch(let json):
      guard let listener = control.listener else { return connection.close() }
      control.watchers.append(ControlWatcher(connection: connection, isJSON: json))
      // The listener notices at once when the watcher goes away, closes its connection, and
      // the watcher is dropped here: no descriptor outlives its client.
      listener.closeOnHangUp(connection) { [weak self] in
        Task { @MainActor in self?.dropWatcher(connection) }
      }
    case .control: serveControlSession(on: connection)
    }
  }

  /// Answers one `wsctl` call: run on a draft of the workspace (off the main actor for a
  /// call that may take long), committed here, saved, then replied.
  ///
  /// The call runs once, through the same `Runner` as file mode, as one draft of all its
  /// transactions; only a call that succeeds and that the file can hold is committed, so a
  /// refusal changes nothing anywhere. Should the workspace change while the call is worked
  /// out (another call, the host's own edit), the draft is dropped unseen and the call runs
  /// again here, on the state as it is now.
  private func run(_ prepared: PreparedCall, on connection: ControlConnection) {
    // A file the session cannot read or write: wsctl runs the call on the file and reports
    // its error as file mode does, and nothing changes here.
    guard isServingCalls else { return connection.reply(Self.declined) }
    let draft = workspace.makeDraft()
    // Worked out here unless it may take long: a command or a read costs microseconds, less
    // than the hops off the main actor and back.
    guard Self.mayTakeLong(prepared.call) else {
      return finish(
        prepared, HostAnswer(prepared, draft: draft, store: store), respond: connection.reply)
    }
    let store = store
    Task.detached {
      let answer = HostAnswer(prepared, draft: draft, store: store)
      await self.finish(prepared, answer, respond: connection.reply)
    }
  }

  /// Whether the session answers calls: not while its file cannot be read or written
  /// (`wsctl` then runs the call on the file and reports its error as file mode does).
  var isServingCalls: Bool {
    switch status {
    case .corrupt, .failing: false
    case .saved, .saving, .missing, .unsavable: true
    }
  }

  /// Commits a worked-out call (working it out again if the workspace changed meanwhile),
  /// then answers it: at once when it changed nothing, else once the change is durable.
  func finish(
    _ prepared: PreparedCall, _ answer: HostAnswer,
    respond: @escaping @Sendable (JSONValue) -> Void
  ) {
    var answer = answer
    if let draft = answer.draft, !workspace.isCurrent(draft) {
      answer = HostAnswer(prepared, draft: workspace.makeDraft(), store: store)
    }
    if answer.isDeclined { return respond(Self.declined) }
    if let draft = answer.draft {
      do {
        try workspace.commit(draft, checkedByOwner: true)
      } catch {
        // Unreachable while the draft is current: it was checked as the owner checks.
        return respond(Self.reply(ToolReply(error)))
      }
    }
    if let drawnArea = answer.drawnArea, !recordsLayoutSize {
      try? workspace.recordMeasuredLayoutSize(drawnArea)
    }
    guard answer.draft != nil, let sequence = lastSequence else {
      return respond(Self.reply(answer.reply))
    }
    let reply = answer.reply
    let store = store
    // The reply leaves from the writer's thread once the save holding the change succeeded;
    // the main actor's `nil` after it finds the reply sent and builds nothing.
    let once = ReplyOnce(respond)
    let acknowledge: @Sendable () -> Void = { once.send { Self.reply(reply) } }
    whenDurable(through: sequence, acknowledge: acknowledge) { error in
      once.send {
        guard let error else { return Self.reply(reply) }
        return Self.reply(
          HostAnswer.failedToSave(error, store: store, fileName: prepared.call.fileName))
      }
    }
  }

  /// Forgets a `wsctl watch` whose client went away.
  private func dropWatcher(_ connection: ControlConnection) {
    control.watchers.removeAll { $0.connection === connection }
  }

  /// Sends a change to every `wsctl watch`, dropping those that went away; another writer's
  /// state the host adopted is described by what changed, as file mode's `watch` does.
  func broadcastToWatchers(
    _ change: WorkspaceChange, from before: WorkspaceState, to after: WorkspaceState
  ) {
    guard !control.watchers.isEmpty else { return }
    control.watchers.removeAll { watcher in
      !watcher.connection.send(
        ControlReply.line(
          ChangeLine.line(for: change, from: before, to: after, json: watcher.isJSON)
        ).value)
    }
  }

  nonisolated static let declined = ControlReply.declined.value

  nonisolated static func reply(_ reply: ToolReply) -> JSONValue {
    ControlReply.answered(reply).value
  }
}

/// What a session keeps for live control: Sendable, so the session's nonisolated deinit may
/// stop it.
struct SessionControl: Sendable {
  var listener: ControlListener?
  var watchers: [ControlWatcher] = []
  /// The control sessions (`wsctl control`) being served.
  var sessions: [ControlSession] = []
  /// When a control session's line last found the file, its backup and its lock writable.
  var fileChecked: ContinuousClock.Instant?
  /// Why there is no listener, if there is none.
  var problem: ControlUnavailable?
}

/// A `wsctl watch` connected to the session.
struct ControlWatcher: Sendable {
  let connection: ControlConnection
  let isJSON: Bool
}
