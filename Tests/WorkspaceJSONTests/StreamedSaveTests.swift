import PaneRouter
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// A save encodes the file a piece at a time into the temporary file that replaces it: the
/// file it leaves must be exactly `WorkspaceFile.encode`'s bytes, whatever the size of the
/// pieces, and a save of what the file holds must write nothing.
@Suite struct StreamedSaveTests {
  /// Piece sizes from just over the file's head to one piece for the whole file.
  static let pieceSizes = [256, 1000, 4096, 1 << 18]

  /// A workspace of `panes` panes side by side, each with a stack of `routes` routes: about
  /// 40 bytes a route, so many pieces at the small sizes.
  static func large(panes: Int = 24, routes: Int = 28) -> WorkspaceState {
    let children = (0..<panes).map { pane in
      let tokens = (0..<routes).map { try! RouteToken(parsing: "detail:\(pane):\($0)") }
      let stack = try! RouteStack(routes: tokens, rejectsDuplicateTop: false)
      return NodeTemplate.pane("Pane \(pane)", router: RouterState(kind: "mail", stack: stack))
    }
    return WorkspaceState(.split(.horizontal, children))
  }

  /// `state` after focusing pane `number` and running `command`.
  static func changed(
    _ state: WorkspaceState, atPane number: Int, _ command: WorkspaceCommand
  ) throws -> WorkspaceState {
    var state = state
    try state.apply(.focus(.pane(.number(number))))
    try state.apply(command)
    return state
  }

  /// A store for `w.json` in `directory` that saves `pieceSize` bytes at a time.
  static func store(in directory: TemporaryDirectory, pieceSize: Int) -> WorkspaceStore {
    var store = WorkspaceStore(path: directory.file("w.json"))
    store.pieceSize = pieceSize
    return store
  }

  @Test(arguments: pieceSizes)
  func everyStateIsWrittenAsTheEncoderWritesIt(pieceSize: Int) throws {
    for state in try WorkspaceEncoderSinkTests.states() + [Self.large()] {
      try withTemporaryDirectory { directory in
        let store = Self.store(in: directory, pieceSize: pieceSize)
        #expect(try store.save(state))
        #expect(Files.contents(store.path) == written(state, revision: state.revision + 1))
        // Over another state's file: a difference in the first piece.
        let other = written(try example(renamedTo: "other"), revision: 7)
        Files.create(store.path, other)
        #expect(try store.save(state))
        #expect(Files.contents(store.path) == written(state, revision: max(7, state.revision) + 1))
        #expect(Files.contents(store.backupPath) == other)
        #expect(directory.entries() == ["w.json", "w.json.bak", "w.json.lock"])
      }
    }
  }

