import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

extension Fixture {
  /// A file written by a newer host: extra members at every level, a node kind and a router kind
  /// this version does not know. Known members come first, in the encoder's order.
  ///
  ///     tabs %1 (own router; extras)
  ///       split %2 horizontal (extras)
  ///         pane %3 "Inbox" (extras; router and modal with extras)
  ///         webview %6 (unknown kind)
  ///       pane %4 "Calendar" (router of the unregistered kind "calendar")
  static let lossless: JSONValue = [
    "format": "workspace",
    "version": 3,
    "nextId": 7,
    "focus": 3,
    "mru": [3, 4],
    "root": [
      "id": 1,
      "kind": "tabs",
      "active": 0,
      "titles": ["Mail", "Calendar"],
      "router": ["kind": "token", "stack": ["workspace"], "x-sync": ["peer": "ipad"]],
      "children": [
        [
          "id": 2,
          "kind": "split",
          "axis": "horizontal",
          "active": 0,
          "weights": [0.75, 0.25],
          "children": [
            [
              "id": 3,
              "kind": "pane",
              "title": "Inbox",
              "router": [
                "kind": "mail",
                "stack": ["inbox", "thread:42"],
                "modal": ["style": "sheet", "stack": ["compose"], "detent": "medium"],
                "scroll": ["y": 120.5, "anchor": .null],
              ],
              "icon": "📬",
              "badges": [1, 2, ["nested": [true, false]]],
            ],
            [
              "id": 6,
              "kind": "webview",
              "title": "Docs",
              "url": "https://example.com/?q=\"quoted\"",
              "router": ["kind": "web", "history": ["a", "b"]],
              "children": [1, 2, 3],
              "zoom": 1.25,
            ],
          ],
          "gap": 4,
        ],
        [
          "id": 4,
          "kind": "pane",
          "title": "Calendar",
          "router": [
            "kind": "calendar",
            "stack": ["month:2024-05", "day:2024-05-17", "event:9f3a"],
            "maxDepth": 12,
            "rejectsDuplicateTop": false,
          ],
        ],
      ],
      "pinned": true,
    ],
    "history": ["limit": 100, "undo": [], "redo": []],
    "theme": ["dark": true, "accent": [1, 2.5, "x"]],
    "x-host": .null,
  ]
}

/// The file as the writer prints it: exactly the bytes the encoder must reproduce.
private let fileBytes = JSONWriter.write(Fixture.lossless)

/// The members of the object at a path in `value` that the decoder does not know, in order.
private func extras(_ value: JSONValue?, known: Set<String>) -> [String] {
  guard case .object(let object)? = value else { return [] }
  return object.members.filter { !known.contains($0.key) }.map {
    "\($0.key)=\(JSONWriter.string($0.value, style: .compact))"
  }
}

/// The node with an id anywhere in a file's nested tree.
private func node(_ id: Int, in value: JSONValue?) -> JSONValue? {
  guard let value else { return nil }
  if value["id"] == .number(Double(id)), value["kind"] != nil { return value }
  guard value["kind"] == "split" || value["kind"] == "tabs" else { return nil }
  for child in value["children"]?.arrayValue ?? [] {
    if let found = node(id, in: child) { return found }
  }
  return nil
}

/// Whether the unknown members of an object come after all its known ones.
private func extrasFollowKnownMembers(_ value: JSONValue?, known: Set<String>) -> Bool {
  guard case .object(let object)? = value else { return false }
  let isKnown = object.members.map { known.contains($0.key) }
  return !zip(isKnown, isKnown.dropFirst()).contains { !$0 && $1 }
}

private let paneKeys: Set<String> = ["id", "kind", "title", "router"]
private let splitKeys: Set<String> = [
  "id", "kind", "axis", "active", "weights", "router", "children",
]
private let tabsKeys: Set<String> = ["id", "kind", "active", "titles", "router", "children"]
private let routerKeys: Set<String> = ["kind", "stack", "modal", "maxDepth", "rejectsDuplicateTop"]

/// The commands each lossless test applies before saving, each on its own.
private let commands: [WorkspaceCommand] = [
  .route(.push(["thread:43"])),
  .split(.vertical),
  .split(.horizontal, ratio: 0.3),
  .newTab(title: "New"),
  .rename("Renamed"),
  .route(.dismiss),
  .route(.push(["day:2024-05-18"]), at: NodeID(4)),
  .focus(.pane(.id(NodeID(4)))),
  .zoom,
  .resize(.right, amount: 0.1),
  .equalize,
  .swap(.pane(.id(NodeID(4)))),
  .close(.id(NodeID(3))),
]

