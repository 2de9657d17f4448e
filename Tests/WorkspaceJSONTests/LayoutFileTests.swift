import Foundation
import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// Layout files: the terse spelling of a template that people write by hand, read strictly
/// with JSON paths, written back the same way, and lossless with templates both ways.
@Suite struct LayoutFileTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static func sample() throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent("Samples/Workspaces/dev.layout.json")))
  }

  @Test func theSampleReadsAsAWorkspaceOfTwoTabs() throws {
    let template = try LayoutFile.decode(try Self.sample())
    #expect(template.name == "dev")
    #expect(template.title == "dev")
    #expect(template.scope == .workspace)
    #expect(template.parameters == ["project"])
    let project = NodeTemplate.split(
      .vertical,
      [
        .split(
          .horizontal,
          [
            .pane(
              "Editor",
              router: RouterState(
                kind: "ide", stack: RouteStack(root: "file:Sources%2F%7Bproject%7D%2Fmain.swift"))
            ).marked("editor"),
            .pane(
              "Tests",
              router: RouterState(
                kind: "ide", stack: RouteStack(root: "folder:Tests%2F%7Bproject%7DTests"))),
          ]),
        .pane(
          "Terminal", router: RouterState(kind: "ide", stack: RouteStack(root: "shell:{project}"))),
      ], weights: [0.7, 0.3])
    let notes = NodeTemplate.pane(
      "Notes", router: RouterState(kind: "notes", stack: RouteStack(root: "note:{project}")))
    #expect(template.root == .tabs([("{project}", project), ("Notes", notes)]))
  }

  @Test func theSampleIsWrittenBackByteForByte() throws {
    let bytes = try Self.sample()
    #expect(LayoutFile.encode(try LayoutFile.decode(bytes)) == bytes)
    // The three-pane tab is at most 12 lines, as a tmuxp or Zellij layout is.
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.split(separator: "\n").count <= 13)
    #expect(!text.contains("%2F"))
  }

  @Test func everySampleTemplateConvertsToALayoutAndBack() throws {
    let library = try TemplatesFile.load(
      path: Self.root.appendingPathComponent("Samples/Workspaces/templates.json").path)
    #expect(!library.isEmpty)
    for template in library.templates {
      let layout = LayoutFile.encode(template)
      let back = try LayoutFile.decode(layout)
      #expect(back == template, "\(template.name)")
      #expect(LayoutFile.encode(back) == layout)
    }
  }

  @Test(arguments: 1...40 as ClosedRange<UInt64>)
  func everyTemplateOfARandomWorkspaceIsLossless(seed: UInt64) throws {
    var generator = WorkspaceGenerator(seed: seed)
    let state = generator.state()
    for scope in [WorkspaceTemplate.Scope.tab, .workspace] {
      let template = try WorkspaceTemplate(
        name: "t\(seed)", title: seed.isMultiple(of: 2) ? "T" : "t\(seed)",
        root: NodeTemplate(subtree: state.rootID, of: state), scope: scope)
      let back = try LayoutFile.decode(LayoutFile.encode(template))
      #expect(back == template)
      // And through a templates file, which holds the scope too.
      let library = try TemplateLibrary([template])
      #expect(try TemplatesFile.decode(TemplatesFile.encode(library)) == library)
    }
  }

  /// What the short forms cannot say falls back to long ones: kept members, limits, kinds a
  /// `KIND/ROUTE` cannot spell, tab titles that are not the default, a root tabs container
  /// with a router, a workspace whose root is a split.
  @Test func whatTheShortFormCannotSayRoundTrips() throws {
    let text = #"""
      {"layout": "odd", "title": "{{odd}} {x}", "scope": "workspace", "root": {"router": {"kind": "flow", "root": "start"}, "tabs": [
        {"tab": "", "title": "A", "mark": "m", "route": "a:{x}", "extra": [1, {"b": null}]},
        {"tab": "B", "title": "b", "router": {"kind": "k:1", "root": "x"}},
        {"title": "C", "router": {"kind": "token", "root": "c", "maxDepth": 3, "rejectsDuplicateTop": false, "kept": true}},
        {"title": "D", "route": "token/d:a/b"},
        {"tab": "Split", "weights": [2, 1], "h": [{"route": "p"}, {"active": 1, "tabs": [{"route": "q"}, {"route": "r"}]}]}
      ], "active": 2},
      "future": "kept"}
      """#
    let template = try LayoutFile.decode(Array(text.utf8))
    #expect(template.parameters == ["x"])
    #expect(template.scope == .workspace)
    #expect(template.unknownMembers.jsonMembers.map(\.key) == ["future"])
    guard case .tabs(let children, let titles, let selected) = template.root.content else {
      Issue.record("not tabs")
      return
    }
    #expect(titles == ["", "B", "C", "D", "Split"])
    #expect(selected == 2)
    #expect(template.root.router?.kind == "flow")
    #expect(children[1].router == nil)
    let again = try LayoutFile.decode(LayoutFile.encode(template))
    #expect(again == template)
    #expect(LayoutFile.encode(again) == LayoutFile.encode(template))
  }

  @Test func aTabLayoutWithoutTabsIsOneTab() throws {
    let template = try LayoutFile.decode(
      Array(#"{"layout": "one", "root": {"title": "N", "route": "notes/note:1"}}"#.utf8))
    #expect(template.scope == .tab)
    #expect(template.title == "one")
    let text = String(decoding: LayoutFile.encode(template), as: UTF8.self)
    #expect(
      text
        == "{\n  \"layout\": \"one\",\n  \"root\": {\"title\": \"N\", \"route\": \"notes/note:1\"}\n}\n"
    )
  }

  /// Errors name the JSON path in the layout's own spelling and what was expected.
  @Test(arguments: [
    (#"[]"#, "$: expected an object"),
    (#"{"tabs": []}"#, "$: missing 'layout'"),
    (#"{"layout": "a b", "tabs": []}"#, "$.layout: invalid template name 'a b'"),
    (
      #"{"layout": "x"}"#,
      "$: missing 'tabs' (a workspace's tabs), 'root' (one tab's tree) or 'windows'"
    ),
    (#"{"layout": "x", "tabs": [], "root": {}}"#, "$: both 'root' (one tab) and 'tabs'"),
    (#"{"layout": "x", "tabs": []}"#, "$.tabs: expected a non-empty array of nodes"),
    (#"{"layout": "x", "tabs": [{"title": "a"}]}"#, "$.tabs[0]: missing 'route'"),
    (#"{"layout": "x", "tabs": [{"route": 3}]}"#, "$.tabs[0].route: expected a string"),
    (#"{"layout": "x", "tabs": [{"route": "bad token!"}]}"#, "$.tabs[0].route: "),
    (#"{"layout": "x", "tabs": [{"route": "/a"}]}"#, "$.tabs[0].route: empty kind before '/'"),
    (#"{"layout": "x", "tabs": [{"route": "a:{b"}]}"#, "$.tabs[0].route: malformed placeholder"),
    (
      #"{"layout": "x", "tabs": [{"title": "{", "route": "a"}]}"#,
      "$.tabs[0].title: malformed placeholder"
    ),
    (
      #"{"layout": "x", "tabs": [{"h": [{"route": "a"}], "v": []}]}"#,
      "$.tabs[0]: a node is one of 'h', 'v', 'tabs' or 'stack'; found 'h' and 'v'"
    ),
    (
      #"{"layout": "x", "tabs": [{"v": [{"route": "a"}], "weights": [1, 2]}]}"#,
      "$.tabs[0].weights: expected an array of 1 positive numbers"
    ),
    (
      #"{"layout": "x", "tabs": [{"v": [{"route": "a"}, {"route": "b"}], "weights": [1, -2]}]}"#,
      "$.tabs[0].weights[1]: expected a positive number"
    ),
    (
      #"{"layout": "x", "tabs": [{"v": [{"route": "a", "tab": "T"}]}]}"#,
      "$.tabs[0].v[0].tab: a tab's title, but this node is in a split"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "weights": [1]}]}"#,
      "$.tabs[0].weights: a container's member, but this node is a pane"
    ),
    (
      #"{"layout": "x", "tabs": [{"h": [{"route": "a"}], "route": "b"}]}"#,
      "$.tabs[0].route: a pane's member, but this node is a container ('h')"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "router": {"root": "b"}}]}"#,
      "$.tabs[0]: both 'route' and 'router'"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a"}], "active": 1}"#,
      "$.active: expected an index from 0 to 0"
    ),
    (
      #"{"layout": "x", "root": {"tabs": [{"route": "a"}], "active": -1}}"#,
      "$.root.active: expected an index from 0 to 0"
    ),
    (
      #"{"layout": "x", "scope": "window", "tabs": [{"route": "a"}]}"#,
      "$.scope: expected \"tab\" or \"workspace\""
    ),
    (
      #"{"layout": "x", "format": "workspace-templates", "tabs": [{"route": "a"}]}"#,
      "$.format: expected \"workspace-layout\""
    ),
    (#"{"layout": "x", "version": 3, "tabs": [{"route": "a"}]}"#, "format version 3 is newer"),
    (
      #"{"layout": "x", "tabs": [{"router": {"kind": 1, "root": "a"}}]}"#,
      "$.tabs[0].router.kind: expected a string"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "mark": "left"}]}"#,
      "$.tabs[0].mark: expected a mark"
    ),
    (
      #"{"layout": "x", "tabs": [{"v": [{"route": "a"}], "mark": "m"}]}"#,
      "$.tabs[0].mark: a pane's member, but this node is a container ('v')"
    ),
    (
      #"{"layout": "x", "tabs": [{"route": "a", "mark": "m"}, {"h": [{"route": "b"}, {"route": "c", "mark": "m"}]}]}"#,
      "$.tabs[1].h[1].mark: mark 'm' is held by another pane already"
    ),
  ])
  func malformedLayoutsNameTheirJSONPath(text: String, expected: String) {
    do {
      let template = try LayoutFile.decode(Array(text.utf8), path: "l.json")
      Issue.record("read \(template) from \(text)")
    } catch {
      #expect("\(error)".contains(expected), "\(error)")
      #expect("\(error)".hasPrefix("l.json"), "\(error)")
    }
  }

  @Test func aLayoutOverALimitIsRefusedWithItsPath() {
    let limits = WorkspaceFileLimits(
      maximumFileBytes: 10_000, maximumTreeDepth: 3, maximumNodes: 100, maximumStringBytes: 100,
      maximumStackDepth: 10)
    let deep = #"{"layout": "x", "tabs": [{"h": [{"route": "a"}, {"v": [{"route": "b"}]}]}]}"#
    #expect(
      throws: WorkspaceFileError.limitExceeded(
        path: "l.json", location: "$.tabs[0].h[1].v[0]", what: "tree depth", limit: 3)
    ) {
      try LayoutFile.decode(Array(deep.utf8), path: "l.json", limits: limits)
    }
  }

  @Test func aTemplatesOrLayoutFileGivesItsTemplates() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("layout-\(UInt64.random(in: 0...UInt64.max))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let layout = directory.appendingPathComponent("dev.json").path
    try Data(try Self.sample()).write(to: URL(fileURLWithPath: layout))
    #expect(try LayoutFile.loadTemplates(path: layout).names == ["dev"])
    let templates = Self.root.appendingPathComponent("Samples/Workspaces/templates.json").path
    #expect(try LayoutFile.loadTemplates(path: templates).names.count > 1)
    #expect(
      throws: WorkspaceFileError.cannotRead(directory.path + "/none.json", reason: "no such file")
    ) {
      try LayoutFile.loadTemplates(path: directory.path + "/none.json")
    }
    // Written atomically, read back the same.
    let written = directory.appendingPathComponent("out.json").path
    let template = try LayoutFile.decode(try Self.sample())
    try LayoutFile.write(template, to: written)
    #expect(
      try LayoutFile.decode(Array(Data(contentsOf: URL(fileURLWithPath: written)))) == template)
  }
}

/// `docs/layout.schema.json`, read with the package's own reader.
@Suite struct LayoutSchemaTests {
  private let schema: JSONValue = {
    let bytes = Files.contents(packageRoot + "/docs/layout.schema.json") ?? []
    return (try? JSONReader.parse(bytes)) ?? .null
  }()

  @Test func theSampleAndWhatTheEncoderWritesAreValid() throws {
    let checker = SchemaChecker(document: schema)
    #expect(checker.unsupportedKeywords() == [])
    #expect(checker.errors(in: try JSONReader.parse(LayoutFileTests.sample())) == [])
    #expect(
      checker.errors(in: try JSONReader.parse(FloatingWindowTemplateFormatTests.sample())) == [])
    let floating = try WorkspaceTemplate(
      name: "tab", title: "t", root: FloatingWindowTemplateFormatTests.floatingTree.children[0])
    for template in [floating, try FloatingWindowTemplateFormatTests.windowsTemplate()] {
      #expect(checker.errors(in: try JSONReader.parse(LayoutFile.encode(template))) == [])
    }
    let library = try TemplatesFile.load(
      path: LayoutFileTests.root.appendingPathComponent("Samples/Workspaces/templates.json").path)
    for template in library.templates {
      #expect(checker.errors(in: try JSONReader.parse(LayoutFile.encode(template))) == [])
    }
  }

  @Test func theSchemaListsTheMembersTheDecoderKnows() {
    func properties(_ schema: JSONValue?) -> Set<String> {
      Set(schema?["properties"]?.objectValue?.keys ?? [])
    }
    #expect(properties(schema) == LayoutKey.topLevel)
    #expect(properties(schema["$defs"]?["node"]) == LayoutKey.node)
  }
}
