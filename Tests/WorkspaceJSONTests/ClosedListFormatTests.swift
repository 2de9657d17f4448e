import Foundation
import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// The file's `closed` member: round trips through both decoders, what an older file reads,
/// the repair of malformed entries (each dropped with a diagnostic at its JSON path), the
/// limits, and unknown members inside entries.
@Suite struct ClosedListFormatTests {
  /// `H(%2 A, %4 C)` after `close %3` (B, with a pushed route and a sheet): one entry.
  static func closedState() throws -> WorkspaceState {
    var state = WorkspaceState(
      .split(
        .horizontal,
        [
          .pane("A", untyped: RouteToken("a")), .pane("B", untyped: RouteToken("b")),
          .pane("C", untyped: RouteToken("c")),
        ], weights: [0.2, 0.3, 0.5]))
    try state.apply([
      .route(.push([RouteToken("x", 1)]), at: NodeID(3)),
      .route(.present(RouteToken("compose"), style: .sheet), at: NodeID(3)),
      .close(.id(NodeID(3))),
    ])
    return state
  }

  /// The file of ``closedState()`` with its `closed` member replaced by `closed`.
  static func file(closed: String) throws -> [UInt8] {
    var state = try closedState()
    state.closed = ClosedList()
    var text = String(decoding: WorkspaceFile.encode(state), as: UTF8.self)
    text.removeLast(2)  // "}\n"
    return Array((text + ",\n  \"closed\": \(closed)\n}\n").utf8)
  }

  static let goodEntry = """
    {"node": {"id": 3, "kind": "pane", "title": "B", "router": {"kind": "token", "stack": ["b"]}},
     "place": [{"parent": 1, "index": 1, "axis": "horizontal", "weight": 0.3}], "siblings": [2, 4]}
    """

  @Test func aClosedListRoundTripsThroughBothDecoders() throws {
    let state = try Self.closedState()
    #expect(state.closed.entries.count == 1)
    let bytes = WorkspaceFile.encode(state)
    let reference = try WorkspaceFile.decodeByReference(bytes)
    #expect(reference.diagnostics == [])
    #expect(reference.state == state)
    let onePass = try #require(WorkspaceFile.decodeInOnePass(bytes))
    #expect(onePass == state)
    #expect(WorkspaceFile.encode(onePass) == bytes)
    var reopened = onePass
    try reopened.apply(.reopen())
    var expected = state
    try expected.apply(.reopen())
    #expect(reopened == expected)
    #expect(reopened.node(NodeID(3))?.router?.stack.modal?.stack == [RouteToken("compose")])
  }

  @Test func aFileWithoutTheMemberHasAnEmptyListAndWritesNone() throws {
    var state = try Self.closedState()
    state.closed = ClosedList()
    let bytes = WorkspaceFile.encode(state)
    #expect(!String(decoding: bytes, as: UTF8.self).contains("\"closed\""))
    #expect(try WorkspaceFile.decode(bytes).state.closed.isEmpty)
  }

  @Test func unknownMembersInsideEntriesAndStepsSurvive() throws {
    let bytes = try Self.file(
      closed: """
        [{"node": {"id": 3, "kind": "pane", "title": "B", "router": {"kind": "token", \
        "stack": ["b"]}, "color": "red"}, "place": [{"parent": 1, "index": 1, \
        "axis": "horizontal", "weight": 0.3, "pinned": true}], "siblings": [2, 4], \
        "closedAt": "2026-12-02"}]
        """)
    let loaded = try WorkspaceFile.decodeByReference(bytes)
    #expect(loaded.diagnostics == [])
    #expect(WorkspaceFile.decodeInOnePass(bytes) == loaded.state)
    let text = String(decoding: WorkspaceFile.encode(loaded.state), as: UTF8.self)
    for member in ["\"color\": \"red\"", "\"pinned\": true", "\"closedAt\": \"2026-12-02\""] {
      #expect(text.contains(member), "\(member)")
    }
    #expect(try WorkspaceFile.decode(WorkspaceFile.encode(loaded.state)).state == loaded.state)
  }

