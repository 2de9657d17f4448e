import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// `docs/workspace.schema.json`, read with the package's own reader.
private let schema: JSONValue = {
  let bytes = Files.contents(packageRoot + "/docs/workspace.schema.json") ?? []
  return (try? JSONReader.parse(bytes)) ?? .null
}()

private let checker = SchemaChecker(document: schema)

/// One step of a path into a JSON value.
enum Step: Sendable {
  case key(String)
  case index(Int)
}

extension JSONValue {
  /// The value with the member or element at `path` replaced, or removed when `new` is nil.
  func setting(_ path: ArraySlice<Step>, to new: JSONValue?) -> JSONValue {
    guard let step = path.first else { return new ?? .null }
    switch (step, self) {
    case (.key(let key), .object(var object)):
      if path.count == 1, new == nil {
        object.removeValue(forKey: key)
      } else {
        object[key] = (object[key] ?? .null).setting(path.dropFirst(), to: new)
      }
      return .object(object)
    case (.index(let index), .array(var items)):
      items[index] = items[index].setting(path.dropFirst(), to: new)
      return .array(items)
    default:
      preconditionFailure("no \(step) in \(self)")
    }
  }
}

/// A valid file broken in one place, and the one error the schema must report.
struct SchemaViolation: Sendable, CustomTestStringConvertible {
  let name: String
  let path: [Step]
  let value: JSONValue?
  let error: String

  var testDescription: String { name }

  init(_ name: String, _ path: [Step], _ value: JSONValue?, _ error: String) {
    self.name = name
    self.path = path
    self.value = value
    self.error = error
  }
}

/// The example after a split, a push and a modal: every member the encoder writes.
private func richExample() throws -> WorkspaceState {
  var state = WorkspaceState.example
  try state.apply([.split(.vertical, root: "search:swift%20testing"), .route(.push(["result:3"]))])
  try state.apply(.route(.present("compose", style: .sheet)))
  try state.apply(.zoom)
  try state.recordLayoutSize(Size(width: 120, height: 39))
  try state.apply(.setMinimumPaneSize(Size(width: 10, height: 4)))
  return state
}

private let split: [Step] = [.key("root"), .key("children"), .index(0)]
private let pane: [Step] = split + [.key("children"), .index(1)]
private let modalPane: [Step] = split + [.key("children"), .index(0), .key("children"), .index(1)]
private let entry: [Step] = [.key("history"), .key("undo"), .index(0)]

