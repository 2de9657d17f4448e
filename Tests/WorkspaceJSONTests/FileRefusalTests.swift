import PaneRouter
import Testing
import Workspace
import WorkspaceTestSupport

@testable import WorkspaceJSON

/// A file the loader must refuse, and the exact error.
struct RefusalCase: Sendable, CustomTestStringConvertible {
  let name: String
  let bytes: [UInt8]
  let limits: WorkspaceFileLimits
  let error: WorkspaceFileError

  var testDescription: String { name }

  init(
    _ name: String, _ bytes: [UInt8], limits: WorkspaceFileLimits = .default,
    _ error: WorkspaceFileError
  ) {
    self.name = name
    self.bytes = bytes
    self.limits = limits
    self.error = error
  }

  /// A case whose error is `notJSON` at the first byte of `marker` (after `skipping` bytes of
  /// it), with the line, column and offset worked out from the text.
  static func notJSON(
    _ name: String, _ text: String, at marker: String, skipping: Int = 0, _ reason: String
  ) -> RefusalCase {
    notJSON(name, Array(text.utf8), at: Array(marker.utf8), skipping: skipping, reason)
  }

  static func notJSON(
    _ name: String, _ bytes: [UInt8], at marker: [UInt8], skipping: Int = 0, _ reason: String
  ) -> RefusalCase {
    let offset = firstOffset(of: marker, in: bytes) + skipping
    let (line, column) = lineAndColumn(of: offset, in: bytes)
    return RefusalCase(
      name, bytes,
      .notJSON(path: path, line: line, column: column, offset: offset, reason: reason))
  }
}

private let path = "w.json"

/// The offset of the first occurrence of `marker` in `bytes`.
func firstOffset(of marker: [UInt8], in bytes: [UInt8]) -> Int {
  for start in 0...(bytes.count - marker.count)
  where bytes[start..<start + marker.count].elementsEqual(marker) {
    return start
  }
  preconditionFailure("marker not found")
}

/// The 1-based line and byte column of an offset.
func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
  let before = bytes[..<offset]
  let line = before.count { $0 == 0x0A } + 1
  let lineStart = (before.lastIndex(of: 0x0A) ?? -1) + 1
  return (line, offset - lineStart + 1)
}

private let header = #"{"format": "workspace", "version": "#

