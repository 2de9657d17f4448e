import Foundation
import Testing

/// `wsctl template export FILE [NAME]... [--force]`: the workspace's templates (or those of
/// `--from FILE`) written as a templates file, run as a user runs it.
@Suite struct TemplateExportTests {
  /// A sandbox whose workspace has the templates `mail` (with the parameter `project`) and
  /// `settings`.
  private func sandboxWithTemplates() async throws -> Sandbox {
    let sandbox = try Sandbox()
    try await sandbox.succeed(
      "rename", "{project} inbox", "replace", "inbox:{project}", "template", "save", "mail",
      "template", "save", "settings", "--node", "%5")
    return sandbox
  }

  /// The `template show --json` of every template, keyed by name.
  private func shown(_ sandbox: Sandbox, _ options: [String] = []) async throws -> [String: String]
  {
    let list = try await sandbox.succeed(options + ["template", "list"]).stdout
    let names = list.split(separator: "\n").map { String($0.prefix { $0 != " " }) }
    var shown: [String: String] = [:]
    for name in names {
      shown[name] = try await sandbox.succeed(options + ["template", "show", name, "--json"]).stdout
    }
    return shown
  }

  @Test func exportAllRoundTripsThroughFrom() async throws {
    let sandbox = try await sandboxWithTemplates()
    let before = sandbox.bytes("workspace.json")
    let result = try await sandbox.succeed("template", "export", "t.json")
    #expect(result.stdout == "")
    #expect(sandbox.bytes("workspace.json") == before)
    let text = try #require(sandbox.text("t.json"))
    #expect(
      text.hasPrefix("{\n  \"format\": \"workspace-templates\",\n  \"version\": 1,"), "\(text)")
    #expect(
      try await sandbox.succeed("--from", "t.json", "template", "list").stdout
        == sandbox.succeed("template", "list").stdout)
    #expect(try await shown(sandbox, ["--from", "t.json"]) == shown(sandbox))
    #expect(try await shown(sandbox).count == 2)
    // No temporary file is left beside it.
    #expect(try sandbox.listing().filter { $0.contains(".tmp-") } == [])
  }

  @Test func exportSomeWritesOnlyThose() async throws {
    let sandbox = try await sandboxWithTemplates()
    try await sandbox.succeed("template", "export", "one.json", "settings", "settings")
    #expect(
      try await sandbox.succeed("--from", "one.json", "template", "list").stdout
        == "settings  tab 'Settings'  no parameters\n")
    try await sandbox.succeed("template", "export", "both.json", "settings", "mail")
    #expect(
      sandbox.bytes("both.json")
        == (try await sandbox.succeed("template", "export", "-").stdout.data(using: .utf8)))
  }

  @Test func standardOutputIsTheFileItWouldWrite() async throws {
    let sandbox = try await sandboxWithTemplates()
    let printed = try await sandbox.succeed("template", "export", "-", "mail").stdout
    try await sandbox.succeed("template", "export", "mail.json", "mail")
    #expect(sandbox.text("mail.json") == printed)
  }

  @Test func anUnknownNameIsRefusedNamingTheTemplatesAndWritesNothing() async throws {
    let sandbox = try await sandboxWithTemplates()
    #expect(
      try await sandbox.fail("template", "export", "t.json", "mail", "nope", status: 1)
        == "wsctl: no template 'nope'; the templates are 'mail', 'settings' at word 1")
    #expect(!sandbox.exists("t.json"))
  }

  @Test func anExistingFileIsRefusedUnlessForce() async throws {
    let sandbox = try await sandboxWithTemplates()
    try sandbox.write("kept\n", to: "t.json")
    #expect(
      try await sandbox.fail("template", "export", "t.json", status: 73)
        == "wsctl: 't.json' already exists; 'template export --force' replaces it")
    #expect(sandbox.text("t.json") == "kept\n")
    try await sandbox.succeed("template", "export", "--force", "t.json", "mail")
    #expect(
      try await sandbox.succeed("--from", "t.json", "template", "list").stdout.hasPrefix("mail "))
    try await sandbox.succeed("template", "export", "t.json", "settings", "--force")
    #expect(
      try await sandbox.succeed("--from", "t.json", "template", "list").stdout.hasPrefix(
        "settings "))
  }

  @Test func aDirectoryThatCannotBeWrittenIsExit73() async throws {
    let sandbox = try await sandboxWithTemplates()
    try sandbox.write("a file\n", to: "file.txt")
    let message = try await sandbox.fail("template", "export", "file.txt/x.json", status: 73)
    #expect(message.hasPrefix("wsctl: cannot write 'file.txt/x.json': "), "\(message)")
    #expect(sandbox.text("file.txt") == "a file\n")
  }

  @Test func fromOtherExportsTheOthersTemplates() async throws {
    let sandbox = try await sandboxWithTemplates()
    try await sandbox.succeed("template", "export", "team.json", "settings")
    try await sandbox.succeed("--from", "team.json", "template", "export", "copy.json")
    #expect(sandbox.bytes("copy.json") == sandbox.bytes("team.json"))
    #expect(
      try await sandbox.fail(
        "--from", "team.json", "template", "export", "x.json", "mail", status: 1)
        == "wsctl: no template 'mail'; the templates are 'settings' at word 1")
  }

  @Test func aDryRunWritesNothing() async throws {
    let sandbox = try await sandboxWithTemplates()
    #expect(
      try await sandbox.succeed("-n", "template", "export", "t.json").stdout
        == "dry run (not written): 2 templates to t.json\n")
    #expect(!sandbox.exists("t.json"))
  }

  @Test func jsonReportsTheFileAndTheTemplates() async throws {
    let sandbox = try await sandboxWithTemplates()
    let report = try await sandbox.succeed("--json", "template", "export", "t.json", "mail").stdout
    let object = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
    #expect(object?["file"] as? String == "t.json")
    #expect(object?["templates"] as? [String] == ["mail"])
    #expect(object?["written"] as? Bool == true)
  }

  @Test func anEmptyWorkspaceExportsAnEmptyFile() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("template", "export", "t.json")
    #expect(
      try await sandbox.succeed("--from", "t.json", "template", "list").stdout == "no templates\n")
  }

  @Test(arguments: [
    (["template", "export"], "wsctl: 'template export' needs a FILE at word 3"),
    (
      ["focus", "2", "template", "export", "t.json"],
      "wsctl: 'template export' cannot be combined with other commands"
    ),
    (
      ["template", "export", "t.json", "--force", "--force"],
      "wsctl: option '--force' given twice at word 5 for 'template export'"
    ),
  ])
  func usageErrorsExit64(words: [String], message: String) async throws {
    let sandbox = try await sandboxWithTemplates()
    #expect(try await sandbox.fail(words, status: 64) == message)
    #expect(!sandbox.exists("t.json"))
  }

  @Test func helpAndCompletionKnowExport() async throws {
    let sandbox = try Sandbox()
    let help = try await sandbox.succeed("help", "template").stdout
    #expect(help.contains("template export [--force] FILE [NAME...]"), "\(help)")
    #expect(
      try await sandbox.succeed("__complete", "template", "ex").stdout.hasPrefix("export\t"))
    #expect(try await sandbox.succeed("__complete", "template", "export", "").stdout == ":files\n")
    try await sandbox.succeed("rename", "x", "template", "save", "mine")
    #expect(
      try await sandbox.succeed("__complete", "template", "export", "t.json", "").stdout
        == "mine\tMain\n--force\n")
  }
}
