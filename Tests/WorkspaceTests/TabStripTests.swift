import Testing
import Workspace

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
