import Foundation
import Testing

/// No edit leaves a file that the next command refuses: the store checks the bytes it would
/// write (escapes, history labels, kept members inside history, the indented size) and
/// refuses with exit 1, changing nothing; long history labels are shortened, never refused.
@Suite struct UnreadableSaveTests {
  /// An edit whose history label is long.
  struct Edit: CustomTestStringConvertible, Sendable {
    let name: String
    let arguments: [String]
    var testDescription: String { name }
  }

  /// Each of these once exited 0 and left a file that every later command refused.
  static let longLabels = [
    Edit(
      name: "a 65,530-byte title", arguments: ["rename", String(repeating: "x", count: 65_530)]),
    Edit(
      name: "20 tokens of 4,000 bytes",
      arguments: ["push"] + (0..<20).map { "t\($0):" + String(repeating: "a", count: 3_990) }),
    Edit(
      name: "7,000 chained renames", arguments: (0..<7_000).flatMap { ["rename", "title\($0)"] }),
  ]

  @Test(arguments: longLabels)
  func aLongLabelIsShortenedAndTheFileStaysReadable(_ edit: Edit) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(edit.arguments)
    try await sandbox.succeed("validate")
    let history = try await sandbox.succeed("--json", "history").jsonObject()
    let label = try #require((history["undo"] as? [String])?.last)
    #expect(label.utf8.count <= 256)
    #expect(label.hasSuffix("…"))
  }

  @Test func controlCharactersThatEscapePastTheLimitAreRefused() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    let before = sandbox.bytes("workspace.json")
    let title = String(repeating: "\u{01}", count: 11_000)
    #expect(
      try await sandbox.fail("rename", title, status: 1)
        == "wsctl: workspace.json: $.root.children[0].children[0].title: escaped string length "
        + "66000 would exceed the file's limit of 65536; not saved, nothing changed")
    #expect(sandbox.bytes("workspace.json") == before)
    // A dry run refuses it the same way.
    #expect(try await sandbox.fail("-n", "rename", title, status: 1).contains("66000"))
    try await sandbox.succeed("validate")
  }

  @Test func anUnknownMemberNestedDeepIsRefusedOnceHistoryWouldCopyIt() async throws {
    let sandbox = try Sandbox()
    var deep = "[0]"
    for _ in 0..<211 { deep = "[\(deep)]" }
    try sandbox.write(
      #"{"format": "workspace", "version": 1, "root": {"id": 1, "kind": "pane", "#
        + #""router": {"kind": "token", "stack": ["a"]}, "deep": \#(deep)}}"#,
      to: "workspace.json")
    try await sandbox.succeed("validate")
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail("rename", "q", status: 1)
    #expect(message.hasPrefix("wsctl: workspace.json: $.history.undo[0].nodes[0].node.deep[0]"))
    #expect(
      message.hasSuffix(
        ": nesting depth 217 would exceed the file's limit of 216; not saved, nothing changed"))
    #expect(sandbox.bytes("workspace.json") == before)
    try await sandbox.succeed("validate")
  }

  @Test func aFileWhoseIndentedFormPassesTheSizeLimitIsRefused() async throws {
    let sandbox = try Sandbox()
    // 48 MB of compact JSON: long titles, and a kept member whose 170,000 numbers each take
    // a line of 400 spaces of indentation once indented.
    let title = String(repeating: "t", count: 60_000)
    let panes = (2..<802).map {
      #"{"id":\#($0),"kind":"pane","title":"\#(title)","router":{"kind":"token","stack":["a"]}}"#
    }
    let numbers = Array(repeating: "1", count: 170_000).joined(separator: ",")
    let file =
      #"{"format":"workspace","version":1,"root":{"id":1,"kind":"tabs","active":0,"titles":["#
      + Array(repeating: #""x""#, count: panes.count).joined(separator: ",") + #"],"children":["#
      + panes.joined(separator: ",") + #"]},"extra":"#
      + String(repeating: "[", count: 200) + numbers + String(repeating: "]", count: 200) + "}"
    try sandbox.write(file, to: "workspace.json")
    #expect(file.utf8.count > 48_000_000 && file.utf8.count < 64 << 20)
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail("push", "b", status: 1)
    #expect(message.hasPrefix("wsctl: workspace.json: $: file size "))
    #expect(
      message.hasSuffix(
        " would exceed the file's limit of 67108864; not saved, nothing changed"))
    #expect(sandbox.bytes("workspace.json") == before)
    #expect(!sandbox.exists("workspace.json.bak"))
  }
}
