import Foundation
import Testing
import Workspace

/// `wsctl show` counts display width: a wide (CJK, fullwidth, emoji) character takes two
/// columns, a combining mark none, so every line is exactly the requested width and a wide
/// character is never split at a border; the tab bar keeps the selected tab in view and
/// marks the tabs it cuts off.
@Suite struct ShowWidthTests {
  static let titles = [
    "日本語", "e\u{301}te\u{301} cafe\u{301}", "👨‍👩‍👧 family", "🇯🇵 flag ❤️", "ｆｕｌｌ ｗｉｄｔｈ",
    "混合 mixed テキスト 👍🏽 end",
  ]

  /// Every line of a one-pane picture is a border line or a pane line: exactly `width`
  /// columns (after the tab bar, which may end early).
  @Test(arguments: titles, [7, 8, 9, 10, 11, 12, 13, 30, 33])
  func everyLineIsExactlyTheWidth(title: String, width: Int) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("close", "2", "rename", title)
    let show = try await sandbox.succeed("show", "--size", "\(width)x4")
    let lines = show.stdoutLines
    #expect(lines.count == 4)
    #expect(TerminalText.width(of: lines[0]) <= width, "\(show)")
    for line in lines.dropFirst() {
      #expect(TerminalText.width(of: line) == width, "\(line) in \(show)")
    }
  }

  /// Three panes titled in CJK, with combining accents, and with an emoji ZWJ sequence, in
  /// two tabs of wide titles, at two sizes and in ASCII.
  @Test(arguments: [("60x10", false), ("33x8", false), ("33x8", true)])
  func aWideWorkspaceMatchesItsGolden(size: String, ascii: Bool) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(
      "rename", "日本語のメール", "tab", "rename", "受信箱", "focus", "2", "rename",
      "Re\u{301}sume\u{301} cafe\u{301}", "split", "v", "rename", "👨‍👩‍👧‍👦 家族 🇯🇵")
    let show = try await sandbox.succeed(["show", "--size", size] + (ascii ? ["--ascii"] : []))
    try Golden.check(show.stdout, named: "show-wide-\(size)\(ascii ? "-ascii" : "").txt")
    let width = Int(size.split(separator: "x")[0])!
    for line in show.stdoutLines.dropFirst() {
      #expect(TerminalText.width(of: line) == width, "\(line)")
    }
  }

  @Test func theIssuesExampleIsThirtyColumnsWide() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("rename", "日本語")
    let show = try await sandbox.succeed("show", "--size", "30x3")
    #expect(
      show.stdoutLines == [
        "[1:Main]  2:Settings", "┏ 1* 日本語 ━━┓┌ 2 Detail ───┐", "┗━━━━━━━━━━━━━┛└─────────────┘",
      ])
  }

  @Test(arguments: [
    (9, "┏ 1* …  ┓"), (10, "┏ 1* 日… ┓"), (11, "┏ 1* 日…  ┓"), (12, "┏ 1* 日本… ┓"),
    (13, "┏ 1* 日本…  ┓"), (14, "┏ 1* 日本語… ┓"),
    (18, "┏ 1* 日本語です ━┓"),
  ])
  func aWideCharacterIsNeverSplitAtTheBorder(width: Int, top: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("close", "2", "rename", "日本語です")
    let show = try await sandbox.succeed("show", "--size", "\(width)x3")
    #expect(show.stdoutLines[1] == top, "\(show)")
  }

  // MARK: The tab bar

  private func fourteenTabs(selecting selected: Int) async throws -> Sandbox {
    let sandbox = try Sandbox()
    var words: [String] = []
    for number in 3...14 { words += ["tab", "new", "t\(number)"] }
    try await sandbox.succeed(words + ["tab", "\(selected)"])
    return sandbox
  }

  @Test(arguments: [30, 20, 12], [1, 2, 7, 13, 14])
  func theSelectedTabIsVisibleAndCutsAreMarked(width: Int, selected: Int) async throws {
    let sandbox = try await fourteenTabs(selecting: selected)
    for ascii in [false, true] {
      let show = try await sandbox.succeed(
        ["show", "--size", "\(width)x4"] + (ascii ? ["--ascii"] : []))
      let bar = show.stdoutLines[0]
      let (left, right): (Character, Character) = ascii ? ("<", ">") : ("‹", "›")
      #expect(bar.contains("[\(selected):"), "\(show)")
      #expect(TerminalText.width(of: bar) <= width)
      // A marker on each side exactly when the first or last tab is cut off.
      #expect((bar.first == left) == !bar.contains("1:Main"), "\(bar)")
      #expect((bar.last == right) == !bar.contains("14:t14"), "\(bar)")
    }
  }

  @Test func aSelectedTabWiderThanTheBarIsCutBetweenTheMarkers() async throws {
    let sandbox = try await fourteenTabs(selecting: 7)
    try await sandbox.succeed("tab", "rename", String(repeating: "長い", count: 20))
    let show = try await sandbox.succeed("show", "--size", "20x4")
    #expect(show.stdoutLines[0] == "‹[7:長い長い長い長…›", "\(show)")
    #expect(TerminalText.width(of: show.stdoutLines[0]) == 20)
  }

  @Test func fourteenTabsInThirtyColumns() async throws {
    let sandbox = try await fourteenTabs(selecting: 14)
    let show = try await sandbox.succeed("show", "--size", "30x3")
    #expect(show.stdoutLines[0] == "‹ 12:t12   13:t13  [14:t14]")
    let middle = try await fourteenTabs(selecting: 8).succeed("show", "--size", "30x3", "--ascii")
    #expect(middle.stdoutLines[0] == "< 6:t6   7:t7  [8:t8]  9:t9  >")
  }
}
