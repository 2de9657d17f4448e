import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// Saves and loads `state`, expecting a clean load of an equal state and the same bytes again.
///
/// - Returns: The loaded state.
@discardableResult
private func expectRoundTrip(
  _ state: WorkspaceState, _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) throws -> WorkspaceState {
  let bytes = WorkspaceFile.encode(state)
  let loaded = try WorkspaceFile.decode(bytes)
  #expect(loaded.diagnostics == [], "\(comment())", sourceLocation: sourceLocation)
  #expect(loaded.migratedFromVersion == nil, sourceLocation: sourceLocation)
  #expect(loaded.state == state, "\(comment())", sourceLocation: sourceLocation)
  #expect(
    WorkspaceFile.encode(loaded.state) == bytes, "\(comment())", sourceLocation: sourceLocation)
  return loaded.state
}

@Suite struct WorkspaceFileRoundTripTests {
  @Test func whetherAnEntryRestoresZoomIsSaved() throws {
    var state = WorkspaceState.example
    try state.apply(.zoom)
    try state.apply(.route(.push(["b"])))
    #expect(state.history.undoEntries.map(\.journal.restoresZoom) == [true, false])
    let text = String(decoding: WorkspaceFile.encode(state), as: UTF8.self)
    #expect(text.components(separatedBy: #""zoomChanged": true"#).count == 2)
    var loaded = try expectRoundTrip(state)
    try loaded.apply(.undo(count: 2))
    #expect(loaded.zoomedPane == nil)
  }

  @Test func exampleRoundTripsByteForByte() throws {
    var state = WorkspaceState.example
    try state.apply(.split(.vertical, root: "search:swift%20testing"))
    try state.apply(.route(.present("compose", style: .sheet)))
    try state.apply(.route(.push(["attach:1"])))
    try expectRoundTrip(state)
  }

  @Test func encodingIsDeterministic() throws {
    var state = WorkspaceState.example
    try state.apply([.split(.horizontal, ratio: 0.3), .zoom, .newTab(title: "T")])
    let first = WorkspaceFile.encode(state)
    #expect(WorkspaceFile.encode(state) == first)
    #expect(WorkspaceFile.encode(try WorkspaceFile.decode(first).state) == first)
    #expect(first.last == UInt8(ascii: "\n"))
  }

  @Test(arguments: 0..<40)
  func randomWorkspacesRoundTrip(seed: UInt64) throws {
    var generator = WorkspaceGenerator(seed: seed)
    var state = generator.state()
    #expect(state.invariantViolations() == [])
    try expectRoundTrip(state, "seed \(seed), fresh")
    for step in 0..<25 {
      let command = generator.command(in: state)
      _ = try? state.apply(command)
      #expect(state.invariantViolations() == [], "seed \(seed), step \(step): \(command)")
      try expectRoundTrip(state, "seed \(seed), step \(step): \(command)")
    }
  }

  @Test(arguments: 100..<120)
  func historySurvivesAndUndoesAfterReload(seed: UInt64) throws {
    var generator = WorkspaceGenerator(seed: seed)
    var state = generator.state()
    state.history = History()
    for _ in 0..<20 {
      let command = generator.command(in: state)
      if case .undo = command { continue }
      if case .redo = command { continue }
      _ = try? state.apply(command)
    }
    if state.history.undoEntries.count > 2 { try state.apply(.undo(count: 2)) }
    var loaded = try expectRoundTrip(state, "seed \(seed)")
    #expect(loaded.history == state.history)
    // Undo everything, then redo everything, on the original and on the reloaded copy alike.
    while !state.history.undoEntries.isEmpty {
      try state.apply(.undo())
      try loaded.apply(.undo())
      #expect(loaded == state, "seed \(seed)")
      #expect(loaded.invariantViolations() == [], "seed \(seed)")
    }
    loaded = try expectRoundTrip(loaded, "seed \(seed), undone")
    while !state.history.redoEntries.isEmpty {
      try state.apply(.redo())
      try loaded.apply(.redo())
      #expect(loaded == state, "seed \(seed)")
    }
    try expectRoundTrip(loaded, "seed \(seed), redone")
  }

