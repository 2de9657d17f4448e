import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// Stacks in the file (version 3): written and read back exactly, a sound stack read in one
/// pass, a damaged one repaired by the reference with a diagnostic at its path, and the same in
/// history, the closed list, templates and layout files.
@Suite struct StackFormatTests {
  private typealias F = Fixture

  /// A stack's JSON.
  private static func stack(
    _ id: Int, axis: String = "vertical", active: Int = 0, _ children: [String],
    extra: String = ""
  ) -> String {
    """
    {"id": \(id), "kind": "stack", "axis": "\(axis)", "active": \(active)\(extra), \
    "children": [\(children.joined(separator: ", "))]}
    """
  }

  /// `tabs %1 > stack %2 > panes %3, %4 (expanded, focused), %5`.
  private static let soundFile = F.file(
    root: F.base(
      split: stack(
        2, active: 1,
        [
          F.pane(3, "A", stack: ["a"]), F.pane(4, "B", stack: ["b"]),
          F.pane(5, "C", stack: ["c"]),
        ])), nextID: 6, focus: 4, mru: "[4, 3]")

  @Test func aSoundStackIsReadInOnePassAndWrittenBackAsItWas() throws {
    #expect(OnePassDecoderTests.expectAgreement(Self.soundFile, "stack").isOnePass)
    let state = try WorkspaceFile.decode(Self.soundFile).state
    let stack = try #require(state.node(NodeID(2)))
    #expect(stack.kind == .stack(.vertical))
    #expect(stack.activeIndex == 1)
    #expect(state.focusedPane == NodeID(4))
    let written = WorkspaceFile.encode(state)
    let again = try WorkspaceFile.decode(written)
    #expect(again.state == state)
    #expect(again.diagnostics == [])
    let json = try JSONReader.parse(written)
    #expect(json["version"] == 3)
    let node = json["root"]?["children"]?[0]
    #expect(node?["kind"] == "stack")
    #expect(node?["axis"] == "vertical")
    #expect(node?["active"] == 1)
    #expect(node?["weights"] == nil)
  }

