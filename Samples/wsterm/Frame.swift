/// How a cell is drawn.
enum CellStyle: Equatable {
  case plain
  case focused
  case modal
  case tabBar
  case selectedTab
  case status
  case error

  /// The SGR parameters that select the style from a reset state.
  var parameters: String {
    switch self {
    case .plain: "0"
    case .focused: "0;1;36"
    case .modal: "0;33"
    case .tabBar: "0;7"
    case .selectedTab: "0;1;30;46"
    case .status: "0;30;42"
    case .error: "0;1;37;41"
    }
  }
}

/// One screenful of styled characters, and where the cursor goes.
struct Frame {
  let width: Int
  let height: Int
  private var characters: [[Character]]
  private var styles: [[CellStyle]]
  /// The cursor's row and column, or `nil` to hide it.
  var cursor: (row: Int, column: Int)?

  init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    characters = Array(repeating: Array(repeating: " ", count: self.width), count: self.height)
    styles = Array(repeating: Array(repeating: .plain, count: self.width), count: self.height)
  }

  /// Sets one cell; cells off the frame are ignored.
  mutating func put(_ character: Character, row: Int, column: Int, style: CellStyle) {
    guard (0..<height).contains(row), (0..<width).contains(column) else { return }
    characters[row][column] = character
    styles[row][column] = style
  }

  /// Writes text from a cell rightwards, cut at `limit` cells (default: the frame's edge).
  mutating func write(
    _ text: String, row: Int, column: Int, style: CellStyle, limit: Int? = nil
  ) {
    let limit = limit ?? (width - column)
    for (offset, character) in fitted(text, to: limit).enumerated() {
      put(character, row: row, column: column + offset, style: style)
    }
  }

  /// Gives a whole row one style, keeping its characters.
  mutating func paint(row: Int, style: CellStyle) {
    guard (0..<height).contains(row) else { return }
    styles[row] = Array(repeating: style, count: width)
  }

  /// The frame as escape sequences that repaint the whole screen.
  func ansi() -> String {
    var output = ANSI.hideCursor
    for row in 0..<height {
      output += ANSI.moveTo(row: row, column: 0)
      var current: CellStyle?
      for column in 0..<width {
        let style = styles[row][column]
        if style != current {
          output += "\u{1B}[\(style.parameters)m"
          current = style
        }
        output.append(characters[row][column])
      }
    }
    output += ANSI.resetStyle
    if let cursor {
      output += ANSI.moveTo(row: cursor.row, column: cursor.column) + ANSI.showCursor
    }
    return output
  }

  /// The frame as plain text, one line per row, trailing spaces trimmed.
  func plainText() -> String {
    characters.map { row in
      var line = String(row)
      while line.last == " " { line.removeLast() }
      return line + "\n"
    }.joined()
  }
}

/// `text` cut to `width` characters, with `…` marking a cut.
func fitted(_ text: String, to width: Int) -> String {
  guard width > 0 else { return "" }
  guard text.count > width else { return text }
  return String(text.prefix(width - 1)) + "…"
}
