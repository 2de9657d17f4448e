import Foundation
import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// The one-pass decoder on files with several windows and with history: read in one pass
/// wherever the reference reads them as they are, to the same state, and left to the
/// reference wherever it repairs or refuses something; a plain history is read in the same
/// pass, a doubtful one by the reference's history code.
@Suite struct OnePassWindowsAndHistoryTests {
  /// A pane `id` with a router of kind `k` holding `stack`, as a nested node.
  static func pane(_ id: Int, _ stack: String = #"["a"]"#, extra: String = "") -> String {
    #"{"id":\#(id),"kind":"pane","router":{"kind":"k","stack":\#(stack)}\#(extra)}"#
  }

  /// A file whose top-level tree is pane 1, with `members` after the root.
  static func file(_ members: String) -> String {
    #"{"format":"workspace","version":3,"root":\#(pane(1)),"# + members + "}"
  }

  /// The second window, `w2`, with pane 2 as its tree; `extra` inside it.
  static let secondWindow = #"{"id":"w2","title":"Two","focus":2,"mru":[2],"root":"# + pane(2)

  @Test(arguments: [
    // Two windows, the first active; the second with its own tree, list and size.
    (
      file(
        #""windows":[{"id":"main","title":"","active":true},"# + secondWindow
          + #","layoutSize":"80x24"}],"previousWindow":"w2""#), true
    ),
    // The active window second, unknown members on a window, members in another order.
    (
      file(
        #""windows":[{"root":\#(pane(2)),"x-note":[1,{"k":null}],"mru":[2],"id":"w2"},"#
          + #"{"active":true,"id":"main","title":"Main","y":true}]"#), true
    ),
    // No windows at all: the one window a workspace starts with; a previous window is then
    // ignored, as the reference ignores it.
    (file(#""windows":[]"#), true),
    (file(#""windows":[],"previousWindow":"w2""#), true),
    // A previous window without windows, or naming none.
    (file(#""previousWindow":"main""#), false),
    (
      file(
        #""windows":[{"id":"main","active":true},"# + secondWindow
          + #"}],"previousWindow":"w3""#), false
    ),
    // Two active windows; none; an identifier used twice or not valid; an inactive window
    // without a tree; an active one with a tree.
    (file(#""windows":[{"id":"main","active":true},{"id":"w2","active":true}]"#), false),
    (file(#""windows":["# + secondWindow + "}]"), false),
    (file(#""windows":[{"id":"main","active":true},{"id":"main","root":\#(pane(2))}]"#), false),
    (file(#""windows":[{"id":"main","active":true},{"id":"","root":\#(pane(2))}]"#), false),
    (file(#""windows":[{"id":"main","active":true},{"id":"w2","mru":[]}]"#), false),
    (file(#""windows":[{"id":"main","active":true,"root":\#(pane(2))}]"#), false),
    // A window's list or focus naming the active window's pane, or repeating a pane; a zoom
    // on a pane that is not its focus; an id the top-level tree holds already.
    (
      file(
        #""windows":[{"id":"main","active":true},{"id":"w2","mru":[1],"root":\#(pane(2))}]"#),
      false
    ),
    (
      file(
        #""windows":[{"id":"main","active":true},{"id":"w2","focus":1,"root":\#(pane(2))}]"#),
      false
    ),
    (
      file(
        #""windows":[{"id":"main","active":true},{"id":"w2","mru":[2,2],"root":\#(pane(2))}]"#),
      false
    ),
    (
      file(
        #""windows":[{"id":"main","active":true},{"id":"w2","mru":[2],"zoomed":3,"#
          + #""root":{"id":4,"kind":"split","axis":"vertical","weights":[0.5,0.5],"#
          + #""children":[\#(pane(2)),\#(pane(3))]}}]"#), false
    ),
    (file(#""windows":[{"id":"main","active":true},{"id":"w2","root":\#(pane(1))}]"#), false),
    // The top-level list naming another window's pane.
    (
      #"{"format":"workspace","version":3,"mru":[1,2],"root":\#(pane(1)),"#
        + #""windows":[{"id":"main","active":true},{"id":"w2","root":\#(pane(2))}]}"#, false
    ),
  ])
  func windowsAtTheEdgeOfThePlainCase(text: String, isOnePass: Bool) {
    #expect(OnePassDecoderTests.expectAgreement(Array(text.utf8), text).isOnePass == isOnePass)
  }

  /// A history entry that undoes a push onto pane 1 (whose stack is now `["a","b"]`).
  static func push(_ entry: String = "", image: String = "") -> String {
    #"{"label":"push","root":1,"mru":[1],"# + entry
      + #""nodes":[{"id":1,"node":{"id":1,"parent":null,"kind":"pane","title":"","#
      + #""router":{"kind":"k","stack":["a"]}\#(image)}}]}"#
  }

  /// A file of pane 1 with the stack `["a","b"]` and `history`.
  static func withHistory(_ history: String) -> String {
    #"{"format":"workspace","version":3,"root":\#(pane(1, #"["a","b"]"#)),"history":"#
      + history + "}"
  }

  @Test(arguments: [
    // A plain history: read in this pass.
    (withHistory(#"{"limit":100,"undo":[\#(push())],"redo":[]}"#), true, true),
    // Unknown members of the history, an entry, a pair (not kept, as the reference keeps
    // none) and of a node image (kept).
    (
      withHistory(
        #"{"x":1,"undo":[\#(push(#""x":[{}],"#, image: #","z":"é""#))],"redo":[],"limit":5}"#),
      true, true
    ),
    // The undo entries cut to the limit, as the reference cuts them.
    (withHistory(#"{"limit":0,"undo":[\#(push())],"redo":[]}"#), true, true),
    // A duplicate key in an entry, a title that is no string: the reference's history code
    // reads them as it is, without a diagnostic; the file is still read in one pass.
    (
      withHistory(#"{"limit":100,"undo":[\#(push(#""label":"again","#))],"redo":[]}"#), true,
      false
    ),
    (
      withHistory(#"{"limit":100,"undo":[\#(push(image: #","title":7"#))],"redo":[]}"#), true,
      false
    ),
    // A history that does not replay, a malformed entry: dropped by the reference, noted.
    (
      withHistory(
        #"{"limit":100,"undo":[{"label":"tabs","root":1,"mru":[1],"nodes":[{"id":1,"#
          + #""node":{"id":1,"parent":null,"kind":"tabs","titles":[],"children":[]}}]}],"#
          + #""redo":[]}"#), false, false
    ),
    (withHistory(#"{"limit":100,"undo":[{"label":"push"}],"redo":[]}"#), false, false),
    (withHistory(#"{"undo":[]}"#), false, false),
  ])
  func historyAtTheEdgeOfThePlainCase(text: String, isOnePass: Bool, readsHistory: Bool) {
    let bytes = Array(text.utf8)
    #expect(OnePassDecoderTests.expectAgreement(bytes, text).isOnePass == isOnePass)
    let read = OnePassDecoder.read(bytes, path: "workspace.json", limits: .default)
    #expect((read?.readsHistory ?? false) == readsHistory, "\(text)")
  }

  /// An entry's most-recently-used list is read with room for its neighbour's and a few
  /// more: a list far longer than the entry before it, an empty one after a long one, and
  /// one of a single id all read in this pass as the reference reads them; an id that is
  /// not an integer leaves the history to the reference.
  @Test(arguments: [
    ("[1]", "[\((1...40).map(String.init).joined(separator: ","))]", true),
    ("[\((1...40).map(String.init).joined(separator: ","))]", "[]", true),
    ("[]", "[1]", true),
    ("[1]", "[1.5]", false),
  ])
  func entriesListsOfAnyLengthAreReadAsTheReferenceReadsThem(
    first: String, second: String, readsHistory: Bool
  ) throws {
    let entries = [first, second].map { list in
      Self.push().replacingOccurrences(of: #""mru":[1]"#, with: #""mru":\#(list)"#)
    }
    let text = Self.withHistory(
      #"{"limit":100,"undo":[\#(entries.joined(separator: ","))],"redo":[]}"#)
    let bytes = Array(text.utf8)
    _ = OnePassDecoderTests.expectAgreement(bytes, text)
    let read = OnePassDecoder.read(bytes, path: "workspace.json", limits: .default)
    #expect((read?.readsHistory ?? false) == readsHistory, "\(text)")
    if readsHistory {
      let lists = try #require(read?.state).history.undoEntries.map(\.journal.mostRecentlyUsed)
      #expect(
        lists.map(\.count)
          == [first, second].map { $0 == "[]" ? 0 : $0.split(separator: ",").count })
    }
  }

  /// An entry's images in any order of their ids, an id stored twice (the last image kept),
  /// read in this pass as the reference reads them, and kept in the order of their ids.
  @Test(arguments: [
    (#"[{"id":5,"node":null},\#(image),{"id":3,"node":null}]"#, [1, 3, 5]),
    (#"[{"id":3,"node":null},{"id":5,"node":null},\#(image)]"#, [1, 3, 5]),
    (
      #"[\#(image),{"id":7,"node":null},{"id":1,"node":null},{"id":1,"node":null},\#(image)]"#,
      [1, 7]
    ),
  ])
  func imagesInAnyOrderAreReadAsTheReferenceReadsThem(images: String, ids: [Int]) throws {
    let entry = Self.push().replacingOccurrences(
      of: #""nodes":[\#(Self.image)]"#, with: #""nodes":\#(images)"#)
    let text = Self.withHistory(#"{"limit":100,"undo":[\#(entry)],"redo":[]}"#)
    let bytes = Array(text.utf8)
    #expect(OnePassDecoderTests.expectAgreement(bytes, text).isOnePass)
    let read = try #require(OnePassDecoder.read(bytes, path: "workspace.json", limits: .default))
    #expect(read.readsHistory)
    let journal = try #require(read.state.history.undoEntries.first).journal
    #expect(journal.nodes.keys == ids.map(NodeID.init(_:)))
    #expect(journal.nodes[NodeID(1)] != .some(nil))
  }

  /// The image ``push(_:image:)`` stores.
  static let image =
    #"{"id":1,"node":{"id":1,"parent":null,"kind":"pane","title":"","#
    + #""router":{"kind":"k","stack":["a"]}}}"#

  /// A history entry whose window list names, in another window's list, a pane of the
  /// active window (found by `FuzzWorkspaceLoader`: an undo then broke the windows'
  /// invariants): the history does not replay, and is dropped on both paths.
  @Test func aHistoryWindowListNamingAnotherWindowsPaneIsDropped() throws {
    let bytes = try loaderRegression("history-window-list-names-another-windows-pane")
    #expect(!OnePassDecoderTests.expectAgreement(bytes, "regression").isOnePass)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.location) == ["$.history"])
    #expect(loaded.state.history.undoEntries.isEmpty)
    var state = loaded.state
    try state.apply(.equalize)
    _ = try? state.apply(.undo(count: 2))
    #expect(state.invariantViolations() == [])
  }

  /// A history whose last step, undone, makes another window active with a most-recently-used
  /// list naming a pane of the window it leaves (found by `FuzzWorkspaceLoader`: the replay
  /// checked the other windows' lists, not the active one's): dropped on both paths, and no
  /// undo or redo after loading breaks the windows' invariants.
  @Test func aHistoryWhoseUndoActivatesAWindowListingAnotherWindowsPaneIsDropped() throws {
    let bytes = try loaderRegression("undo-window-mru-names-another-windows-pane")
    #expect(!OnePassDecoderTests.expectAgreement(bytes, "regression").isOnePass)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.location) == ["$.history"])
    #expect(loaded.state.history.undoEntries.isEmpty)
    #expect(loaded.state.invariantViolations() == [])
    var state = loaded.state
    try state.apply(.split(.horizontal))
    try state.apply(.undo(count: 1))
    #expect(state.invariantViolations() == [])
    try state.apply(.redo(count: 1))
    #expect(state.invariantViolations() == [])
  }

  /// The bytes of a checked-in input of `FuzzWorkspaceLoader`'s regressions.
  private func loaderRegression(_ name: String) throws -> [UInt8] {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try [UInt8](
      Data(
        contentsOf: root.appendingPathComponent(
          "Fuzz/Regressions/FuzzWorkspaceLoader/\(name).json")))
  }

  /// A host's file after a day's commands in several windows, as wsbench generates one:
  /// read in one pass, history included, to the state saved.
  @Test(arguments: 0..<8)
  func savedHistoryOfSeveralWindowsIsReadInThisPass(seed: UInt64) throws {
    var generator = WorkspaceGenerator(seed: seed)
    var state = generator.state()
    try state.apply([.newWindow(title: "Two", root: RouteToken("two")), .split(.vertical)])
    for _ in 0..<40 { _ = try? state.apply(generator.command(in: state)) }
    let bytes = WorkspaceFile.encode(state)
    #expect(OnePassDecoderTests.expectAgreement(bytes, "seed \(seed)").isOnePass)
    let read = try #require(OnePassDecoder.read(bytes, path: "workspace.json", limits: .default))
    #expect(read.state == state)
    #expect(read.readsHistory)
  }
}
