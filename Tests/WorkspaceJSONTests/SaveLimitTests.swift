import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// The store never writes what its own loader would refuse: the check is on the encoded bytes
/// (escapes, history labels, kept members inside history, the indented size), for every caller.
@Suite struct SaveLimitTests {
  /// The example after `commands`, applied as one transaction.
  private static func example(after commands: [WorkspaceCommand]) throws -> WorkspaceState {
    var state = WorkspaceState.example
    try state.apply(commands)
    return state
  }

  /// A state, and the location and limit its save must name, or `nil` if it must save.
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let state: @Sendable () throws -> WorkspaceState
    let limits: WorkspaceFileLimits
    let refusal: (location: String, what: String, size: Int, limit: Int)?
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "11,000 control characters escape to 66,000 bytes",
      state: { try example(after: [.rename(String(repeating: "\u{01}", count: 11_000))]) },
      limits: .default,
      refusal: ("$.root.children[0].children[0].title", "escaped string length", 66_000, 65_536)),
    Case(
      name: "a 70 kB title",
      state: { try example(after: [.rename(String(repeating: "t", count: 70_000))]) },
      limits: .default,
      refusal: ("$.root.children[0].children[0].title", "escaped string length", 70_000, 65_536)),
    Case(
      name: "a title of 65,530 bytes, whose label is shortened",
      state: { try example(after: [.rename(String(repeating: "x", count: 65_530))]) },
      limits: .default, refusal: nil),
    Case(
      name: "20 pushes of 4,000-byte tokens",
      state: {
        let tokens = try (0..<20).map {
          try RouteToken(parsing: "t\($0):" + String(repeating: "a", count: 3_990))
        }
        return try example(after: [.route(.push(tokens))])
      },
      limits: .default, refusal: nil),
    Case(
      name: "7,000 renames in one transaction",
      state: { try example(after: (0..<7_000).map { .rename("title\($0)") }) },
      limits: .default, refusal: nil),
    Case(
      name: "an unknown member nested 212 deep, copied into history by a rename",
      state: {
        var deep = "[0]"
        for _ in 0..<211 { deep = "[\(deep)]" }
        let file =
          #"{"format": "workspace", "version": 1, "root": {"id": 1, "kind": "pane", "#
          + #""router": {"kind": "token", "stack": ["a"]}, "deep": \#(deep)}}"#
        var state = try WorkspaceFile.decode(Array(file.utf8)).state
        try state.apply(.rename("q"))
        return state
      },
      limits: .default,
      refusal: (
        "$.history.undo[0].nodes[0].node.deep" + String(repeating: "[0]", count: 209),
        "nesting depth", 217, 216
      )),
    Case(
      name: "an indented file over the size limit",
      state: { .example },
      limits: WorkspaceFileLimits(
        maximumFileBytes: 1_000, maximumTreeDepth: 100, maximumNodes: 200_000,
        maximumStringBytes: 65_536, maximumStackDepth: 10_000),
      refusal: ("$", "file size", written(.example, revision: 2).count, 1_000)),
    Case(
      name: "a stack deeper than the file allows",
      state: {
        var state = WorkspaceState.example
        try state.apply(.route(.push((1...5).map { try RouteToken(parsing: "r\($0)") })))
        return state
      },
      limits: WorkspaceFileLimits(
        maximumFileBytes: 64 << 20, maximumTreeDepth: 100, maximumNodes: 200_000,
        maximumStringBytes: 65_536, maximumStackDepth: 4),
      refusal: ("$.root.children[0].children[0].router.stack", "stack depth", 6, 4)),
  ]

  @Test(arguments: cases)
  func saveRefusesExactlyWhatTheLoaderRefuses(_ example: Case) throws {
    let state = try example.state()
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"), limits: example.limits)
      try WorkspaceStore(path: store.path).save(try Self.example(after: [.rename("saved")]))
      let before = Files.contents(store.path)
      guard let refusal = example.refusal else {
        #expect(try store.save(state))
        #expect(try store.load(default: .example).state == state)
        return
      }
      #expect(
        throws: WorkspaceFileError.saveExceedsLimit(
          path: store.path, location: refusal.location, what: refusal.what, size: refusal.size,
          limit: refusal.limit)
      ) { try store.save(state) }
      // Whatever the encoder refused, the loader refuses too.
      #expect(throws: WorkspaceFileError.self) {
        try WorkspaceFile.decode(WorkspaceFile.encode(state), limits: example.limits)
      }
      #expect(Files.contents(store.path) == before)
      #expect(!store.hasBackup)
    }
  }

  @Test func anUpdateThatWouldExceedALimitChangesNothing() throws {
    try withTemporaryDirectory { directory in
      let store = WorkspaceStore(path: directory.file("w.json"))
      try store.save(.example)
      let before = Files.contents(store.path)
      let error = try #require(throws: WorkspaceStore.UpdateError<WorkspaceError>.self) {
        try store.update(default: .example) { (state) throws(WorkspaceError) in
          try state.apply(.rename(String(repeating: "\u{1B}", count: 11_000)))
        }
      }
      guard case .file(.saveExceedsLimit) = error else {
        Issue.record("expected a file error refusing the save, got \(error)")
        return
      }
      #expect(Files.contents(store.path) == before)
    }
  }

  @Test func treeDepthIsCheckedBeforeWriting() throws {
    let limits = WorkspaceFileLimits(
      maximumFileBytes: 64 << 20, maximumTreeDepth: 1, maximumNodes: 200_000,
      maximumStringBytes: 65_536, maximumStackDepth: 10_000)
    #expect(
      throws: WorkspaceFileError.saveExceedsLimit(
        path: "w.json", location: "$.root.children[0]", what: "tree depth", size: 2, limit: 1)
    ) { try WorkspaceFile.encode(.example, path: "w.json", limits: limits) }
  }

  @Test func nodeCountIsCheckedInTheDecodersOrder() throws {
    let limits = WorkspaceFileLimits(
      maximumFileBytes: 64 << 20, maximumTreeDepth: 100, maximumNodes: 3,
      maximumStringBytes: 65_536, maximumStackDepth: 10_000)
    let state = WorkspaceState.example
    let bytes = WorkspaceFile.encode(state)
    var loaderError: WorkspaceFileError?
    do { _ = try WorkspaceFile.decode(bytes, path: "w.json", limits: limits) } catch {
      loaderError = error
    }
    guard case .limitExceeded(_, let location, "node count", 3)? = loaderError else {
      Issue.record(
        "the loader accepted \(limits.maximumNodes) nodes: \(String(describing: loaderError))")
      return
    }
    #expect(
      throws: WorkspaceFileError.saveExceedsLimit(
        path: "w.json", location: location, what: "node count", size: 4, limit: 3)
    ) { try WorkspaceFile.encode(state, path: "w.json", limits: limits) }
  }
}
