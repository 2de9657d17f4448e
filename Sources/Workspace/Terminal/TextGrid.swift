/// A grid of terminal cells, each a character of display width 1 or the left half of a wide
/// one, with a style per cell: what `wsctl show` and the samples draw on.
///
/// Text written to it is escaped with ``TerminalText/escaped(_:)`` and cut to display width
/// with ``TerminalText/fitted(_:to:ellipsis:)``, so every row is exactly ``width`` columns
/// and nothing written drives the terminal. A wide character takes two cells; one that would
/// cross the grid's edge, or half of one that something else overwrote, becomes a space.
package struct TextGrid<Style: Equatable> {
  /// One cell: the text drawn there (empty for the right half of a wide character).
  ///
  /// Visible to the inlinable ``drawnCells(row:)``.
  @usableFromInline struct Cell {
    @usableFromInline var text: String
    @usableFromInline var style: Style
  }

  /// The width in columns.
  package let width: Int
  /// The height in rows.
  package let height: Int
  @usableFromInline var cells: [Cell]

  /// A grid of spaces in one style.
  ///
  /// - Complexity: O(*w*·*h*).
  package init(width: Int, height: Int, style: Style) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: Cell(text: " ", style: style), count: self.width * self.height)
  }

  /// Sets the cell at a row and column (two cells for a wide character); off the grid, it
  /// does nothing.
  ///
  /// - Complexity: O(1).
  package mutating func put(_ character: Character, row: Int, column: Int, style: Style) {
    guard (0..<height).contains(row), (0..<width).contains(column) else { return }
    let isWide = TerminalText.width(of: character) == 2
    guard !isWide || column + 1 < width else {
      return put(" ", row: row, column: column, style: style)
    }
    let text = TerminalText.escaped(String(character))
    guard text.count == 1 else {
      // A control character: drawn as its escape, one column each.
      for (offset, escaped) in text.enumerated() {
        put(escaped, row: row, column: column + offset, style: style)
      }
      return
    }
    let index = row * width + column
    release(index, row: row)
    cells[index] = Cell(text: text, style: style)
    if isWide {
      release(index + 1, row: row)
      cells[index + 1] = Cell(text: "", style: style)
    }
  }

  /// Writes text from a cell rightwards, escaped and cut to `limit` columns (default: to the
  /// grid's edge) with `ellipsis` marking a cut.
  ///
  /// - Returns: The columns written.
  /// - Complexity: O(*n*) for *n* scalars in `text`.
  @discardableResult
  package mutating func write(
    _ text: String, row: Int, column: Int, style: Style, limit: Int? = nil,
    ellipsis: Character = "…"
  ) -> Int {
    let columns = min(limit ?? (width - column), width - column)
    let fitted = TerminalText.fitted(TerminalText.escaped(text), to: columns, ellipsis: ellipsis)
    var next = column
    var previous: Int?
    for character in fitted {
      let characterWidth = TerminalText.width(of: character)
      if characterWidth == 0 {
        // A combining mark or format character joins the character before it.
        if let previous { cells[previous].text.append(character) }
        continue
      }
      put(character, row: row, column: next, style: style)
      let isOnGrid = (0..<height).contains(row) && (0..<width).contains(next)
      previous = isOnGrid && !cells[row * width + next].text.isEmpty ? row * width + next : nil
      next += characterWidth
    }
    return next - column
  }

  /// Gives a whole row one style, keeping its text.
  ///
  /// - Complexity: O(*w*).
  package mutating func paint(row: Int, style: Style) {
    guard (0..<height).contains(row) else { return }
    for column in 0..<width { cells[row * width + column].style = style }
  }

  /// The cells of a row that are drawn, left to right: each one's text and style; the right
  /// halves of wide characters are left out.
  ///
  /// Inlinable, so that it is specialised for the caller's style in the module that draws:
  /// unspecialised, every cell cost the runtime a look-up of the tuple's metadata (a frame of
  /// 120×40 took 23 M instructions, 70% of them here; callgrind of `wsterm --frame`).
  ///
  /// - Complexity: O(*w*).
  @inlinable package func drawnCells(row: Int) -> [(text: String, style: Style)] {
    guard (0..<height).contains(row) else { return [] }
    var drawn: [(text: String, style: Style)] = []
    drawn.reserveCapacity(width)
    for cell in cells[row * width..<(row + 1) * width] where !cell.text.isEmpty {
      drawn.append((cell.text, cell.style))
    }
    return drawn
  }

  /// Before a cell is overwritten: the other half of a wide character it belongs to becomes
  /// a space.
  private mutating func release(_ index: Int, row: Int) {
    let rowStart = row * width
    if cells[index].text.isEmpty, index > rowStart {
      cells[index - 1].text = " "
    } else if index + 1 < rowStart + width, cells[index + 1].text.isEmpty {
      cells[index + 1].text = " "
    }
  }
}
