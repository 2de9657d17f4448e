import Foundation
import Testing

/// Geometry through the CLI: directional focus, split's room and resize measured on the
/// rectangles `show` draws, at `--size`, the recorded size or the terminal's; the minimum pane
/// size; `focus wrap`; and `show` recording the area it drew.
@Suite struct GeometryTests {
  /// The grid of the issue: a perfect 2×2 grid at 120x40 whose right column's fractional
  /// edge (51%/49%) lies just below the left column's (50%/50%), with pane 3 (bottom left)
  /// focused and the top-right pane used more recently than the bottom-right one.
  static let grid = [
    "tab", "new", "T", "root:0", "split", "h", "split", "v", "49%", "focus", "1", "split", "v",
    "focus", "2", "focus", "3",
  ]

  /// The focused pane's rectangle in the `--json show` output at a size.
  private func focusedRect(_ sandbox: Sandbox, size: String) async throws -> [String: Int] {
    let panes = try await sandbox.succeed("--json", "--size", size, "show").jsonArray()
    let focused = try #require(panes.first { $0["focused"] as? Bool == true })
    return try #require(focused["rect"] as? [String: Int])
  }

  @Test func theGridReproGoesToTheBottomRightPaneAsTmuxDoes() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    try await sandbox.succeed(Self.grid)
    let layout = try await sandbox.succeed("layout", "120x40").stdoutLines
    #expect(
      layout.map { $0.split(separator: " ").last! } == [
        "60x20+0+0", "60x20+60+0", "60x20+0+20", "60x20+60+20",
      ])
    try await sandbox.succeed("--size", "120x40", "focus", "right")
    #expect(
      try await focusedRect(sandbox, size: "120x40") == [
        "x": 60, "y": 20, "width": 60, "height": 20,
      ])
  }

  @Test func editsMeasureAtTheSizeShowRecorded() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    try await sandbox.succeed(Self.grid)
    // The picture has one tab bar: the panes are laid out in 120x40 below it.
    try await sandbox.succeed("show", "--size", "120x41")
    #expect(sandbox.text("workspace.json")?.contains(#""layoutSize": "120x40""#) == true)
    try await sandbox.succeed("focus", "right")
    #expect(try await sandbox.succeed("routes").stdout.hasPrefix("%9 "))
  }

  @Test func withNothingRecordedEditsMeasureAtTheTerminalsSizeAndRecordNothing() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    try await sandbox.succeed(Self.grid)
    // 120x42 less the prompt's row and the tab bar: 120x40.
    try await sandbox.succeed("focus", "right", environment: ["COLUMNS": "120", "LINES": "42"])
    #expect(try await sandbox.succeed("routes").stdout.hasPrefix("%9 "))
    #expect(sandbox.text("workspace.json")?.contains("layoutSize") == false)
  }

  /// Each split takes room from its siblings while their minimums fit (weights give way),
  /// so a column of 39 rows holds 13 panes of at least 3 rows; the split after that is
  /// refused. The default workspace starts with two panes side by side below a tab bar.
  @Test(arguments: [
    ("120x40", "v", 12), ("80x24", "v", 6), ("120x40", "h", 18), ("80x24", "h", 11),
    ("200x100", "v", 32), ("20x6", "v", 0), ("18x24", "h", 1), ("13x24", "h", 0),
  ])
  func repeatedSplitsStopWithNoSpaceForNewPane(size: String, axis: String, fits: Int) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    if fits > 0 {
      try await sandbox.succeed(
        ["--size", size] + Array(repeating: ["split", axis], count: fits).joined())
    }
    let before = sandbox.bytes("workspace.json")
    let message = try await sandbox.fail("--size", size, "split", axis, status: 1)
    #expect(message.hasPrefix("wsctl: no space for new pane: %"), "\(message)")
    #expect(message.hasSuffix(" and the minimum pane size is 6x3 at word 1"), "\(message)")
    #expect(sandbox.bytes("workspace.json") == before)
    // Every pane in the picture keeps at least the minimum.
    let height = Int(size.split(separator: "x")[1])! - 1
    let area = "\(size.split(separator: "x")[0])x\(height)"
    let layout = try await sandbox.succeed("layout", area).stdoutLines
    #expect(layout.count == fits + 2)
    for line in layout {
      let rect = line.split(separator: " ").last!.split(separator: "+")[0].split(separator: "x")
      #expect(Int(rect[0])! >= 6 && Int(rect[1])! >= 3, "\(line)")
    }
  }

  @Test func theMinimumPaneSizeIsTheWorkspacesOwn() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    try await sandbox.succeed("minimum-size", "30x5")
    #expect(sandbox.text("workspace.json")?.contains(#""minimumPaneSize": "30x5""#) == true)
    // The focused pane is 40 wide at 80 columns: two panes of 30 do not fit.
    #expect(
      try await sandbox.fail("--size", "80x24", "split", "h", status: 1)
        == "wsctl: no space for new pane: %3 is 40x23 and the minimum pane size is 30x5 at word 1")
    try await sandbox.succeed("--size", "80x24", "split", "v")
    try await sandbox.succeed("minimum-size", "default")
    #expect(sandbox.text("workspace.json")?.contains("minimumPaneSize") == false)
    try await sandbox.succeed("--size", "80x24", "split", "h")
  }

  @Test(arguments: [
    // The default workspace at 120 columns: Inbox (focused) and Detail, 60 each.
    (["resize", "right", "10"], "70x40+0+0"), (["resize", "right", "10%"], "72x40+0+0"),
    (["resize", "right", "0.25"], "90x40+0+0"), (["resize", "left", "10"], "50x40+0+0"),
    (["resize", "right", "500"], "114x40+0+0"), (["resize", "left", "500"], "6x40+0+0"),
    (["resize", "right", "7", "resize", "left", "3"], "64x40+0+0"),
  ])
  func resizeMovesAnEdgeByCellsOrAShareOfItsSplit(arguments: [String], rect: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    try await sandbox.succeed(["--size", "120x41"] + arguments)
    #expect(try await sandbox.succeed("layout", "120x40").stdoutLines.first == "1 %3 \(rect)")
  }

  @Test func resizeAtTheMinimumIsRefusedNamingThePane() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    try await sandbox.succeed("--size", "120x41", "resize", "right", "500")
    let before = sandbox.bytes("workspace.json")
    #expect(
      try await sandbox.fail("--size", "120x41", "resize", "right", "1", status: 1)
        == "wsctl: cannot resize right: %4 is at its minimum width of 6 at word 1")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test(arguments: [
    (["focus", "right"], "%4"), (["focus", "wrap", "right"], "%4"),
    (["focus", "right", "focus", "wrap", "right"], "%3"), (["focus", "wrap", "left"], "%4"),
    (["split", "v", "focus", "wrap", "down"], "%3"), (["split", "v", "focus", "wrap", "up"], "%3"),
  ])
  func focusWrapGoesOnFromTheOtherSide(arguments: [String], focused: String) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed(arguments)
    #expect(try await sandbox.succeed("routes").stdout.hasPrefix(focused + " "))
  }

  @Test(arguments: [["focus", "left"], ["focus", "up"], ["focus", "wrap", "up"]])
  func withoutWrapOrAnotherPaneTheEdgeIsRefused(arguments: [String]) async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("push", "a")
    let before = sandbox.bytes("workspace.json")
    let direction = arguments.last!
    #expect(
      try await sandbox.fail(arguments, status: 1)
        == "wsctl: no pane \(direction) of the focused pane at word 1")
    #expect(sandbox.bytes("workspace.json") == before)
  }

  @Test func showRecordsTheAreaOnlyWhenItChangesAndKeepsTheBackup() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("show", "--size", "100x30")
    #expect(!sandbox.exists("workspace.json"), "show on no file creates none")
    try await sandbox.succeed("push", "a")
    try await sandbox.succeed("push", "b")
    let backup = sandbox.bytes("workspace.json.bak")
    try await sandbox.succeed("show", "--size", "100x30")
    #expect(sandbox.text("workspace.json")?.contains(#""layoutSize": "100x29""#) == true)
    #expect(sandbox.bytes("workspace.json.bak") == backup)
    let recorded = try FileManager.default.attributesOfItem(atPath: sandbox.path("workspace.json"))
    let bytes = sandbox.bytes("workspace.json")
    try await Task.sleep(for: .milliseconds(20))
    try await sandbox.succeed("show", "--size", "100x30")
    let again = try FileManager.default.attributesOfItem(atPath: sandbox.path("workspace.json"))
    #expect(sandbox.bytes("workspace.json") == bytes)
    #expect(again[.modificationDate] as? Date == recorded[.modificationDate] as? Date)
    // A dry run writes nothing; JSON output lays the panes out in the whole size.
    try await sandbox.succeed("--dry-run", "show", "--size", "90x20")
    #expect(sandbox.bytes("workspace.json") == bytes)
    try await sandbox.succeed("--json", "show", "--size", "90x20")
    #expect(sandbox.text("workspace.json")?.contains(#""layoutSize": "90x20""#) == true)
    #expect(sandbox.bytes("workspace.json.bak") == backup)
  }

  @Test func showWithAnEditSavesOnceWithTheDrawnArea() async throws {
    let sandbox = try Sandbox()
    try await sandbox.succeed("init", "--force")
    try await sandbox.succeed("split", "v", "show", "--size", "60x20")
    let text = try #require(sandbox.text("workspace.json"))
    #expect(text.contains(#""layoutSize": "60x19""#))
    #expect(sandbox.text("workspace.json.bak")?.contains("layoutSize") == false)
  }
}
