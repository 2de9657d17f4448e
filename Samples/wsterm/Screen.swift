import PaneRouter
import Workspace

/// Draws a workspace's active tab as a frame: a tab bar on the first row, every visible pane
/// as a box with its number, title and route stack (a collapsed stack member as a title bar;
/// the floating panes over the tiled ones),
/// and a status line (or the command prompt) on the last row.
struct Screen {
  /// What the last row shows.
  enum BottomLine: Equatable {
    /// A hint or a message.
    case status(String, isError: Bool)
    /// The command prompt with the text typed so far.
    case prompt(String)
  }

  let state: WorkspaceState
  let width: Int
  let height: Int
  /// The name shown at the right of the tab bar.
  var title = "wsterm"
  var bottomLine = BottomLine.status("", isError: false)

  /// The area the panes get: everything but the tab bar and the status line.
  static func paneArea(width: Int, height: Int) -> Size {
    Size(width: max(0, width), height: max(0, height - 2))
  }

  /// Renders the frame.
  ///
  /// - Complexity: O(*w*·*h* + *v* log *v*), for the frame's cells and *v* visible panes.
  func render() -> Frame {
    var frame = Frame(width: width, height: height)
    guard width > 0, height > 0 else { return frame }
    drawTabBar(on: &frame)
    let area = Self.paneArea(width: width, height: height)
    let focus = state.focusedPane
    // The workspace's minimum pane size: by default a border and one line.
    let layout = state.numberedLayout(in: area)
    let collapsed = state.zoomedPane == nil ? state.collapsedPanes : []
    // The floating panes over the tiled ones, bottom to top, each over what lies below it.
    let floating = state.floatingLayout(in: area)
    let floats = Set(floating.map(\.pane))
    var numbers: [NodeID: Int] = [:]
    for (number, pane, rect) in layout {
      numbers[pane] = number
      guard !floats.contains(pane) else { continue }
      let shifted = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height)
      if collapsed.contains(pane) {
        drawBar(pane, number: number, in: shifted, on: &frame)
      } else {
        drawPane(pane, number: number, in: shifted, isFocused: pane == focus, on: &frame)
      }
    }
    for (pane, rect) in floating {
      guard let number = numbers[pane] else { continue }
      let shifted = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height)
      for row in shifted.y..<shifted.maxY {
        for column in shifted.x..<shifted.maxX {
          frame.put(" ", row: row, column: column, style: .plain)
        }
      }
      drawPane(pane, number: number, in: shifted, isFocused: pane == focus, on: &frame)
    }
    drawBottomLine(on: &frame)
    return frame
  }

  // MARK: Tab bar and status line

  /// The tabs of the nearest tabs container around the focused pane (the one `c`, `n` and
  /// `p` act on) and the selected index.
  private var tabs: (titles: [String], selected: Int)? {
    var child = state.focusedPane
    for ancestor in state.ancestors(of: child) {
      if let node = state.node(ancestor), node.kind == .tabs,
        let index = node.slotIndex(of: child)
      {
        return (node.tabTitles, index)
      }
      child = ancestor
    }
    return nil
  }

  /// The tabs, then the name at the right (cut at the edge if need be). When the tabs do not
  /// all fit, they scroll to show the selected one, with `‹` and `›` marking tabs cut off,
  /// and the name stays only if it takes at most a third of the bar.
  private func drawTabBar(on frame: inout Frame) {
    frame.paint(row: 0, style: .tabBar)
    let right = " \(title) "
    var nameWidth = TerminalText.width(of: TerminalText.escaped(right))
    var pieces: [TabStrip.Piece] = []
    var selected = 0
    if let tabs {
      let labels = tabs.titles.enumerated().map { index, title in
        " \(index + 1):\(title.isEmpty ? "tab" : title)\(index == tabs.selected ? "*" : "") "
      }
      selected = tabs.selected
      func strip(_ width: Int) -> [TabStrip.Piece] {
        TabStrip.pieces(labels: labels, selected: selected, width: width, markers: ("‹", "›"))
      }
      pieces = strip(width)
      if pieces.contains(where: { $0.tab == nil }) {
        if nameWidth <= width / 3 { pieces = strip(width - nameWidth) } else { nameWidth = 0 }
      }
    }
    var column = 0
    for piece in pieces {
      let style: CellStyle = piece.tab == selected ? .selectedTab : .tabBar
      column = piece.column + frame.write(piece.text, row: 0, column: piece.column, style: style)
    }
    if nameWidth > 0 {
      frame.write(right, row: 0, column: max(column, width - nameWidth), style: .tabBar)
    }
  }

  private func drawBottomLine(on frame: inout Frame) {
    let row = height - 1
    guard row > 0 else { return }
    switch bottomLine {
    case .prompt(let text):
      frame.paint(row: row, style: .plain)
      // Show the end of a long command.
      let written = frame.write(
        ":" + Self.suffix(of: TerminalText.escaped(text), fitting: width - 2), row: row,
        column: 0, style: .plain)
      frame.cursor = (row, min(width - 1, written))
    case .status(let message, let isError):
      frame.paint(row: row, style: isError ? .error : .status)
      frame.write(" " + message, row: row, column: 0, style: isError ? .error : .status)
    }
  }

  /// The longest end of `text` at most `columns` wide.
  private static func suffix(of text: String, fitting columns: Int) -> String {
    var used = 0
    var start = text.endIndex
    while start > text.startIndex {
      let previous = text.index(before: start)
      used += TerminalText.width(of: text[previous])
      if used > columns { break }
      start = previous
    }
    return String(text[start...])
  }

  // MARK: Panes

  private func drawPane(
    _ pane: NodeID, number: Int, in rect: Rect, isFocused: Bool, on frame: inout Frame
  ) {
    guard rect.width > 0, rect.height > 0, let node = state.node(pane) else { return }
    let style: CellStyle = isFocused ? .focused : .plain
    let glyphs = isFocused ? BoxGlyphs.heavy : BoxGlyphs.light
    let (right, bottom) = (rect.maxX - 1, rect.maxY - 1)
    for column in rect.x...right {
      frame.put(glyphs.horizontal, row: rect.y, column: column, style: style)
      frame.put(glyphs.horizontal, row: bottom, column: column, style: style)
    }
    for row in rect.y...bottom {
      frame.put(glyphs.vertical, row: row, column: rect.x, style: style)
      frame.put(glyphs.vertical, row: row, column: right, style: style)
    }
    if rect.width >= 2, rect.height >= 2 {
      frame.put(glyphs.topLeft, row: rect.y, column: rect.x, style: style)
      frame.put(glyphs.topRight, row: rect.y, column: right, style: style)
      frame.put(glyphs.bottomLeft, row: bottom, column: rect.x, style: style)
      frame.put(glyphs.bottomRight, row: bottom, column: right, style: style)
    }
    var heading = "\(number)\(isFocused ? "*" : "") \(node.title)"
    if let mark = node.mark { heading += " [\(mark)]" }
    if state.zoomedPane == pane { heading += " (zoomed)" }
    frame.write(
      " \(heading) ", row: rect.y, column: rect.x + 1, style: style, limit: rect.width - 2)
    guard let stack = node.router?.stack else { return }
    let lines = Self.stackLines(stack, rows: rect.height - 2)
    for (offset, line) in lines.enumerated() {
      frame.write(
        line.text, row: rect.y + 1 + offset, column: rect.x + 2, style: line.style,
        limit: rect.width - 4)
    }
  }

  /// A collapsed stack member: a row `├─ 2 Title ──┤` across a vertical stack, or a column
  /// with its number and title down a horizontal one.
  private func drawBar(_ pane: NodeID, number: Int, in rect: Rect, on frame: inout Frame) {
    guard rect.width > 0, rect.height > 0, let node = state.node(pane) else { return }
    let label = "\(number) \(node.title)"
    if rect.height == 1 || rect.width > 1 {
      for column in rect.x..<rect.maxX {
        frame.put("─", row: rect.y, column: column, style: .plain)
      }
      frame.put("├", row: rect.y, column: rect.x, style: .plain)
      frame.put("┤", row: rect.y, column: rect.maxX - 1, style: .plain)
      frame.write(
        " \(label) ", row: rect.y, column: rect.x + 1, style: .plain, limit: rect.width - 2)
      return
    }
    for row in rect.y..<rect.maxY {
      frame.put("│", row: row, column: rect.x, style: .plain)
    }
    frame.put("┬", row: rect.y, column: rect.x, style: .plain)
    frame.put("┴", row: rect.maxY - 1, column: rect.x, style: .plain)
    let text = TerminalText.escaped(label).filter { TerminalText.width(of: $0) == 1 }
    for (offset, character) in text.prefix(max(0, rect.height - 2)).enumerated() {
      frame.put(character, row: rect.y + 1 + offset, column: rect.x, style: .plain)
    }
  }

  /// The lines of a route stack, root first and the top last, then the modal marked with
  /// its style; when they do not fit, the first lines give way to a `… N more` line.
  static func stackLines(
    _ stack: RouteStack<RouteToken>, rows: Int
  ) -> [(text: String, style: CellStyle)] {
    var lines = stack.stack.map { (text: $0.description, style: CellStyle.plain) }
    if let modal = stack.modal {
      lines.append(("┄ \(modal.style) ┄", .modal))
      lines += modal.stack.map { ($0.description, .modal) }
    }
    guard rows > 0 else { return [] }
    guard lines.count > rows else { return lines }
    let kept = lines.suffix(rows - 1)
    return [("… \(lines.count - kept.count) more", .plain)] + kept
  }
}

/// The characters of a box border.
struct BoxGlyphs {
  let horizontal: Character
  let vertical: Character
  let topLeft: Character
  let topRight: Character
  let bottomLeft: Character
  let bottomRight: Character

  static let light = BoxGlyphs(
    horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└",
    bottomRight: "┘")
  static let heavy = BoxGlyphs(
    horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗",
    bottomRight: "┛")
}
