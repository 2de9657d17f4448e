import Foundation
import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// A closed entry's `floating` (a closed floating pane) and `layer` (a closed tab's floating
/// panes): round trips through both decoders, reopening after a load, unknown members, and
/// the repair of malformed ones.
@Suite struct ClosedFloatingFormatTests {
  /// `T(One: H(A, B), Two: C)`: B floated (moved, pinned) and closed; then A floated and tab
  /// One closed with it: two entries, a floating pane and a tab with a layer.
  static func closedState() throws -> WorkspaceState {
    var state = WorkspaceState(
      .tabs([
        (
          "One",
          .split(
            .horizontal,
            [
              .pane("A", untyped: RouteToken("a")), .pane("B", untyped: RouteToken("b")),
              .pane("D", untyped: RouteToken("d")),
            ])
        ),
        ("Two", .pane("C", untyped: RouteToken("c"))),
      ]))
    try state.recordLayoutSize(Size(width: 80, height: 24))
    try state.apply([
      .focus(.pane(.id(NodeID(4)))), .route(.push([RouteToken("x", 1)])), .float,
      .moveFloating(.down, cells: 2), .pinFloating(true), .close(),
      .focus(.pane(.id(NodeID(3)))), .float, .closeTab(1),
    ])
    return state
  }

  /// A file of `closedState()`'s tree whose `closed` is `closed`.
  static func file(closed: String) throws -> [UInt8] {
    var state = try closedState()
    state.closed = ClosedList()
    var text = String(decoding: WorkspaceFile.encode(state), as: UTF8.self)
    text.removeLast(2)  // "}\n"
    return Array((text + ",\n  \"closed\": \(closed)\n}\n").utf8)
  }

  static let pane = """
    {"id": 4, "kind": "pane", "title": "B", "router": {"kind": "token", "stack": ["b"]}}
    """

  @Test func bothEntriesRoundTripAndReopenAsBefore() throws {
    let state = try Self.closedState()
    #expect(state.closed.entries.map(\.isFloating) == [true, false])
    #expect(state.closed.entries[1].layer.ids == [NodeID(3)])
    let bytes = WorkspaceFile.encode(state)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\"floating\": {") && text.contains("\"layer\": {"))
    let reference = try WorkspaceFile.decodeByReference(bytes)
    #expect(reference.diagnostics == [])
    #expect(reference.state == state)
    let onePass = try #require(WorkspaceFile.decodeInOnePass(bytes))
    #expect(onePass == state)
    #expect(WorkspaceFile.encode(onePass) == bytes)
    for number in 1...2 {
      var reopened = onePass
      try reopened.apply(.reopen(number))
      var expected = state
      try expected.apply(.reopen(number))
      #expect(reopened == expected)
      #expect(reopened.invariantViolations() == [])
    }
    var both = reference.state
    try both.apply([.reopen(), .reopen()])
    #expect(both.isFloating(NodeID(3)) && both.isFloating(NodeID(4)))
    #expect(both.node(NodeID(4))?.router?.stack.stack == [RouteToken("b"), RouteToken("x", 1)])
    #expect(both.invariantViolations() == [])
  }

  @Test func theSchemaAcceptsTheEntries() throws {
    let schema = try JSONReader.parse(
      Files.contents(packageRoot + "/docs/workspace.schema.json") ?? [])
    let json = try JSONReader.parse(WorkspaceFile.encode(try Self.closedState()))
    #expect(json["closed"]?[0]?["floating"] != nil && json["closed"]?[1]?["layer"] != nil)
    #expect(SchemaChecker(document: schema).errors(in: json) == [])
  }

  @Test func unknownMembersOfTheFloatingPlaceAndTheLayerSurvive() throws {
    let bytes = try Self.file(
      closed: """
        [{"node": \(Self.pane), "place": [{"parent": 1, "index": 0, "title": "Two"}], \
        "floating": {"tab": 6, "frame": [0.1, 0.1, 0.5, 0.5], "pinned": true, "shadow": 3}}, \
        {"node": {"id": 2, "kind": "pane", "router": {"kind": "token", "stack": ["q"]}}, \
        "place": [{"parent": 1, "index": 0, "title": "One"}], "layer": {"hidden": true, \
        "tint": "blue", "panes": [{"frame": [0, 0, 1, 1], "node": {"id": 3, "kind": "pane", \
        "router": {"kind": "token", "stack": ["a"]}}, "z": 1}]}}]
        """)
    let loaded = try WorkspaceFile.decodeByReference(bytes)
    #expect(loaded.diagnostics == [])
    #expect(WorkspaceFile.decodeInOnePass(bytes) == loaded.state)
    let entries = loaded.state.closed.entries
    #expect(entries[0].floating?.pane.isPinned == true)
    #expect(entries[1].layer.isHidden && entries[1].layer.ids == [NodeID(3)])
    let text = String(decoding: WorkspaceFile.encode(loaded.state), as: UTF8.self)
    for member in ["\"shadow\": 3", "\"tint\": \"blue\"", "\"z\": 1"] {
      #expect(text.contains(member), "\(member)")
    }
    #expect(try WorkspaceFile.decode(WorkspaceFile.encode(loaded.state)).state == loaded.state)
  }

  static let repairs: [(String, String, String)] = [
    (
      """
      [{"node": \(pane), "place": [], "floating": {"frame": [0, 0, 1, 1]}}]
      """, "$.closed[0].floating", "'tab' id"
    ),
    (
      """
      [{"node": \(pane), "place": [], "floating": {"tab": 6, "frame": [0.8, 0, 0.5, 1]}}]
      """, "$.closed[0].floating", "'frame'"
    ),
    (
      """
      [{"node": \(pane), "place": [], "floating": {"tab": 6, "frame": [0, 0, 1, 1], \
      "pinned": 1}}]
      """, "$.closed[0].floating", "'pinned'"
    ),
    (
      """
      [{"node": \(pane), "place": [], "layer": {"panes": []}}]
      """, "$.closed[0].layer", "not a layer with 'panes'"
    ),
    (
      """
      [{"node": \(pane), "place": [], "layer": {"panes": [{"frame": [0, 0, 1, 1], \
      "node": \(pane)}]}}]
      """, "$.closed[0].layer.panes[0]", "of its own id"
    ),
    (
      """
      [{"node": \(pane), "place": [], "layer": {"panes": [{"node": {"id": 3, \
      "kind": "pane", "router": {"kind": "token", "stack": ["a"]}}}]}}]
      """, "$.closed[0].layer.panes[0]", "a 'frame'"
    ),
    (
      """
      [{"node": \(pane), "place": [], "layer": {"panes": [{"frame": [0, 0, 1, 1], \
      "node": {"id": 3, "kind": "split", "axis": "horizontal", "children": []}}]}}]
      """, "$.closed[0].layer.panes[0]", "a pane 'node'"
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
    #expect(diagnostic.message.hasSuffix("closed entry dropped"))
    #expect(loaded.state.closed.isEmpty)
    #expect(loaded.state.invariantViolations() == [])
    #expect(WorkspaceFile.decodeInOnePass(bytes) == nil, "the one-pass decoder leaves it")
  }
}
