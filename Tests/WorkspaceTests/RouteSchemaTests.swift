import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// The route schema a host publishes: what its registry describes, a registry made from it
/// that refuses what the types refuse, and a workspace that carries it in its state.
@MainActor
@Suite struct RouteSchemaTests {
  enum PreferenceRoute: String, Route, CaseIterable {
    case general, keys
    static let kind = "preferences"
  }

  static let registry = RouteRegistry(
    [Described<FileRoute>.self, PreferenceRoute.self, NoteRoute.self],
    default: Described<FileRoute>.self)

  @Test func theSchemaHoldsTheDescribedKindsAndTheDefault() {
    let schema = Self.registry.schema
    #expect(schema.kinds.keys.sorted() == ["file", "preferences"])
    #expect(schema.kinds["file"]?.map(\.description) == ["file:String", "line:String:Int"])
    #expect(schema.kinds["preferences"]?.map(\.description) == ["general", "keys"])
    #expect(schema.defaultKind == "file")
    // NoteRoute does not describe its routes: not in the schema, so unchecked from it.
    #expect(schema.shapes(of: NoteRoute.kind) == nil)
    #expect(schema.shapes(of: RouteToken.kind) == schema.kinds["file"])
  }

  @Test func aDefaultThatDescribesNothingIsLeftOut() {
    let schema = RouteRegistry([PreferenceRoute.self], default: NoteRoute.self).schema
    #expect(schema.defaultKind == nil)
    #expect(RouteRegistry().schema.isEmpty)
    #expect(RouteRegistry([NoteRoute.self]).schema.isEmpty)
  }

  /// Tokens of every sort, against every kind: the schema's registry refuses exactly what
  /// the types' registry refuses, for the described kinds and untyped routers.
  @Test func aRegistryFromTheSchemaRefusesWhatTheTypesRefuse() throws {
    let fromSchema = RouteRegistry(schema: Self.registry.schema)
    let tokens: [RouteToken] = [
      "file:a", "file:Sources%2Fmain.swift", "file", "file:a:b", "line:a:1", "line:a:x",
      "line:a", "general", "keys", "keys:1", "nope", "note:1", "list",
    ]
    for kind in ["file", "preferences", RouteToken.kind] {
      for token in tokens {
        let typed = Self.registry.problem(reading: token, kind: kind)
        let described = fromSchema.problem(reading: token, kind: kind)
        #expect((typed == nil) == (described == nil), "\(token) as \(kind)")
      }
    }
    // An undescribed kind keeps any token, as it would with no registry.
    #expect(fromSchema.problem(reading: "note:abc", kind: NoteRoute.kind) == nil)
    #expect(!fromSchema.isRegistered(kind: NoteRoute.kind))
    #expect(fromSchema.defaultKind == "file")
  }

  @Test func theSchemasReasonNamesTheArgument() {
    let schema = Self.registry.schema
    #expect(
      schema.problem(reading: "line:a:x", kind: "file")
        == "file route 'line:a:x': argument 2 'x' is not an Int (line takes 2 arguments "
        + "(String, Int))")
    #expect(
      schema.problem(reading: "nope", kind: "preferences") == "unknown preferences route 'nope'")
    // An untyped router is read as the default kind, and named so.
    #expect(schema.problem(reading: "nope", kind: RouteToken.kind) == "unknown file route 'nope'")
    #expect(schema.problem(reading: "anything", kind: "other") == nil)
  }

  @Test func aKindDescribedWithNoRoutesRefusesEveryTokenAndMessagesNameTheReadingKind() {
    let schema = RouteSchema(kinds: ["empty": [], "file": [RouteShape("file", String.self)]])
    #expect(schema.problem(reading: "a", kind: "empty") == "unknown empty route 'a'")
    // Without a default kind, untyped routers are not described, so unchecked.
    #expect(schema.problem(reading: "a", kind: RouteToken.kind) == nil)
    #expect(schema.readingKind(of: RouteToken.kind) == RouteToken.kind)
    #expect(Self.registry.schema.readingKind(of: RouteToken.kind) == "file")
    #expect(Self.registry.schema.readingKind(of: "preferences") == "preferences")
  }

  @Test func aWorkspaceCarriesItsRouteTypesSchemaInItsState() throws {
    let state = WorkspaceState(.pane("Main", root: Described(FileRoute.file("a"))))
    #expect(state.routeSchema.isEmpty)
    let workspace = Workspace(state, routeTypes: Self.registry)
    #expect(workspace.state.routeSchema == Self.registry.schema)
    // Commands, undo and states the host brings in keep it.
    try workspace.apply(.split(.horizontal, root: Described(FileRoute.file("b"))))
    try workspace.undo()
    #expect(workspace.state.routeSchema == Self.registry.schema)
    workspace.replaceState(state)
    #expect(workspace.state.routeSchema == Self.registry.schema)
    #expect(workspace.state.invariantViolations() == [])
    // A host without described types keeps the state's own.
    var published = state
    published.routeSchema = Self.registry.schema
    #expect(Workspace(published).state.routeSchema == Self.registry.schema)
    #expect(Workspace(published, routeTypes: RouteRegistry([NoteRoute.self])).state == published)
  }

  @Test func aDraftCheckedByTheSchemaRefusesByNameAndChangesNothing() throws {
    var state = WorkspaceState(.pane("Main", untyped: "file:a"))
    state.routeSchema = Self.registry.schema
    var draft = WorkspaceDraft(state, routeTypes: RouteRegistry(schema: state.routeSchema))
    var failedIndex: Int?
    #expect(
      throws: WorkspaceError.refusedRoute(
        "line:a:x", node: NodeID(1),
        reason: "file route 'line:a:x': argument 2 'x' is not an Int (line takes 2 arguments "
          + "(String, Int))")
    ) {
      try draft.apply(CommandParser.parse(line: "push line:a:x"), failedIndex: &failedIndex)
    }
    #expect(draft.state == state)
    try draft.apply(
      CommandParser.parse(line: "push line:a:3 split h preferences/keys"), failedIndex: &failedIndex
    )
    #expect(draft.state.node(draft.state.focusedPane)?.router?.kind == "preferences")
    #expect(draft.state.invariantViolations() == [])
  }
}
