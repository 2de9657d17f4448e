import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

private typealias F = Fixture

/// The recorded layout size and the minimum pane size in the file: optional `"WxH"` members,
/// left out when unset, validated on load with a JSON-path diagnostic and dropped when bad.
@Suite struct LayoutSettingsFileTests {
  @Test func bothSizesRoundTripAndAreLeftOutWhenUnset() throws {
    var state = WorkspaceState.example
    #expect(!String(decoding: WorkspaceFile.encode(state), as: UTF8.self).contains("Size"))
    try state.recordLayoutSize(Size(width: 120, height: 39))
    try state.apply(.setMinimumPaneSize(Size(width: 10, height: 4)))
    let bytes = WorkspaceFile.encode(state)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""layoutSize": "120x39","#))
    #expect(text.contains(#""minimumPaneSize": "10x4","#))
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.state == state)
    #expect(WorkspaceFile.encode(loaded.state) == bytes)
  }

  @Test(arguments: [
    ("layoutSize", #""0x24""#), ("layoutSize", #""80""#), ("layoutSize", "[80, 24]"),
    ("layoutSize", #""1000001x5""#), ("layoutSize", #""-80x24""#), ("layoutSize", "null"),
    ("minimumPaneSize", #""6x0""#), ("minimumPaneSize", #""6x10001""#),
    ("minimumPaneSize", #""６x3""#), ("minimumPaneSize", "6"),
  ])
  func aBadSizeIsReportedAtItsPathAndDropped(member: String, value: String) throws {
    let bytes = F.file(root: F.baseRoot, extra: #", "\#(member)": \#(value)"#)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.location) == ["$.\(member)"])
    #expect(loaded.diagnostics.first?.message.contains("not a size WxH") == true)
    #expect(loaded.state.layoutSize == nil && loaded.state.minimumPaneSize == nil)
    #expect(loaded.state.unknownMembers.isEmpty)
  }

  @Test func aGoodSizeFromAHandWrittenFileIsUsed() throws {
    let bytes = F.file(
      root: F.baseRoot, extra: #", "layoutSize": "200x50", "minimumPaneSize": "1x1""#)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.isEmpty)
    #expect(loaded.state.layoutArea == Size(width: 200, height: 50))
    #expect(loaded.state.paneMinimum == Size(width: 1, height: 1))
  }

  /// Recording another size is not the user's work: the store rewrites the file with the
  /// next revision (so another reader sees it changed) but keeps the backup, which stays the
  /// last version that differed in something else; `update` and `merge` (a session's save)
  /// share the rule.
  @Test(arguments: [false, true])
  func aSaveOfTheLayoutSizeAloneKeepsTheBackupAndBumpsTheRevision(throughMerge: Bool) throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      try store.save(.example)
      let first = Files.contents(store.path)
      try store.update(default: .example) { try $0.apply(.route(.push(["detail:2"]))) }
      #expect(Files.contents(store.backupPath) == first)
      let revision = try store.load(default: .example).state.revision
      let size = Size(width: 90, height: 30)
      if throughMerge {
        let merged = try store.merge(default: .example) { loaded in
          var state = loaded.state
          try state.recordLayoutSize(size)
          return state
        }
        #expect(merged.didWrite && merged.state.revision == revision + 1)
      } else {
        try store.update(default: .example) { try $0.recordLayoutSize(size) }
      }
      let loaded = try store.load(default: .example).state
      #expect(loaded.layoutSize == size)
      #expect(loaded.revision == revision + 1)
      #expect(Files.contents(store.backupPath) == first)
      // A change of anything else moves the backup on, as always.
      let before = Files.contents(store.path)
      try store.update(default: .example) { try $0.apply(.route(.pop(count: 1))) }
      #expect(Files.contents(store.backupPath) == before)
      #expect(try store.load(default: .example).state.revision == revision + 2)
    }
  }

  /// A file the loader repaired is rewritten as more than a new size, so its old bytes become
  /// the backup as usual.
  @Test func aSizeSaveOfARepairedFileMovesTheBackupOn() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      let repaired = F.file(root: F.baseRoot, extra: #", "mruLimit": 0"#)
      Files.create(store.path, repaired)
      try store.update(default: .example) { try $0.recordLayoutSize(Size(width: 90, height: 30)) }
      #expect(Files.contents(store.backupPath) == repaired)
    }
  }
}
