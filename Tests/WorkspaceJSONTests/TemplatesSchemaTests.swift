import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// `docs/templates.schema.json`, read with the package's own reader.
private let templatesSchema: JSONValue = {
  let bytes = Files.contents(packageRoot + "/docs/templates.schema.json") ?? []
  return (try? JSONReader.parse(bytes)) ?? .null
}()

@Suite struct TemplatesSchemaTests {
  private let checker = SchemaChecker(document: templatesSchema)

  /// A templates file with a template of nested tabs and splits, placeholders, a container's
  /// router and non-default router limits.
  private func richFile() throws -> JSONValue {
    var limited = RouteStack<RouteToken>(root: "flow:{id}", maxDepth: 5)
    limited.rejectsDuplicateTop = false
    let template = try WorkspaceTemplate(
      name: "dépôt", title: "{repo} {{x}}",
      root: .split(
        .vertical,
        [
          .pane("{repo}", router: RouterState(kind: "mail", stack: limited)),
          .tabs(
            [
              ("a", .pane("b", untyped: RouteToken("c"))),
              ("{id}", .pane("d", untyped: RouteToken("e"))),
            ], selected: 1
          )
          .owning(RouterState(kind: "token", stack: RouteStack(root: "tab:{repo}"))),
        ], weights: [2, 1]))
    let state = try exampleWithTemplate()
    var library = state.templates
    try library.insert(template)
    return try JSONReader.parse(TemplatesFile.encode(library))
  }

  @Test func filesTheEncoderWritesAreValid() throws {
    #expect(checker.errors(in: try richFile()) == [])
  }

  @Test func filesWithFloatingPanesAndWindowsAreValid() throws {
    let library = try TemplateLibrary([
      try FloatingWindowTemplateFormatTests.windowsTemplate(),
      try WorkspaceTemplate(
        name: "tab", title: "t", root: FloatingWindowTemplateFormatTests.floatingTree.children[0]),
    ])
    #expect(checker.errors(in: try JSONReader.parse(TemplatesFile.encode(library))) == [])
  }

  @Test func aWorkspaceFilesTemplatesAreTemplatesOfTheSchema() throws {
    let file = try JSONReader.parse(WorkspaceFile.encode(try exampleWithTemplate()))
    let templates = try #require(file["templates"])
    let wrapped = JSONValue.object(
      JSONObject(members: [
        ("format", "workspace-templates"), ("version", 1), ("templates", templates),
      ]))
    #expect(checker.errors(in: wrapped) == [])
  }

  @Test func schemaListsTheMembersTheDecoderKnows() {
    func properties(_ schema: JSONValue?) -> Set<String> {
      Set(schema?["properties"]?.objectValue?.keys ?? [])
    }
    let definitions = templatesSchema["$defs"]
    #expect(properties(templatesSchema) == ["format", "version", "templates"])
    #expect(properties(definitions?["template"]) == FormatKey.spellings(FormatKey.templateMembers))
    #expect(
      properties(definitions?["router"]) == FormatKey.spellings(FormatKey.templateRouterMembers))
  }

  @Test(arguments: [
    ("version newer", "version", JSONValue.number(3), "$.version: not one of [1,2]"),
    ("format wrong", "format", "workspace", #"$.format: expected "workspace-templates""#),
  ])
  func violations(name: String, key: String, value: JSONValue, error: String) throws {
    guard case .object(var object) = try richFile() else { return }
    object[key] = value
    #expect(checker.errors(in: .object(object)) == [error])
  }
}