  @Test(arguments: [
    (
      "one member",
      stack(2, [F.pane(3, "A", stack: ["a"])]),
      "$.root.children[0]", "stack with one child collapsed into it", "T(Main: %3)"
    ),
    (
      "a stack in a stack of its axis",
      stack(
        2,
        [
          F.pane(3, "A", stack: ["a"]),
          stack(6, [F.pane(4, "B", stack: ["b"]), F.pane(5, "C", stack: ["c"])]),
        ]),
      "$.root.children[0].children[1]", "stack merged into its parent of the same axis",
      "T(Main: SV(*%3, %4, %5))"
    ),
    (
      "axis missing",
      #"{"id": 2, "kind": "stack", "children": [\#(F.pane(3, "A", stack: ["a"])), \#(F.pane(4, "B", stack: ["b"]))]}"#,
      "$.root.children[0].axis", "horizontal assumed", "T(Main: SH(*%3, %4))"
    ),
    (
      "active out of range",
      stack(2, active: 5, [F.pane(3, "A", stack: ["a"]), F.pane(4, "B", stack: ["b"])]),
      "$.root.children[0].active", "out of range", "T(Main: SV(*%3, %4))"
    ),
  ])
  func aDamagedStackIsRepairedByTheReference(
    name: String, root: String, location: String, phrase: String, outline: String
  ) throws {
    let bytes = F.file(root: F.base(split: root), nextID: 7)
    let agreement = OnePassDecoderTests.expectAgreement(bytes, name)
    #expect(!agreement.isOnePass)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(
      loaded.diagnostics.contains { $0.location == location && $0.message.contains(phrase) },
      "\(loaded.diagnostics)")
    #expect(loaded.state.invariantViolations() == [])
    #expect(outlineOf(loaded.state) == outline)
  }

  @Test func aStackOfTheOtherAxisInsideIsKept() throws {
    let bytes = F.file(
      root: F.base(
        split: Self.stack(
          2,
          [
            F.pane(3, "A", stack: ["a"]),
            Self.stack(
              6, axis: "horizontal",
              [F.pane(4, "B", stack: ["b"]), F.pane(5, "C", stack: ["c"])]),
          ])), nextID: 7)
    #expect(OnePassDecoderTests.expectAgreement(bytes, "nested").isOnePass)
    #expect(outlineOf(try WorkspaceFile.decode(bytes).state) == "T(Main: SV(*%3, SH(*%4, %5)))")
  }

  @Test func historyAndTheClosedListKeepStacks() throws {
    var state = try WorkspaceFile.decode(Self.soundFile).state
    try state.apply([.close()])
    try state.apply([.focus(.pane(.id(NodeID(3)))), .unstack])
    try state.apply([.stack()])
    let written = WorkspaceFile.encode(state)
    let loaded = try WorkspaceFile.decode(written)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state == state)
    #expect(OnePassDecoderTests.expectAgreement(written, "history").isOnePass)
    let step = try JSONReader.parse(written)["closed"]?[0]?["place"]?[0]
    #expect(step?["kind"] == "stack")
    #expect(step?["axis"] == "vertical")
    var restored = loaded.state
    try restored.apply([.undo(count: 2), .reopen()])
    #expect(outlineOf(restored) == "T(Main: SV(%3, *%4, %5))")
  }

  @Test func aClosedStepOfAnotherKindIsDropped() throws {
    let closed = #"""
      , "closed": [{"node": {"id": 9, "kind": "pane", "router": {"kind": "token", "stack": ["z"]}}, "place": [{"parent": 2, "index": 0, "kind": "grid", "axis": "vertical"}]}]
      """#
    let bytes = F.file(root: F.baseRoot, nextID: 10, extra: closed)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.state.closed.entries.isEmpty)
    #expect(loaded.diagnostics.map(\.location) == ["$.closed[0].place[0]"])
  }

  @Test func templatesAndLayoutsSpellAStack() throws {
    let state = try WorkspaceFile.decode(Self.soundFile).state
    let template = try WorkspaceTemplate(
      name: "s", title: "s", root: NodeTemplate(subtree: NodeID(2), of: state))
    guard case .stack(let axis, let members, let expanded) = template.root.content else {
      Issue.record("not a stack")
      return
    }
    #expect(axis == .vertical && members.count == 3 && expanded == 1)
    let layout = String(decoding: LayoutFile.encode(template), as: UTF8.self)
    #expect(layout.contains(#""active": 1, "stack": ["#))
    #expect(try LayoutFile.decode(Array(layout.utf8)) == template)
    let horizontal = try LayoutFile.decode(
      Array(
        #"{"layout": "h", "root": {"axis": "h", "stack": [{"route": "a"}, {"route": "b"}]}}"#.utf8))
    guard case .stack(.horizontal, _, 0) = horizontal.root.content else {
      Issue.record("not a horizontal stack")
      return
    }
    var library = TemplateLibrary()
    try library.insert(template)
    var stored = state
    stored.templates = library
    let again = try WorkspaceFile.decode(WorkspaceFile.encode(stored))
    #expect(again.state.templates == library)
  }

  @Test(arguments: [
    (
      #"{"layout": "x", "root": {"stack": [{"route": "a"}], "weights": [1]}}"#,
      "$.root.weights: a split's member, but this node is a stack"
    ),
    (
      #"{"layout": "x", "root": {"stack": [{"route": "a"}], "axis": "d"}}"#,
      #"$.root.axis: expected "h" or "v""#
    ),
    (
      #"{"layout": "x", "root": {"v": [{"route": "a"}], "axis": "h"}}"#,
      "$.root.axis: a stack's member, but this node is 'v'"
    ),
    (
      #"{"layout": "x", "root": {"route": "a", "axis": "h"}}"#,
      "$.root.axis: a container's member, but this node is a pane"
    ),
    (
      #"{"layout": "x", "root": {"stack": [{"route": "a"}], "active": 1}}"#,
      "$.root.active: expected an index from 0 to 0"
    ),
    (
      #"{"layout": "x", "root": {"stack": [], "h": []}}"#,
      "$.root: a node is one of 'h', 'v', 'tabs' or 'stack'; found 'h' and 'stack'"
    ),
  ])
  func aMalformedStackInALayoutNamesItsPath(text: String, expected: String) {
    #expect {
      try LayoutFile.decode(Array(text.utf8), path: "l.json")
    } throws: { error in
      "\(error)" == "l.json: " + expected
    }
  }

  /// The tree on one line, as the workspace tests' `outline`.
  private func outlineOf(_ state: WorkspaceState, _ id: NodeID? = nil) -> String {
    let id = id ?? state.rootID
    guard let node = state.node(id) else { return "?" }
    switch node.kind {
    case .pane: return "\(id)"
    case .split(let axis):
      return (axis == .horizontal ? "H(" : "V(")
        + node.children.map { outlineOf(state, $0) }.joined(separator: ", ") + ")"
    case .tabs:
      return "T("
        + node.children.indices.map {
          "\(node.tabTitles[$0]): \(outlineOf(state, node.children[$0]))"
        }
        .joined(separator: ", ") + ")"
    case .stack(let axis):
      return (axis == .horizontal ? "SH(" : "SV(")
        + node.children.indices.map {
          (node.activeIndex == $0 ? "*" : "") + outlineOf(state, node.children[$0])
        }.joined(separator: ", ") + ")"
    case .unknown(let kind): return "?\(kind)"
    }
  }
}