@Suite struct LosslessTests {
  @Test func unknownMembersRoundTripByteForByte() throws {
    let loaded = try WorkspaceFile.decode(fileBytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state.invariantViolations() == [])
    #expect(WorkspaceFile.encode(loaded.state) == fileBytes)
  }

  @Test(arguments: [
    #"{"x-note": "A", "x-list": [1, 2.5, true, null, {"k": "v"}]}"#,
    #"{ "x-note" : "\u0041" , "x-list" : [ 1.0, 25e-1, true, null, { "k" : "\u0076" } ] }"#,
  ])
  func keptMembersAreTheValuesRead(spelling: String) throws {
    // Kept members are decoded once, at load: spelled differently, the same values compare
    // equal, and a save writes them from the values, as the decoder read them.
    let extras = try JSONReader.parse(Array(spelling.utf8))
    guard case .object(var file) = try JSONReader.parse(fileBytes),
      case .object(let members) = extras
    else {
      Issue.record("unexpected shape")
      return
    }
    file.members += members.members
    let state = try WorkspaceFile.decode(JSONWriter.write(.object(file))).state
    #expect(state.unknownMembers.jsonMembers.map(\.key).suffix(2) == ["x-note", "x-list"])
    #expect(state.unknownMembers.jsonMembers.suffix(2).map(\.value) == members.values)
    let saved = try JSONReader.parse(WorkspaceFile.encode(state))
    #expect(saved["x-note"] == "A")
    #expect(saved["x-list"] == [1, 2.5, true, .null, ["k": "v"]])
  }

