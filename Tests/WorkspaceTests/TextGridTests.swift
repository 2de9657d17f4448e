import Testing
import Workspace

/// ``TextGrid``: rows stay exactly as wide as the grid, in display columns.
@Suite struct TextGridTests {
  private func rows(_ grid: TextGrid<Int>) -> [String] {
    (0..<grid.height).map { grid.drawnCells(row: $0).map(\.text).joined() }
  }

  private func widths(_ grid: TextGrid<Int>) -> [Int] {
    rows(grid).map { TerminalText.width(of: $0) }
  }

  @Test(arguments: [
    ("日本語", 0, "日本語    "), ("日本語", 5, "     日本…"), ("日本語", 6, "      日… "),
    ("e\u{301}x", 8, "        e\u{301}x"), ("a\u{1B}[2Jb", 0, "a\\u{1B}[2…"),
    ("👨‍👩‍👧 ok", 7, "       👨‍👩‍👧…"),
  ])
  func writeKeepsTheRowWidth(text: String, column: Int, row: String) {
    var grid = TextGrid(width: 10, height: 1, style: 0)
    grid.write(text, row: 0, column: column, style: 1)
    #expect(rows(grid) == [row])
    #expect(widths(grid) == [10])
  }

  @Test func overwritingHalfAWideCharacterLeavesASpace() {
    var grid = TextGrid(width: 6, height: 1, style: 0)
    grid.write("日本語", row: 0, column: 0, style: 0)
    grid.put("|", row: 0, column: 1, style: 0)
    grid.put("|", row: 0, column: 4, style: 0)
    #expect(rows(grid) == [" |本| "])
    #expect(widths(grid) == [6])
  }

  @Test func aWideCharacterAtTheEdgeBecomesASpace() {
    var grid = TextGrid(width: 3, height: 1, style: 0)
    grid.put("日", row: 0, column: 2, style: 0)
    #expect(rows(grid) == ["   "])
  }

  @Test(arguments: [-3, -1, 9, 12])
  func writingAcrossOrOffTheEdgeKeepsTheGridIntact(column: Int) {
    var grid = TextGrid(width: 10, height: 2, style: 0)
    grid.write("e\u{301}\u{200B}日本e\u{301}\u{200B}x", row: 1, column: column, style: 1)
    grid.write("e\u{301}", row: 5, column: 0, style: 1)
    #expect(widths(grid) == [10, 10])
    #expect(rows(grid)[0] == "          ")
  }

  @Test func writeStopsAtTheLimit() {
    var grid = TextGrid(width: 10, height: 2, style: 0)
    let written = grid.write("abcdefgh", row: 1, column: 2, style: 3, limit: 4)
    #expect(written == 4)
    #expect(rows(grid) == ["          ", "  abc…    "])
    #expect(grid.drawnCells(row: 1).map(\.style) == [0, 0, 3, 3, 3, 3, 0, 0, 0, 0])
  }
}

/// ``TabStrip``: the selected tab is always shown, and cut tabs are marked.
@Suite struct TabStripTests {
  private static let labels = (1...14).map { " \($0):tab\($0) " }

  private func line(_ pieces: [TabStrip.Piece], width: Int) -> String {
    var grid = TextGrid(width: width, height: 1, style: 0)
    for piece in pieces { grid.write(piece.text, row: 0, column: piece.column, style: 0) }
    return grid.drawnCells(row: 0).map(\.text).joined()
  }

  @Test(arguments: [(30, 0), (30, 6), (30, 13), (12, 0), (12, 7), (12, 13), (80, 9), (9, 4)])
  func theSelectedTabIsShownAndCutsAreMarked(width: Int, selected: Int) {
    let pieces = TabStrip.pieces(
      labels: Self.labels, selected: selected, width: width, markers: ("<", ">"))
    let shown = pieces.compactMap(\.tab)
    #expect(shown.contains(selected))
    #expect(shown == Array((shown.first ?? 0)...(shown.last ?? 0)))
    let text = line(pieces, width: width)
    #expect(text.hasPrefix("<") == (shown.first! > 0))
    #expect(text.hasSuffix(">") == (shown.last! < Self.labels.count - 1))
    #expect(pieces.allSatisfy { $0.column + TerminalText.width(of: $0.text) <= width })
    if width >= Self.labels[selected].count + 2 {
      #expect(text.contains(Self.labels[selected]))
    }
  }

  @Test func aSelectedTitleWiderThanTheBarIsCut() {
    let labels = ["[1:a]", "[2:\(String(repeating: "日", count: 30))]", "[3:c]"]
    let pieces = TabStrip.pieces(labels: labels, selected: 1, width: 20, markers: ("‹", "›"))
    #expect(line(pieces, width: 20) == "‹[2:日日日日日日日…›")
    #expect(pieces.map(\.tab) == [nil, 1, nil])
  }

  @Test func tabsThatFitAreAllShownWithoutMarkers() {
    let pieces = TabStrip.pieces(
      labels: ["[1:a]", " 2:b "], selected: 0, width: 30, markers: ("‹", "›"))
    #expect(line(pieces, width: 30) == "[1:a]  2:b " + String(repeating: " ", count: 19))
  }

  @Test func titlesAreEscaped() {
    let pieces = TabStrip.pieces(
      labels: ["\u{1B}[2J"], selected: 0, width: 20, markers: ("<", ">"))
    #expect(pieces.map(\.text) == ["\\u{1B}[2J"])
  }
}
