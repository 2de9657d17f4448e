import Foundation
import PaneRouter
import Testing
import Workspace

@testable import WorkspaceJSON

/// The published route schema in a workspace file: written under `routeTypes`, read back alike
/// on both decoding paths, advice that is dropped in part with a diagnostic when malformed.
@Suite struct RouteSchemaFormatTests {
  static let schema = RouteSchema(
    kinds: [
      "files": [RouteShape("file", String.self), RouteShape("line", String.self, Int.self)],
      "settings": [RouteShape("general"), RouteShape("accounts")],
    ], defaultKind: "files")

  static func state(_ schema: RouteSchema = schema) -> WorkspaceState {
    var state = WorkspaceState(
      .pane("Main", router: RouterState(kind: "files", stack: RouteStack(root: "file:a"))))
    state.routeSchema = schema
    return state
  }

  @Test func theSchemaIsWrittenUnderRouteTypesAndReadBackOnBothPaths() throws {
    let bytes = WorkspaceFile.encode(Self.state())
    let file = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    let routeTypes = try #require(file["routeTypes"] as? [String: Any])
    #expect(routeTypes["default"] as? String == "files")
    #expect(
      routeTypes["kinds"] as? [String: [String]] == [
        "files": ["file:String", "line:String:Int"], "settings": ["general", "accounts"],
      ])
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state.routeSchema == Self.schema)
    #expect(loaded.state == Self.state())
    let agreement = OnePassDecoderTests.expectAgreement(bytes, "a published schema")
    #expect(agreement.isOnePass)
    #expect(WorkspaceFile.decodeInOnePass(bytes)?.routeSchema == Self.schema)
  }

  @Test func withoutASchemaTheFileIsAsBefore() throws {
    let bytes = WorkspaceFile.encode(Self.state(RouteSchema()))
    #expect(!String(decoding: bytes, as: UTF8.self).contains("routeTypes"))
  }

  @Test func membersThisVersionDoesNotKnowAreKept() throws {
    let bytes = Fixture.file(
      root: Fixture.pane(3, "A", stack: ["a"]), nextID: 4, focus: 3, mru: "[3]",
      extra: #", "routeTypes": {"kinds": {"k": ["a", "b:Int"]}, "future": [1, 2]}"#)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state.routeSchema.kinds == ["k": [RouteShape("a"), RouteShape("b", Int.self)]])
    let again = try WorkspaceFile.decode(WorkspaceFile.encode(loaded.state))
    #expect(
      String(decoding: WorkspaceFile.encode(again.state), as: UTF8.self).contains(#""future""#))
    #expect(again.state == loaded.state)
    OnePassDecoderTests.expectAgreement(bytes, "kept members")
  }

  @Test(arguments: [
    (#"[1]"#, "$.routeTypes", "not an object of route types; ignored", [String]()),
    (#"{"kinds": []}"#, "$.routeTypes.kinds", "not an object of kinds; ignored", []),
    (#"{"kinds": {"k": "a"}}"#, "$.routeTypes.kinds.k", "not an array of routes; kind ignored", []),
    (
      #"{"kinds": {"k": ["a", 7], "j": ["x"]}}"#, "$.routeTypes.kinds.k[1]",
      "not a string such as 'line:String:Int'; kind ignored", ["j"]
    ),
    (
      #"{"kinds": {"k": ["a", "9b"], "j": ["x"]}}"#, "$.routeTypes.kinds.k[1]",
      "malformed route token '9b' at offset 0: '9' cannot appear in a route name here; kind ignored",
      ["j"]
    ),
    (
      #"{"kinds": {"odd key": ["a", "a:Int"]}}"#, #"$.routeTypes.kinds["odd key"][1]"#,
      "route 'a' described twice; kind ignored", []
    ),
    (
      #"{"kinds": {"k": ["a"]}, "default": "j"}"#, "$.routeTypes.default",
      "'j' is not a kind of the schema; ignored", ["k"]
    ),
    (
      #"{"kinds": {"k": ["a"]}, "default": 1}"#, "$.routeTypes.default", "not a string; ignored",
      ["k"]
    ),
  ])
  func aMalformedPartIsDroppedWithItsPathAndTheRestIsRead(
    routeTypes: String, location: String, message: String, kept: [String]
  ) throws {
    let bytes = Fixture.file(
      root: Fixture.pane(3, "A", stack: ["a"]), nextID: 4, focus: 3, mru: "[3]",
      extra: #", "routeTypes": "# + routeTypes)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [Diagnostic(location: location, message: message)])
    #expect(loaded.state.routeSchema.kinds.keys.sorted() == kept)
    #expect(loaded.state.invariantViolations() == [])
    OnePassDecoderTests.expectAgreement(bytes, routeTypes)
  }
}
