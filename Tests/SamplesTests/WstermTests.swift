import Foundation
import Testing
import Workspace
import WorkspaceTestSupport

/// Tests of the `wsterm` sample that need no terminal: its one-frame mode and its errors.
/// `scripts/wsterm-tmux-test.sh` drives the full-screen program inside tmux.
@Suite struct WstermTests {
  let wsterm = SampleProcess(name: "wsterm")

  private func sample(_ name: String) -> String {
    SampleProcess.workspacesDirectory.appendingPathComponent(name).path
  }

  @Test func frameOfTheMailSampleShowsStacksAndTheSheet() async throws {
    let result = try await wsterm.run(["-f", sample("mail.json"), "--frame", "100x10"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.lines.dropLast()
    #expect(lines.count == 10)
    #expect(lines.allSatisfy { $0.count <= 100 })
    #expect(lines[0].hasSuffix("wsterm · \(sample("mail.json"))"))
    #expect(lines[1].hasPrefix("┌ 1 Mailboxes ─"))
    #expect(lines[1].contains("┐┌ 2 Messages ─"))
    #expect(lines[1].contains("┐┏ 3* Message ━"))
    #expect(lines[2].hasPrefix("│ inbox "))
    #expect(lines[3].hasPrefix("│ folder:Archive "))
    #expect(lines[3].contains("│ search:swift%20testing "))
    #expect(lines[4].contains("┃ ┄ sheet ┄ "))
    #expect(lines[5].contains("┃ compose "))
    #expect(lines[6].contains("┃ attachment:1 "))
    #expect(lines[9] == " pane 3 (%4)  ·  C-b ? keys  ·  C-b : command  ·  C-b q quit")
  }

  @Test func theStatusLineNamesTheWindowOnceThereAreSeveral() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("w.json")
    let wsctl = SampleProcess(name: "wsctl")
    for arguments in [["init"], ["window", "new", "Mail\u{1B}[2J", "mail/inbox"]] {
      let result = try await wsctl.run(["-f", file] + arguments)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let result = try await wsterm.run(["-f", file, "--frame", "100x8"])
    #expect(result.status == 0, "\(result.stderr)")
    // The title is escaped, never run, as every title wsterm draws.
    #expect(
      result.lines.dropLast().last
        == " window 2/2 Mail\\u{1B}[2J  ·  pane 1 (%6)  ·  C-b ? keys  ·  C-b : command  ·  C-b q quit"
    )
  }

  @Test func frameOfTheDashboardIsAGrid() async throws {
    let result = try await wsterm.run(["-f", sample("dashboard.json"), "--frame", "60x12"])
    #expect(result.status == 0)
    let tops = result.lines.filter { $0.hasPrefix("┌") || $0.hasPrefix("┏") }
    #expect(tops.count == 2)
    #expect(tops.allSatisfy { $0.filter { "┌┏".contains($0) }.count == 3 })
  }

  @Test func longStacksKeepTheirTop() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("deep.json")
    let routes = (1...8).map { "\"step:\($0)\"" }.joined(separator: ", ")
    let json = """
      {"format": "workspace", "version": 1, "root": {"id": 1, "kind": "pane", "title": "deep",
       "router": {"kind": "token", "stack": [\(routes)]}}}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try await wsterm.run(["-f", file, "--frame", "30x7"])
    #expect(result.status == 0)
    #expect(
      result.lines.dropFirst().prefix(5) == [
        "┏ 1* deep ━━━━━━━━━━━━━━━━━━━┓",
        "┃ … 6 more                   ┃",
        "┃ step:7                     ┃",
        "┃ step:8                     ┃",
        "┗━━━━━━━━━━━━━━━━━━━━━━━━━━━━┛",
      ])
  }

  @Test func aMarkIsShownInThePanesTitle() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("marked.json")
    let json = """
      {"format": "workspace", "version": 3, "root": {"id": 1, "kind": "pane", "title": "deep",
       "mark": "editor", "router": {"kind": "token", "stack": ["a"]}}}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try await wsterm.run(["-f", file, "--frame", "30x4"])
    #expect(result.status == 0)
    #expect(result.lines.dropFirst().first == "┏ 1* deep [editor] ━━━━━━━━━━┓")
  }

