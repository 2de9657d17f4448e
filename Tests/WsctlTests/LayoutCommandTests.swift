import Foundation
import Testing

/// `init --from`, `load-layout` and `save-layout` through the built `wsctl`, on the file.
@Suite struct LayoutCommandTests {
  static let sample = ReadmeLayoutTourTests.root
    .appendingPathComponent("Samples/Workspaces/dev.layout.json").path

  /// A sandbox holding the sample layout as `dev.layout.json`.
  private func sandbox() throws -> Sandbox {
    let sandbox = try Sandbox()
    try sandbox.write(
      try String(contentsOfFile: Self.sample, encoding: .utf8), to: "dev.layout.json")
    return sandbox
  }

  @Test func initFromALayoutOfWindowsCountsEveryWindowsPanes() async throws {
    let sandbox = try Sandbox()
    let sample = ReadmeLayoutTourTests.root
      .appendingPathComponent("Samples/Workspaces/windows.layout.json").path
    try sandbox.write(
      try String(contentsOfFile: sample, encoding: .utf8), to: "windows.layout.json")
    let result = try await sandbox.succeed("--from", "windows.layout.json", "init", "account=work")
    // Inbox, Message and the floating Search in the first window, Settings, and the Draft.
    #expect(
      result.stdout
        == "initialized workspace.json from layout 'mail' (5 panes in 2 windows)\n")
    let tree = try await sandbox.succeed("-w", "all", "tree").stdout
    #expect(tree.contains("pane 'Search' [search:work]"))
    #expect(tree.contains("window 2 Compose [compose]"))
  }

  @Test func initStartsAWorkspaceFromALayout() async throws {
    let sandbox = try sandbox()
    let result = try await sandbox.succeed("--from", "dev.layout.json", "init", "project=mail")
    #expect(result.stdout == "initialized workspace.json from layout 'dev' (4 panes)\n")
    let tree = try await sandbox.succeed("tree").stdout
    #expect(
      tree.hasPrefix(
        "%1 tabs selected 1\n  [1 'mail'] %2 split vertical active 1 weights 0.7 0.3\n"))
    #expect(tree.contains("%4 pane 'Editor' [file:Sources/mail/main.swift] mark editor (focused)"))
    #expect(tree.contains("[2 'Notes'] %7 pane 'Notes' [note:mail]"))
    // No history: the layout is where the workspace starts.
    #expect(try await sandbox.succeed("history").stdout == "no history\n")
  }

  @Test func initKeepsItsRulesWithALayout() async throws {
    let sandbox = try sandbox()
    try await sandbox.succeed("init")
    let existing = try #require(sandbox.bytes("workspace.json"))
    #expect(
      try await sandbox.fail("--from", "dev.layout.json", "init", "project=x", status: 73)
        == "wsctl: 'workspace.json' already exists; 'init --force' replaces it (keeping a backup)")
    #expect(sandbox.bytes("workspace.json") == existing)
    try await sandbox.succeed("--from", "dev.layout.json", "init", "--force", "project=x")
    #expect(sandbox.bytes("workspace.json.bak") == existing)
    #expect(
      try await sandbox.fail("--from", "dev.layout.json", "init", "--force", status: 64)
        == "wsctl: template 'dev' needs a value for 'project' (project=VALUE)")
    #expect(
      try await sandbox.fail(
        "--from", "dev.layout.json", "init", "--force", "project=x", "p=y", status: 64)
        == "wsctl: template 'dev' has no parameter 'p'; it takes 'project'")
    #expect(
      try await sandbox.fail("init", "project=x", status: 64)
        == "wsctl: 'init' takes NAME and KEY=VALUE only with --from LAYOUT")
    #expect(
      try await sandbox.fail("--from", "none.json", "init", status: 66)
        == "wsctl: cannot read 'none.json': no such file")
  }

  @Test func initNamesOneOfSeveralTemplates() async throws {
    let sandbox = try Sandbox()
    let templates = ReadmeLayoutTourTests.root
      .appendingPathComponent("Samples/Workspaces/templates.json").path
    let refusal = try await sandbox.fail("--from", templates, "init", status: 64)
    #expect(refusal.hasPrefix("wsctl: '\(templates)' holds 3 templates; name one"))
    let result = try await sandbox.succeed("--from", templates, "init", "notes")
    #expect(result.stdout == "initialized workspace.json from layout 'notes' (1 pane)\n")
    #expect(
      try await sandbox.succeed("tree").stdout
        == "%1 tabs selected 1\n  [1 'Notes'] %2 pane 'Notes' [notes] (focused)\n")
  }

  @Test func initWithALayoutDryRunAndJSON() async throws {
    let sandbox = try sandbox()
    let dry = try await sandbox.succeed("-n", "--from", "dev.layout.json", "init", "project=x")
    #expect(
      dry.stdout
        == "dry run (not saved): would initialize workspace.json from layout 'dev' (4 panes)\n")
    #expect(!sandbox.exists("workspace.json"))
    let json = try await sandbox.succeed("--json", "--from", "dev.layout.json", "init", "project=x")
    #expect(json.stdout.contains(#""layout": "dev""#))
  }

  @Test func fromReadsALayoutAsATemplateOfAWholeWorkspace() async throws {
    let sandbox = try sandbox()
    #expect(
      try await sandbox.succeed("--from", "dev.layout.json", "template", "list").stdout
        == "dev  workspace 'dev'  project=\n")
    #expect(
      try await sandbox.succeed("--from", "dev.layout.json", "template", "show", "dev").stdout
        .hasPrefix("template 'dev': workspace 'dev'\nparameters: project\ntabs selected 1\n"))
    // Its template, exported to a templates file, keeps the scope.
    try await sandbox.succeed("--from", "dev.layout.json", "template", "export", "t.json")
    #expect(sandbox.text("t.json")?.contains(#""scope": "workspace""#) == true)
    try await sandbox.succeed("--from", "dev.layout.json", "template", "apply", "dev", "project=x")
    #expect(try await sandbox.succeed("tree").stdout.contains("[3 'x'] %"))
  }

  @Test func loadLayoutOpensItsTabsAsOneUndoableChange() async throws {
    let sandbox = try sandbox()
    try await sandbox.succeed("load-layout", "dev.layout.json", "project=ws")
    let tree = try await sandbox.succeed("tree").stdout
    #expect(tree.contains("[3 'ws'] %"))
    #expect(tree.contains("[4 'Notes'] %"))
    #expect(
      try await sandbox.succeed("history").stdout.hasPrefix(
        "undo 1: template apply dev project=ws\n"))
    try await sandbox.succeed("undo")
    #expect(!(try await sandbox.succeed("tree").stdout.contains("'ws'")))
  }

  @Test func loadLayoutCombinesWithEditsInOneTransaction() async throws {
    let sandbox = try sandbox()
    try await sandbox.succeed("init")
    let before = try #require(sandbox.bytes("workspace.json"))
    // A refusal later in the call leaves nothing of the layout behind.
    try await sandbox.fail("load-layout", "dev.layout.json", "project=ws", "focus", "9", status: 1)
    #expect(sandbox.bytes("workspace.json") == before)
    try await sandbox.fail("load-layout", "dev.layout.json", status: 64)
    #expect(
      try await sandbox.fail("load-layout", status: 64)
        == "wsctl: 'load-layout' needs a layout FILE at word 2")
    #expect(
      try await sandbox.fail("load-layout", "dev.layout.json", "project=a", "project=b", status: 64)
        == "wsctl: invalid argument 'project=b' at word 4: expected a value for 'project' given once"
    )
    try sandbox.write(
      #"{"layout": "x", "tabs": [{"v": [{"route": "a"}, {"route": "b!"}]}]}"#, to: "bad.json")
    let bad = try await sandbox.fail("load-layout", "bad.json", status: 65)
    #expect(bad.hasPrefix("wsctl: bad.json: $.tabs[0].v[1].route: "))
    #expect(
      try await sandbox.fail("load-layout", "none.json", status: 66)
        == "wsctl: cannot read 'none.json': no such file")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func reconcilePrintsWhatItKeptOpenedAndClosed() async throws {
    let sandbox = try sandbox()
    try await sandbox.succeed("init")
    try sandbox.write(
      #"{"layout": "t", "title": "Work", "root": {"v": [{"title": "Detail", "route": "detail:1"}, {"title": "Log", "route": "log"}]}}"#,
      to: "t.json")
    try await sandbox.succeed("focus", "2", "push", "detail:2")
    let result = try await sandbox.succeed("load-layout", "t.json", "--reconcile")
    #expect(result.stdout == "reconciled %6: kept %4; opened %7; closed %3\n")
    let tree = try await sandbox.succeed("tree").stdout
    #expect(
      tree.contains(
        "[1 'Work'] %6 split vertical active 1 weights 0.5 0.5\n    %4 pane 'Detail' [detail:1, detail:2] (focused)\n    %7 pane 'Log' [log]\n"
      ))
    try await sandbox.succeed("undo")
    #expect(try await sandbox.succeed("tree").stdout.contains("%3 pane 'Inbox'"))
    let json = try await sandbox.succeed("--json", "load-layout", "--keep", "t.json")
    #expect(json.stdout.contains(#""setAside": ["#))
    #expect(
      json.stdout.contains(#""applied": [\#n    "template apply t --reconcile --keep"\#n  ]"#))
  }

  @Test func saveLayoutWritesWhatInitReadsBack() async throws {
    let sandbox = try sandbox()
    try await sandbox.succeed("--from", "dev.layout.json", "init", "project=mail")
    try await sandbox.succeed("save-layout", "saved.json")
    let saved = try #require(sandbox.text("saved.json"))
    #expect(
      saved.hasPrefix(
        "{\n  \"layout\": \"saved\",\n  \"tabs\": [\n    {\"tab\": \"mail\", \"weights\": [0.7, 0.3], \"v\": [\n"
      ))
    #expect(!saved.contains("%2F"))
    // A workspace started from the saved layout is the same workspace.
    let tree = try await sandbox.succeed("tree").stdout
    try await sandbox.succeed("-f", "again.json", "--from", "saved.json", "init")
    #expect(try await sandbox.succeed("-f", "again.json", "tree").stdout == tree)
    #expect(
      try await sandbox.fail("save-layout", "saved.json", status: 73)
        == "wsctl: 'saved.json' already exists; 'save-layout --force' replaces it")
    try await sandbox.succeed("tab", "2")
    try await sandbox.succeed("save-layout", "--force", "--tab", "--name", "notes", "saved.json")
    #expect(
      sandbox.text("saved.json")
        == "{\n  \"layout\": \"notes\",\n  \"title\": \"Notes\",\n  \"root\": {\"title\": \"Notes\", \"route\": \"notes/note:mail\"}\n}\n"
    )
    #expect(
      try await sandbox.succeed("save-layout", "-").stdout.hasPrefix(
        "{\n  \"layout\": \"layout\",\n"))
    let dry = try await sandbox.succeed("-n", "save-layout", "other.json")
    #expect(dry.stdout == "dry run (not written): layout 'other' to other.json\n")
    #expect(!sandbox.exists("other.json"))
    #expect(
      try await sandbox.fail("save-layout", "x.json", "tree", status: 64)
        == "wsctl: 'save-layout' cannot be combined with other commands")
  }

  /// `tree` with every `%ID` replaced by `%_`: a workspace started from a layout numbers its
  /// nodes afresh.
  private func shape(_ tree: String) -> String {
    tree.replacing(/%[0-9]+/, with: "%_")
  }

  /// Floating panes and several windows survive `save-layout`, then `init --from` into a
  /// fresh file: the same windows, tabs, floating panes (frames, pins, hidden layers), focus.
  @Test func saveLayoutKeepsFloatingPanesAndEveryWindow() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    try await sandbox.succeed("split", "h")
    try await sandbox.succeed("float")
    try await sandbox.succeed("float", "pin")
    try await sandbox.succeed("float", "move", "right", "3")
    // The split's active child is its first, which a layout does not record otherwise.
    try await sandbox.succeed("focus", "tiled")
    try await sandbox.succeed("focus", "left")
    try await sandbox.succeed("focus", "float")
    try await sandbox.succeed("window", "new", "Mail", "mail:inbox")
    try await sandbox.succeed("tab", "new", "Drafts", "mail:drafts")
    try await sandbox.succeed("split", "v")
    try await sandbox.succeed("float")
    try await sandbox.succeed("float", "hide")
    try await sandbox.succeed("window", "1")
    let tree = try await sandbox.succeed("-w", "all", "tree").stdout
    #expect(tree.contains("floating"))
    #expect(tree.contains("window 2 Mail"))
    try await sandbox.succeed("save-layout", "saved.json")
    let saved = try #require(sandbox.text("saved.json"))
    #expect(saved.hasPrefix("{\n  \"layout\": \"saved\",\n  \"version\": 2,\n  \"windows\": [\n"))
    #expect(saved.contains(#""pinned": true"#))
    #expect(saved.contains(#""floatingHidden": true"#))
    try await sandbox.succeed("-f", "again.json", "--from", "saved.json", "init")
    #expect(
      shape(try await sandbox.succeed("-f", "again.json", "-w", "all", "tree").stdout)
        == shape(tree))
    #expect(
      shape(try await sandbox.succeed("-f", "again.json", "-w", "all", "show").stdout)
        == shape(try await sandbox.succeed("-w", "all", "show").stdout))
    // Saved again, the layout is the same bytes.
    try await sandbox.succeed("-f", "again.json", "save-layout", "--force", "saved.json")
    #expect(sandbox.text("saved.json") == saved)
    // `--tab` writes the active tab only, its floating panes with it.
    let tab = try await sandbox.succeed("save-layout", "--tab", "-").stdout
    #expect(!tab.contains(#""windows""#))
    #expect(tab.contains(#""floating": ["#))
    // Applied to a workspace, the layout opens its windows as new ones.
    try await sandbox.succeed("-f", "again.json", "load-layout", "saved.json")
    let windows = try await sandbox.succeed("-f", "again.json", "-w", "all", "tree").stdout
      .split(separator: "\n").filter { $0.hasPrefix("window ") }
    #expect(windows.count == 4)
    // The layout's active window is its first, now window 3.
    #expect(windows[2].hasSuffix("(active)"))
  }

  @Test func templateShowPrintsFloatingPanesAndWindows() async throws {
    let sandbox = try Sandbox()
    let layout = LayoutCommandTests.sample.replacingOccurrences(
      of: "dev.layout.json", with: "windows.layout.json")
    let shown = try await sandbox.succeed("--from", layout, "template", "show", "mail").stdout
    #expect(
      shown == """
        template 'mail': workspace '{account} mail'
        parameters: account
        window 1 '{account}' [inbox] (active)
        tabs selected 1
          [1 'Inbox'] split horizontal weights 0.5 0.5
            pane 'Inbox' inbox (mail) mark inbox
            pane 'Message' detail:1 (mail)
          [1 'Inbox' floating at 0.6,0.05 0.35x0.3 pinned] pane 'Search' search:{account} (mail)
          [2 'Settings'] pane 'Settings' settings (mail)
        window 2 'Compose' [compose]
        pane 'Draft' compose (mail)

        """)
  }

  @Test func reconcileOfALayoutOfWindowsMatchesWindowsByIdentifier() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init")
    try await sandbox.succeed("window", "new", "Mail", "mail:inbox")
    try await sandbox.succeed("save-layout", "saved.json")
    try await sandbox.succeed("window", "rename", "Renamed")
    try await sandbox.succeed("window", "new", "Extra", "extra")
    let result = try await sandbox.succeed("load-layout", "saved.json", "--reconcile")
    #expect(result.stdout.split(separator: "\n").count == 3)
    let tree = try await sandbox.succeed("-w", "all", "tree").stdout
    #expect(tree.contains("window 2 Mail"))
    #expect(!tree.contains("Extra"))
    #expect(!tree.contains("window 3"))
  }
}
