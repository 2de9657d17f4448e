import Testing
import Workspace
import WorkspaceJSON

/// A node's before-image in the saved history keeps exactly what the tree keeps: members this
/// version does not understand survive save, load and undo (found by `Fuzz/FuzzWorkspaceLoader`).
@Suite struct HistoryUnknownMembersTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The node, as the child beside pane 3 in a horizontal split.
    let node: String
    /// Commands that change the node, so the history stores its before-image.
    let commands: [WorkspaceCommand]
  }

  static let cases: [Case] = [
    Case(
      testDescription: "unknown kind with a title and a router",
      node: #"{"id":2,"kind":"gadget","title":"Kept","router":{"kind":"token","stack":["a"]}}"#,
      commands: [.move(.down)]),
    Case(
      testDescription: "pane with members named like other kinds' fields",
      node: #"""
        {"id":2,"kind":"pane","title":"P","parent":99,"axis":"diagonal","active":4,"weights":[1],\#
        "titles":["t"],"children":[7],"router":{"kind":"token","stack":["a"]}}
        """#,
      commands: [.focus(.pane(.id(NodeID(2)))), .rename("Renamed")]),
    Case(
      testDescription: "split with a title member",
      node: #"""
        {"id":2,"kind":"split","axis":"vertical","title":"T","weights":[0.5,0.5],"children":[\#
        {"id":4,"kind":"pane","router":{"kind":"token","stack":["b"]}},\#
        {"id":5,"kind":"pane","router":{"kind":"token","stack":["c"]}}]}
        """#,
      commands: [.focus(.pane(.id(NodeID(4)))), .resize(.down, amount: 0.1)]),
  ]

  @Test(arguments: cases) func beforeImageRoundTrips(_ test: Case) throws {
    let file = #"""
      {"format":"workspace","version":1,"root":{"id":1,"kind":"split","axis":"horizontal",\#
      "active":1,"weights":[0.5,0.5],"children":[\#(test.node),\#
      {"id":3,"kind":"pane","title":"Three","router":{"kind":"token","stack":["p"]}}]}}
      """#
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(loaded.diagnostics == [])
    var state = loaded.state
    try state.apply(test.commands)
    #expect(state.history.undoEntries.count == 1)

    let saved = WorkspaceFile.encode(state)
    let reloaded = try WorkspaceFile.decode(saved)
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == state)
    let resaved = WorkspaceFile.encode(reloaded.state)
    #expect(String(decoding: resaved, as: UTF8.self) == String(decoding: saved, as: UTF8.self))

    var undone = reloaded.state
    try undone.apply(.undo())
    #expect(undone.node(NodeID(2)) == loaded.state.node(NodeID(2)))
  }
}

/// A duplicate key among the members a node keeps is reported once, on the first load: the
/// save keeps only the last value, the one lookups use (found by `Fuzz/FuzzWorkspaceLoader`).
@Suite struct DuplicateUnknownMembersTests {
  @Test func duplicateKeptMembersAreSavedOnce() throws {
    let file = #"""
      {"format":"workspace","version":1,"x":1,"x":2,"root":{"id":1,"kind":"split",\#
      "axis":"horizontal","weights":[0.5,0.5],"children":[\#
      {"id":2,"kind":"gadget","title":"dup","title":"keys","extra":[]},\#
      {"id":3,"kind":"pane","note":1,"note":{},"router":{"kind":"token","stack":["p"]}}]}}
      """#
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(
      loaded.diagnostics.map(\.location) == [
        "$.x", "$.root.children[0].title", "$.root.children[1].note",
      ])
    let saved = WorkspaceFile.encode(loaded.state)
    let reloaded = try WorkspaceFile.decode(saved)
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == loaded.state)
    let text = String(decoding: saved, as: UTF8.self)
    #expect(text.contains(#""title": "keys""#) && !text.contains(#""title": "dup""#))
    #expect(text.contains(#""note": {}"#) && text.contains(#""x": 2"#))
  }
}

/// Closing a pane whose split then collapses into a node of an unknown kind moves the active
/// child of every container above off that branch, which holds no pane (found by
/// `Fuzz/FuzzWorkspaceLoader`).
@Suite struct CloseBesideUnknownNodeTests {
  @Test func activeChildrenStillLeadToPanes() throws {
    // Tab 1: a split of [a split of [gadget, pane 4], pane 9]; tab 2: pane 5, used before 4.
    let file = #"""
      {"format":"workspace","version":1,"focus":4,"mru":[4,5],"root":{"id":1,"kind":"tabs",\#
      "titles":["One","Two"],"children":[{"id":2,"kind":"split","axis":"horizontal",\#
      "weights":[0.5,0.5],"children":[{"id":7,"kind":"split","axis":"vertical","active":1,\#
      "weights":[0.5,0.5],"children":[{"id":3,"kind":"gadget"},\#
      {"id":4,"kind":"pane","router":{"kind":"token","stack":["a"]}}]},\#
      {"id":9,"kind":"pane","router":{"kind":"token","stack":["b"]}}]},\#
      {"id":5,"kind":"pane","router":{"kind":"token","stack":["c"]}}]}}
      """#
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(loaded.diagnostics == [])
    var state = loaded.state
    try state.apply(.close())
    #expect(state.invariantViolations() == [])
    // Focus stays in the closed pane's tab (pane 9), though pane 5 was used more recently.
    #expect(state.focusedPane == NodeID(9))
    #expect(state.node(NodeID(2))?.activeChild == NodeID(9))
    let reloaded = try WorkspaceFile.decode(WorkspaceFile.encode(state))
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == state)
  }
}

/// Undo and redo of a stored history entry whose most-recently-used list repeats a pane or
/// exceeds the limit leave a valid list (found by `Fuzz/FuzzWorkspaceLoader`).
@Suite struct StoredHistoryFocusTests {
  @Test(arguments: ["[3,2,3,2]", "[2,3,2]"])
  func redoSettlesTheList(_ mru: String) throws {
    let file = #"""
      {"format":"workspace","version":1,"focus":2,"mru":[2],"mruLimit":1,"root":{"id":1,\#
      "kind":"split","axis":"horizontal","weights":[0.5,0.5],"children":[\#
      {"id":2,"kind":"pane","title":"A","router":{"kind":"token","stack":["a"]}},\#
      {"id":3,"kind":"pane","title":"B","router":{"kind":"token","stack":["b"]}}]},\#
      "history":{"limit":100,"undo":[],"redo":[{"label":"rename A","root":1,"mru":\#(mru),\#
      "nodes":[{"id":2,"node":{"id":2,"parent":1,"kind":"pane","title":"Z",\#
      "router":{"kind":"token","stack":["a"]}}}]}]}}
      """#
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(loaded.diagnostics == [])
    var state = loaded.state
    try state.apply(.redo())
    #expect(state.invariantViolations() == [])
    #expect(state.node(NodeID(2))?.title == "Z")
    try state.apply(.undo())
    #expect(state.invariantViolations() == [])
  }
}

/// Ids above 2^53 - 1 and a `nextId` above 2^53 are refused on load, so every id a file holds
/// is an exact JSON number and a save loads back unchanged (found by
/// `Fuzz/FuzzWorkspaceLoader`).
@Suite struct LargeIDTests {
  static func file(id: String, nextID: String) -> [UInt8] {
    Array(
      #"""
      {"format":"workspace","version":1,"nextId":\#(nextID),"root":{"id":\#(id),"kind":"pane",\#
      "router":{"kind":"token","stack":["a"]}}}
      """#.utf8)
  }

  @Test(arguments: [
    ("1", "69999999999999999", "$.nextId"), ("1", "9007199254740994", "$.nextId"),
    ("1152921504606846976", "2", "$.root.id"), ("9007199254740992", "2", "$.root.id"),
  ])
  func tooLargeIsRepaired(id: String, nextID: String, location: String) throws {
    let loaded = try WorkspaceFile.decode(Self.file(id: id, nextID: nextID))
    #expect(loaded.diagnostics.map(\.location) == [location])
    var state = loaded.state
    try state.apply([.split(.horizontal), .split(.vertical)])
    let reloaded = try WorkspaceFile.decode(WorkspaceFile.encode(state))
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == state)
  }

  /// A refused id is quoted as the file writes it, never as the nearest `Double`, with why.
  @Test(arguments: [
    ("9223372036854775806", "id 9223372036854775806 is above 2^53 - 1"),
    ("9007199254740993", "id 9007199254740993 is above 2^53 - 1"),
    ("9007199254740992", "id 9007199254740992 is above 2^53 - 1"),
    ("123456789012345678901234567890", "id 123456789012345678901234567890 is above 2^53 - 1"),
    ("-9007199254740993", "id -9007199254740993 is not positive"),
    ("1.5", "id 1.5 is not an integer"),
  ])
  func aRefusedIdIsQuotedAsWritten(id: String, reason: String) throws {
    let loaded = try WorkspaceFile.decode(Self.file(id: id, nextID: "2"))
    let suffix = reason.hasSuffix("2^53 - 1") ? ", the largest id a JSON number holds exactly" : ""
    #expect(
      loaded.diagnostics
        == [Diagnostic(location: "$.root.id", message: "\(reason)\(suffix); given the fresh id 1")])
  }

  @Test(arguments: [
    ("9007199254740991", "9007199254740992", [WorkspaceCommand]()),
    ("9007199254740989", "9007199254740990", [.split(.horizontal)]),
  ])
  func largestAreKept(id: String, nextID: String, commands: [WorkspaceCommand]) throws {
    let loaded = try WorkspaceFile.decode(Self.file(id: id, nextID: nextID))
    #expect(loaded.diagnostics == [])
    #expect(loaded.state.rootID == NodeID(Int(id)!))
    var state = loaded.state
    try state.apply(commands)
    #expect(state.nextID == 1 << 53)
    let reloaded = try WorkspaceFile.decode(WorkspaceFile.encode(state))
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == state)
  }
}

/// Repairing a file where a split with one child collapses, or an empty split is removed, in
/// a parent split whose stored weights do not fit its children (found by
/// `Fuzz/FuzzWorkspaceLoader`; both trapped).
@Suite struct CollapseIntoUnrepairedParentTests {
  @Test func emptyChildRemoved() throws {
    let file = #"""
      {"format":"workspace","version":1,"root":{"id":1,"kind":"split","axis":"horizontal",\#
      "weights":[1],"children":[{"id":2,"kind":"split","axis":"vertical","children":[]},\#
      {"id":3,"kind":"split","axis":"horizontal","weights":[0.5,0.5],"children":[\#
      {"id":4,"kind":"pane","router":{"kind":"token","stack":["a"]}},\#
      {"id":5,"kind":"pane","router":{"kind":"token","stack":["b"]}}]},\#
      {"id":6,"kind":"pane","router":{"kind":"token","stack":["c"]}}]}}
      """#
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(loaded.state.invariantViolations() == [])
    #expect(loaded.state.root.children == [NodeID(4), NodeID(5), NodeID(6)])
    #expect(loaded.state.root.weights == [0.25, 0.25, 0.5])
    #expect(
      loaded.diagnostics.map(\.message) == [
        "1 weight for 3 children; normalised", "%2: empty container removed",
      ])
  }

  @Test func collapsedChild() throws {
    let file = #"""
      {"format":"workspace","version":1,"root":{"id":1,"kind":"split","axis":"horizontal",\#
      "weights":[1],"children":[{"id":2,"kind":"split","axis":"vertical","weights":[1],\#
      "children":[{"id":3,"kind":"split","axis":"horizontal","weights":[0.25,0.75],"children":[\#
      {"id":4,"kind":"pane","router":{"kind":"token","stack":["a"]}},\#
      {"id":5,"kind":"pane","router":{"kind":"token","stack":["b"]}}]}]},\#
      {"id":6,"kind":"pane","router":{"kind":"token","stack":["c"]}}]}}
      """#
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(loaded.state.invariantViolations() == [])
    #expect(loaded.state.root.children == [NodeID(4), NodeID(5), NodeID(6)])
    #expect(loaded.state.root.weights == [0.125, 0.375, 0.5])
    #expect(
      loaded.diagnostics.map(\.message) == [
        "1 weight for 2 children; normalised", "%2: split with one child collapsed into it",
      ])
    let reloaded = try WorkspaceFile.decode(WorkspaceFile.encode(loaded.state))
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == loaded.state)
  }
}

/// A stored history whose before-image gives a node another kind is dropped: undoing it after
/// a focus change left an active child without panes (found by `Fuzz/FuzzWorkspaceLoader`).
@Suite struct HistoryKindTests {
  @Test func imageOfAnotherKindDropsTheHistory() throws {
    let file = #"""
      {"format":"workspace","version":1,"focus":2,"mru":[2],"root":{"id":1,"kind":"split",\#
      "axis":"horizontal","weights":[0.5,0.5],"children":[\#
      {"id":2,"kind":"pane","router":{"kind":"token","stack":["a"]}},\#
      {"id":3,"kind":"pane","router":{"kind":"token","stack":["b"]}}]},\#
      "history":{"limit":100,"undo":[{"label":"rename X","root":1,"mru":[2],"nodes":[\#
      {"id":3,"node":{"id":3,"parent":1,"kind":"gadget"}}]}],"redo":[]}}
      """#
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(
      loaded.diagnostics.map(\.description) == [
        "$.history: history does not match the tree; history dropped"
      ])
    var state = loaded.state
    try state.apply(.focus(.pane(.id(NodeID(3)))))
    #expect(throws: WorkspaceError.nothingToUndo) { try state.apply(.undo()) }
    #expect(state.invariantViolations() == [])
  }
}
