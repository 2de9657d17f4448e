import Foundation
import Testing

/// `wsctl` on a file whose host published its route types (`routeTypes`): it refuses the
/// tokens the host would refuse, completes the routes of the pane at hand, and `validate`
/// reports stored routes the types cannot read.
@Suite struct RouteSchemaCommandTests {
  static let kinds = [
    "mail": ["inbox", "detail:Int", "folder:String", "compose", "settings"],
    "notes": ["list", "note:String"],
  ]
  static let routeTypes =
    #"{"default": "mail", "kinds": {"mail": ["inbox", "detail:Int", "#
    + #""folder:String", "compose", "settings"], "notes": ["list", "note:String"]}}"#

  /// The default workspace (untyped routers: `inbox`, `detail:1`, `settings`) with the
  /// schema of a host whose untyped routers are mail's.
  static func sandbox(routeTypes: String = routeTypes) async throws -> Sandbox {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    let text = try #require(sandbox.text("workspace.json"))
    let index = try #require(text.firstIndex(of: "{"))
    var published = text
    published.insert(
      contentsOf: #""routeTypes": "# + routeTypes + ", ", at: text.index(after: index))
    try sandbox.write(published, to: "workspace.json")
    return sandbox
  }

  @Test func aTokenTheHostWouldRefuseIsRefusedNamingTheWordAndArgument() async throws {
    let sandbox = try await Self.sandbox()
    let before = sandbox.bytes("workspace.json")
    let error = try await sandbox.fail("push", "detail:7", "detail:abc", status: 64)
    #expect(
      error
        == "wsctl: %3 cannot hold route 'detail:abc': mail route 'detail:abc': argument 1 'abc' "
        + "is not an Int (detail takes one Int) at word 1")
    #expect(
      try await sandbox.fail("push", "nope", status: 64).hasSuffix(
        "unknown mail route 'nope' at word 1"))
    #expect(sandbox.bytes("workspace.json") == before)
    // What the host reads goes through, and the schema stays in the file.
    try await sandbox.succeed("push", "detail:7", "folder:Work/Done")
    let saved = try #require(sandbox.bytes("workspace.json"))
    let file = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
    #expect((file["routeTypes"] as? [String: Any])?["kinds"] as? [String: [String]] == Self.kinds)
  }

  @Test func aNewPaneOfANamedKindIsCheckedAsThatKind() async throws {
    let sandbox = try await Self.sandbox()
    try await sandbox.succeed("split", "h", "notes/note:groceries")
    let tree = try await sandbox.succeed("tree").stdout
    #expect(tree.contains("[note:groceries]"))
    #expect(
      try await sandbox.fail("tab", "new", "Notes", "notes/note", status: 64)
        == "wsctl: a new notes pane cannot hold route 'note': notes route 'note' takes one "
        + "String at word 1")
    // Without a kind, the one published kind that reads the route is the new pane's, as in
    // the host; a route no kind reads keeps the focused pane's (untyped, read as mail).
    try await sandbox.succeed("focus", "1", "split", "v", "note:x")
    #expect(try await sandbox.succeed("--json", "routes").stdout.contains(#""kind": "notes""#))
    try await sandbox.succeed("focus", "1")
    #expect(
      try await sandbox.fail("split", "v", "nope:x", status: 64)
        == "wsctl: a new token pane cannot hold route 'nope:x': unknown mail route 'nope:x' at "
        + "word 1")
  }

  @Test func aKindTheSchemaDoesNotDescribeKeepsAnyToken() async throws {
    let sandbox = try await Self.sandbox(routeTypes: #"{"kinds": {"notes": ["list"]}}"#)
    // Untyped routers are unchecked without a default kind.
    try await sandbox.succeed("push", "anything:at:all")
    try await sandbox.succeed("split", "h", "logs/tail:x")
    #expect(
      try await sandbox.fail("split", "h", "notes/nope", status: 64).contains("unknown notes route")
    )
  }

  @Test func completionOffersTheRoutesOfThePaneAtHand() async throws {
    let sandbox = try await Self.sandbox()
    func words(_ arguments: String...) async throws -> [String] {
      try await sandbox.succeed(["__complete"] + arguments).stdoutLines.map {
        String($0.prefix { $0 != "\t" })
      }
    }
    #expect(
      try await words("push", "").prefix(5) == [
        "inbox", "detail:", "folder:", "compose", "settings",
      ])
    #expect(
      try await sandbox.succeed("__complete", "push", "de").stdout
        == "detail:\tmail route detail:Int\n")
    #expect(try await words("split", "h", "notes/") == ["notes/list", "notes/note:"])
    let afterRatio = try await words("split", "h", "30%", "")
    #expect(afterRatio.contains("mail/detail:") && afterRatio.contains("notes/list"))
    #expect(afterRatio.contains("detail:"))
    #expect(try await words("tab", "new", "Notes", "no") == ["notes/list", "notes/note:"])
    // The pane at hand: the focused one as the commands typed before leave it.
    try await sandbox.succeed("split", "h", "notes/list")
    #expect(try await words("push", "").prefix(2) == ["list", "note:"])
    #expect(try await words("focus", "1", "push", "").prefix(2) == ["inbox", "detail:"])
    #expect(
      try await words("focus", "1", "split", "v", "notes/list", "push", "").prefix(2) == [
        "list", "note:",
      ])
    // A command that is refused leaves the file's focus.
    #expect(try await words("focus", "9", "push", "").prefix(2) == ["list", "note:"])
  }

  @Test(arguments: ShellCompletion.shells)
  func aShellCompletesARouteName(shell: String) async throws {
    let sandbox = try await Self.sandbox()
    guard
      let candidates = try await ShellCompletion.candidates(
        shell, line: "wsctl push fol", in: sandbox)
    else { return }
    #expect(candidates.contains { $0.hasPrefix("folder:") }, "\(shell): \(candidates)")
  }

  @Test func validateReportsStoredRoutesTheTypesCannotRead() async throws {
    let sandbox = try await Self.sandbox()
    let data = try #require(sandbox.text("workspace.json"))
    try sandbox.write(data.replacing(#""detail:1""#, with: #""detail:one""#), to: "workspace.json")
    let result = try await sandbox.run("validate")
    #expect(result.status == 65)
    #expect(
      result.stdoutLines == [
        "workspace.json: $.root.children[0].children[1].router.stack[0]: route 'detail:one' is "
          + "unreadable (mail route 'detail:one': argument 1 'one' is not an Int (detail takes "
          + "one Int)); a repair quarantines it (kept in the file) and gives the router its "
          + "first readable route as root, or its registered fallback root, if any"
      ])
    #expect(
      result.stderrLines == [
        "wsctl: workspace.json: 1 problem found; the host's route types cannot read 1 stored route"
      ])
    let json = try await sandbox.run("--json", "validate")
    #expect(json.status == 65)
    let report = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(report["valid"] as? Bool == false)
    let diagnostics = try #require(report["diagnostics"] as? [[String: String]])
    #expect(
      diagnostics.map { $0["location"] } == ["$.root.children[0].children[1].router.stack[0]"])
    // Without the schema the same file is valid: nothing says what the routes are.
    try sandbox.write(
      data.replacing(#""detail:1""#, with: #""detail:one""#).replacing(
        #""routeTypes""#, with: #""otherTypes""#), to: "workspace.json")
    #expect(try await sandbox.succeed("validate").stdout == "workspace.json: valid (3 panes)\n")
  }
}
