import Testing

@testable import Workspace

/// History labels stay bounded: a long command text is shortened with `…` where the entry is
/// made, on a character boundary, and the command is never refused for its label.
@Suite struct HistoryLabelTests {
  @Test(arguments: [
    ("short", "short"),
    (String(repeating: "x", count: 256), String(repeating: "x", count: 256)),
    (String(repeating: "x", count: 257), String(repeating: "x", count: 253) + "…"),
    (String(repeating: "é", count: 200), String(repeating: "é", count: 126) + "…"),
    (String(repeating: "👩‍👩‍👧", count: 30), String(repeating: "👩‍👩‍👧", count: 14) + "…"),
    (
      "a" + String(repeating: "\u{301}", count: 300),
      "a" + String(repeating: "\u{301}", count: 126) + "…"
    ),
  ])
  func aLongLabelIsShortened(label: String, expected: String) {
    let shortened = History.Entry.shortened(label)
    #expect(shortened == expected)
    #expect(shortened.utf8.count <= History.Entry.maximumLabelBytes)
  }

  @Test func aCommandWithALongTextIsRecordedWithAShortLabel() throws {
    var state = WorkspaceState.example
    let title = String(repeating: "x", count: 65_530)
    try state.apply(.rename(title))
    let label = try #require(state.history.undoEntries.last?.label)
    #expect(label.utf8.count <= History.Entry.maximumLabelBytes)
    #expect(label.hasPrefix("rename xxx"))
    #expect(label.hasSuffix("…"))
    try state.apply(.undo(count: 1))
    try state.apply(.redo(count: 1))
    #expect(state.node(state.focusedPane)?.title == title)
  }
}
