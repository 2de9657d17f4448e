import Workspace
import WorkspaceSystem

/// The terminal `wsctl` writes to: its size, whether it takes colour, and buffered output.
enum Terminal {
  /// The size to draw at: `COLUMNS`×`LINES` where they are set to a positive integer, else
  /// the terminal's size, else 80×24; each clamped into ``Workspace/Size/drawableLengths``,
  /// so a huge value draws at the bound instead of exhausting memory.
  static func size() -> Size {
    var window = winsize()
    let measured = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0 && window.ws_col > 0
    func length(_ name: String, measured length: UInt16, fallback: Int) -> Int {
      // Digits only; a number beyond Int is huge (clamped below), not absent.
      if let text = environment(name), !text.isEmpty, text.allSatisfy({ "0"..."9" ~= $0 }) {
        let value = Int(text) ?? Int.max
        if value > 0 { return value }
      }
      return measured ? Int(length) : fallback
    }
    return Size(
      width: length("COLUMNS", measured: window.ws_col, fallback: 80),
      height: length("LINES", measured: window.ws_row, fallback: 24)
    ).clampedToDrawable
  }

  /// Whether to colour output: standard output is a terminal, `NO_COLOR` is not set and
  /// `TERM` is not `dumb`. Nothing else (such as `show --size`) changes it.
  static var usesColor: Bool {
    isatty(STDOUT_FILENO) == 1 && (environment("NO_COLOR") ?? "").isEmpty
      && environment("TERM") != "dumb"
  }

  /// An environment variable, or `nil`.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Writes a line to standard error, as ``errorLine(_:)`` formats it.
  static func error(_ line: String) {
    write(errorLine(line), to: STDERR_FILENO)
  }

  /// A line for standard error, escaped with ``Workspace/TerminalText`` (a newline inside a
  /// quoted word, say), so that a message is always exactly one line, and a line longer than
  /// ``longestErrorLine`` (a huge quoted word) cut in the middle; it ends in a newline.
  static func errorLine(_ line: String) -> String {
    var text = TerminalText.escaped(line)
    if text.count > longestErrorLine {
      text = text.prefix(longestErrorLine * 3 / 4 - 3) + " … " + text.suffix(longestErrorLine / 4)
    }
    return text + "\n"
  }

  /// The longest line `error(_:)` writes, in characters.
  static let longestErrorLine = 1000

  /// Writes text to standard output as it is.
  static func output(_ text: String) {
    write(text, to: STDOUT_FILENO)
  }

  /// Writes text to a file descriptor as it is, retrying short writes.
  static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { try? Descriptor.write(all: UnsafeRawBufferPointer($0), to: descriptor) }
  }
}

/// What the output of a call is for: the size `show` draws at and whether it takes colour.
///
/// A live host draws for the terminal of the `wsctl` that asked, so the request carries them.
package struct TerminalTraits: Hashable, Sendable {
  /// The terminal's size, already bounded by ``Workspace/Size/drawableLengths``.
  package var size: Size
  /// Whether output may be coloured.
  var usesColor: Bool

  package init(size: Size, usesColor: Bool) {
    self.size = size.clampedToDrawable
    self.usesColor = usesColor
  }

  /// This process's terminal, as ``Terminal`` measures it.
  static var current: TerminalTraits {
    TerminalTraits(size: Terminal.size(), usesColor: Terminal.usesColor)
  }
}
