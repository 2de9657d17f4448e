import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceControl

/// `FileChange`: what `wsctl watch` says about a file's change with no live host — the
/// commands the undo history tells, and the difference it describes.
@Suite struct FileChangeTests {
  /// The state after each line of commands, applied one transaction per line.
  private func applying(_ lines: String..., to state: WorkspaceState = .example) throws
    -> WorkspaceState
  {
    var state = state
    for line in lines { try state.apply(try CommandParser.parse(line: line)) }
    return state
  }

  /// The state after the lines, with the history of `state` kept: an edit the history does
  /// not tell, as a hand edit of the file is.
  private func handEdited(_ state: WorkspaceState, _ lines: String...) throws -> WorkspaceState {
    var edited = state
    for line in lines { try edited.apply(try CommandParser.parse(line: line)) }
    edited.history = state.history
    return edited
  }

  @Test(arguments: [
    (["push detail:9"], ["push detail:9"]),
    (["focus 2 push detail:7"], ["focus 2", "push detail:7"]),
    (["split h", "rename 'my notes'"], ["split h", "rename 'my notes'"]),
    (["tab new Notes notes"], ["tab new Notes notes"]),
  ])
  func entriesAddedToTheHistoryAreTheCommands(lines: [String], commands: [String]) throws {
    let old = try applying("push a")
    var new = old
    for line in lines { new = try applying(line, to: new) }
    let change = FileChange(from: old, to: new)
    #expect(change.historyStep == .recorded)
    #expect(change.commands == commands)
    #expect(ChangeLine.line(for: change, json: false) == commands.joined(separator: " ") + "\n")
  }

  @Test func undoAndRedoAreToldByEntriesMovedBetweenTheLists() throws {
    let old = try applying("push a", "push b", "split h")
    let undone = try applying("undo 2", to: old)
    #expect(FileChange(from: old, to: undone).historyStep == .undone(2))
    #expect(FileChange(from: old, to: undone).commands == ["undo 2"])
    let redone = try applying("redo", to: undone)
    #expect(FileChange(from: undone, to: redone).historyStep == .redone(1))
    #expect(ChangeLine.line(for: FileChange(from: undone, to: redone), json: false) == "redo\n")
    // A new command after an undo clears the redo list: it is the command, not a redo.
    let replaced = try applying("push c", to: undone)
    #expect(FileChange(from: undone, to: replaced).commands == ["push c"])
    #expect(FileChange(from: undone, to: replaced).historyStep == .recorded)
  }

  @Test func entriesDroppedPastTheHistorysLimitDoNotHideTheNewOne() throws {
    var start = WorkspaceState.example
    start.history = History(limit: 2)
    let old = try applying("push a", "push b", to: start)
    let new = try applying("push c", to: old)
    #expect(new.history.undoEntries.map(\.label) == ["push b", "push c"])
    #expect(FileChange(from: old, to: new).commands == ["push c"])
  }

  @Test func aShortenedLabelIsKeptWhole() throws {
    let title = String(repeating: "x", count: 300)
    let old = WorkspaceState.example
    let new = try applying("rename \(title)", to: old)
    let label = try #require(new.history.undoEntries.last?.label)
    #expect(label.hasSuffix("…"))
    #expect(FileChange(from: old, to: new).commands == [label])
  }

  @Test func aRewrittenHistoryTellsNoCommands() throws {
    let old = try applying("push a", "push b")
    var new = try applying("push c")
    new.history = try applying("push x", "push y").history
    let change = FileChange(from: old, to: new)
    #expect(change.historyStep == nil)
    #expect(change.commands == [])
    #expect(change.differences.contains("history changed"))
  }

  @Test func aHandEditedRouterSaysWhatItShowedAndShowsNow() throws {
    let old = try applying("focus 2 push detail:7")
    let new = try handEdited(old, "replace-top detail:8")
    let change = FileChange(from: old, to: new)
    #expect(change.commands == [])
    #expect(change.differences == ["%4 router detail:7 -> detail:8", "changed %4"])
    #expect(
      ChangeLine.line(for: change, json: false)
        == "adopted revision 0: %4 router detail:7 -> detail:8; changed %4\n")
    let pushed = try handEdited(old, "push detail:9")
    #expect(
      FileChange(from: old, to: pushed).differences.first
        == "%4 router detail:7 -> detail:9 (depth 2 -> 3)")
    let presented = try handEdited(old, "present sheet compose")
    #expect(
      FileChange(from: old, to: presented).differences.first
        == "%4 router detail:7 -> detail:7 sheet compose")
    let below = try handEdited(old, "replace detail:2 detail:7")
    #expect(
      FileChange(from: old, to: below).differences.first
        == "%4 router [detail:1, detail:7] -> [detail:2, detail:7]")
  }

  @Test func addedAndRemovedTabsAndPanesFocusAndTitlesAreDescribed() throws {
    let old = WorkspaceState.example
    let tab = try handEdited(old, "tab new Notes notes")
    let opened = FileChange(from: old, to: tab)
    #expect(opened.tabsAdded == [NodeID(6)])
    #expect(opened.panesAdded == [NodeID(6)])
    #expect(
      opened.differences == ["tab %6 'Notes' added", "focus %3 -> %6", "changed %1 %6"])
    let closed = FileChange(from: tab, to: old)
    #expect(closed.tabsRemoved == [NodeID(6)])
    #expect(closed.differences.first == "tab %6 'Notes' removed")

    let split = try handEdited(old, "rename Mail", "split h")
    let change = FileChange(from: old, to: split)
    #expect(change.panesAdded.count == 1)
    let pane = try #require(change.panesAdded.first)
    #expect(change.differences.contains("pane \(pane) added"))
    #expect(change.differences.contains("%3 title 'Inbox' -> 'Mail'"))
    #expect(change.differences.contains("focus %3 -> \(pane)"))
    #expect(FileChange(from: split, to: old).differences.first == "pane \(pane) removed")
  }

  @Test func zoomSizesAndTemplatesAreDescribedWithoutANode() throws {
    let old = WorkspaceState.example
    var new = try handEdited(old, "zoom", "minimum-size 8x4", "template save t")
    try new.recordLayoutSize(Size(width: 80, height: 23))
    let change = FileChange(from: old, to: new)
    #expect(change.differences.contains("zoom none -> %3"))
    #expect(change.differences.contains("layout size none -> 80x23"))
    #expect(change.differences.contains("minimum size 6x3 -> 8x4"))
    #expect(change.differences.contains("templates changed"))
  }

  @Test func nothingToDescribeLeavesTheRevision() throws {
    var new = WorkspaceState.example
    new.revision = 4
    #expect(
      ChangeLine.line(for: FileChange(from: .example, to: new), json: false)
        == "adopted revision 4\n")
  }

  @Test func textFromTheFileReachesTheLineEscaped() throws {
    let old = WorkspaceState.example
    let new = try handEdited(old, "rename 'a\u{1B}[2Jb'")
    let line = ChangeLine.line(for: FileChange(from: old, to: new), json: false)
    #expect(!line.contains("\u{1B}"))
    #expect(line.contains("\\u{1B}[2Jb"))
  }
}