private let syntaxCases: [RefusalCase] = [
  .notJSON(
    "double comma", "{\n  \"format\": \"workspace\",\n  \"version\": 1,,\n}\n", at: ",,",
    skipping: 1, "unexpected character ','"),
  RefusalCase(
    "truncated", Array(#"{"format": "workspace", "version": 1, "root": {"id": 1"#.utf8),
    .notJSON(path: path, line: 1, column: 55, offset: 54, reason: "unexpected end of input")),
  RefusalCase(
    "truncated on the second line", Array("{\"format\":\n \"work".utf8),
    .notJSON(path: path, line: 2, column: 7, offset: 17, reason: "unexpected end of input")),
  .notJSON("NaN literal", header + "NaN}", at: "NaN", "unexpected character 'N'"),
  .notJSON("Infinity literal", header + "Infinity}", at: "Infinity", "unexpected character 'I'"),
  .notJSON(
    "negative Infinity literal", header + "-Infinity}", at: "-Infinity", skipping: 1,
    "invalid number"),
  .notJSON(
    "number out of range", header + "1e400}", at: "1e400",
    "number is too large for a 64-bit floating-point value"),
  .notJSON(
    "byte order mark", [0xEF, 0xBB, 0xBF] + Fixture.baseFile, at: [0xEF],
    "a byte order mark is not allowed at the start of a JSON document (RFC 8259)"),
  .notJSON(
    "invalid UTF-8", Array(#"{"format": "work"#.utf8) + [0xFF] + Array(#"space"}"#.utf8),
    at: [0xFF], "invalid UTF-8 byte sequence"),
  .notJSON(
    "comment", "{\n// a comment\n\"format\": \"workspace\"}", at: "//",
    "unexpected character '/'"),
  RefusalCase(
    "empty file", [],
    .notJSON(path: path, line: 1, column: 1, offset: 0, reason: "empty document")),
]

private let workspaceCases: [RefusalCase] = [
  RefusalCase(
    "top level an array", Array("[1, 2]".utf8),
    .invalid(path: path, location: "$", reason: "expected an object")),
  RefusalCase(
    "top level a string", Array(#""workspace""#.utf8),
    .invalid(path: path, location: "$", reason: "expected an object")),
  RefusalCase(
    "format missing", Array(#"{"version": 1, "root": {}}"#.utf8),
    .invalid(path: path, location: "$.format", reason: #"expected "format": "workspace""#)),
  RefusalCase(
    "format wrong", Array(#"{"format": "tmux", "version": 1}"#.utf8),
    .invalid(path: path, location: "$.format", reason: #"expected "format": "workspace""#)),
  RefusalCase(
    "version missing", Array(#"{"format": "workspace"}"#.utf8),
    .invalid(path: path, location: "$.version", reason: "expected an integer version")),
  RefusalCase(
    "version a string", Array(#"{"format": "workspace", "version": "1"}"#.utf8),
    .invalid(path: path, location: "$.version", reason: "expected an integer version")),
  RefusalCase(
    "version fractional", Array(#"{"format": "workspace", "version": 1.5}"#.utf8),
    .invalid(path: path, location: "$.version", reason: "expected an integer version")),
  RefusalCase(
    "version newer", Array(#"{"format": "workspace", "version": 4, "root": {}}"#.utf8),
    .newerVersion(path: path, found: 4, supported: 3)),
  RefusalCase(
    "version negative", Array(#"{"format": "workspace", "version": -1}"#.utf8),
    .invalid(path: path, location: "$.version", reason: "unknown version -1")),
  RefusalCase(
    "root missing", Array(#"{"format": "workspace", "version": 1}"#.utf8),
    .invalid(path: path, location: "$", reason: "missing 'root'")),
  RefusalCase(
    "root not a node", Fixture.file(root: "[]"),
    .invalid(
      path: path, location: "$.root",
      reason: "node is not an object; removed; no usable root node")),
  RefusalCase(
    "root pane without a router", Fixture.file(root: #"{"id": 1, "kind": "pane"}"#),
    .invalid(
      path: path, location: "$.root",
      reason: "pane has no usable router; removed; no usable root node")),
  // The real cause comes first: the token's JSON path, its length and the limit.
  RefusalCase(
    "root pane whose only token is too long",
    Fixture.file(
      root: #"{"id": 1, "kind": "pane", "router": {"kind": "token", "stack": [""#
        + String(repeating: "a", count: 5_000) + #""]}}"#),
    .invalid(
      path: path, location: "$.root.router.stack[0]",
      reason: "route token of 5000 bytes exceeds the limit of 4096; 1 route from here removed; "
        + "no usable root node")),
  RefusalCase(
    "no pane: an empty split",
    Fixture.file(root: Fixture.split(1, weights: "[]", [])),
    .invalid(path: path, location: "$.root", reason: "the workspace holds no pane")),
  RefusalCase(
    "no pane: tabs of an unknown kind",
    Fixture.file(root: Fixture.tabs(1, titles: ["Web"], [#"{"id": 2, "kind": "webview"}"#])),
    .invalid(path: path, location: "$.root", reason: "the workspace holds no pane")),
  RefusalCase(
    "no pane: only routerless panes",
    Fixture.file(
      root: Fixture.base(
        split: Fixture.split(2, [#"{"id": 3, "kind": "pane"}"#, #"{"id": 4, "kind": "pane"}"#]))),
    .invalid(path: path, location: "$.root", reason: "the workspace holds no pane")),
]

private func limits(
  fileBytes: Int = 1 << 20, treeDepth: Int = 100, nodes: Int = 1000, stringBytes: Int = 1024,
  stackDepth: Int = 100
) -> WorkspaceFileLimits {
  WorkspaceFileLimits(
    maximumFileBytes: fileBytes, maximumTreeDepth: treeDepth, maximumNodes: nodes,
    maximumStringBytes: stringBytes, maximumStackDepth: stackDepth)
}

/// tabs > split h > split v > pane: four levels.
private let deepFile = Fixture.file(
  root: Fixture.base(
    split: Fixture.split(
      2,
      [
        Fixture.split(
          5, axis: "vertical",
          [Fixture.pane(3, "A", stack: ["a"]), Fixture.pane(6, "C", stack: ["c"])]),
        Fixture.pane(4, "B", stack: ["b"]),
      ])), nextID: 7)

private let longTitle = String(repeating: "x", count: 20)

private let limitCases: [RefusalCase] = [
  RefusalCase(
    "tree depth", deepFile, limits: limits(treeDepth: 3),
    .limitExceeded(
      path: path, location: "$.root.children[0].children[0].children[0]", what: "tree depth",
      limit: 3)),
  RefusalCase(
    "node count", Fixture.baseFile, limits: limits(nodes: 3),
    .limitExceeded(
      path: path, location: "$.root.children[0].children[1]", what: "node count", limit: 3)),
  {
    let bytes = Fixture.file(
      root: Fixture.base(
        split: Fixture.split(
          2, [Fixture.pane(3, longTitle, stack: ["a"]), Fixture.pane(4, "B", stack: ["b"])])))
    let (line, column) = lineAndColumn(
      of: firstOffset(of: Array("\"\(longTitle)".utf8), in: bytes), in: bytes)
    return RefusalCase(
      "string length", bytes, limits: limits(stringBytes: 16),
      .limitExceeded(
        path: path, location: "line \(line), column \(column)", what: "string length",
        limit: 16))
  }(),
  RefusalCase(
    "stack depth",
    Fixture.file(
      root: Fixture.base(
        split: Fixture.split(
          2, [Fixture.pane(3, "A", stack: ["a", "b", "c"]), Fixture.pane(4, "B", stack: ["b"])]))),
    limits: limits(stackDepth: 2),
    .limitExceeded(
      path: path, location: "$.root.children[0].children[0].router.stack", what: "stack depth",
      limit: 2)),
  RefusalCase(
    "file size", Fixture.baseFile, limits: limits(fileBytes: 100),
    .fileTooLarge(path, size: Fixture.baseFile.count, limit: 100)),
  RefusalCase(
    "JSON nesting of a million brackets", [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000),
    .limitExceeded(path: path, location: "line 1, column 217", what: "nesting depth", limit: 216)),
  {
    // The file's object is level 1, so the 216th nested object of the root is level 217.
    let bytes = Fixture.file(root: String(repeating: #"{"a": "#, count: 300))
    let offset = firstOffset(of: Array(#""root": "#.utf8), in: bytes) + 8 + 6 * 215
    return RefusalCase(
      "JSON nesting of objects in the tree", bytes,
      .limitExceeded(
        path: path, location: "line 1, column \(offset + 1)", what: "nesting depth", limit: 216))
  }(),
  RefusalCase(
    "tree deeper than the default limit",
    Fixture.file(
      root: String(
        repeating: #"{"id": 1, "kind": "tabs", "titles": [""], "children": ["#, count: 101)
        + Fixture.pane(2, "A", stack: ["a"]) + String(repeating: "]}", count: 101)),
    .limitExceeded(
      path: path, location: "$.root" + String(repeating: ".children[0]", count: 100),
      what: "tree depth", limit: 100)),
]

@Suite struct FileRefusalTests {
  @Test(arguments: syntaxCases + workspaceCases + limitCases)
  func refusesWithAPreciseError(_ refusal: RefusalCase) {
    #expect(throws: refusal.error) {
      try WorkspaceFile.decode(refusal.bytes, path: path, limits: refusal.limits)
    }
  }

  @Test(arguments: syntaxCases + workspaceCases + limitCases)
  func errorIsBadDataWithAOneLineMessage(_ refusal: RefusalCase) {
    #expect(refusal.error.isBadData)
    #expect(!refusal.error.description.contains("\n"))
    #expect(refusal.error.description.hasPrefix(path))
  }

  @Test(arguments: syntaxCases + workspaceCases + limitCases)
  func storeLeavesTheFileUntouched(_ refusal: RefusalCase) throws {
    withTemporaryDirectory { directory in
      let file = directory.file(path)
      Files.create(file, refusal.bytes)
      var store = WorkspaceStore(path: file, limits: refusal.limits)
      store.lockTimeout = 1
      let located = refusal.error.located(at: file)
      #expect(throws: located) { try store.load(default: .example) }
      #expect(throws: WorkspaceStore.UpdateError<WorkspaceError>.file(located)) {
        try store.update(default: .example) { (state) throws(WorkspaceError) in
          try state.apply(.split(.horizontal))
        }
      }
      #expect(Files.contents(file) == refusal.bytes)
      #expect(directory.entries() == [path, path + ".lock"])
    }
  }

  @Test func failedChangeLeavesTheFileUntouched() throws {
    withTemporaryDirectory { directory in
      let file = directory.file(path)
      Files.create(file, Fixture.baseFile)
      let store = WorkspaceStore(path: file)
      #expect(throws: WorkspaceStore.UpdateError.change(WorkspaceError.lastPane)) {
        try store.update(default: .example) { (state) throws(WorkspaceError) in
          try state.apply(.split(.horizontal))
          try state.apply([.close(), .close(), .close()])
        }
      }
      #expect(Files.contents(file) == Fixture.baseFile)
      #expect(directory.entries() == [path, path + ".lock"])
    }
  }
}

extension WorkspaceFileError {
  /// The same error naming another file.
  fileprivate func located(at file: String) -> WorkspaceFileError {
    switch self {
    case .notJSON(_, let line, let column, let offset, let reason):
      .notJSON(path: file, line: line, column: column, offset: offset, reason: reason)
    case .invalid(_, let location, let reason):
      .invalid(path: file, location: location, reason: reason)
    case .newerVersion(_, let found, let supported):
      .newerVersion(path: file, found: found, supported: supported)
    case .limitExceeded(_, let location, let what, let limit):
      .limitExceeded(path: file, location: location, what: what, limit: limit)
    case .fileTooLarge(_, let size, let limit): .fileTooLarge(file, size: size, limit: limit)
    default: self
    }
  }
}
