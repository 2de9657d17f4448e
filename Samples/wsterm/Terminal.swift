import Workspace
import WorkspaceSystem

/// The controlling terminal in full-screen mode: raw input, the alternate screen and a hidden
/// cursor, all undone by ``restore()``.
///
/// Raw mode turns off line buffering, echo, signals from keys (Ctrl-C arrives as a byte) and
/// output post-processing, so every row is positioned explicitly.
struct Terminal {
  /// The terminal settings before raw mode, put back by ``restore()``.
  private var saved: termios?

  /// The terminal's size in cells, or 80×24 when it cannot be measured; clamped into
  /// ``Workspace/Size/drawableLengths`` (a terminal can claim 65535×65535).
  static func size() -> Size {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0
    else { return Size(width: 80, height: 24) }
    return Size(width: Int(window.ws_col), height: Int(window.ws_row)).clampedToDrawable
  }

  /// Whether standard input and output are both terminals.
  static var isInteractive: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Enters raw mode and the alternate screen.
  ///
  /// - Throws: ``TerminalError`` if standard input is not a terminal.
  mutating func enterFullScreen() throws(TerminalError) {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { throw .notATerminal }
    saved = settings
    cfmakeraw(&settings)
    // Reads return as soon as one byte is there; `poll` does the waiting.
    withUnsafeMutableBytes(of: &settings.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else { throw .notATerminal }
    Terminal.output(ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.clearScreen)
  }

  /// Leaves the alternate screen and puts the terminal settings back.
  mutating func restore() {
    guard var settings = saved else { return }
    Terminal.output(ANSI.resetStyle + ANSI.showCursor + ANSI.leaveAlternateScreen)
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
    saved = nil
  }

  /// Writes text to standard output, all of it.
  static func output(_ text: String) {
    var text = text
    text.withUTF8 { try? Descriptor.write(all: UnsafeRawBufferPointer($0), to: STDOUT_FILENO) }
  }
}

/// Why the terminal cannot go full screen.
enum TerminalError: Error, CustomStringConvertible {
  /// Standard input is not a terminal.
  case notATerminal

  var description: String {
    switch self {
    case .notATerminal: "standard input is not a terminal (use --frame WxH to print one frame)"
    }
  }
}

/// The escape sequences wsterm writes.
enum ANSI {
  static let enterAlternateScreen = "\u{1B}[?1049h"
  static let leaveAlternateScreen = "\u{1B}[?1049l"
  static let hideCursor = "\u{1B}[?25l"
  static let showCursor = "\u{1B}[?25h"
  static let clearScreen = "\u{1B}[2J"
  static let resetStyle = "\u{1B}[0m"

  /// Moves the cursor to a 0-based row and column.
  static func moveTo(row: Int, column: Int) -> String {
    "\u{1B}[\(row + 1);\(column + 1)H"
  }
}
