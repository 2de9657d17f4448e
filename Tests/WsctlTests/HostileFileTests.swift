import Foundation
import Testing
import WorkspaceTestSupport

/// Hostile workspace files through `wsctl validate` and an edit: each gives a clear error or
/// repair diagnostics, never a crash or a hang, within a bounded time (10 s a run here; about
/// 0.1 s in practice) and memory (`validate` runs with its address space limited to 1 GiB),
/// and the file's bytes are never changed.
///
/// The small files live in `Tests/Fixtures/hostile/`; the large ones are generated here.
@Suite struct HostileFileTests {
  /// A hostile file, the exit code `validate` gives, and words its output must contain.
  struct Case: CustomTestStringConvertible, Sendable {
    let file: String
    let status: Int32
    let mentions: [String]

    var testDescription: String { file }
  }

  static let fixtures: [Case] = [
    Case(file: "invalid-utf8.json", status: 65, mentions: ["not valid JSON", "invalid UTF-8"]),
    Case(file: "bom.json", status: 65, mentions: ["byte order mark"]),
    Case(file: "nul-byte.json", status: 65, mentions: ["control character"]),
    Case(file: "nan-literal.json", status: 65, mentions: ["not valid JSON"]),
    Case(file: "infinity-literal.json", status: 65, mentions: ["not valid JSON"]),
    Case(file: "huge-number.json", status: 65, mentions: ["not valid JSON"]),
    Case(file: "truncated.json", status: 65, mentions: ["not valid JSON", "unexpected end"]),
    Case(file: "not-an-object.json", status: 65, mentions: ["expected an object"]),
    Case(file: "empty.json", status: 65, mentions: ["empty"]),
    Case(file: "newer-version.json", status: 65, mentions: ["version 99 is newer"]),
    Case(file: "wrong-format.json", status: 65, mentions: ["$.format"]),
    Case(file: "duplicate-keys.json", status: 65, mentions: ["duplicate key"]),
    Case(file: "duplicate-ids.json", status: 65, mentions: ["duplicate id"]),
    Case(file: "id-wrong-type.json", status: 65, mentions: ["id is not an integer"]),
    Case(file: "pane-without-router.json", status: 65, mentions: ["no usable router"]),
    Case(file: "focus-nowhere.json", status: 65, mentions: ["$.focus"]),
    Case(file: "mru-nowhere.json", status: 65, mentions: ["$.mru"]),
    Case(file: "weights-zero.json", status: 65, mentions: [".weights"]),
    Case(file: "weights-negative.json", status: 65, mentions: [".weights"]),
    Case(file: "weights-not-numbers.json", status: 65, mentions: [".weights"]),
    Case(file: "weights-sum-1e300.json", status: 65, mentions: [".weights"]),
    Case(file: "malformed-token.json", status: 65, mentions: ["stack[1]", "malformed"]),
    Case(file: "no-panes.json", status: 65, mentions: ["no pane"]),
    Case(file: "unknown-kind.json", status: 0, mentions: ["valid"]),
  ]

  static let fixtureDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/hostile")

  @Test(arguments: fixtures)
  func fixtureIsReportedAndUntouched(_ hostile: Case) async throws {
    let bytes = try Data(contentsOf: Self.fixtureDirectory.appendingPathComponent(hostile.file))
    try await check(bytes, named: hostile.file, status: hostile.status, mentions: hostile.mentions)
  }

  @Test func millionNestedArrays() async throws {
    let bytes = Data(repeating: UInt8(ascii: "["), count: 1_000_000)
    try await check(bytes, named: "arrays.json", status: 65, mentions: ["nesting depth"])
  }

  @Test func hundredThousandNestedSplits() async throws {
    var text = #"{"format": "workspace", "version": 1, "root": "#
    let depth = 100_000
    for level in 0..<depth {
      text +=
        #"{"id": \#(level + 1), "kind": "split", "axis": "\#(level % 2 == 0 ? "horizontal" : "vertical")", "children": [{"id": \#(depth + level + 1), "kind": "pane", "router": {"kind": "token", "stack": ["a"]}}, "#
    }
    text += #"{"id": \#(3 * depth), "kind": "pane", "router": {"kind": "token", "stack": ["a"]}}"#
    text += String(repeating: "]}", count: depth) + "}"
    try await check(Data(text.utf8), named: "splits.json", status: 65, mentions: ["nesting depth"])
  }

