import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace
@testable import WorkspaceJSON

/// A router's quarantined tokens are saved as its `quarantined` member and read back alike
/// by both decoders; a malformed one is dropped with a diagnostic at its JSON path.
@Suite struct QuarantineFormatTests {
  /// The issue's stack, with a sheet holding an unreadable token too, repaired, after a
  /// command whose before-image holds them as well.
  private static func repaired() throws -> WorkspaceState {
    let stack = try RouteStack<RouteToken>(
      routes: ["file:a", "line:x:abc", "file:ok.swift"], modal: (.sheet, ["file:m", "bad"]))
    var state = WorkspaceState(
      .split(
        .horizontal,
        [
          .pane("Files", router: RouterState(kind: FileRoute.kind, stack: stack)),
          .pane("Other", router: RouterState(kind: "mail", stack: RouteStack(root: "x"))),
        ]))
    try state.apply(CommandParser.parse(line: "focus %2 rename Edited"))
    state.repairUnreadableRoutes(RouteRegistry([FileRoute.self]))
    return state
  }

  /// A one-pane file whose router holds `quarantined` as written.
  private static func file(quarantined: String) -> [UInt8] {
    Array(
      (#"{"format":"workspace","version":3,"root":{"id":1,"kind":"pane","title":"A","#
        + #""router":{"kind":"file","stack":["file:a"],"quarantined":"# + quarantined + "}}}")
        .utf8)
  }

  @Test func theQuarantineIsSavedAsARouterMemberAndReadBackAlikeByBothDecoders() throws {
    let state = try Self.repaired()
    let bytes = WorkspaceFile.encode(state)
    let text = String(decoding: bytes, as: UTF8.self)
    let router = try #require(
      try JSONReader.parse(bytes).objectValue?["root"]?.objectValue?["children"]?.arrayValue?
        .first?.objectValue?["router"]?.objectValue)
    #expect(
      router["quarantined"]
        == .array([
          .object(["token": .string("line:x:abc"), "stack": .number(1)]),
          .object(["token": .string("bad"), "modal": .number(1), "style": .string("sheet")]),
        ]), "\(text)")
    // The history's before-image keeps its own quarantine: saved and read back too.
    #expect(text.components(separatedBy: #""quarantined""#).count == 3, "\(text)")
    let fast = try #require(WorkspaceFile.decodeInOnePass(bytes))
    #expect(fast == state)
    let reference = try WorkspaceFile.decodeByReference(bytes)
    #expect(reference.diagnostics.isEmpty)
    #expect(reference.state == state)
    #expect(WorkspaceFile.encode(reference.state) == bytes)
    OnePassDecoderTests.expectAgreement(bytes, "repaired")
    // An undo after the load neither loses nor repeats a quarantined token.
    var loaded = fast
    try loaded.apply(.undo(count: 1))
    let quarantined = loaded.node(NodeID(2))?.router?.quarantined.map(\.description)
    #expect(
      quarantined == ["route 'line:x:abc' (stack index 1)", "route 'bad' (sheet modal index 1)"])
  }

  @Test(arguments: [
    ("3", "$.root.router.quarantined: not an array of quarantined routes; ignored", 0),
    ("[1]", "$.root.router.quarantined[0]: not an object with a token and its place; dropped", 0),
    (
      #"[{"stack":1},{"token":"ok","stack":2}]"#,
      "$.root.router.quarantined[0].token: missing or not a string; the quarantined route is"
        + " dropped", 1
    ),
    (
      #"[{"token":"","stack":1}]"#,
      "$.root.router.quarantined[0].token: malformed route token '' at offset 0: empty token;"
        + " the quarantined route is dropped", 0
    ),
    (
      #"[{"token":"x"}]"#,
      "$.root.router.quarantined[0]: needs one place, 'stack' or 'modal', an integer of at least"
        + " 0; the quarantined route 'x' is dropped", 0
    ),
    (
      #"[{"token":"x","stack":1,"modal":0}]"#,
      "$.root.router.quarantined[0]: needs one place, 'stack' or 'modal', an integer of at least"
        + " 0; the quarantined route 'x' is dropped", 0
    ),
    (
      #"[{"token":"x","stack":-1}]"#,
      "$.root.router.quarantined[0]: needs one place, 'stack' or 'modal', an integer of at least"
        + " 0; the quarantined route 'x' is dropped", 0
    ),
    (
      #"[{"token":"x","modal":0}]"#,
      "$.root.router.quarantined[0].style: missing or not 'sheet' or 'cover'; read as 'sheet'", 1
    ),
    (
      #"[{"token":"x","modal":0,"style":"popover"}]"#,
      "$.root.router.quarantined[0].style: missing or not 'sheet' or 'cover'; read as 'sheet'", 1
    ),
  ])
  func aMalformedQuarantineIsReportedAtItsJSONPath(member: String, message: String, kept: Int)
    throws
  {
    let bytes = Self.file(quarantined: member)
    #expect(WorkspaceFile.decodeInOnePass(bytes) == nil)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics.map(\.description) == [message])
    #expect(loaded.state.node(NodeID(1))?.router?.quarantined.count == kept)
    #expect(loaded.state.node(NodeID(1))?.router?.stack.stack == ["file:a"])
    OnePassDecoderTests.expectAgreement(bytes, member)
  }

  @Test func aWellFormedQuarantineIsThePlainCase() throws {
    let bytes = Self.file(
      quarantined: #"[{"style":"cover","token":"x:1","modal":3},{"stack":0,"token":"y"}]"#)
    let state = try #require(WorkspaceFile.decodeInOnePass(bytes))
    #expect(
      state.node(NodeID(1))?.router?.quarantined == [
        QuarantinedRoute("x:1", at: .modal(3), style: .cover), QuarantinedRoute("y", at: .stack(0)),
      ])
    #expect(OnePassDecoderTests.expectAgreement(bytes, "plain").isPlain)
    // An empty one (which a save leaves out) and unknown members of an entry read alike.
    for member in ["[]", #"[{"token":"y","stack":0,"since":[1,{"a":null}]}]"#] {
      let agreement = OnePassDecoderTests.expectAgreement(Self.file(quarantined: member), member)
      #expect(agreement.isOnePass && agreement.isPlain, "\(member)")
    }
  }

  @Test func aQuarantineBeyondTheLimitIsRefusedOnLoadAndSave() throws {
    let limits = WorkspaceFileLimits(
      maximumFileBytes: 64 << 20, maximumTreeDepth: 100, maximumNodes: 200_000,
      maximumStringBytes: 65_536, maximumStackDepth: 1)
    let bytes = Self.file(
      quarantined: #"[{"token":"a","stack":1},{"token":"b","stack":2},"#
        + #"{"token":"c","stack":3}]"#)
    #expect(
      throws: WorkspaceFileError.limitExceeded(
        path: "workspace.json", location: "$.root.router.quarantined", what: "quarantined routes",
        limit: 2)
    ) { try WorkspaceFile.decode(bytes, limits: limits) }
    OnePassDecoderTests.expectAgreement(bytes, limits: limits, "over the limit")
    let state = try WorkspaceFile.decode(bytes).state
    #expect(
      throws: WorkspaceFileError.saveExceedsLimit(
        path: "w.json", location: "$.root.router.quarantined", what: "quarantined routes",
        size: 3, limit: 2)
    ) { try WorkspaceFile.encode(state, path: "w.json", limits: limits) }
  }
}