private let violations: [SchemaViolation] = [
  SchemaViolation("root missing", [.key("root")], nil, "$: missing 'root'"),
  SchemaViolation("format wrong", [.key("format")], "tmux", #"$.format: expected "workspace""#),
  SchemaViolation("version newer", [.key("version")], 4, "$.version: expected 3"),
  SchemaViolation("version a string", [.key("version")], "3", "$.version: expected 3"),
  SchemaViolation("focus not an id", [.key("focus")], 0, "$.focus: less than 1.0"),
  SchemaViolation("mru not ids", [.key("mru")], ["3"], "$.mru[0]: expected integer"),
  SchemaViolation(
    "layout size not WxH", [.key("layoutSize")], "120 by 40",
    "$.layoutSize: does not match the pattern"),
  SchemaViolation(
    "minimum pane size a number", [.key("minimumPaneSize")], 6,
    "$.minimumPaneSize: expected string"),
  SchemaViolation(
    "node kind missing", split + [.key("kind")], nil, "$.root.children[0]: missing 'kind'"),
  SchemaViolation("node id missing", split + [.key("id")], nil, "$.root.children[0]: missing 'id'"),
  SchemaViolation(
    "node id fractional", split + [.key("id")], 2.5, "$.root.children[0].id: expected integer"),
  SchemaViolation(
    "split axis unknown", split + [.key("axis")], "diagonal",
    #"$.root.children[0].axis: not one of ["horizontal","vertical"]"#),
  SchemaViolation(
    "split weights missing", split + [.key("weights")], nil, "$.root.children[0]: missing 'weights'"
  ),
  SchemaViolation(
    "split weight a string", split + [.key("weights"), .index(0)], "0.5",
    "$.root.children[0].weights[0]: expected number"),
  SchemaViolation(
    "split weight zero", split + [.key("weights"), .index(0)], 0,
    "$.root.children[0].weights[0]: not greater than 0.0"),
  SchemaViolation(
    "split of one child", split + [.key("children")], [["id": 9, "kind": "x"]],
    "$.root.children[0].children: fewer than 2 items"),
  SchemaViolation(
    "tabs titles missing", [.key("root"), .key("titles")], nil, "$.root: missing 'titles'"),
  SchemaViolation(
    "tabs empty", [.key("root"), .key("children")], [], "$.root.children: fewer than 1 items"),
  SchemaViolation(
    "pane router missing", pane + [.key("router")], nil,
    "$.root.children[0].children[1]: missing 'router'"),
  SchemaViolation(
    "pane title a number", pane + [.key("title")], 5,
    "$.root.children[0].children[1].title: expected string"),
  SchemaViolation(
    "router kind missing", pane + [.key("router"), .key("kind")], nil,
    "$.root.children[0].children[1].router: missing 'kind'"),
  SchemaViolation(
    "stack empty", pane + [.key("router"), .key("stack")], [],
    "$.root.children[0].children[1].router.stack: fewer than 1 items"),
  SchemaViolation(
    "token malformed", pane + [.key("router"), .key("stack"), .index(0)], "7up",
    "$.root.children[0].children[1].router.stack[0]: does not match the pattern"),
  SchemaViolation(
    "token with a space", pane + [.key("router"), .key("stack"), .index(0)], "search:a b",
    "$.root.children[0].children[1].router.stack[0]: does not match the pattern"),
  SchemaViolation(
    "modal style unknown", modalPane + [.key("router"), .key("modal"), .key("style")], "popover",
    #"$.root.children[0].children[0].children[1].router.modal.style: not one of ["sheet","cover"]"#),
  SchemaViolation(
    "modal stack missing", modalPane + [.key("router"), .key("modal"), .key("stack")], nil,
    "$.root.children[0].children[0].children[1].router.modal: missing 'stack'"),
  SchemaViolation(
    "maxDepth zero", pane + [.key("router"), .key("maxDepth")], 0,
    "$.root.children[0].children[1].router.maxDepth: less than 1.0"),
  SchemaViolation(
    "guard not a boolean", pane + [.key("router"), .key("rejectsDuplicateTop")], "no",
    "$.root.children[0].children[1].router.rejectsDuplicateTop: expected boolean"),
  SchemaViolation(
    "history undo missing", [.key("history"), .key("undo")], nil, "$.history: missing 'undo'"),
  SchemaViolation(
    "history entry label missing", entry + [.key("label")], nil,
    "$.history.undo[0]: missing 'label'"),
  SchemaViolation(
    "history image not a node", entry + [.key("nodes"), .index(0), .key("node")], "x",
    "$.history.undo[0].nodes[0].node: matches none of anyOf"),
  SchemaViolation(
    "history image without a parent",
    entry + [.key("nodes"), .index(0), .key("node"), .key("parent")], nil,
    "$.history.undo[0].nodes[0].node: matches none of anyOf"),
]

@Suite struct SchemaTests {
  @Test func schemaIsDraft2020WithOnlyCheckedKeywords() {
    #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
    #expect(checker.unsupportedKeywords() == [])
    var references: [String] = []
    func collect(_ value: JSONValue) {
      switch value {
      case .object(let object):
        for (key, member) in object.members {
          if key == "$ref", let reference = member.stringValue { references.append(reference) }
          collect(member)
        }
      case .array(let items): items.forEach(collect)
      default: break
      }
    }
    collect(schema)
    #expect(!references.isEmpty)
    for reference in references { #expect(checker.resolve(reference) != nil, "\(reference)") }
  }

  /// A key's raw value is its bit in the one-pass decoder's `UInt64` set of the keys an
  /// object held: a 65th key would shift out of it, and duplicates of it would go unseen.
  @Test func everyKeyHasABitInTheOnePassDecodersSet() {
    #expect(FormatKey.allCases.count <= UInt64.bitWidth)
    #expect(FormatKey.allCases.map(\.rawValue) == Array(0..<UInt8(FormatKey.allCases.count)))
  }

  @Test func schemaListsTheMembersTheDecoderKnows() {
    func properties(_ schema: JSONValue?) -> Set<String> {
      Set(schema?["properties"]?.objectValue?.keys ?? [])
    }
    let definitions = schema["$defs"]
    #expect(properties(schema) == FormatKey.spellings(FormatKey.topLevelMembers))
    let common = properties(definitions?["node"])
    #expect(common == ["id", "kind"])
    for kind in StoredNodeKind.allCases {
      #expect(
        common.union(properties(definitions?[kind.name])) == FormatKey.spellings(kind.members))
    }
    #expect(properties(definitions?["router"]) == FormatKey.spellings(FormatKey.routerMembers))
    #expect(properties(definitions?["modal"]) == FormatKey.spellings(FormatKey.modalMembers))
  }

  @Test func filesTheEncoderWritesAreValid() throws {
    var samples: [(String, WorkspaceState)] = [
      ("example", .example), ("rich example", try richExample()),
    ]
    for seed in 0..<12 as Range<UInt64> {
      var generator = WorkspaceGenerator(seed: seed)
      var state = generator.state()
      for _ in 0..<12 { _ = try? state.apply(generator.command(in: state)) }
      samples.append(("seed \(seed)", state))
    }
    for (name, state) in samples {
      let json = try JSONReader.parse(WorkspaceFile.encode(state))
      #expect(checker.errors(in: json) == [], "\(name)")
    }
  }

  @Test func handWrittenAndDocumentedFilesAreValid() throws {
    #expect(checker.errors(in: Fixture.lossless) == [])
    #expect(checker.errors(in: try JSONReader.parse(Fixture.baseFile)) == [])
    let documented = try #require(FormatDocument.example())
    #expect(checker.errors(in: try JSONReader.parse(documented)) == [])
  }

  @Test(arguments: [
    "inbox", "detail:7", "search:swift%20testing", "search:café", "a:", "a::b", "_x.y-z",
    "mail:a@b.c", "x:!$&'()*+,;=~", "a:\u{A0}", "7up", "", "a b", "a:b c", "a:%zz", "a:%4",
    "a:/", "file:a/b.swift", "a:%2F", "a/b", "a:?", "a:#", "a:\"", "é", "a:\u{85}", "a:\u{7F}",
    ":a", "a-:b",
  ])
  func tokenPatternAgreesWithTheParser(token: String) throws {
    let tokenSchema = try #require(checker.resolve("#/$defs/token"))
    let file: JSONValue = [
      "format": "workspace", "version": 3,
      "root": ["id": 1, "kind": "pane", "router": ["kind": "token", "stack": [.string(token)]]],
    ]
    let parses = (try? RouteToken(parsing: token)) != nil
    #expect(checker.errors(in: file).isEmpty == parses)
    #expect(tokenSchema["pattern"] != nil)
  }

  @Test(arguments: violations)
  func violationIsReportedAtItsPath(_ violation: SchemaViolation) throws {
    let valid = try JSONReader.parse(WorkspaceFile.encode(try richExample()))
    #expect(checker.errors(in: valid) == [])
    let broken = valid.setting(violation.path[...], to: violation.value)
    #expect(checker.errors(in: broken) == [violation.error])
  }

  @Test(arguments: violations)
  func violationIsRepairedOrRefusedByTheDecoder(_ violation: SchemaViolation) throws {
    let valid = try JSONReader.parse(WorkspaceFile.encode(try richExample()))
    let broken = JSONWriter.write(valid.setting(violation.path[...], to: violation.value))
    do {
      let loaded = try WorkspaceFile.decode(broken)
      #expect(!loaded.diagnostics.isEmpty)
    } catch {
      #expect(error.isBadData)
    }
  }
}
