import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// A pane's `mark` in the file: written, read by both decoders alike, repaired when broken,
/// kept in history and in templates.
@Suite struct MarkFormatTests {
  private typealias F = Fixture

  /// The base file with the panes' extra members.
  private static func file(_ first: String, _ second: String = "") -> [UInt8] {
    F.file(
      root: F.base(
        split: F.split(
          2,
          [F.pane(3, "A", stack: ["a"], extra: first), F.pane(4, "B", stack: ["b"], extra: second)]
        )))
  }

  @Test func aMarkIsWrittenAfterTheTitleAndReadInOnePass() throws {
    var state = WorkspaceState.example
    try state.apply([.mark("editor"), .focus(.pane(.number(2))), .mark("tests")])
    let bytes = WorkspaceFile.encode(state)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""mark": "editor""#))
    let agreement = OnePassDecoderTests.expectAgreement(bytes, "marks")
    #expect(agreement.isOnePass)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state == state)
    #expect(loaded.state.marks.keys.sorted() == ["editor", "tests"])
  }

  @Test func historyKeepsMarksSoUndoAfterARestoreBringsThemBack() throws {
    var state = WorkspaceState.example
    try state.apply(.mark("editor"))
    try state.apply([.focus(.pane(.number(2))), .mark("editor")])
    var loaded = try WorkspaceFile.decode(WorkspaceFile.encode(state)).state
    #expect(loaded == state)
    try loaded.apply(.undo())
    #expect(loaded.pane(markedAs: "editor") == state.mostRecentlyUsed[1])
    #expect(loaded.invariantViolations() == [])
  }

  @Test(arguments: [
    (#", "mark": "x""#, #", "mark": "x""#, "$.root.children[0].children[1].mark", "held by %3"),
    (#", "mark": "left""#, "", "$.root.children[0].children[0].mark", "not a mark"),
    (#", "mark": 7"#, "", "$.root.children[0].children[0].mark", "not a mark"),
    (#", "mark": "a b""#, "", "$.root.children[0].children[0].mark", "not a mark"),
  ])
  func aBrokenMarkIsDroppedWithItsPath(
    first: String, second: String, location: String, phrase: String
  ) throws {
    let bytes = Self.file(first, second)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.location) == [location])
    #expect(loaded.diagnostics.first?.message.contains(phrase) == true)
    #expect(loaded.state.invariantViolations() == [])
    OnePassDecoderTests.expectAgreement(bytes, "broken mark")
    #expect(WorkspaceFile.decodeInOnePass(bytes) == nil)
    // The repaired file saves cleanly.
    let again = try WorkspaceFile.decode(WorkspaceFile.encode(loaded.state))
    #expect(again.diagnostics == [])
    #expect(again.state == loaded.state)
  }

  @Test func theFirstPaneInTreeOrderKeepsADuplicateMark() throws {
    let loaded = try WorkspaceFile.decode(Self.file(#", "mark": "x""#, #", "mark": "x""#))
    #expect(loaded.state.pane(markedAs: "x") == NodeID(3))
    #expect(loaded.state.node(NodeID(4))?.mark == nil)
  }

  @Test func aMarkOnAContainerIsKeptAsAnUnknownMember() throws {
    let bytes = F.file(
      root: F.base(
        split: F.split(2, [F.pane(3, "A", stack: ["a"]), F.pane(4, "B", stack: ["b"])])
          .replacingOccurrences(of: #""kind": "split""#, with: #""kind": "split", "mark": "m""#)))
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.state.marks.isEmpty)
    #expect(
      String(decoding: WorkspaceFile.encode(loaded.state), as: UTF8.self).contains(#""mark": "m""#))
    OnePassDecoderTests.expectAgreement(bytes, "mark on a split")
  }

  @Test func templatesKeepMarksInBothFiles() throws {
    var state = WorkspaceState.example
    try state.apply([.mark("editor"), .saveTemplate("t")])
    let loaded = try WorkspaceFile.decode(WorkspaceFile.encode(state))
    #expect(loaded.state.templates == state.templates)
    let library = try TemplatesFile.decode(TemplatesFile.encode(state.templates))
    #expect(library == state.templates)
    let text = String(decoding: TemplatesFile.encode(state.templates), as: UTF8.self)
    #expect(text.contains(#""mark": "editor""#))
  }

  @Test(arguments: [
    (#""mark": "split""#, "$.templates[0].root.mark", "expected a mark"),
    (#""mark": 3"#, "$.templates[0].root.mark", "expected a mark"),
  ])
  func aTemplatesFileRefusesABadMark(member: String, location: String, phrase: String) {
    let file = #"""
      {"format": "workspace-templates", "version": 1, "templates": [{"name": "t", "root": \#
      {"kind": "pane", \#(member), "router": {"kind": "token", "root": "a"}}}]}
      """#
    #expect {
      try TemplatesFile.decode(Array(file.utf8))
    } throws: { error in
      "\(error)".contains(location) && "\(error)".contains(phrase)
    }
  }

  @Test func aTemplatesFileRefusesAMarkTwice() {
    let pane = #"{"kind": "pane", "mark": "m", "router": {"kind": "token", "root": "a"}}"#
    let file = #"""
      {"format": "workspace-templates", "version": 1, "templates": [{"name": "t", "root": \#
      {"kind": "split", "axis": "horizontal", "children": [\#(pane), \#(pane)]}}]}
      """#
    #expect {
      try TemplatesFile.decode(Array(file.utf8))
    } throws: { error in
      "\(error)".contains("$.templates[0].root.children[1].mark")
        && "\(error)".contains("held by another pane")
    }
  }

  @Test(arguments: [
    "editor", "_x", "dépôt-2", "a.b", "2x", "-x", ".x", "a b", "a:b", "é", "%3", "",
  ])
  func theSchemasPatternAgreesWithTheCommands(mark: String) throws {
    let bytes = Files.contents(packageRoot + "/docs/workspace.schema.json") ?? []
    let checker = SchemaChecker(document: try JSONReader.parse(bytes))
    let file: JSONValue = [
      "format": "workspace", "version": 3,
      "root": [
        "id": 1, "kind": "pane", "mark": .string(mark),
        "router": ["kind": "token", "stack": ["a"]],
      ],
    ]
    // The schema cannot list the reserved words (command words, directions, …); every other
    // mark it accepts, the commands do.
    #expect(checker.errors(in: file).isEmpty == WorkspaceState.isValidMark(mark), "\(mark)")
  }
}
