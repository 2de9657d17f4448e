import Observation
import PaneRouter
import Workspace
import WorkspaceJSON
import WorkspaceSession
import WorkspaceSystem

/// The full-screen program: opens a session on the workspace file, then loops — wait for a
/// key, a signal or a change of the workspace; handle it; redraw — until `q`. The session
/// saves every command shortly after it is made and adopts another writer's edit (such as
/// `wsctl`'s) as soon as the file changes, with no polling.
@MainActor
struct App {
  /// What keys mean right now.
  enum Mode: Equatable {
    /// Keys are ignored, except the prefix.
    case normal
    /// The prefix was pressed: the next key is a command.
    case prefix
    /// The command prompt is open with the text typed so far.
    case prompt(String)
  }

  let session: WorkspaceSession
  var mode = Mode.normal
  /// The status line's message, until the next key.
  var message: (text: String, isError: Bool)?
  var isRunning = true
  /// The signal (`SIGTERM`, `SIGHUP` or `SIGINT`) that ended the loop, if one did; wsterm then
  /// exits with 128 plus its number, as a shell reports a process a signal ended.
  var terminatingSignal: Int32?
  var size = Terminal.size()

  /// The workspace of a missing file: one tab with one pane, as tmux starts.
  static var initialState: WorkspaceState {
    WorkspaceState(.tabs([("main", .pane("main", untyped: RouteToken("home")))]))
  }

  /// Opens a session on the store's file.
  ///
  /// - Parameter isLive: Whether the session listens for `wsctl` on the file's control
  ///   socket; not when wsterm only prints a frame (it would take the socket of a wsterm
  ///   running on the same file, or say that one listens there).
  /// - Throws: A ``WorkspaceJSON/WorkspaceFileError`` for a file that cannot be read (which
  ///   the session never overwrites).
  init(store: WorkspaceStore, isLive: Bool = true) throws(WorkspaceFileError) {
    session = WorkspaceSession(
      store: store, default: Self.initialState, isLiveControlEnabled: isLive)
    let restoration = session.restoration
    if let error = restoration.error {
      session.close()
      throw error
    }
    if let first = restoration.diagnostics.first {
      let more =
        restoration.diagnostics.count > 1 ? " (+\(restoration.diagnostics.count - 1) more)" : ""
      message = ("repaired \(first)\(more)", false)
    } else if let version = restoration.migratedFromVersion {
      message = ("migrated from format version \(version); saved on the first command", false)
    } else if let problem = session.controlSocketProblem, !problem.isAnotherHost {
      message = ("no live control: \(problem)", true)
    }
  }

  /// The workspace's state.
  var state: WorkspaceState { session.workspace.state }
  /// The file's store.
  var store: WorkspaceStore { session.store }

  /// The frame for the current state and mode.
  func screen(width: Int, height: Int) -> Screen {
    var screen = Screen(state: state, width: width, height: height)
    screen.title = "wsterm · \(store.path)"
    switch mode {
    case .prompt(let text):
      screen.bottomLine = .prompt(text)
    case .prefix:
      screen.bottomLine = .status("C-b  " + Bindings.help, isError: false)
    case .normal:
      if let message {
        screen.bottomLine = .status(message.text, isError: message.isError)
      } else if let problem = fileProblem {
        screen.bottomLine = .status(problem, isError: true)
      } else {
        let pane = state.focusedPane
        let number = state.number(of: pane).map(String.init) ?? "?"
        // Which window is drawn, once there are several (C-b N and C-b P go between them).
        var window = ""
        if state.windows.count > 1 {
          let title = state.activeWindow.title
          window = "window \(state.activeWindowIndex + 1)/\(state.windows.count)"
          if !title.isEmpty { window += " \(title)" }
          window += "  ·  "
        }
        screen.bottomLine = .status(
          window + "pane \(number) (\(pane))  ·  C-b ? keys  ·  C-b : command  ·  C-b q quit",
          isError: false)
      }
    }
    return screen
  }

