import PaneRouter
import Workspace

/// Draws the visible panes of a workspace as boxes on a character grid: each pane's number,
/// title and visible route, the focused pane in a heavy (ASCII: `#`) border, and a tab bar
/// line for each tabs container around the focused pane.
struct BoxRenderer {
  let state: WorkspaceState
  let width: Int
  let height: Int
  let ascii: Bool
  let color: Bool

  private struct Border {
    let horizontal: Character
    let vertical: Character
    let corners: (Character, Character, Character, Character)
  }

  private var plain: Border {
    ascii
      ? Border(horizontal: "-", vertical: "|", corners: ("+", "+", "+", "+"))
      : Border(horizontal: "─", vertical: "│", corners: ("┌", "┐", "└", "┘"))
  }

  private var focused: Border {
    ascii
      ? Border(horizontal: "=", vertical: "#", corners: ("#", "#", "#", "#"))
      : Border(horizontal: "━", vertical: "┃", corners: ("┏", "┓", "┗", "┛"))
  }

  /// The drawing, one line per row, each ending in a newline; trailing spaces are trimmed.
  func render() -> String {
    guard width > 0, height > 0 else { return "" }
    var canvas = Canvas(width: width, height: height)
    var top = 0
    for bar in tabBars().prefix(max(0, height - 1)) {
      canvas.write(bar, row: top, column: 0, highlighted: false)
      top += 1
    }
    let area = Size(width: width, height: height - top)
    let focus = state.focusedPane
    let numbers = state.numberedPanes
    for (pane, rect) in state.orderedLayout(in: area) {
      let shifted = Rect(x: rect.x, y: rect.y + top, width: rect.width, height: rect.height)
      let number = (numbers.firstIndex(of: pane) ?? 0) + 1
      draw(pane, number: number, in: shifted, isFocused: pane == focus, on: &canvas)
    }
    return canvas.text(color: color)
  }

  /// One line per tabs container around the focused pane, outermost first: the tab
  /// commands act on the last (nearest) one.
  private func tabBars() -> [String] {
    var child = state.focusedPane
    var bars: [String] = []
    for ancestor in state.ancestors(of: child) {
      let node = state.node(ancestor)!
      if node.kind == .tabs {
        let selected = node.children.firstIndex(of: child)!
        let bar = node.tabTitles.enumerated().map { index, title in
          let label = "\(index + 1):\(title.isEmpty ? "tab" : title)"
          return index == selected ? "[\(label)]" : " \(label) "
        }.joined(separator: " ")
        bars.insert(bar, at: 0)
      }
      child = ancestor
    }
    return bars
  }

  private func draw(
    _ pane: NodeID, number: Int, in rect: Rect, isFocused: Bool, on canvas: inout Canvas
  ) {
    guard rect.width > 0, rect.height > 0, let node = state.node(pane) else { return }
    let border = isFocused ? focused : plain
    let lastColumn = rect.maxX - 1
    let lastRow = rect.maxY - 1
    for column in rect.x...lastColumn {
      canvas.set(border.horizontal, row: rect.y, column: column, highlighted: isFocused)
      canvas.set(border.horizontal, row: lastRow, column: column, highlighted: isFocused)
    }
    for row in rect.y...lastRow {
      canvas.set(border.vertical, row: row, column: rect.x, highlighted: isFocused)
      canvas.set(border.vertical, row: row, column: lastColumn, highlighted: isFocused)
    }
    if rect.width >= 2, rect.height >= 2 {
      canvas.set(border.corners.0, row: rect.y, column: rect.x, highlighted: isFocused)
      canvas.set(border.corners.1, row: rect.y, column: lastColumn, highlighted: isFocused)
      canvas.set(border.corners.2, row: lastRow, column: rect.x, highlighted: isFocused)
      canvas.set(border.corners.3, row: lastRow, column: lastColumn, highlighted: isFocused)
    }
    let inner = rect.width - 4
    guard inner > 0 else { return }
    var heading = "\(number)\(isFocused ? "*" : "") \(node.title)"
    if state.zoomedPane == pane { heading += " (zoomed)" }
    canvas.write(
      " " + fit(heading, inner) + " ", row: rect.y, column: rect.x + 1,
      highlighted: isFocused)
    guard rect.height >= 3, let stack = node.router?.stack else { return }
    var lines = [stack.current.description]
    if let modal = stack.modal {
      lines.append("\(modal.style): \(modal.current)")
    }
    if stack.depth > 1 { lines.append("depth \(stack.depth)") }
    for (offset, line) in lines.prefix(rect.height - 2).enumerated() {
      canvas.write(
        fit(line, inner), row: rect.y + 1 + offset, column: rect.x + 2,
        highlighted: false)
    }
  }

  /// `text` cut to `width` characters, with `…` (ASCII: `~`) marking a cut.
  private func fit(_ text: String, _ width: Int) -> String {
    guard text.count > width else { return text }
    guard width > 1 else { return String(text.prefix(width)) }
    return String(text.prefix(width - 1)) + (ascii ? "~" : "…")
  }
}

/// A grid of characters with a highlight flag per cell.
private struct Canvas {
  private var cells: [[Character]]
  private var highlights: [[Bool]]
  let width: Int

  init(width: Int, height: Int) {
    self.width = width
    cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    highlights = Array(repeating: Array(repeating: false, count: width), count: height)
  }

  mutating func set(_ character: Character, row: Int, column: Int, highlighted: Bool) {
    guard cells.indices.contains(row), cells[row].indices.contains(column) else { return }
    cells[row][column] = character
    highlights[row][column] = highlighted
  }

  mutating func write(_ text: String, row: Int, column: Int, highlighted: Bool) {
    for (offset, character) in text.enumerated() {
      set(character, row: row, column: column + offset, highlighted: highlighted)
    }
  }

  func text(color: Bool) -> String {
    var output = ""
    for (row, characters) in cells.enumerated() {
      var line = ""
      var inHighlight = false
      for (column, character) in characters.enumerated() {
        let highlighted = color && highlights[row][column]
        if highlighted != inHighlight {
          line += highlighted ? "\u{1B}[1;36m" : "\u{1B}[0m"
          inHighlight = highlighted
        }
        line.append(character)
      }
      if inHighlight { line += "\u{1B}[0m" }
      while line.last == " " { line.removeLast() }
      output += line + "\n"
    }
    return output
  }
}
