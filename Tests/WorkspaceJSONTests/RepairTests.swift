import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// One damaged file, the diagnostics its repair must report and a check of the result.
struct RepairCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  /// Each expected diagnostic: its exact JSON path and a phrase of its message.
  let expected: [(location: String, phrase: String)]
  /// What the repaired state must look like.
  let check: @Sendable (WorkspaceState) -> Bool

  var testDescription: String { name }

  init(
    _ name: String, _ bytes: [UInt8], _ expected: [(String, String)],
    check: @escaping @Sendable (WorkspaceState) -> Bool
  ) {
    self.name = name
    self.bytes = bytes
    self.expected = expected.map { (location: $0.0, phrase: $0.1) }
    self.check = check
  }
}

private typealias F = Fixture

private let panes = [F.pane(3, "A", stack: ["a"]), F.pane(4, "B", stack: ["b"])]

/// The base file with the split's weights replaced.
private func weights(_ text: String) -> [UInt8] {
  F.file(root: F.base(split: F.split(2, weights: text, panes)))
}

private func splitWeights(_ state: WorkspaceState) -> [Double] {
  state.node(NodeID(2))?.weights ?? []
}

private let weightCases: [RepairCase] = [
  RepairCase(
    "weights missing",
    F.file(
      root: F.base(
        split: """
          {"id": 2, "kind": "split", "axis": "horizontal", "active": 0, \
          "children": [\(panes.joined(separator: ", "))]}
          """)),
    [("$.root.children[0].weights", "normalised")]
  ) { splitWeights($0) == [0.5, 0.5] },
  RepairCase(
    "weight negative", weights("[-1, 0.25]"),
    [("$.root.children[0].weights", "weight [0] is not a positive number; normalised")]
  ) {
    splitWeights($0) == [0.5, 0.5]
  },
  RepairCase(
    "weight zero", weights("[0, 3]"),
    [("$.root.children[0].weights", "weight [0] is not a positive number")]
  ) {
    splitWeights($0) == [0.5, 0.5]
  },
  RepairCase(
    "weight not a number", weights("[\"1\", 1]"),
    [("$.root.children[0].weights", "weight [0] is not a positive number")]
  ) {
    splitWeights($0) == [0.5, 0.5]
  },
  RepairCase(
    "weights not an array", weights("{}"),
    [("$.root.children[0].weights", "not an array; normalised")]
  ) {
    splitWeights($0) == [0.5, 0.5]
  },
  RepairCase(
    "one weight for two", weights("[1]"),
    [("$.root.children[0].weights", "1 weight for 2 children")]
  ) {
    splitWeights($0) == [0.5, 0.5]
  },
  RepairCase(
    "three weights for two", weights("[0.2, 0.2, 0.6]"),
    [("$.root.children[0].weights", "3 weights for 2 children")]
  ) {
    splitWeights($0) == [0.5, 0.5]
  },
  RepairCase(
    "weights summing to 1e300", weights("[2.5e299, 7.5e299]"),
    [("$.root.children[0].weights", "weights sum to 1e+300, not 1")]
  ) {
    splitWeights($0) == [0.25, 0.75]
  },
  RepairCase(
    "weights overflowing", weights("[1e308, 1e308]"),
    [("$.root.children[0].weights", "weights sum to inf, not 1")]
  ) {
    splitWeights($0) == [0.5, 0.5]
  },
  RepairCase(
    "weights not summing to 1", weights("[1, 3]"),
    [("$.root.children[0].weights", "weights sum to 4.0, not 1")]
  ) {
    splitWeights($0) == [0.25, 0.75]
  },
]