  /// What keeps the file from holding the workspace, if anything: a file that cannot be read
  /// or written.
  private var fileProblem: String? {
    switch session.status {
    case .corrupt, .failing, .unsavable: "\(session.status)"
    case .saved, .saving, .missing: nil
    }
  }

  /// Runs full screen until quit, then saves what is left to save.
  ///
  /// - Throws: ``TerminalError`` if standard input is not a terminal.
  mutating func run() async throws(TerminalError) {
    guard let signals = SignalPipe(signals: [SIGWINCH, SIGTERM, SIGHUP, SIGINT]) else {
      throw .notATerminal
    }
    var terminal = Terminal()
    try terminal.enterFullScreen()
    defer { terminal.restore() }
    let (events, continuation) = AsyncStream<Event>.makeStream()
    guard let input = InputPump(signals: signals, continuation: continuation) else {
      throw .notATerminal
    }
    let changes = session.workspace.changes
    let relay = Task {
      for await change in changes {
        continuation.yield(
          .changed(
            WorkspaceChangeSummary(
              isAdopted: change.origin == .adopted, revision: change.revision,
              conflicts: change.conflicts.map(\.description))))
      }
    }
    watchStatus(continuation)
    var reader = KeyReader()
    Terminal.output(screen(width: size.width, height: size.height).render().ansi())
    // One frame for the events that come together (see `DrawSchedule`).
    var schedule = DrawSchedule(drawn: fileProblem)
    for await event in events {
      if case .draw = event {
        schedule.drew(showing: fileProblem)
        Terminal.output(screen(width: size.width, height: size.height).render().ansi())
        continue
      }
      handle(event, reader: &reader, continuation: continuation)
      guard isRunning else { break }
      if schedule.queuesDraw(
        after: event, isSaving: session.status == .saving, fileProblem: fileProblem)
      {
        Task { continuation.yield(.draw) }
      }
    }
    input.stop()
    relay.cancel()
    try? await session.flush()
    session.close()
  }

  private mutating func handle(
    _ event: Event, reader: inout KeyReader, continuation: AsyncStream<Event>.Continuation
  ) {
    switch event {
    case .bytes(let bytes):
      reader.feed(bytes)
      for key in reader.keys() { handle(key) }
      if reader.hasPendingEscape {
        Task {
          try? await Task.sleep(for: .milliseconds(30))
          continuation.yield(.escapeTimeout)
        }
      }
    case .escapeTimeout:
      if let escape = reader.flushPendingEscape() { handle(escape) }
    case .signal(let number):
      if number == SIGWINCH {
        size = Terminal.size()
      } else {
        terminatingSignal = terminatingSignal ?? number
        isRunning = false
      }
    case .endOfInput:
      isRunning = false
    case .changed(let change):
      if let conflict = change.conflicts.first {
        message = (conflict, true)
      } else if change.isAdopted {
        message = (
          "reloaded \(store.path): changed by another writer (revision \(change.revision))", false
        )
      }
    case .status:
      watchStatus(continuation)
    case .draw:
      break
    }
  }

  /// Sends ``Event/status`` the next time the session's status changes.
  private func watchStatus(_ continuation: AsyncStream<Event>.Continuation) {
    withObservationTracking {
      _ = session.status
    } onChange: {
      continuation.yield(.status)
    }
  }

  /// Applies commands to the workspace (the session saves them, keeping other writers'
  /// edits); an error goes to the status line and changes nothing.
  ///
  /// The commands measure (directional focus, a split's room, resize) on the panes as drawn:
  /// the area they get on this screen is recorded first (the session saves it with them), and
  /// taken back with a failed command, which changes nothing.
  mutating func apply(_ commands: [WorkspaceCommand]) {
    let recorded = state.layoutSize
    do {
      try? session.workspace.recordLayoutSize(
        Screen.paneArea(width: size.width, height: size.height))
      try session.workspace.apply(commands)
    } catch {
      try? session.workspace.recordLayoutSize(recorded)
      message = ("\(error)", true)
    }
  }
}