  /// The save's buffer starts at the encoder's estimate of the file's size when that is less
  /// than a piece; a file many times its estimate (a long history, which the estimate leaves
  /// out) grows the buffer as it goes and is still written whole.
  @Test(arguments: pieceSizes)
  func aFileLongerThanItsEstimateIsWrittenWhole(pieceSize: Int) throws {
    var state = WorkspaceState.example
    for index in 0..<60 {
      try state.apply(.route(.push([RouteToken("item-with-a-long-name", index)])))
      try state.apply(.route(.pop(count: 1)))
    }
    let bytes = written(state, revision: state.revision + 1)
    #expect(bytes.count > 4 * WorkspaceEncoder.estimatedSize(of: state))
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: pieceSize)
      let saved = try store.save(state)
      #expect(saved)
      #expect(Files.contents(store.path) == bytes)
      var stored = state
      stored.revision += 1
      #expect(try WorkspaceFile.decode(bytes).state == stored)
    }
  }

  /// Differences early, in the middle and at the end of the tree, and files that grow or
  /// shrink: the shared bytes are copied from the stored file, the rest written as encoded.
  @Test(arguments: pieceSizes)
  func aDifferenceAnywhereGivesTheEncodersBytes(pieceSize: Int) throws {
    let base = Self.large()
    let changes: [WorkspaceState] = [
      try Self.changed(base, atPane: 1, .rename("first")),
      try Self.changed(base, atPane: 12, .rename("middle")),
      try Self.changed(base, atPane: 24, .rename("last")),
      try Self.changed(base, atPane: 24, .route(.push(["detail:last"]))),
      try Self.changed(base, atPane: 3, .newTab(title: "tab")),
      try Self.changed(base, atPane: 3, .close()),
    ]
    for state in changes {
      try withTemporaryDirectory { directory in
        let store = Self.store(in: directory, pieceSize: pieceSize)
        try store.save(base)
        let old = try #require(Files.contents(store.path))
        #expect(try store.save(state))
        #expect(Files.contents(store.path) == written(state, revision: 2))
        #expect(Files.contents(store.backupPath) == old)
        // And back: the stored file is now the longer or shorter one.
        #expect(try store.save(base))
        #expect(Files.contents(store.path) == written(base, revision: 3))
      }
    }
  }

  @Test(arguments: pieceSizes)
  func aSaveOfWhatTheFileHoldsWritesNothing(pieceSize: Int) throws {
    for state in [Self.large(), .example] {
      try withTemporaryDirectory { directory in
        let store = Self.store(in: directory, pieceSize: pieceSize)
        try store.save(try example(renamedTo: "old"))
        try store.save(state)
        let file = Files.contents(store.path)
        let backup = Files.contents(store.backupPath)
        let inode = Files.inode(store.path)
        let entries = directory.entries()
        // At the state's own revision or any lower one: the file's revision stays.
        for revision in [0, 1, 2] {
          var same = state
          same.revision = revision
          #expect(try store.save(same) == false)
        }
        #expect(Files.inode(store.path) == inode)
        #expect(Files.contents(store.path) == file)
        #expect(Files.contents(store.backupPath) == backup)
        #expect(directory.entries() == entries)
      }
    }
  }

  /// A file that holds the state in other bytes (another layout of the same members) holds
  /// it: nothing is written. One that needs a repair, or does not decode, is replaced.
  @Test(arguments: ["", "\r\n", " "])
  func aFileThatHoldsTheStateInOtherBytesIsLeftAlone(tail: String) throws {
    let state = Self.large()
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: 1000)
      var bytes = written(state, revision: 4)
      bytes.removeLast()  // the final line feed
      bytes += Array(tail.utf8)
      Files.create(store.path, bytes)
      let isWritten = try store.save(state)
      #expect(!isWritten)
      #expect(Files.contents(store.path) == bytes)
      #expect(!Files.exists(store.backupPath))
    }
  }

  @Test func aFileThatDoesNotDecodeIsReplacedAtTheRevisionAParseFinds() throws {
    let state = Self.large()
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: 1000)
      // Valid JSON that is not a workspace the decoder accepts (a second revision member,
      // which the parser reads last), then bytes that are no JSON at all.
      let cases: [(String, Int)] = [
        (#"{"format": "workspace", "version": 1, "revision": 3, "revision": 40}"#, 41),
        (#"{"format": "workspace", "version": 1, "revision": 5, "x": [1, 2"#, 1),
      ]
      for (text, next) in cases {
        let bytes = Array(text.utf8)
        Files.create(store.path, bytes)
        let isWritten = try store.save(state)
        #expect(isWritten)
        #expect(Files.contents(store.path) == written(state, revision: next), "\(text)")
        #expect(Files.contents(store.backupPath) == bytes)
      }
    }
  }

  @Test func aFileInAnotherLayoutHasTheNextRevision() throws {
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: 256)
      var state = try example(renamedTo: "compact")
      state.revision = 12
      Files.create(store.path, WorkspaceEncoder.bytes(state, style: .compact).makeArray())
      #expect(try store.save(.example))
      #expect(Files.contents(store.path) == written(.example, revision: 13))
    }
  }

  @Test func aFileThatNeededARepairIsRewrittenEvenForTheStateItLoadsAs() throws {
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: 1000)
      try store.save(.example)
      // A focus that names no pane: the loader repairs it to the first pane.
      var text = String(decoding: written(.example, revision: 1), as: UTF8.self)
      let focus = try #require(text.range(of: #""focus": "#))
      let end = try #require(text[focus.upperBound...].firstIndex(of: ","))
      text.replaceSubrange(focus.upperBound..<end, with: "999")
      Files.create(store.path, Array(text.utf8))
      let loaded = try store.load(default: .example)
      #expect(!loaded.diagnostics.isEmpty)
      #expect(try store.save(loaded.state))
      #expect(try store.load(default: .example).diagnostics.isEmpty)
    }
  }

  /// A save refused by a limit leaves nothing behind, however far the pieces got: a refusal
  /// for the file's size stops writing at the limit, and comes before an error of writing.
  @Test func aSaveOverALimitLeavesTheFilesAsTheyWere() throws {
    try withTemporaryDirectory { directory in
      var store = Self.store(in: directory, pieceSize: 256)
      try store.save(.example)
      try store.save(try example(renamedTo: "second"))
      let file = Files.contents(store.path)
      let backup = Files.contents(store.backupPath)
      store.limits.maximumFileBytes = 20_000
      let error = try #require(throws: WorkspaceFileError.self) { try store.save(Self.large()) }
      guard case .saveExceedsLimit(_, "$", "file size", _, 20_000) = error else {
        Issue.record("expected the file size refused, got \(error)")
        return
      }
      #expect(Files.contents(store.path) == file)
      #expect(Files.contents(store.backupPath) == backup)
      #expect(directory.entries() == ["w.json", "w.json.bak", "w.json.lock"])
    }
  }
}