  @Test func unknownNodeAndRouterKindsAreKeptAsTheyAre() throws {
    let state = try WorkspaceFile.decode(fileBytes).state
    #expect(state.node(NodeID(6))?.kind == .unknown("webview"))
    #expect(state.node(NodeID(6))?.router == nil)
    #expect(state.node(NodeID(6))?.title == "")
    #expect(state.node(NodeID(4))?.router?.kind == "calendar")
    #expect(
      state.node(NodeID(4))?.router?.stack.stack == [
        "month:2024-05", "day:2024-05-17", "event:9f3a",
      ])
    #expect(state.node(NodeID(4))?.router?.stack.rejectsDuplicateTop == false)
    #expect(state.node(NodeID(4))?.router?.stack.maxDepth == 12)
  }

  @Test(arguments: commands)
  func unknownMembersSurviveACommand(_ command: WorkspaceCommand) throws {
    var state = try WorkspaceFile.decode(fileBytes).state
    try state.apply(command)
    #expect(state.invariantViolations() == [])
    let saved = try JSONReader.parse(WorkspaceFile.encode(state))
    let topKeys = FormatKey.spellings(FormatKey.topLevelMembers)
    #expect(extras(saved, known: topKeys) == extras(Fixture.lossless, known: topKeys))
    #expect(extrasFollowKnownMembers(saved, known: topKeys))
    let before = Fixture.lossless["root"]
    let after = saved["root"]
    for (id, keys) in [(1, tabsKeys), (2, splitKeys), (3, paneKeys), (4, paneKeys)] {
      guard let stored = node(id, in: after) else { continue }  // closed by the command
      #expect(extras(stored, known: keys) == extras(node(id, in: before), known: keys), "%\(id)")
      #expect(extrasFollowKnownMembers(stored, known: keys), "%\(id)")
      #expect(
        extras(stored["router"], known: routerKeys)
          == extras(node(id, in: before)?["router"], known: routerKeys), "%\(id)")
    }
    #expect(node(6, in: after) == node(6, in: before))
    if let modal = node(3, in: after)?["router"]?["modal"] {
      let modalKeys: Set<String> = ["style", "stack"]
      #expect(
        extras(modal, known: modalKeys)
          == extras(node(3, in: before)?["router"]?["modal"], known: modalKeys))
    }
    let reloaded = try WorkspaceFile.decode(WorkspaceFile.encode(state))
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state == state)
  }

  @Test func historyTouchingAnUnknownNodeSurvivesAndUndoes() throws {
    var state = try WorkspaceFile.decode(fileBytes).state
    // Closing the inbox collapses its split into the webview, whose parent changes: the
    // history entry holds an image of the unknown node.
    try state.apply(.close(.id(NodeID(3))))
    #expect(state.node(NodeID(2)) == nil)
    #expect(state.node(NodeID(6))?.parent == NodeID(1))
    let reloaded = try WorkspaceFile.decode(WorkspaceFile.encode(state))
    #expect(reloaded.diagnostics == [])
    #expect(reloaded.state.history == state.history)
    var undone = reloaded.state
    try undone.apply(.undo())
    #expect(WorkspaceFile.encode(undone) != fileBytes)  // the history now holds a redo entry
    #expect(undone.node(NodeID(6)) == (try WorkspaceFile.decode(fileBytes)).state.node(NodeID(6)))
    #expect(undone.invariantViolations() == [])
  }

  @Test func membersOfADismissedModalDoNotReappearOnTheNext() throws {
    var state = try WorkspaceFile.decode(fileBytes).state
    try state.apply([.route(.dismiss), .route(.present("attach", style: .cover))])
    #expect(state.node(NodeID(3))?.router?.modalUnknownMembers.isEmpty == true)
    #expect(state.node(NodeID(3))?.router?.unknownMembers.isEmpty == false)
    let saved = try JSONReader.parse(WorkspaceFile.encode(state))
    #expect(
      node(3, in: saved["root"])?["router"]?["modal"] == ["style": "cover", "stack": ["attach"]])
    try state.apply(.undo())
    #expect(WorkspaceFile.encode(state) != fileBytes)  // a redo entry now
    #expect(
      state.node(NodeID(3))?.router
        == (try WorkspaceFile.decode(fileBytes)).state.node(NodeID(3))?.router)
  }

  @Test func unknownMembersOfHistoryEntriesAreDropped() throws {
    var state = try WorkspaceFile.decode(fileBytes).state
    try state.apply(.rename("Renamed"))
    guard case .object(var object) = try JSONReader.parse(WorkspaceFile.encode(state)),
      case .object(var history)? = object["history"],
      case .array(var undo)? = history["undo"], case .object(var entry) = undo[0]
    else {
      Issue.record("unexpected shape")
      return
    }
    entry["x-author"] = "someone"
    undo[0] = .object(entry)
    history["undo"] = .array(undo)
    history["x-note"] = true
    object["history"] = .object(history)
    let loaded = try WorkspaceFile.decode(JSONWriter.write(.object(object)))
    #expect(loaded.diagnostics == [])
    #expect(loaded.state.history == state.history)
    #expect(WorkspaceFile.encode(loaded.state) == WorkspaceFile.encode(state))
  }

  @Test func unknownMembersMoveAfterTheKnownOnes() throws {
    let shuffled: JSONValue = [
      "x-first": 1,
      "format": "workspace",
      "version": 3,
      "root": [
        "note": "before id", "id": 1, "kind": "pane", "title": "A",
        "router": ["extra": [], "kind": "token", "stack": ["a"]],
      ],
    ]
    let loaded = try WorkspaceFile.decode(JSONWriter.write(shuffled))
    #expect(loaded.diagnostics == [])
    let saved = try JSONReader.parse(WorkspaceFile.encode(loaded.state))
    #expect(saved.objectValue?.keys.last == "x-first")
    #expect(saved["root"]?.objectValue?.keys == ["id", "kind", "title", "router", "note"])
    #expect(saved["root"]?["router"]?.objectValue?.keys == ["kind", "stack", "extra"])
  }

  @Test(arguments: [
    ("search:caf%C3%A9", "search:caf%C3%A9"),
    ("search:café", "search:caf%C3%A9"),
    ("detail:%37", "detail:7"),
    ("mail:a@b", "mail:a%40b"),
    ("x.y-z_1:~:", "x.y-z_1:~:"),
  ])
  func tokensAreSavedInCanonicalForm(stored: String, saved: String) throws {
    let bytes = Fixture.file(
      root: Fixture.base(
        split: Fixture.split(
          2, [Fixture.pane(3, "A", stack: ["a", stored]), Fixture.pane(4, "B", stack: ["b"])])))
    let state = try WorkspaceFile.decode(bytes).state
    let json = try JSONReader.parse(WorkspaceFile.encode(state))
    let stack = node(3, in: json["root"])?["router"]?["stack"]
    #expect(stack == .array(["a", .string(saved)]))
    #expect(try WorkspaceFile.decode(WorkspaceFile.encode(state)).state == state)
  }
}
