import PaneRouter
import Testing
import WorkspaceSystem
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// A save encodes the file a piece at a time, compares each piece with the stored file and
/// writes only from the first difference on: the file it leaves must be exactly
/// `WorkspaceFile.encode`'s bytes wherever the difference is, and a save of what the file
/// holds must write nothing, whatever the size of the pieces.
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

  /// Files whose bytes equal the state's in all but a detail differ: each is replaced.
  @Test(arguments: [
    "", "\r\n", " ", "x",
  ])
  func aFileThatDiffersOnlyAtItsEndIsReplaced(tail: String) throws {
    let state = Self.large()
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: 1000)
      var bytes = written(state, revision: 4)
      bytes.removeLast()  // the final line feed
      bytes += Array(tail.utf8)
      Files.create(store.path, bytes)
      let isWritten = try store.save(state)
      #expect(isWritten)
      #expect(Files.contents(store.path) == written(state, revision: 5))
      #expect(Files.contents(store.backupPath) == bytes)
    }
  }

  /// A file the encoder did not write, or whose rest may hold a second `revision` (the
  /// parser reads the last), has its revision parsed: the save writes the one after it.
  /// A file with the encoder's head and a corrupt body gives its head's revision.
  @Test(
    arguments: [
      // A second revision member after the head, as plain text and escaped.
      (#"{"x": 1, "revision": 40}"#, 41),
      (#"{"x": 1, "revisio\u006e": 40}"#, 41),
      // A title holding the key's end: parsed, and the head's revision is the file's.
      (#"{"x": "a revision"}"#, 6),
      // A corrupt body after the encoder's head.
      (#"{"x": [1, 2"#, 6),
    ] as [(String, Int)])
  func theHeadsRevisionIsConfirmedBeforeItIsUsed(rest: String, next: Int) throws {
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: 256)
      // The encoder's head at revision 5, then `rest`'s members.
      var head = String(decoding: written(.example, revision: 5), as: UTF8.self)
      head.removeLast(3)  // "\n}\n"
      let members = rest.dropFirst().dropLast(rest.hasSuffix("}") ? 1 : 0)
      let bytes = Array((head + ",\n" + members + (rest.hasSuffix("}") ? "\n}\n" : "")).utf8)
      Files.create(store.path, bytes)
      let isWritten = try store.save(Self.large())
      #expect(isWritten)
      #expect(Files.contents(store.path) == written(Self.large(), revision: next))
      #expect(Files.contents(store.backupPath) == bytes)
    }
  }

  @Test func aFileWithoutTheEncodersHeadHasItsRevisionParsed() throws {
    try withTemporaryDirectory { directory in
      let store = Self.store(in: directory, pieceSize: 256)
      var state = WorkspaceState.example
      state.revision = 12
      // Compact: the same members, another head.
      Files.create(store.path, WorkspaceEncoder.bytes(state, style: .compact).makeArray())
      let isWritten = try store.save(.example)
      #expect(isWritten)
      #expect(Files.contents(store.path) == written(.example, revision: 13))
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

  /// The revision scan finds `revision"` and `\u` wherever they are, in one piece or split
  /// between two, and nothing in a file without them.
  @Test(arguments: [0, 1, 7, 8, 31, 32, 33, 63, 64, 65, 250, 255, 300])
  func theScanFindsACandidateAtAnyOffset(offset: Int) {
    let filler = Array(repeating: UInt8(ascii: "a"), count: 400)
    for needle in ["revision\"", "\\u"] {
      var bytes = filler
      bytes.replaceSubrange(offset..<offset + needle.utf8.count, with: Array(needle.utf8))
      for pieceSize in [16, 64, 256, 1024] {
        let file = StoredFile(bytes, path: "w.json", pieceSize: pieceSize)
        #expect(file.holdsRevisionKey(in: 0..<bytes.count), "\(needle) at \(offset)")
      }
    }
    let clean = Array("\"vision\" \"revisio\" n\" \\n \\\\ revision".utf8) + filler
    #expect(!StoredFile(clean, path: "w.json", pieceSize: 16).holdsRevisionKey(in: 0..<clean.count))
  }

  @Test func aFileWrittenInPlaceDuringASaveIsNoticed() throws {
    try withTemporaryDirectory { directory in
      let path = directory.file("w.json")
      Files.create(path, Array("{}\n".utf8))
      let stored = try #require(try StoredFile(opening: path, limit: 1000, pieceSize: 256))
      #expect(stored.isUnchanged)
      let fd = open(path, O_WRONLY | O_APPEND)
      _ = write(fd, "x", 1)
      close(fd)
      #expect(!stored.isUnchanged)
    }
  }
}