  @Test func hundredMegabyteFile() async throws {
    var bytes = try Data(
      contentsOf: Self.fixtureDirectory.appendingPathComponent("unknown-kind.json"))
    bytes.append(Data(repeating: UInt8(ascii: " "), count: 100_000_000))
    try await check(bytes, named: "large.json", status: 65, mentions: ["exceeds the limit"])
  }

  @Test func tenMegabyteString() async throws {
    let title = String(repeating: "x", count: 10_000_000)
    let text =
      #"{"format": "workspace", "version": 1, "root": {"id": 1, "kind": "pane", "title": "\#(title)", "router": {"kind": "token", "stack": ["a"]}}}"#
    try await check(Data(text.utf8), named: "string.json", status: 65, mentions: ["string length"])
  }

  @Test func millionRouteStack() async throws {
    let routes = (0..<1_000_000).map { "\"r:\($0)\"" }.joined(separator: ",")
    let text =
      #"{"format": "workspace", "version": 1, "root": {"id": 1, "kind": "pane", "router": {"kind": "token", "stack": [\#(routes)]}}}"#
    try await check(Data(text.utf8), named: "stack.json", status: 65, mentions: ["stack depth"])
  }

  /// Runs `wsctl` with its address space limited to 1 GiB (`ulimit -v`), so a run that needs
  /// more fails (and the test with it) instead of passing unnoticed. Sanitizer builds reserve
  /// far more address space for their shadow memory, so there the limit is left off.
  static func runBounded(_ sandbox: Sandbox, _ arguments: [String]) async throws -> RunResult {
    let environment = ProcessInfo.processInfo.environment
    guard environment["ASAN_OPTIONS"] == nil, environment["TSAN_OPTIONS"] == nil else {
      return try await sandbox.run(arguments)
    }
    let script = #"ulimit -v 1048576 && exec "$0" "$@""#
    return try await sandbox.run(
      program: URL(fileURLWithPath: "/bin/sh"),
      ["-c", script, try BuiltProgram.require("wsctl").path] + arguments)
  }

  /// Runs `validate` and an edit on the file; checks the outcome, the bounds and the bytes.
  private func check(
    _ bytes: Data, named name: String, status: Int32, mentions: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let sandbox = try Sandbox()
    try bytes.write(to: URL(fileURLWithPath: sandbox.path(name)))
    // The run's own time: a wait for a place among the runs at once is not part of it.
    let validation = try await Self.runBounded(sandbox, ["-f", name, "validate"])
    let elapsed = validation.duration
    #expect(validation.status == status, "\(validation)", sourceLocation: sourceLocation)
    let output = validation.stdout + validation.stderr
    for word in mentions {
      #expect(
        output.contains(word), "'\(word)' missing in \(validation)", sourceLocation: sourceLocation)
    }
    #expect(elapsed < .seconds(10), "validate took \(elapsed)", sourceLocation: sourceLocation)
    #expect(validation.stderrLines.count <= 1, "\(validation)", sourceLocation: sourceLocation)

    // An edit of an unreadable file is refused and leaves it alone; a repairable one is
    // edited (the old bytes then live on in the backup).
    let edit = try await sandbox.run("-q", "-f", name, "push", "hostile:1")
    #expect(edit.status < 128, "crashed: \(edit)", sourceLocation: sourceLocation)
    if status == 65, validation.stdout.isEmpty {
      #expect(edit.status == 65, "\(edit)", sourceLocation: sourceLocation)
      #expect(sandbox.bytes(name) == bytes, "the file changed", sourceLocation: sourceLocation)
    } else if edit.status == 0, sandbox.bytes(name) != bytes {
      #expect(sandbox.bytes(name + ".bak") == bytes, "no backup", sourceLocation: sourceLocation)
    }
  }
}
