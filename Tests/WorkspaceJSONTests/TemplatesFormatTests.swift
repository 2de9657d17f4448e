import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// The example workspace with the template `mail` (its active tab, routes `inbox:{project}`)
/// saved.
func exampleWithTemplate() throws -> WorkspaceState {
  var state = WorkspaceState.example
  try state.apply([
    .rename("{project} inbox"),
    .route(.replace([RouteToken(name: "inbox", arguments: ["{project}"])])),
    .saveTemplate("mail"),
  ])
  return state
}

/// The bytes of a templates file whose `templates` array is `templates` (JSON text).
private func templatesFile(_ templates: String, version: String = "1") -> [UInt8] {
  Array(
    #"{"format": "workspace-templates", "version": \#(version), "templates": \#(templates)}"#.utf8)
}

/// A valid template object's text, with `root` as its tree.
private func templateText(name: String = "t", root: String = samplePane) -> String {
  #"{"name": "\#(name)", "title": "T", "root": \#(root)}"#
}

/// Limits small enough for a test file to break.
private func smallLimits(fileBytes: Int, depth: Int, nodes: Int, strings: Int)
  -> WorkspaceFileLimits
{
  WorkspaceFileLimits(
    maximumFileBytes: fileBytes, maximumTreeDepth: depth, maximumNodes: nodes,
    maximumStringBytes: strings, maximumStackDepth: 10)
}

private let samplePane =
  #"{"kind": "pane", "title": "{p}", "router": {"kind": "token", "root": "a:{p}"}}"#

@Suite struct TemplatesFormatTests {
  @Test func templatesRoundTripThroughTheWorkspaceFile() throws {
    let state = try exampleWithTemplate()
    let bytes = WorkspaceFile.encode(state)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state.templates == state.templates)
    #expect(WorkspaceFile.encode(loaded.state) == bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains(#""root": "inbox:{project}""#))
    #expect(text.contains(#""title": "{project} inbox""#))
    // After the history, before unknown members.
    let history = try #require(text.range(of: #""history""#))
    let templates = try #require(text.range(of: #""templates""#))
    #expect(history.lowerBound < templates.lowerBound)
  }

  @Test func noTemplatesMemberWithoutTemplates() {
    let text = String(decoding: WorkspaceFile.encode(WorkspaceState.example), as: UTF8.self)
    #expect(!text.contains("templates"))
  }

  @Test func unknownMembersInsideTemplatesSurvive() throws {
    let template = #"""
      {"name": "t", "title": "T", "pinned": true, "root": {"kind": "split", "axis": "vertical",
       "weights": [1, 3], "color": "red", "children": [
        {"kind": "pane", "title": "a", "router": {"kind": "token", "root": "a", "x": [1]}},
        {"kind": "pane", "title": "b", "router": {"kind": "token", "root": "b"}}]}}
      """#
    var file = String(decoding: WorkspaceFile.encode(WorkspaceState.example), as: UTF8.self)
    file.removeLast(2)  // "}\n"
    file += ", \"templates\": [\(template)]}"
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(loaded.diagnostics == [])
    let written = String(decoding: WorkspaceFile.encode(loaded.state), as: UTF8.self)
    for member in [#""pinned": true"#, #""color": "red""#, #""x": ["#] {
      #expect(written.contains(member), "\(member) was not kept")
    }
    let again = try WorkspaceFile.decode(Array(written.utf8))
    #expect(again.state == loaded.state)
  }

  @Test func aBrokenTemplateInAWorkspaceFileIsDroppedWithADiagnostic() throws {
    var file = String(decoding: WorkspaceFile.encode(WorkspaceState.example), as: UTF8.self)
    file.removeLast(2)
    let broken = templateText(
      name: "bad", root: #"{"kind": "pane", "title": "{", "router": {"root": "a"}}"#)
    file +=
      ", \"templates\": [\(templateText(name: "good")), \(broken), \(templateText(name: "good"))]}"
    let loaded = try WorkspaceFile.decode(Array(file.utf8))
    #expect(loaded.state.templates.names == ["good"])
    #expect(
      loaded.diagnostics.map(\.description) == [
        "$.templates[1].root.title: malformed placeholder: unclosed '{' at offset 0 in '{' "
          + "(write '{{' or '}}' for a literal brace); template dropped",
        "$.templates[2].name: duplicate template name 'good'; dropped",
      ])
  }

  @Test func aTemplatesFileReadsBackWhatItWrote() throws {
    let state = try exampleWithTemplate()
    let bytes = TemplatesFile.encode(state.templates)
    let library = try TemplatesFile.decode(bytes)
    #expect(library == state.templates)
    #expect(TemplatesFile.encode(library) == bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self).hasPrefix(
        "{\n  \"format\": \"workspace-templates\",\n  \"version\": 1,"))
  }

  @Test func defaultsOfAHandWrittenTemplate() throws {
    let library = try TemplatesFile.decode(
      templatesFile(
        #"[{"name": "dépôt", "root": {"kind": "tabs", "children": [{"kind": "pane", "router": {"root": "a"}}]}}]"#
      ))
    let template = try #require(library["dépôt"])
    #expect(template.title == "dépôt")
    #expect(
      template.root
        == .tabs([("", .pane("", router: RouterState(kind: "token", stack: RouteStack(root: "a"))))]
        ))
  }

  struct Refusal: CustomTestStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let message: String
    var limits = WorkspaceFileLimits.default
    var testDescription: String { name }
  }

  static let refusals: [Refusal] = [
    Refusal(
      name: "not JSON",
      bytes: Array("{\"format\": \"workspace-templates\",\n  \"version\": 1,,}".utf8),
      message: "t.json:2:16: not valid JSON: unexpected character ',' (byte 49)"),
    Refusal(
      name: "a workspace file", bytes: WorkspaceFile.encode(WorkspaceState.example),
      message: #"t.json: $.format: expected "format": "workspace-templates""#),
    Refusal(
      name: "a newer version", bytes: templatesFile("[]", version: "3"),
      message:
        "t.json: format version 3 is newer than this tool supports (2); the file was left unchanged"
    ),
    Refusal(
      name: "version 0", bytes: templatesFile("[]", version: "0"),
      message: "t.json: $.version: expected an integer version from 1"),
    Refusal(
      name: "a string version", bytes: templatesFile("[]", version: #""1""#),
      message: "t.json: $.version: expected an integer version from 1"),
    Refusal(
      name: "no templates", bytes: Array(#"{"format": "workspace-templates", "version": 1}"#.utf8),
      message: "t.json: $.templates: missing 'templates'"),
    Refusal(
      name: "templates not an array", bytes: templatesFile("{}"),
      message: "t.json: $.templates: expected an array"),
    Refusal(
      name: "a template not an object", bytes: templatesFile("[7]"),
      message: "t.json: $.templates[0]: expected an object"),
    Refusal(
      name: "no name", bytes: templatesFile(#"[{"root": \#(samplePane)}]"#),
      message: "t.json: $.templates[0]: missing 'name'"),
    Refusal(
      name: "an empty name", bytes: templatesFile("[\(templateText(name: ""))]"),
      message:
        "t.json: $.templates[0].name: invalid template name '': expected 1 to 128 bytes of letters, digits, '_', '-' or '.', not starting with '-' or '.'"
    ),
    Refusal(
      name: "a duplicate name",
      bytes: templatesFile(
        "[\(templateText(name: "a")), \(templateText(name: "b")), \(templateText(name: "a"))]"),
      message: "t.json: $.templates[2].name: duplicate template name 'a' (first at $.templates[0])"),
    Refusal(
      name: "an unknown kind",
      bytes: templatesFile("[\(templateText(root: #"{"kind": "webview"}"#))]"),
      message:
        "t.json: $.templates[0].root.kind: unknown kind 'webview': a template holds panes, splits, tabs and stacks"
    ),
    Refusal(
      name: "a pane without a router",
      bytes: templatesFile("[\(templateText(root: #"{"kind": "pane"}"#))]"),
      message: "t.json: $.templates[0].root: missing 'router'"),
    Refusal(
      name: "a malformed route",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "pane", "router": {"root": "7up"}}"#))]"),
      message:
        "t.json: $.templates[0].root.router.root: malformed route token '7up' at offset 0: '7' cannot appear in a route name here"
    ),
    Refusal(
      name: "a placeholder in a route's name",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "pane", "router": {"root": "{p}"}}"#))]"),
      message:
        "t.json: $.templates[0].root.router.root: malformed route token '{p}' at offset 0: '{' cannot appear in a route name here"
    ),
    Refusal(
      name: "a malformed placeholder in a route argument",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "pane", "router": {"root": "a:{a%20b}"}}"#))]"),
      message:
        "t.json: $.templates[0].root.router.root: malformed placeholder: invalid placeholder name 'a b' at offset 0 in '{a b}' (write '{{' or '}}' for a literal brace)"
    ),
    Refusal(
      name: "a space in a route argument",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "pane", "router": {"root": "a:{a b}"}}"#))]"),
      message:
        "t.json: $.templates[0].root.router.root: malformed route token 'a:{a b}' at offset 4: ' ' must be percent-encoded in an argument"
    ),
    Refusal(
      name: "an empty placeholder in a tab title",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "tabs", "titles": ["x{}"], "children": [\#(samplePane)]}"#))]"
      ),
      message:
        "t.json: $.templates[0].root.titles[0]: malformed placeholder: empty placeholder '{}' at offset 1 in 'x{}' (write '{{' or '}}' for a literal brace)"
    ),
    Refusal(
      name: "a weight that is not positive",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "split", "axis": "vertical", "weights": [1, -1], "children": [\#(samplePane), \#(samplePane)]}"#))]"
      ),
      message: "t.json: $.templates[0].root.weights[1]: expected a positive number"),
    Refusal(
      name: "too few weights",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "split", "axis": "vertical", "weights": [1], "children": [\#(samplePane), \#(samplePane)]}"#))]"
      ),
      message: "t.json: $.templates[0].root.weights: expected an array of 2 positive numbers"),
    Refusal(
      name: "no axis",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "split", "children": [\#(samplePane)]}"#))]"),
      message: #"t.json: $.templates[0].root.axis: expected "horizontal" or "vertical""#),
    Refusal(
      name: "an active tab out of range",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "tabs", "active": 1, "children": [\#(samplePane)]}"#))]"),
      message: "t.json: $.templates[0].root.active: expected an index from 0 to 0"),
    Refusal(
      name: "no pane",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "split", "axis": "vertical", "children": []}"#))]"),
      message: "t.json: $.templates[0].root: template 't' holds no pane"),
    Refusal(
      name: "a tree deeper than the limit",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "tabs", "children": [{"kind": "tabs", "children": [\#(samplePane)]}]}"#))]"
      ),
      message:
        "t.json: $.templates[0].root.children[0].children[0]: tree depth exceeds the limit of 2",
      limits: smallLimits(fileBytes: 1 << 20, depth: 2, nodes: 100, strings: 1000)),
    Refusal(
      name: "more nodes than the limit",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "tabs", "children": [\#(samplePane), \#(samplePane), \#(samplePane)]}"#))]"
      ),
      message: "t.json: $.templates[0].root.children[2]: node count exceeds the limit of 3",
      limits: smallLimits(fileBytes: 1 << 20, depth: 10, nodes: 3, strings: 1000)),
    Refusal(
      name: "a title longer than the limit",
      bytes: templatesFile(
        "[\(templateText(root: #"{"kind": "pane", "title": "\#(String(repeating: "x", count: 40))", "router": {"root": "a"}}"#))]"
      ),
      message: "t.json: line 1, column 125: string length exceeds the limit of 30",
      limits: smallLimits(fileBytes: 1 << 20, depth: 10, nodes: 10, strings: 30)),
    Refusal(
      name: "a file larger than the limit", bytes: templatesFile("[\(templateText())]"),
      message: "t.json: file of 179 bytes exceeds the limit of 100 bytes",
      limits: smallLimits(fileBytes: 100, depth: 10, nodes: 10, strings: 10)),
  ]

  @Test(arguments: refusals)
  func aHostileTemplatesFileIsRefusedWithItsJSONPath(refusal: Refusal) {
    #expect {
      try TemplatesFile.decode(refusal.bytes, path: "t.json", limits: refusal.limits)
    } throws: { error in
      #expect("\(error)" == refusal.message)
      return (error as? WorkspaceFileError)?.isBadData == true
    }
  }

  @Test func aSaveThatWouldHoldATemplateBeyondTheLimitsIsRefused() throws {
    var state = WorkspaceState.example
    let deep = try WorkspaceTemplate(
      name: "deep", title: "d",
      root: .tabs([
        (
          "a",
          .tabs([
            (
              "b",
              .split(
                .horizontal,
                [.pane("x", untyped: RouteToken("x")), .pane("y", untyped: RouteToken("y"))])
            )
          ])
        )
      ]))
    try state.apply(.openTemplate(deep))
    try state.apply(.closeTab())
    var limits = WorkspaceFileLimits.default
    limits.maximumTreeDepth = 3
    _ = try WorkspaceFile.encode(state, limits: limits)
    var library = TemplateLibrary()
    try library.insert(deep)
    state.templates = library
    #expect(
      throws: WorkspaceFileError.saveExceedsLimit(
        path: "workspace.json", location: "$.templates[0].root.children[0].children[0].children[0]",
        what: "tree depth", size: 4, limit: 3)
    ) {
      try WorkspaceFile.encode(state, limits: limits)
    }
  }
}

@Suite struct TemplatesFormatDocumentTests {
  /// The template example of `docs/FORMAT.md` ("Templates") is a template the decoder reads,
  /// and written back it is the same template.
  @Test func theDocumentsTemplateExampleReads() throws {
    let text = try #require(FormatDocument.text())
    let section = try #require(text.firstRange(of: "## Templates\n"))
    let open = try #require(text[section.upperBound...].firstRange(of: "```json\n"))
    let close = try #require(text[open.upperBound...].firstRange(of: "```\n"))
    let example = String(text[open.upperBound..<close.lowerBound])
    let file = #"{"format": "workspace-templates", "version": 1, "templates": [\#(example)]}"#
    let library = try TemplatesFile.decode(Array(file.utf8))
    let template = try #require(library["review"])
    #expect(template.parameters == ["repo", "pr"])
    #expect(try TemplatesFile.decode(TemplatesFile.encode(library)) == library)
  }
}

@Suite struct SampleTemplatesFileTests {
  /// `Samples/Workspaces/templates.json` reads cleanly and is exactly what the encoder writes.
  @Test func theSampleTemplatesFileIsWhatTheEncoderWrites() throws {
    let bytes = try #require(Files.contents(packageRoot + "/Samples/Workspaces/templates.json"))
    let library = try TemplatesFile.decode(bytes)
    #expect(library.names == ["crate", "notes", "review"])
    #expect(library["review"]?.parameters == ["pr", "branch"])
    #expect(library["crate"]?.parameters == ["name"])
    #expect(TemplatesFile.encode(library) == bytes)
  }
}