  @Test func aStacksCollapsedMembersAreTitleBars() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("stacked.json")
    func pane(_ id: Int, _ title: String) -> String {
      #"{"id": \#(id), "kind": "pane", "title": "\#(title)", "router": {"kind": "token", "stack": ["\#(title.lowercased())"]}}"#
    }
    let json = """
      {"format": "workspace", "version": 3, "focus": 3, "root": {"id": 1, "kind": "stack",
       "axis": "vertical", "active": 1, "children": [\(pane(2, "Log")), \(pane(3, "Shell")),
       \(pane(4, "Tests"))]}}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try await wsterm.run(["-f", file, "--frame", "30x8"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = Array(result.lines.dropFirst().prefix(6))
    #expect(lines.first == "├ 1 Log ─────────────────────┤")
    #expect(lines[1] == "┏ 2* Shell ━━━━━━━━━━━━━━━━━━┓")
    #expect(lines[2].hasPrefix("┃ shell "))
    #expect(lines[5] == "├ 3 Tests ───────────────────┤")
  }

  @Test func aFloatingPaneIsDrawnOverTheTiledOnes() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("floating.json")
    let json = """
      {"format": "workspace", "version": 3, "focus": 3, "mru": [3],
       "root": {"id": 1, "kind": "tabs", "titles": ["main"],
        "children": [{"id": 2, "kind": "pane", "title": "tiled",
          "router": {"kind": "token", "stack": ["home"]}}],
        "floating": [{"tab": 0, "focused": true, "panes": [{"frame": [0.25, 0.25, 0.5, 0.5],
          "node": {"id": 3, "kind": "pane", "title": "float",
            "router": {"kind": "token", "stack": ["scratch"]}}}]}]}}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try await wsterm.run(["-f", file, "--frame", "40x12"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = Array(result.lines.dropLast())
    // The pane area is 40x10 below the tab bar: the floating pane is 20x5 at 10,3 in it (its
    // edges at 2.5 and 7.5 rounded to the nearest cell, halves away from 0).
    #expect(lines[1].hasPrefix("┌ 1 tiled ─"))
    #expect(lines[3] == "│                                      │")
    #expect(lines[4] == "│         ┏ 2* float ━━━━━━━━┓         │")
    #expect(lines[5] == "│         ┃ scratch          ┃         │")
    #expect(lines[8] == "│         ┗━━━━━━━━━━━━━━━━━━┛         │")
  }

  @Test func missingFileShowsOnePaneAndWritesNothing() async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("new.json")
    let result = try await wsterm.run(["--frame", "40x5"], environment: ["WSCTL_FILE": file])
    #expect(result.status == 0)
    #expect(result.lines.first?.hasPrefix(" 1:main* ") == true)
    #expect(result.lines[1].hasPrefix("┏ 1* main ━"))
    #expect(result.lines[2].hasPrefix("┃ home "))
    #expect(!FileManager.default.fileExists(atPath: file))
  }

  @Test(arguments: [
    (
      ["--frame", "0x5"], 64,
      "invalid size '0x5' for '--frame': expected WxH such as 80x24, each from 1 to 1000"
    ),
    (
      ["--frame", "100000x100000"], 64,
      "invalid size '100000x100000' for '--frame': expected WxH such as 80x24, each from 1 to 1000"
    ),
    (
      ["--frame", "1001x5"], 64,
      "invalid size '1001x5' for '--frame': expected WxH such as 80x24, each from 1 to 1000"
    ),
    (["--frame"], 64, "'--frame' needs a value"),
    (["--bogus"], 64, "unknown argument '--bogus'"),
  ])
  func badArgumentsAreUsageErrors(arguments: [String], status: Int32, message: String) async throws
  {
    let result = try await wsterm.run(arguments)
    #expect(result.status == status)
    #expect(result.stderr == "wsterm: error: \(message)\n")
  }

  @Test func theLargestFrameDraws() async throws {
    let directory = TemporaryDirectory()
    let result = try await wsterm.run(["-f", directory.file("w.json"), "--frame", "1000x1000"])
    #expect(result.status == 0)
    #expect(result.lines.count == 1001)
  }

  /// Wide characters take two columns: every pane line is exactly the frame's width, and a
  /// wide character is never split at a border.
  @Test(arguments: [20, 21, 22, 23, 30])
  func wideTitlesKeepTheFrameWidth(width: Int) async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("wide.json")
    let json = """
      {"format": "workspace", "version": 1, "root": {"id": 1, "kind": "pane",
       "title": "日本語のタイトル 👨‍👩‍👧 e\\u0301", "router": {"kind": "token", "stack": ["home"]}}}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try await wsterm.run(["-f", file, "--frame", "\(width)x5"])
    #expect(result.status == 0)
    for line in result.lines.dropFirst().prefix(3) {
      #expect(TerminalText.width(of: line) == width, "\(line)")
    }
  }

  /// With more tabs than fit, the tab bar scrolls to the selected tab and marks the cuts.
  @Test(arguments: [0, 6, 13])
  func theTabBarKeepsTheSelectedTabVisible(selected: Int) async throws {
    let directory = TemporaryDirectory()
    let file = directory.file("tabs.json")
    let children = (1...14).map {
      "{\"id\": \($0 + 1), \"kind\": \"pane\", \"title\": \"p\", "
        + "\"router\": {\"kind\": \"token\", \"stack\": [\"home\"]}}"
    }
    let titles = (1...14).map { "\"tab\($0)\"" }
    let json = """
      {"format": "workspace", "version": 1, "root": {"id": 1, "kind": "tabs",
       "titles": [\(titles.joined(separator: ", "))], "active": \(selected),
       "children": [\(children.joined(separator: ", "))]}}
      """
    try Data(json.utf8).write(to: URL(fileURLWithPath: file))
    let result = try await wsterm.run(["-f", file, "--frame", "30x4"])
    #expect(result.status == 0, "\(result.stderr)")
    let bar = result.lines[0]
    #expect(bar.contains(" \(selected + 1):tab\(selected + 1)*"), "\(bar)")
    #expect(bar.hasPrefix("‹") == (selected > 0), "\(bar)")
    #expect(bar.hasSuffix("›") == (selected < 13), "\(bar)")
    #expect(TerminalText.width(of: bar) <= 30)
  }

  @Test func refusesToRunFullScreenWithoutATerminal() async throws {
    let directory = TemporaryDirectory()
    let result = try await wsterm.run(["-f", directory.file("w.json")])
    #expect(result.status == 66)
    #expect(result.stderr.contains("not a terminal"))
  }
}