private let structureCases: [RepairCase] = [
  RepairCase(
    "active index out of range",
    F.file(root: F.tabs(1, titles: ["Main"], active: 5, [F.split(2, panes)]), focus: 4),
    [("$.root.active", "index 5 is out of range for 1 child; the last child is active")]
  ) { $0.root.activeIndex == 0 && $0.focusedPane == NodeID(4) },
  RepairCase(
    "active index negative",
    F.file(root: F.base(split: F.split(2, active: -1, panes)), focus: 4),
    [("$.root.children[0].active", "not an integer of at least 0; ignored")]
  ) { $0.node(NodeID(2))?.activeIndex == 1 && $0.focusedPane == NodeID(4) },
  RepairCase(
    "single-child split",
    F.file(root: F.base(split: F.split(2, weights: "[1]", [panes[0]])), mru: "[3]"),
    [("$.root.children[0]", "collapsed")]
  ) { $0.node(NodeID(2)) == nil && $0.root.children == [NodeID(3)] },
  RepairCase(
    "empty container",
    F.file(
      root: F.tabs(
        1, titles: ["Main", "Empty"],
        [F.split(2, panes), F.split(5, weights: "[]", [])]), nextID: 6),
    [("$.root.children[1]", "empty container removed")]
  ) {
    $0.node(NodeID(5)) == nil && $0.root.children == [NodeID(2)] && $0.root.tabTitles == ["Main"]
  },
  RepairCase(
    "split inside a split of the same axis",
    F.file(
      root: F.base(
        split: F.split(
          2, weights: "[0.5, 0.5]",
          [
            F.pane(3, "A", stack: ["a"]),
            F.split(
              5, weights: "[0.5, 0.5]",
              [F.pane(4, "B", stack: ["b"]), F.pane(6, "C", stack: ["c"])]),
          ]
        )), nextID: 7),
    [("$.root.children[0].children[1]", "merged")]
  ) {
    $0.node(NodeID(5)) == nil && $0.node(NodeID(2))?.children == [NodeID(3), NodeID(4), NodeID(6)]
      && $0.node(NodeID(2))?.weights == [0.5, 0.25, 0.25]
  },
  RepairCase(
    "pane with no router",
    F.file(
      root: F.base(split: F.split(2, [panes[0], #"{"id": 4, "kind": "pane", "title": "B"}"#])),
      mru: "[3]"),
    [
      ("$.root.children[0].children[1]", "no usable router; removed"),
      ("$.root.children[0]", "collapsed"),
    ]
  ) { $0.node(NodeID(4)) == nil && $0.root.children == [NodeID(3)] },
  RepairCase(
    "pane with an empty stack",
    F.file(root: F.base(split: F.split(2, [panes[0], F.pane(4, "B", stack: [])])), mru: "[3]"),
    [
      ("$.root.children[0].children[1].router.stack", "empty"),
      ("$.root.children[0].children[1]", "no usable router; removed"),
      ("$.root.children[0]", "collapsed"),
    ]
  ) { $0.node(NodeID(4)) == nil },
  RepairCase(
    "tab titles count mismatch",
    F.file(root: F.tabs(1, titles: ["Main", "Ghost"], [F.split(2, panes)])),
    [("$.root.titles", "2 titles for 1 tab")]
  ) { $0.root.tabTitles == ["Main"] },
  RepairCase(
    "tab titles missing",
    F.file(root: #"{"id": 1, "kind": "tabs", "active": 0, "children": [\#(F.split(2, panes))]}"#),
    [("$.root.titles", "0 titles for 1 tab")]
  ) { $0.root.tabTitles == [""] },
]

private let idCases: [RepairCase] = [
  RepairCase(
    "duplicate ids",
    F.file(
      root: F.base(split: F.split(2, [panes[0], F.pane(3, "B", stack: ["b"])])), nextID: 9,
      mru: "[3]"),
    [("$.root.children[0].children[1].id", "duplicate id 3; given the fresh id 4")]
  ) { $0.node(NodeID(4))?.title == "B" && $0.node(NodeID(3))?.title == "A" && $0.nextID == 9 },
  RepairCase(
    "missing id",
    F.file(
      root: F.base(
        split: F.split(
          2, [panes[0], #"{"kind": "pane", "router": {"kind": "token", "stack": ["b"]}}"#])),
      mru: "[3]"),
    [("$.root.children[0].children[1].id", "missing id; given the fresh id 4")]
  ) { $0.node(NodeID(4))?.isPane == true && $0.nextID == 5 },
  RepairCase(
    "id of the wrong type",
    F.file(
      root: F.base(
        split: F.split(
          2,
          [panes[0], #"{"id": "4", "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}"#])),
      mru: "[3]"),
    [("$.root.children[0].children[1].id", "id is not an integer; given the fresh id 4")]
  ) { $0.node(NodeID(4))?.isPane == true },
  RepairCase(
    "id not positive",
    F.file(
      root: F.base(
        split: F.split(
          2, [panes[0], #"{"id": 0, "kind": "pane", "router": {"kind": "token", "stack": ["b"]}}"#])
      ),
      mru: "[3]"),
    [("$.root.children[0].children[1].id", "id 0 is not positive; given the fresh id 4")]
  ) { $0.node(NodeID(4))?.isPane == true },
  RepairCase(
    "next id too small",
    F.file(root: F.baseRoot, nextID: 2),
    [("$.nextId", "raised to 5")]
  ) { $0.nextID == 5 },
  RepairCase(
    "next id not a number",
    F.file(root: F.baseRoot, nextID: -3),
    [("$.nextId", "computed")]
  ) { $0.nextID == 5 },
]

private let focusCases: [RepairCase] = [
  RepairCase(
    "dangling most-recently-used id", F.file(root: F.baseRoot, mru: "[3, 99, 4]"),
    [("$.mru[1]", "%99 is not a pane of the workspace; removed")]
  ) {
    $0.mostRecentlyUsed == [NodeID(3), NodeID(4)]
  },
  RepairCase(
    "most-recently-used container", F.file(root: F.baseRoot, mru: "[3, 2]"),
    [("$.mru[1]", "%2 is not a pane of the workspace; removed")]
  ) {
    $0.mostRecentlyUsed == [NodeID(3)]
  },
  RepairCase(
    "repeated most-recently-used id", F.file(root: F.baseRoot, mru: "[3, 4, 3]"),
    [("$.mru[2]", "%3 repeats an earlier entry; removed")]
  ) {
    $0.mostRecentlyUsed == [NodeID(3), NodeID(4)]
  },
  RepairCase(
    "most-recently-used not an id", F.file(root: F.baseRoot, mru: "[3, \"4\"]"),
    [("$.mru[1]", "not a node id; removed")]
  ) {
    $0.mostRecentlyUsed == [NodeID(3)]
  },
  RepairCase(
    "focus pointing nowhere", F.file(root: F.baseRoot, focus: 99, mru: "[4, 3]"),
    [("$.focus", "%99 is not a pane of the workspace; ignored")]
  ) {
    $0.focusedPane == NodeID(3) && $0.mostRecentlyUsed == [NodeID(3), NodeID(4)]
  },
  RepairCase(
    "focus on a container", F.file(root: F.baseRoot, focus: 2),
    [("$.focus", "%2 is not a pane of the workspace; ignored")]
  ) {
    $0.focusedPane == NodeID(3)
  },
  RepairCase(
    "zoom not on the focused pane", F.file(root: F.baseRoot, extra: #", "zoomed": 4"#),
    [("$.zoomed", "%4 is not the focused pane %3; zoom cleared")]
  ) {
    $0.zoomedPane == nil && $0.focusedPane == NodeID(3)
  },
]

private let routerCases: [RepairCase] = [
  RepairCase(
    "malformed route token cuts the stack",
    F.file(
      root: F.base(split: F.split(2, [F.pane(3, "A", stack: ["a", "b:1", "7up", "c"]), panes[1]]))),
    [("$.root.children[0].children[0].router.stack[2]", "2 routes from here removed")]
  ) { $0.node(NodeID(3))?.router?.stack.stack == ["a", "b:1"] },
  RepairCase(
    "route token not a string",
    F.file(
      root: F.base(
        split: F.split(
          2,
          [
            #"{"id": 3, "kind": "pane", "title": "A", "router": {"kind": "token", "stack": ["a", 7]}}"#,
            panes[1],
          ]))),
    [("$.root.children[0].children[0].router.stack[1]", "not a string; 1 route from here removed")]
  ) { $0.node(NodeID(3))?.router?.stack.stack == ["a"] },
  RepairCase(
    "stack deeper than maxDepth",
    F.file(
      root: F.base(
        split: F.split(
          2,
          [
            #"{"id": 3, "kind": "pane", "title": "A", "router": {"kind": "token", "stack": ["a", "b", "c"], "maxDepth": 2}}"#,
            panes[1],
          ]))),
    [("$.root.children[0].children[0].router.maxDepth", "raised to 3")]
  ) {
    $0.node(NodeID(3))?.router?.stack.maxDepth == 3 && $0.node(NodeID(3))?.router?.stack.depth == 3
  },
  RepairCase(
    "stack deeper than the default maxDepth",
    F.file(
      root: F.base(
        split: F.split(2, [F.pane(3, "A", stack: (0...30).map { "r:\($0)" }), panes[1]]))),
    [("$.root.children[0].children[0].router.maxDepth", "raised to 31")]
  ) { $0.node(NodeID(3))?.router?.stack.maxDepth == 31 },
  RepairCase(
    "router without a kind",
    F.file(
      root: F.base(
        split: F.split(
          2, [#"{"id": 3, "kind": "pane", "title": "A", "router": {"stack": ["a"]}}"#, panes[1]]))),
    [("$.root.children[0].children[0].router.kind", "untyped")]
  ) { $0.node(NodeID(3))?.router?.kind == "token" },
  RepairCase(
    "router kind not a string",
    F.file(
      root: F.base(
        split: F.split(
          2,
          [
            #"{"id": 3, "kind": "pane", "title": "A", "router": {"kind": 7, "stack": ["a"]}}"#,
            panes[1],
          ]))),
    [("$.root.children[0].children[0].router.kind", "not a string; the router is read as untyped")]
  ) { $0.node(NodeID(3))?.router?.kind == "token" },
  RepairCase(
    "modal without a style",
    F.file(
      root: F.base(
        split: F.split(
          2,
          [
            #"{"id": 3, "kind": "pane", "title": "A", "router": {"kind": "token", "stack": ["a"], "modal": {"stack": ["m"]}}}"#,
            panes[1],
          ]))),
    [("$.root.children[0].children[0].router.modal", "dismissed")]
  ) { $0.node(NodeID(3))?.router?.stack.modal == nil },
]

private let keyCases: [RepairCase] = [
  RepairCase(
    "duplicate keys",
    F.file(
      root: F.base(
        split: F.split(
          2,
          [
            #"{"id": 3, "kind": "pane", "title": "A", "title": "Z", "router": {"kind": "token", "stack": ["a"]}}"#,
            panes[1],
          ]))),
    [("$.root.children[0].children[0].title", "duplicate key; the last value is used")]
  ) { $0.node(NodeID(3))?.title == "Z" },
  RepairCase(
    "duplicate top-level keys",
    F.file(root: F.baseRoot, extra: #", "focus": 4"#),
    [("$.focus", "duplicate key")]
  ) { $0.focusedPane == NodeID(4) },
  RepairCase(
    "title not a string",
    F.file(
      root: F.base(
        split: F.split(
          2,
          [
            #"{"id": 3, "kind": "pane", "title": 5, "router": {"kind": "token", "stack": ["a"]}}"#,
            panes[1],
          ]))),
    [("$.root.children[0].children[0].title", "not a string")]
  ) { $0.node(NodeID(3))?.title == "" },
  RepairCase(
    "split axis unknown",
    F.file(
      root: F.base(
        split:
          #"{"id": 2, "kind": "split", "axis": "diagonal", "active": 0, "weights": [0.5, 0.5], "children": [\#(panes.joined(separator: ", "))]}"#
      )),
    [("$.root.children[0].axis", "horizontal assumed")]
  ) { $0.node(NodeID(2))?.axis == .horizontal },
  RepairCase(
    "node that is not an object",
    F.file(
      root: F.base(split: F.split(2, weights: "[0.4, 0.2, 0.4]", [panes[0], "42", panes[1]]))),
    [("$.root.children[0].children[1]", "not an object")]
  ) { $0.node(NodeID(2))?.children == [NodeID(3), NodeID(4)] && splitWeights($0) == [0.5, 0.5] },
]

@Suite struct RepairTests {
  @Test(arguments: weightCases + structureCases + idCases + focusCases + routerCases + keyCases)
  func repairsAndReportsWithTheExactPath(_ repair: RepairCase) throws {
    let loaded = try WorkspaceFile.decode(repair.bytes)
    #expect(loaded.state.invariantViolations() == [])
    #expect(repair.check(loaded.state), "\(loaded.state.nodeIDs.map { loaded.state.node($0)! })")
    #expect(
      loaded.diagnostics.map(\.location) == repair.expected.map(\.location),
      "\(loaded.diagnostics)")
    for (diagnostic, expected) in zip(loaded.diagnostics, repair.expected) {
      #expect(
        diagnostic.message.contains(expected.phrase), "\(diagnostic)")
    }
  }

  @Test(arguments: weightCases + structureCases + idCases + focusCases + routerCases + keyCases)
  func repairedFileSavesCleanly(_ repair: RepairCase) throws {
    let loaded = try WorkspaceFile.decode(repair.bytes)
    let bytes = WorkspaceFile.encode(loaded.state)
    let reloaded = try WorkspaceFile.decode(bytes)
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == loaded.state)
  }

  @Test func cleanFileHasNoDiagnostics() throws {
    let loaded = try WorkspaceFile.decode(Fixture.baseFile)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state.invariantViolations() == [])
    #expect(loaded.state.focusedPane == NodeID(3))
  }
}
