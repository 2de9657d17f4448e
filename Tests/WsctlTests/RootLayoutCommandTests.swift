import Foundation
import Testing

/// `float` and `stack` where the workspace's root is a single pane or a split (no tabs),
/// through the built `wsctl`: the workspace becomes one tab before a pane floats, a root split
/// becomes a stack, and what cannot be done is refused with the file unchanged.
@Suite struct RootLayoutCommandTests {
  private static func pane(_ id: Int, _ title: String) -> String {
    """
    {"id": \(id), "kind": "pane", "title": "\(title)", "router": {"kind": "token", "stack": ["\(title.lowercased())"]}}
    """
  }

  private static let singlePane = """
    {"format": "workspace", "version": 3, "nextId": 2, "focus": 1, "root": \(pane(1, "A"))}
    """

  private static let rootSplit = """
    {"format": "workspace", "version": 3, "nextId": 4, "focus": 2, "root": {"id": 1, \
    "kind": "split", "axis": "horizontal", "active": 0, "weights": [0.5, 0.5], \
    "children": [\(pane(2, "A")), \(pane(3, "B"))]}}
    """

  @Test func floatOfTheOnlyPaneIsRefusedAndTheFileStaysAsItWas() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.singlePane, to: "workspace.json")
    let message = try await sandbox.fail("float", status: 1)
    #expect(message.hasPrefix("wsctl: cannot float %1: it is the last tiled pane"))
    #expect(sandbox.text("workspace.json") == Self.singlePane)
  }

  @Test func floatAtARootSplitMakesOneTabFirst() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.rootSplit, to: "workspace.json")
    #expect(
      try await sandbox.tree(after: "float") == """
        %4 tabs selected 1
          [1 'A'] %3 pane 'B' [b]
          [1 'A' floating focused at 0.25,0.25 0.5x0.5] %2 pane 'A' [a] (focused)

        """)
    #expect(
      try await sandbox.succeed("show", "--size", "20x6").stdout == """
        [1:A]
        ┌ 1 B ─────────────┐
        │ b  ┏ 2* A ━━┓    │
        │    ┃ a      ┃    │
        │    ┗━━━━━━━━┛    │
        └──────────────────┘

        """)
    // Embedding puts it back beside B in the tab; undo gives back the root split.
    #expect(try await sandbox.tree(after: "embed").contains("[1 'A'] %5 split horizontal"))
    try await sandbox.succeed("undo", "undo")
    #expect(try await sandbox.tree().hasPrefix("%1 split horizontal active 1"))
  }

  @Test func stackAtARootSplitMakesTheRootAStack() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.rootSplit, to: "workspace.json")
    #expect(
      try await sandbox.tree(after: "stack") == """
        %4 stack horizontal expanded 1
          %2 pane 'A' [a] (focused)
          %3 pane 'B' [b]

        """)
    #expect(sandbox.text("workspace.json")?.contains(#""kind": "stack""#) == true)
    // A pane of the root stack floats: the workspace becomes one tab, the stack of one
    // member collapses into B.
    #expect(
      try await sandbox.tree(after: "float") == """
        %5 tabs selected 1
          [1 'A'] %3 pane 'B' [b]
          [1 'A' floating focused at 0.25,0.25 0.5x0.5] %2 pane 'A' [a] (focused)

        """)
    try await sandbox.succeed("undo", "unstack")
    #expect(try await sandbox.tree().hasPrefix("%6 split horizontal active 1"))
  }

  @Test func stackOfTheOnlyPaneIsRefusedAndTheFileStaysAsItWas() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.singlePane, to: "workspace.json")
    #expect(
      try await sandbox.fail("stack", status: 1)
        == "wsctl: cannot stack %1: it is not in a split at word 1")
    #expect(try await sandbox.fail("stack", "left", status: 1).hasPrefix("wsctl: no pane left of"))
    #expect(sandbox.text("workspace.json") == Self.singlePane)
  }
}