  static let repairs: [(String, String, String)] = [
    ("{}", "$.closed", "not an array"),
    ("[7]", "$.closed[0]", "not an object with a 'node'"),
    (
      """
      [{"node": {"id": 3, "kind": "pane", "title": "B"}, "place": []}]
      """, "$.closed[0].node", "pane has no usable router"
    ),
    (
      """
      [{"node": {"id": 9, "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}, "place": []}]
      """, "$.closed[0].node", "outside 1..<5"
    ),
    (
      """
      [{"node": {"id": 3, "kind": "split", "axis": "horizontal", "active": 0, "weights": [1], \
      "children": [{"id": 4, "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}]}, \
      "place": []}]
      """, "$.closed[0].node", "fewer than two children"
    ),
    (
      """
      [{"node": {"id": 3, "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}, \
      "place": [{"parent": 1, "index": -1, "title": "x"}]}]
      """, "$.closed[0].place[0]", "a 'parent' id and an 'index'"
    ),
    (
      """
      [{"node": {"id": 3, "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}, \
      "place": [{"parent": 1, "index": 0, "axis": "horizontal", "weight": 2}]}]
      """, "$.closed[0].place[0]", "a weight above 0 up to 1"
    ),
    (
      """
      [{"node": {"id": 3, "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}, \
      "place": [{"parent": 1, "index": 0}]}]
      """, "$.closed[0].place[0]", "an 'axis' and 'weight', a 'title', or a 'kind' and 'axis'"
    ),
    (
      """
      [{"node": {"id": 3, "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}, \
      "place": [], "siblings": [2, "x"]}]
      """, "$.closed[0].siblings", "not an array of ids"
    ),
    (
      "[\(goodEntry), \(goodEntry)]", "$.closed[0]", "holds a node of a later closed entry"
    ),
  ]

  @Test(arguments: repairs)
  func aMalformedEntryIsDroppedWithADiagnosticAtItsPath(
    closed: String, location: String, phrase: String
  ) throws {
    let bytes = try Self.file(closed: closed)
    let loaded = try WorkspaceFile.decodeByReference(bytes)
    let diagnostic = try #require(loaded.diagnostics.first, "\(closed)")
    #expect(diagnostic.location == location, "\(loaded.diagnostics)")
    #expect(diagnostic.message.contains(phrase), "\(diagnostic.message)")
    #expect(loaded.state.invariantViolations() == [])
    #expect(WorkspaceFile.decodeInOnePass(bytes) == nil, "the one-pass decoder leaves it")
    #expect(try WorkspaceFile.decode(bytes).state == loaded.state)
    #expect(loaded.state.closed.entries.count <= 1)
  }

  @Test func overTheLimitTheOldestEntriesAreDropped() throws {
    let entries = (0..<(ClosedList.limit + 3)).map { index in
      """
      {"node": {"id": \(100 + index), "kind": "pane", "router": {"kind": "token", "stack": ["p"]}}, \
      "place": []}
      """
    }
    var text = String(
      decoding: try Self.file(closed: "[" + entries.joined(separator: ", ") + "]"), as: UTF8.self)
    text = text.replacingOccurrences(of: "\"nextId\": 5", with: "\"nextId\": 200")
    let loaded = try WorkspaceFile.decodeByReference(Array(text.utf8))
    #expect(loaded.state.closed.entries.count == ClosedList.limit)
    #expect(loaded.state.closed.entries.first?.id == NodeID(103))
    #expect(loaded.diagnostics.map(\.location) == ["$.closed[2]", "$.closed[1]", "$.closed[0]"])
    #expect(loaded.state.invariantViolations() == [])
  }

  @Test func anEntryBeyondTheTreeLimitsIsAFileError() throws {
    let bytes = try Self.file(closed: "[\(Self.goodEntry)]")
    let limits = WorkspaceFileLimits(
      maximumFileBytes: 1 << 20, maximumTreeDepth: 100, maximumNodes: 4,
      maximumStringBytes: 1 << 10, maximumStackDepth: 100)
    #expect(throws: WorkspaceFileError.self) {
      _ = try WorkspaceFile.decodeByReference(
        Array(
          String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: "\"stack\": [\"b\"]", with: "\"stack\": [\"b\", \"c\", \"d\", \"e\", \"f\"]"
          ).utf8),
        limits: WorkspaceFileLimits(
          maximumFileBytes: 1 << 20, maximumTreeDepth: 100, maximumNodes: 100,
          maximumStringBytes: 1 << 10, maximumStackDepth: 3))
    }
    #expect(throws: Never.self) { _ = try WorkspaceFile.decodeByReference(bytes, limits: limits) }
  }
}
