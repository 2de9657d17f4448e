import PaneRouter
import Workspace

/// Draws the visible panes of a workspace as boxes on a character grid: each pane's number,
/// title and visible route, the focused pane in a heavy (ASCII: `#`) border, each collapsed
/// member of a stack as a title bar (a row with its number and title, or a column of them),
/// the floating panes over the tiled ones (bottom to top, each clearing what lies below it),
/// and a tab bar line for each tabs container around the focused pane.
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
  /// Every row is exactly `width` columns wide before trimming, counting display width (a
  /// wide character takes two columns), and text from the file is escaped.
  func render() -> String {
    guard width > 0, height > 0 else { return "" }
    var canvas = TextGrid(width: width, height: height, style: false)
    var top = 0
    for bar in shownTabBars {
      for piece in bar {
        canvas.write(piece.text, row: top, column: piece.column, style: false)
      }
      top += 1
    }
    let area = paneArea
    let focus = state.focusedPane
    let collapsed = state.zoomedPane == nil ? state.collapsedPanes : []
    let layout = state.numberedLayout(in: area)
    // The floating panes over the tiled ones, bottom to top, each over what lies below it.
    let floating = state.floatingLayout(in: area)
    let floats = Set(floating.map(\.pane))
    var numbers: [NodeID: Int] = [:]
    for (number, pane, rect) in layout {
      numbers[pane] = number
      guard !floats.contains(pane) else { continue }
      let shifted = Rect(x: rect.x, y: rect.y + top, width: rect.width, height: rect.height)
      if collapsed.contains(pane) {
        drawBar(pane, number: number, in: shifted, on: &canvas)
      } else {
        draw(pane, number: number, in: shifted, isFocused: pane == focus, on: &canvas)
      }
    }
    for (pane, rect) in floating {
      guard let number = numbers[pane] else { continue }
      let shifted = Rect(x: rect.x, y: rect.y + top, width: rect.width, height: rect.height)
      for row in shifted.y..<shifted.maxY {
        for column in shifted.x..<shifted.maxX {
          canvas.put(" ", row: row, column: column, style: false)
        }
      }
      draw(pane, number: number, in: shifted, isFocused: pane == focus, on: &canvas)
    }
    return Self.text(of: canvas, color: color)
  }

  /// The area the panes are laid out in: the drawing below its tab bars (at least one row).
  var paneArea: Size {
    Size(width: max(0, width), height: max(0, height - shownTabBars.count))
  }

  /// The tab bars that fit, leaving at least one row for the panes.
  private var shownTabBars: [[TabStrip.Piece]] {
    Array(tabBars().prefix(max(0, height - 1)))
  }

  /// One bar per tabs container around the focused pane, outermost first (the tab commands
  /// act on the last, nearest one); each scrolled to show its selected tab.
  private func tabBars() -> [[TabStrip.Piece]] {
    var child = state.focusedPane
    var bars: [[TabStrip.Piece]] = []
    for ancestor in state.ancestors(of: child) {
      let node = state.node(ancestor)!
      if node.kind == .tabs {
        let selected = node.slotIndex(of: child)!
        let labels = node.tabTitles.enumerated().map { index, title in
          let label = "\(index + 1):\(title.isEmpty ? "tab" : title)"
          return index == selected ? "[\(label)]" : " \(label) "
        }
        bars.insert(
          TabStrip.pieces(
            labels: labels, selected: selected, width: width,
            markers: ascii ? ("<", ">") : ("‹", "›")),
          at: 0)
      }
      child = ancestor
    }
    return bars
  }

  private func draw(
    _ pane: NodeID, number: Int, in rect: Rect, isFocused: Bool, on canvas: inout TextGrid<Bool>
  ) {
    guard rect.width > 0, rect.height > 0, let node = state.node(pane) else { return }
    let border = isFocused ? focused : plain
    let lastColumn = rect.maxX - 1
    let lastRow = rect.maxY - 1
    for column in rect.x...lastColumn {
      canvas.put(border.horizontal, row: rect.y, column: column, style: isFocused)
      canvas.put(border.horizontal, row: lastRow, column: column, style: isFocused)
    }
    for row in rect.y...lastRow {
      canvas.put(border.vertical, row: row, column: rect.x, style: isFocused)
      canvas.put(border.vertical, row: row, column: lastColumn, style: isFocused)
    }
    if rect.width >= 2, rect.height >= 2 {
      canvas.put(border.corners.0, row: rect.y, column: rect.x, style: isFocused)
      canvas.put(border.corners.1, row: rect.y, column: lastColumn, style: isFocused)
      canvas.put(border.corners.2, row: lastRow, column: rect.x, style: isFocused)
      canvas.put(border.corners.3, row: lastRow, column: lastColumn, style: isFocused)
    }
    let inner = rect.width - 4
    guard inner > 0 else { return }
    var heading = "\(number)\(isFocused ? "*" : "") \(node.title)"
    if let mark = node.mark { heading += " [\(mark)]" }
    if state.zoomedPane == pane { heading += " (zoomed)" }
    let written = canvas.write(
      " " + heading, row: rect.y, column: rect.x + 1, style: isFocused, limit: inner + 1,
      ellipsis: ellipsis)
    canvas.put(" ", row: rect.y, column: rect.x + 1 + written, style: isFocused)
    guard rect.height >= 3, let stack = node.router?.stack else { return }
    var lines = [stack.current.description]
    if let modal = stack.modal {
      lines.append("\(modal.style): \(modal.current)")
    }
    if stack.depth > 1 { lines.append("depth \(stack.depth)") }
    for (offset, line) in lines.prefix(rect.height - 2).enumerated() {
      canvas.write(
        line, row: rect.y + 1 + offset, column: rect.x + 2, style: false, limit: inner,
        ellipsis: ellipsis)
    }
  }

  /// A collapsed stack member's title bar: across a row, `├─ 2 Title ───┤` (ASCII `+- 2 Title
  /// ---+`); down a column (a horizontal stack's), its number then its title, one character
  /// a row, between the ends.
  private func drawBar(
    _ pane: NodeID, number: Int, in rect: Rect, on canvas: inout TextGrid<Bool>
  ) {
    guard rect.width > 0, rect.height > 0, let node = state.node(pane) else { return }
    let ends: (Character, Character) = ascii ? ("+", "+") : ("├", "┤")
    let label = "\(number) \(node.title)" + (node.mark.map { " [\($0)]" } ?? "")
    if rect.height == 1 || rect.width > 1 {
      for column in rect.x..<rect.maxX {
        canvas.put(plain.horizontal, row: rect.y, column: column, style: false)
      }
      canvas.put(ends.0, row: rect.y, column: rect.x, style: false)
      canvas.put(ends.1, row: rect.y, column: rect.maxX - 1, style: false)
      let inner = rect.width - 4
      guard inner > 0 else { return }
      let written = canvas.write(
        " " + label, row: rect.y, column: rect.x + 1, style: false, limit: inner + 1,
        ellipsis: ellipsis)
      canvas.put(" ", row: rect.y, column: rect.x + 1 + written, style: false)
      return
    }
    let verticalEnds: (Character, Character) = ascii ? ("+", "+") : ("┬", "┴")
    for row in rect.y..<rect.maxY {
      canvas.put(plain.vertical, row: row, column: rect.x, style: false)
    }
    canvas.put(verticalEnds.0, row: rect.y, column: rect.x, style: false)
    canvas.put(verticalEnds.1, row: rect.maxY - 1, column: rect.x, style: false)
    let room = rect.height - 2
    guard room > 0 else { return }
    let text = TerminalText.fitted(TerminalText.escaped(label), to: room, ellipsis: ellipsis)
    for (offset, character) in text.filter({ TerminalText.width(of: $0) > 0 }).enumerated()
    where offset < room {
      let narrow = TerminalText.width(of: character) == 1 ? character : ellipsis
      canvas.put(narrow, row: rect.y + 1 + offset, column: rect.x, style: false)
    }
  }

  /// The mark of a cut: `…`, or `~` in ASCII mode.
  private var ellipsis: Character { ascii ? "~" : "…" }

  /// The grid as lines, the highlighted cells in bold cyan when `color` is on; trailing
  /// spaces are trimmed.
  private static func text(of canvas: TextGrid<Bool>, color: Bool) -> String {
    var output = ""
    for row in 0..<canvas.height {
      var line = ""
      var inHighlight = false
      for (text, style) in canvas.drawnCells(row: row) {
        let highlighted = color && style
        if highlighted != inHighlight {
          line += highlighted ? "\u{1B}[1;36m" : "\u{1B}[0m"
          inHighlight = highlighted
        }
        line += text
      }
      if inHighlight { line += "\u{1B}[0m" }
      while line.last == " " { line.removeLast() }
      output += line + "\n"
    }
    return output
  }
}
