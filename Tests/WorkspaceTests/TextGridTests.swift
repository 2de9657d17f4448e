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
