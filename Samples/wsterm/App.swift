import PaneRouter
import Workspace
import WorkspaceJSON

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen program: restores the workspace, then loops — wait for a key, a signal or
/// a timeout; handle it; redraw — until `q`. Every command is saved to the file at once.
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

  let store: WorkspaceStore
  var state: WorkspaceState
  var mode = Mode.normal
  /// The status line's message, until the next key.
  var message: (text: String, isError: Bool)?
  var isRunning = true
  /// The signal (`SIGTERM`, `SIGHUP` or `SIGINT`) that ended the loop, if one did; wsterm then
  /// exits with 128 plus its number, as a shell reports a process a signal ended.
  var terminatingSignal: Int32?
  var size = Terminal.size()
  /// The file as last read or written, to notice edits by another program (such as wsctl).
  var fileStamp: FileStamp?

  /// The workspace of a missing file: one tab with one pane, as tmux starts.
  static var initialState: WorkspaceState {
    WorkspaceState(.tabs([("main", .pane("main", root: RouteToken("home")))]))
  }

  /// Restores the workspace from the store.
  ///
  /// - Throws: A ``WorkspaceJSON/WorkspaceFileError`` for a file that cannot be read.
  init(store: WorkspaceStore) throws(WorkspaceFileError) {
    self.store = store
    let loaded = try store.load(default: Self.initialState)
    state = loaded.state
    fileStamp = FileStamp(path: store.path)
    if let first = loaded.diagnostics.first {
      let more = loaded.diagnostics.count > 1 ? " (+\(loaded.diagnostics.count - 1) more)" : ""
      message = ("repaired \(first)\(more)", false)
    } else if let version = loaded.migratedFromVersion {
      message = ("migrated from format version \(version); saved on the first command", false)
    }
  }

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
      } else {
        let pane = state.focusedPane
        let number = state.number(of: pane).map(String.init) ?? "?"
        screen.bottomLine = .status(
          "pane \(number) (\(pane))  ·  C-b ? keys  ·  C-b : command  ·  C-b q quit",
          isError: false)
      }
    }
    return screen
  }

  /// Runs full screen until quit.
  ///
  /// - Throws: ``TerminalError`` if standard input is not a terminal.
  mutating func run() throws(TerminalError) {
    guard let signals = SignalPipe(signals: [SIGWINCH, SIGTERM, SIGHUP, SIGINT]) else {
      throw .notATerminal
    }
    var terminal = Terminal()
    try terminal.enterFullScreen()
    defer { terminal.restore() }
    var reader = KeyReader()
    var needsRedraw = true
    var bytes = [UInt8](repeating: 0, count: 4096)
    while isRunning {
      if needsRedraw {
        Terminal.output(screen(width: size.width, height: size.height).render().ansi())
        needsRedraw = false
      }
      var fds = [
        pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let timeout: Int32 = reader.hasPendingEscape ? 30 : 1000
      let ready = poll(&fds, 2, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if ready == 0 {
        if let escape = reader.flushPendingEscape() {
          handle(escape)
          needsRedraw = true
        } else if reloadIfChangedOnDisk() {
          needsRedraw = true
        }
        continue
      }
      if fds[1].revents != 0 {
        for number in signals.drain() {
          if number == SIGWINCH {
            size = Terminal.size()
          } else {
            terminatingSignal = terminatingSignal ?? number
            isRunning = false
          }
        }
        needsRedraw = true
      }
      if fds[0].revents != 0 {
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        if count < 0, errno == EINTR || errno == EAGAIN { continue }
        guard count > 0 else { break }
        reader.feed(bytes[..<count])
        for key in reader.keys() {
          handle(key)
        }
        needsRedraw = true
      }
    }
  }

  /// Applies commands to the file under its lock (so edits by another writer are kept) and
  /// shows the result; an error goes to the status line and changes nothing.
  ///
  /// The commands measure (directional focus, a split's room, resize) on the panes as drawn:
  /// the area they get on this screen is recorded first, and saved with them.
  mutating func apply(_ commands: [WorkspaceCommand]) {
    let area = Screen.paneArea(width: size.width, height: size.height)
    do {
      let (newState, _) = try store.update(default: state) { state in
        if state.layoutSize != area { try? state.recordLayoutSize(area) }
        try state.apply(commands)
        return state
      }
      state = newState
      fileStamp = FileStamp(path: store.path)
    } catch let error as WorkspaceError {
      message = ("\(error)", true)
    } catch {
      message = ("cannot save: \(error)", true)
    }
  }

  /// Reloads the workspace if another program changed the file; returns whether it did.
  private mutating func reloadIfChangedOnDisk() -> Bool {
    let stamp = FileStamp(path: store.path)
    guard stamp != fileStamp else { return false }
    fileStamp = stamp
    guard stamp != nil else { return false }
    do {
      state = try store.load(default: state).state
      message = ("reloaded \(store.path): changed on disk", false)
    } catch {
      message = ("\(error)", true)
    }
    return true
  }
}

/// What identifies one version of a file: its inode, size and modification time.
struct FileStamp: Equatable {
  let inode: UInt64
  let size: Int64
  let seconds: Int
  let nanoseconds: Int

  /// The file's stamp, or `nil` if it does not exist.
  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    seconds = Int(info.st_mtim.tv_sec)
    nanoseconds = Int(info.st_mtim.tv_nsec)
  }
}
