import Foundation
import Testing

/// A file whose host quarantined a token it could not read: `validate` warns at the token's
/// JSON path and still calls the file valid, `routes` shows the token with its place, and
/// edits and undo by `wsctl` (which registers no route type) keep it as it is.
@Suite struct QuarantineCommandTests {
  /// The issue's stack after a host's repair: `line:x:abc` out of the stack, kept.
  static let repaired = """
    {
      "format": "workspace",
      "version": 3,
      "root": {
        "id": 1,
        "kind": "pane",
        "title": "Files",
        "router": {
          "kind": "file",
          "stack": ["file:a", "file:ok.swift"],
          "quarantined": [{"token": "line:x:abc", "stack": 1}]
        }
      }
    }
    """

  static let warning =
    "workspace.json: warning: $.root.router.quarantined[0]: route 'line:x:abc' (stack index 1)"
    + " is quarantined: a route type could not read it; kept in the file, not shown"

  @Test func validateWarnsAtTheJSONPathAndTheFileStaysValid() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.repaired, to: "workspace.json")
    #expect(
      try await sandbox.succeed("validate").stdoutLines == [
        Self.warning, "workspace.json: valid (1 pane)",
      ])
    let report = try await sandbox.succeed("--json", "validate").jsonObject()
    #expect(report["valid"] as? Bool == true)
    #expect((report["diagnostics"] as? [Any])?.isEmpty == true)
    let warnings = try #require(report["warnings"] as? [[String: String]])
    #expect(warnings.map { $0["location"] } == ["$.root.router.quarantined[0]"])
    #expect(warnings.first?["message"]?.hasPrefix("route 'line:x:abc' (stack index 1)") == true)
  }

  @Test func routesShowsTheQuarantinedTokenWithItsPlace() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.repaired, to: "workspace.json")
    #expect(
      try await sandbox.succeed("routes").stdoutLines == [
        "%1 'Files' router file", "  0 file:a", "  1 file:ok.swift (top)",
        "  quarantined (kept in the file, not shown):", "    route 'line:x:abc' (stack index 1)",
      ])
    let router = try await sandbox.succeed("--json", "routes").jsonObject()
    #expect(router["stack"] as? [String] == ["file:a", "file:ok.swift"])
    let quarantined = try #require(router["quarantined"] as? [[String: Any]])
    #expect(quarantined.first?["token"] as? String == "line:x:abc")
    #expect(quarantined.first?["stack"] as? Int == 1)
  }

  @Test func editsAndUndoKeepTheQuarantineInTheFile() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.repaired, to: "workspace.json")
    try await sandbox.succeed("push", "file:c", "pop", "2")
    #expect(sandbox.text("workspace.json")?.contains(#""line:x:abc""#) == true)
    try await sandbox.succeed("undo")
    let lines = try await sandbox.succeed("routes").stdoutLines
    #expect(
      lines.suffix(2) == [
        "  quarantined (kept in the file, not shown):", "    route 'line:x:abc' (stack index 1)",
      ])
    #expect(try await sandbox.succeed("validate").stdoutLines.first == Self.warning)
  }
}
