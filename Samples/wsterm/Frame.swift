import Workspace

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

/// One screenful of styled characters, and where the cursor goes: a
/// ``Workspace/TextGrid``, so text is escaped and measured in display columns.
struct Frame {
  private var grid: TextGrid<CellStyle>
  /// The cursor's row and column, or `nil` to hide it.
  var cursor: (row: Int, column: Int)?

  var width: Int { grid.width }
  var height: Int { grid.height }

  init(width: Int, height: Int) {
    grid = TextGrid(width: width, height: height, style: .plain)
  }

  /// Sets one cell; cells off the frame are ignored.
  mutating func put(_ character: Character, row: Int, column: Int, style: CellStyle) {
    grid.put(character, row: row, column: column, style: style)
  }

  /// Writes text from a cell rightwards, escaped, cut at `limit` columns (default: the
  /// frame's edge) with `…` marking a cut.
  ///
  /// - Returns: The columns written.
  @discardableResult
  mutating func write(
    _ text: String, row: Int, column: Int, style: CellStyle, limit: Int? = nil
  ) -> Int {
    grid.write(text, row: row, column: column, style: style, limit: limit)
  }

  /// Gives a whole row one style, keeping its characters.
  mutating func paint(row: Int, style: CellStyle) {
    grid.paint(row: row, style: style)
  }

  /// The frame as escape sequences that repaint the whole screen.
  func ansi() -> String {
    var output = ANSI.hideCursor
    for row in 0..<height {
      output += ANSI.moveTo(row: row, column: 0)
      var current: CellStyle?
      for (text, style) in grid.drawnCells(row: row) {
        if style != current {
          output += "\u{1B}[\(style.parameters)m"
          current = style
        }
        output += text
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
    (0..<height).map { row in
      var line = grid.drawnCells(row: row).map(\.text).joined()
      while line.last == " " { line.removeLast() }
      return line + "\n"
    }.joined()
  }
}