  @Test func undoAfterReloadRestoresTheSavedPast() throws {
    var state = WorkspaceState.example
    try state.apply(.split(.vertical, root: "search:q"))
    try state.apply(.route(.push(["result:1", "result:2"])))
    try state.apply(.close(.id(NodeID(4))))
    let before = WorkspaceState.example
    var loaded = try WorkspaceFile.decode(WorkspaceFile.encode(state)).state
    try loaded.apply(.undo(count: 3))
    #expect(loaded.nodeIDs == before.nodeIDs)
    for id in before.nodeIDs { #expect(loaded.node(id) == before.node(id)) }
    #expect(loaded.focusedPane == before.focusedPane)
    try loaded.apply(.redo(count: 3))
    #expect(WorkspaceFile.encode(loaded) == WorkspaceFile.encode(state))
  }

  @Test func historyLimitIsSavedAndApplied() throws {
    var state = WorkspaceState.example
    state.history = History(limit: 2)
    for title in ["a", "b", "c", "d"] { try state.apply(.rename(title)) }
    #expect(state.history.undoEntries.count == 2)
    let loaded = try expectRoundTrip(state)
    #expect(loaded.history.limit == 2)
    let json = try JSONReader.parse(WorkspaceFile.encode(state))
    #expect(json["history"]?["limit"] == 2)
  }

  @Test func historyThatDoesNotReplayIsDropped() throws {
    var state = WorkspaceState.example
    try state.apply(.split(.horizontal))
    guard case .object(var object) = try JSONReader.parse(WorkspaceFile.encode(state)),
      case .object(var history)? = object["history"], case .array(var undo)? = history["undo"],
      case .object(var entry) = undo[0]
    else {
      Issue.record("unexpected shape")
      return
    }
    // Undoing the entry would make a node that does not exist the root.
    entry["root"] = 99
    undo[0] = .object(entry)
    history["undo"] = .array(undo)
    object["history"] = .object(history)
    let loaded = try WorkspaceFile.decode(JSONWriter.write(.object(object)))
    #expect(loaded.state.history == History())
    #expect(loaded.diagnostics.map(\.location) == ["$.history"])
    #expect(loaded.state.invariantViolations() == [])
    state.history = History()
    #expect(loaded.state == state)
  }

  @Test func malformedHistoryEntryIsDropped() throws {
    var state = WorkspaceState.example
    try state.apply(.split(.horizontal))
    let text = String(decoding: WorkspaceFile.encode(state), as: UTF8.self)
    let broken = text.replacing("\"label\": ", with: "\"label\": 1, \"x\": ")
    let loaded = try WorkspaceFile.decode(Array(broken.utf8))
    #expect(loaded.state.history == History())
    #expect(loaded.diagnostics.map(\.location) == ["$.history.undo[0]"])
  }

  @Test(arguments: [1, 3])
  func mostRecentlyUsedLimitIsSaved(limit: Int) throws {
    var state = WorkspaceState.example
    state.mostRecentlyUsedLimit = limit
    try state.apply([.split(.horizontal), .split(.vertical), .focus(.next)])
    #expect(state.mostRecentlyUsed.count == limit)
    let loaded = try expectRoundTrip(state)
    #expect(loaded.mostRecentlyUsedLimit == limit)
  }

  @Test func defaultsAreLeftOut() throws {
    let json = try JSONReader.parse(WorkspaceFile.encode(.example))
    #expect(json["mruLimit"] == nil)
    #expect(json["zoomed"] == nil)
    let router = json["root"]?["children"]?[1]?["router"]
    #expect(router?.objectValue?.keys == ["kind", "stack"])
  }
}
