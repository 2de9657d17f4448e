import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// A tabs container's `floating` layers in the file: written, read by both decoders alike,
/// repaired at their JSON paths when broken, kept in history.
@Suite struct FloatingFormatTests {
  /// The example with two floating panes in its first tab (one pinned, moved), focus in the
  /// layer.
  private func floatingState() throws -> WorkspaceState {
    var state = WorkspaceState.example
    try state.recordLayoutSize(Size(width: 80, height: 24))
    try state.apply(.split(.vertical))
    try state.apply([.float, .pinFloating(true), .moveFloating(.down, cells: 3)])
    try state.apply([.focus(.tiled), .split(.horizontal), .float])
    return state
  }

  @Test func layersAreWrittenAfterTheChildrenAndReadInOnePass() throws {
    let state = try floatingState()
    let bytes = WorkspaceFile.encode(state)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""floating": ["#))
    #expect(text.contains(#""pinned": true"#))
    #expect(text.contains(#""focused": true"#))
    #expect(OnePassDecoderTests.expectAgreement(bytes, "floating").isOnePass)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state == state)
    #expect(loaded.state.focusedPane == state.focusedPane)
    #expect(WorkspaceFile.encode(loaded.state) == bytes)
  }

  @Test func historyKeepsTheLayersSoUndoAfterARestoreEmbeds() throws {
    let state = try floatingState()
    var loaded = try WorkspaceFile.decode(WorkspaceFile.encode(state)).state
    try loaded.apply(.undo(count: 3))
    let layers = loaded.root.floatingLayers
    #expect(layers.allSatisfy { $0.isEmpty })
    #expect(loaded.invariantViolations() == [])
  }

  /// The first layer's first pane entry of a file, rewritten.
  private func file(
    changing change: (inout JSONObject) -> Void
  ) throws -> [UInt8] {
    let bytes = WorkspaceFile.encode(try floatingState())
    guard case .object(var top) = try JSONReader.parse(bytes),
      case .object(var root)? = top["root"], case .array(var layers)? = root["floating"],
      case .object(var layer)? = layers.first
    else { throw Failure() }
    change(&layer)
    layers[0] = .object(layer)
    root["floating"] = .array(layers)
    top["root"] = .object(root)
    return JSONWriter.write(.object(top), style: .pretty)
  }

  private struct Failure: Error {}

  /// Sets a member of the layer's first pane entry.
  private func pane(_ key: String, _ value: JSONValue?) -> (inout JSONObject) -> Void {
    { layer in
      guard case .array(var panes)? = layer["panes"], case .object(var pane)? = panes.first
      else { return }
      pane[key] = value
      panes[0] = .object(pane)
      layer["panes"] = .array(panes)
    }
  }

  @Test(arguments: [
    ("frame", JSONValue.array([0.5, 0.5, 0.75, 0.25]), "$.root.floating[0].panes[0].frame"),
    ("frame", JSONValue.array([0.1, 0.1]), "$.root.floating[0].panes[0].frame"),
    ("frame", nil, "$.root.floating[0].panes[0].frame"),
    ("pinned", JSONValue.string("yes"), "$.root.floating[0].panes[0].pinned"),
  ])
  func aBadFloatingPaneIsRepairedAtItsPath(key: String, value: JSONValue?, path: String) throws {
    let bytes = try file(changing: pane(key, value))
    #expect(WorkspaceFile.decodeInOnePass(bytes) == nil)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.location) == [path])
    #expect(loaded.state.invariantViolations() == [])
    let frame = loaded.state.root.floatingLayers[0].panes[0].frame
    #expect(frame.isValid)
  }

  @Test func aFloatingNodeThatIsNotAPaneIsDropped() throws {
    let bytes = try file(
      changing: pane("node", ["id": 99, "kind": "split", "axis": "vertical", "children": []]))
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(
      loaded.diagnostics.map(\.location).contains("$.root.floating[0].panes[0].node"))
    #expect(loaded.state.node(NodeID(99)) == nil)
    #expect(loaded.state.invariantViolations() == [])
  }

  @Test(arguments: [
    (JSONValue.number(9), "$.root.floating[0].tab"),
    (JSONValue.string("1"), "$.root.floating[0].tab"),
  ])
  func aLayerOfNoTabIsDroppedWithItsPanes(tab: JSONValue, path: String) throws {
    let bytes = try file { $0["tab"] = tab }
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.location).contains(path))
    let layers = loaded.state.root.floatingLayers
    #expect(layers.allSatisfy { $0.isEmpty })
    #expect(loaded.state.invariantViolations() == [])
  }

  @Test func aDuplicateFloatingIdGetsAFreshOne() throws {
    let state = try floatingState()
    let tiled = state.root.children[0]
    let first = state.paneIDs.first { !state.isFloating($0) && state.isWithin($0, tiled) }!
    let bytes = try file(
      changing: pane(
        "node",
        [
          "id": .number(Double(first.rawValue)), "kind": "pane",
          "router": ["kind": "token", "stack": ["a"]],
        ]))
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.location).contains("$.root.floating[0].panes[0].node.id"))
    #expect(loaded.state.invariantViolations() == [])
  }

  @Test func aSecondLayerOfOneTabIsMerged() throws {
    let bytes = try file { layer in
      layer["focused"] = nil
    }
    guard case .object(var top) = try JSONReader.parse(bytes),
      case .object(var root)? = top["root"], case .array(let layers)? = root["floating"]
    else { throw Failure() }
    // The layer split in two entries for the same tab.
    guard case .object(let layer) = layers[0], case .array(let panes)? = layer["panes"] else {
      throw Failure()
    }
    var first = layer
    first["panes"] = .array([panes[0]])
    var second = layer
    second["panes"] = .array(Array(panes.dropFirst()))
    root["floating"] = .array([.object(first), .object(second)])
    top["root"] = .object(root)
    let loaded = try WorkspaceFile.decode(JSONWriter.write(.object(top), style: .pretty))
    #expect(loaded.diagnostics.map(\.location) == ["$.root.floating[1].tab"])
    #expect(loaded.state.root.floatingLayers[0].panes.count == 2)
    #expect(loaded.state.invariantViolations() == [])
  }

  @Test func unknownMembersOfLayersAndPanesAreKept() throws {
    let bytes = try file { layer in
      layer["shade"] = "dark"
      self.pane("opacity", 0.9)(&layer)
    }
    #expect(OnePassDecoderTests.expectAgreement(bytes, "kept").isOnePass)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    let saved = String(decoding: WorkspaceFile.encode(loaded.state), as: UTF8.self)
    #expect(saved.contains(#""shade": "dark""#) && saved.contains(#""opacity": 0.9"#))
  }
}
