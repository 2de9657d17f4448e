import Foundation
import Testing

/// `wsctl template save|apply|rm|list|show` and `--from FILE`, run as a user runs them: the
/// built binary on a file, checked through its output, exit code and the file itself.
@Suite struct TemplateCommandTests {
  /// A sandbox whose workspace has the template `mail`: the Main tab with pane 1 titled
  /// `{project} inbox` on route `inbox:{project}`.
  private func sandboxWithTemplate() async throws -> Sandbox {
    let sandbox = try Sandbox()
    try await sandbox.succeed(
      "rename", "{project} inbox", "replace", "inbox:{project}", "tab", "rename", "Mail {project}",
      "template", "save", "mail")
    return sandbox
  }

  @Test func saveListShowApply() async throws {
    let sandbox = try await sandboxWithTemplate()
    #expect(
      try await sandbox.succeed("template", "list").stdout
        == "mail  tab 'Mail {project}'  project=\n")
    #expect(
      try await sandbox.succeed("template", "show", "mail").stdout
        == """
        template 'mail': tab 'Mail {project}'
        parameters: project
        split horizontal weights 0.5 0.5
          pane '{project} inbox' inbox:{project}
          pane 'Detail' detail:1

        """)
    try await sandbox.succeed("template", "apply", "mail", "project=wsctl")
    let tree = try await sandbox.succeed("tree").stdout
    #expect(tree.contains("[3 'Mail wsctl'] %6 split horizontal"), "\(tree)")
    #expect(tree.contains("%7 pane 'wsctl inbox' [inbox:wsctl] (focused)"), "\(tree)")
    #expect(
      try await sandbox.succeed("history").stdout.hasPrefix(
        "undo 1: template apply mail project=wsctl"))
    try await sandbox.succeed("undo")
    #expect(!(try await sandbox.succeed("tree").stdout.contains("Mail wsctl")))
    // Undo took back the tab, not the template.
    #expect(try await sandbox.succeed("template", "list").stdout.hasPrefix("mail "))
  }

  @Test(arguments: [
    (
      ["template", "apply", "mail"],
      "wsctl: template 'mail' needs a value for 'project' (project=VALUE) at word 1"
    ),
    (
      ["template", "apply", "mail", "project=a", "projet=b"],
      "wsctl: template 'mail' has no parameter 'projet'; it takes 'project' at word 1"
    ),
    (
      ["template", "apply", "mail", "project"],
      "wsctl: invalid argument 'project' at word 4: expected a parameter KEY=VALUE"
    ),
    (
      ["template", "apply", "mail", "project=a", "project=b"],
      "wsctl: invalid argument 'project=b' at word 5: expected a value for 'project' given once"
    ),
    (
      ["template", "save", ""],
      "wsctl: invalid template name '': expected 1 to 128 bytes of letters, digits, '_', '-' or '.', not starting with '-' or '.' at word 1"
    ),
    (
      ["template", "save", "a b"],
      "wsctl: invalid template name 'a b': expected 1 to 128 bytes of letters, digits, '_', '-' or '.', not starting with '-' or '.' at word 1"
    ),
    (["template"], "wsctl: 'template' needs save, apply, rm at word 2"),
    (["template", "copy"], "wsctl: invalid argument 'copy' at word 2: expected save, apply, rm"),
    (["template", "show"], "wsctl: 'template show' needs a template name at word 3"),
    (
      ["--force", "template", "save", "x"],
      "wsctl: option '--force' at word 1 belongs after 'init', 'restore-backup', 'save-layout', 'template save' or 'template export'"
    ),
    (
      ["template", "apply", "mail", "project=" + String(repeating: "x", count: 5000)],
      "wsctl: invalid value '\(String(repeating: "x", count: 40))…' for 'project': route 'inbox:…' would be 5006 bytes, over the limit of 4096 at word 1"
    ),
  ])
  func usageErrorsExit64NamingTheWordAndChangeNothing(words: [String], message: String) async throws
  {
    let sandbox = try await sandboxWithTemplate()
    let before = sandbox.bytes("workspace.json")
    #expect(try await sandbox.fail(words, status: 64) == message)
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test(arguments: [
    (
      ["template", "apply", "nope"], "wsctl: no template 'nope'; the templates are 'mail' at word 1"
    ),
    (
      ["template", "show", "nope"], "wsctl: no template 'nope'; the templates are 'mail' at word 1"
    ),
    (["template", "rm", "nope"], "wsctl: no template 'nope'; the templates are 'mail' at word 1"),
    (
      ["template", "save", "mail"], "wsctl: template 'mail' exists (--force replaces it) at word 1"
    ),
    (
      ["rename", "json {}", "template", "save", "x"],
      "wsctl: malformed placeholder: empty placeholder '{}' at offset 5 in 'json {}' (write '{{' or '}}' for a literal brace) at word 3"
    ),
    (["template", "save", "x", "--node", "%99"], "wsctl: no node %99 at word 1"),
    (
      ["push", "a", "template", "apply", "nope"],
      "wsctl: no template 'nope'; the templates are 'mail' at word 3"
    ),
  ])
  func refusalsExit1AndChangeNothing(words: [String], message: String) async throws {
    let sandbox = try await sandboxWithTemplate()
    let before = sandbox.bytes("workspace.json")
    #expect(try await sandbox.fail(words, status: 1) == message)
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func forceReplacesAndRmRemoves() async throws {
    let sandbox = try await sandboxWithTemplate()
    try await sandbox.succeed("template", "save", "mail", "--node", "%5", "--force")
    #expect(
      try await sandbox.succeed("template", "list").stdout
        == "mail  tab 'Settings'  no parameters\n")
    try await sandbox.succeed("template", "rm", "mail")
    #expect(try await sandbox.succeed("template", "list").stdout == "no templates\n")
    #expect(!(sandbox.text("workspace.json") ?? "").contains("\"templates\""))
  }

  @Test func unicodeNamesAndValues() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("rename", "{名前}", "replace", "doc:{名前}", "template", "save", "dépôt")
    try await sandbox.succeed("template", "apply", "dépôt", "名前=ünï cödé/:?")
    let routes = try await sandbox.succeed("routes").stdout
    #expect(routes.contains("'ünï cödé/:?'"), "\(routes)")
    #expect(routes.contains("doc:%C3%BCn%C3%AF%20c%C3%B6d%C3%A9/%3A%3F (top)"), "\(routes)")
  }

  @Test func controlCharactersAreShownEscaped() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("rename", "\u{1B}[31m{x}", "template", "save", "t")
    let shown = try await sandbox.succeed("template", "show", "t").stdout
    #expect(!shown.contains("\u{1B}"), "\(shown)")
    #expect(shown.contains("pane '\\u{1B}[31m{x}' inbox"), "\(shown)")
    try await sandbox.succeed("template", "apply", "t", "x=\u{7}")
    #expect(!(try await sandbox.succeed("tree").stdout.contains("\u{7}")))
  }

  @Test func aDeepLinkAndAJSONReport() async throws {
    let sandbox = try await sandboxWithTemplate()
    let report = try await sandbox.succeed(
      "--json", "open", "myapp://workspace/template/apply/mail/project=a%20b"
    ).jsonObject()
    #expect(report["applied"] as? [String] == ["template apply mail 'project=a b'"])
    #expect(report["saved"] as? Bool == true)
    #expect(try await sandbox.succeed("tree").stdout.contains("pane 'a b inbox' [inbox:a%20b]"))
  }

  @Test func aDryRunChangesNothing() async throws {
    let sandbox = try await sandboxWithTemplate()
    let before = sandbox.bytes("workspace.json")
    let output = try await sandbox.succeed("-n", "template", "apply", "mail", "project=x").stdout
    #expect(output.hasPrefix("dry run (not saved): template apply mail project=x\n"), "\(output)")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func listAndShowAsJSON() async throws {
    let sandbox = try await sandboxWithTemplate()
    let list = try await sandbox.succeed("--json", "template", "list").jsonArray()
    #expect(list.first?["name"] as? String == "mail")
    #expect(list.first?["parameters"] as? [String] == ["project"])
    let shown = try await sandbox.succeed("--json", "template", "show", "mail").jsonObject()
    #expect(shown["title"] as? String == "Mail {project}")
  }

  // MARK: --from FILE

  /// A templates file with `review` (parameters repo and pr) and `notes` (none).
  static let teamFile = #"""
    {
      "format": "workspace-templates",
      "version": 1,
      "templates": [
        {
          "name": "review",
          "title": "{repo} #{pr}",
          "root": {
            "kind": "split", "axis": "horizontal", "weights": [2, 3],
            "children": [
              {"kind": "pane", "title": "{repo}", "router": {"root": "repo:{repo}"}},
              {"kind": "tabs", "titles": ["Diff", "Talk"], "children": [
                {"kind": "pane", "title": "diff", "router": {"root": "diff:{repo}:{pr}"}},
                {"kind": "pane", "title": "talk", "router": {"kind": "token", "root": "pr:{pr}"}}
              ]}
            ]
          }
        },
        {"name": "notes", "root": {"kind": "pane", "title": "Notes", "router": {"root": "notes"}}}
      ]
    }
    """#

  @Test func fromAFileListShowAndApply() async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.teamFile, to: "team.json")
    #expect(
      try await sandbox.succeed("--from", "team.json", "template", "list").stdout
        == "notes   tab 'notes'  no parameters\nreview  tab '{repo} #{pr}'  repo= pr=\n")
    try await sandbox.succeed("--from=team.json", "template", "apply", "review", "repo=ws", "pr=7")
    let tree = try await sandbox.succeed("tree").stdout
    #expect(tree.contains("[3 'ws #7'] %6 split horizontal active 1 weights 0.4 0.6"), "\(tree)")
    #expect(tree.contains("pane 'diff' [diff:ws:7]"), "\(tree)")
    // The workspace's own templates are untouched by the file's.
    #expect(try await sandbox.succeed("template", "list").stdout == "no templates\n")
    let message = try await sandbox.fail(
      "--from", "team.json", "template", "apply", "mail", status: 1)
    #expect(message == "wsctl: no template 'mail'; the templates are 'notes', 'review' at word 1")
  }

  /// Weights too far apart for a share to stay above zero once scaled (1e-300 beside 1e300)
  /// open with every weight positive, so the file saved reads back without a repair.
  @Test(arguments: [[1e-300, 1e300], [1e300, 1e-300, 1], [.leastNonzeroMagnitude, 1]])
  func weightsFarApartSaveAFileThatReadsBackUnrepaired(weights: [Double]) async throws {
    let sandbox = try Sandbox()
    let children = weights.indices.map {
      #"{"kind": "pane", "title": "p\#($0)", "router": {"root": "x"}}"#
    }
    try sandbox.write(
      #"{"format": "workspace-templates", "version": 1, "templates": [{"name": "w", "root": "#
        + #"{"kind": "split", "axis": "vertical", "weights": [\#(weights.map { "\($0)" }.joined(separator: ", "))], "#
        + #""children": [\#(children.joined(separator: ", "))]}}]}"#,
      to: "weights.json")
    try await sandbox.succeed("--from", "weights.json", "template", "apply", "w")
    // `succeed` expects nothing on standard error: no repair warning, no bad-data exit.
    try await sandbox.succeed("validate")
    try await sandbox.succeed("focus", "1")
  }

  @Test(arguments: [["template", "save", "x"], ["template", "rm", "review"]])
  func fromAFileIsOnlyRead(words: [String]) async throws {
    let sandbox = try Sandbox()
    try sandbox.write(Self.teamFile, to: "team.json")
    let message = try await sandbox.fail(["--from", "team.json"] + words, status: 64)
    #expect(message.contains("--from FILE is only read"), "\(message)")
    #expect(sandbox.text("team.json") == Self.teamFile)
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test(arguments: [
    ("missing.json", nil, Int32(66), "wsctl: cannot read 'missing.json': no such file"),
    (
      "t.json", "{\"format\": \"workspace-templates\",\n \"version\": 1,,", 65,
      "wsctl: t.json:2:15: not valid JSON: unexpected character ',' (byte 48)"
    ),
    (
      "t.json", #"{"format": "workspace-templates", "version": 9, "templates": []}"#, 65,
      "wsctl: t.json: format version 9 is newer than this tool supports (2); the file was left unchanged"
    ),
    (
      "t.json", #"{"format": "workspace", "version": 3, "templates": []}"#, 65,
      #"wsctl: t.json: $.format: expected "format": "workspace-templates""#
    ),
    (
      "t.json",
      #"{"format": "workspace-templates", "version": 1, "templates": [{"name": "a", "root": {"kind": "split", "axis": "up", "children": []}}]}"#,
      65, #"wsctl: t.json: $.templates[0].root.axis: expected "horizontal" or "vertical""#
    ),
    (
      "t.json",
      #"{"format": "workspace-templates", "version": 1, "templates": [{"name": "a", "root": {"kind": "pane", "title": "{x", "router": {"root": "a"}}}]}"#,
      65,
      "wsctl: t.json: $.templates[0].root.title: malformed placeholder: unclosed '{' at offset 0 in '{x' (write '{{' or '}}' for a literal brace)"
    ),
    (
      "t.json",
      "{\"format\": \"workspace-templates\", \"version\": 1, \"templates\": [{\"name\": \"a\", \"root\": "
        + String(repeating: "{\"kind\": \"tabs\", \"children\": [", count: 101)
        + "{\"kind\": \"pane\", \"router\": {\"root\": \"a\"}}"
        + String(repeating: "]}", count: 101)
        + "}]}",
      65, ".children[0]: tree depth exceeds the limit of 100"
    ),
  ])
  func aHostileTemplatesFileIsRefused(
    name: String, contents: String?, status: Int32, message: String
  ) async throws {
    let sandbox = try Sandbox()
    if let contents { try sandbox.write(contents, to: name) }
    for words in [["template", "list"], ["template", "apply", "a"], ["template", "show", "a"]] {
      let error = try await sandbox.fail(["--from", name] + words, status: status)
      // A long message is cut in the middle; its end still names the limit.
      #expect(error == message || error.hasSuffix(message), "\(error)")
    }
    #expect(!sandbox.exists("workspace.json"))
  }

  @Test func aTemplateThatWouldTakeTheWorkspacePastItsLimitsIsRefusedAndTheFileKept() async throws {
    // 100 levels are a valid template; opened as a tab of the default workspace (below its
    // root tabs container) the tree would be 101 deep: one too many.
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    let deep =
      String(repeating: #"{"kind": "tabs", "children": ["#, count: 99)
      + #"{"kind": "pane", "router": {"root": "a"}}"# + String(repeating: "]}", count: 99)
    try sandbox.write(
      #"{"format": "workspace-templates", "version": 1, "templates": [{"name": "deep", "root": \#(deep)}]}"#,
      to: "deep.json")
    let message = try await sandbox.fail(
      "--from", "deep.json", "template", "apply", "deep", status: 1)
    #expect(
      message.hasSuffix(
        "tree depth 101 would exceed the file's limit of 100; not saved, nothing changed"),
      "\(message)")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func aFIFOIsNeverOpened() async throws {
    let sandbox = try Sandbox()
    #expect(mkfifo(sandbox.path("fifo"), 0o600) == 0)
    let message = try await sandbox.fail("--from", "fifo", "template", "list", status: 66)
    #expect(message.hasPrefix("wsctl: cannot read"), "\(message)")
  }
}
