import Foundation
import Testing
import WorkspaceTestSupport

/// `arrange NAME` against tmux's `select-layout NAME`: a real tmux server (its own socket,
/// no configuration) and `wsctl` in file mode lay out the same number of panes at the same
/// size, and each of our rectangles is tmux's pane with the one-cell border after it.
///
/// The mapping: tmux draws a border column right of every pane that does not reach the
/// window's right edge, and a border row below every pane that does not reach its bottom;
/// that cell is counted with the pane (`pane_width + 1`, `pane_height + 1`), so tmux's cells
/// tile the window as our rectangles tile the pane area. Both sides run with a minimum pane
/// size of one cell (tmux's own), since ours (6x3 by default) would widen the one-column
/// panes tmux gives `main-vertical` at 80 columns.
///
/// tmux missing skips the test with a note; under `CI=true`, which installs it, it fails.
@Suite(.serialized) struct PresetTmuxComparisonTests {
  static let presets = [
    "even-horizontal", "even-vertical", "main-horizontal", "main-vertical", "tiled",
  ]
  static let sizes = [(80, 24), (120, 40), (200, 50), (97, 31)]

  /// tmux's executable, or `nil` (recording why) if it is missing.
  static func tmux() -> URL? {
    for directory in ["/usr/bin", "/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
      let url = URL(fileURLWithPath: directory).appendingPathComponent("tmux")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    if ProcessInfo.processInfo.environment["CI"] == "true" {
      Issue.record("tmux is not installed; CI installs it")
    } else {
      print("note: tmux is not installed; skipping the comparison of arrange with select-layout")
    }
    return nil
  }

  @Test(arguments: 2...6)
  func everyPresetTilesAsTmuxsSelectLayoutAtTheSameSize(count: Int) throws {
    guard let tmux = Self.tmux() else { return }
    let sandbox = try Sandbox()
    let socket = sandbox.root.appendingPathComponent("tmux.sock").path
    func tmuxRun(_ arguments: String...) throws -> String {
      let result = try sandbox.run(program: tmux, ["-S", socket, "-f", "/dev/null"] + arguments)
      #expect(result.status == 0, "tmux \(arguments): \(result)")
      return result.stdout
    }
    defer { _ = try? sandbox.run(program: tmux, ["-S", socket, "kill-server"]) }
    for (width, height) in Self.sizes {
      let session = "w\(width)x\(height)"
      _ = try tmuxRun("new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)")
      for _ in 1..<count {
        _ = try tmuxRun("split-window", "-t", session)
        _ = try tmuxRun("select-layout", "-t", session, "tiled")
      }
      // Ours: the example's first tab has two panes; its tab bar takes the picture's top row.
      let file = "\(session)-\(count).json"
      let setup =
        ["-f", file, "--size", "\(width)x\(height + 1)", "minimum-size", "1x1"]
        + Array(repeating: ["split", "h"], count: count - 2).flatMap { $0 }
      try sandbox.succeed(setup)
      var call = ["-f", file, "--size", "\(width)x\(height + 1)"]
      for preset in Self.presets { call += ["arrange", preset, "layout", "\(width)x\(height)"] }
      let ours = try sandbox.succeed(call).stdout.split(separator: "\n").map { line in
        String(line.split(separator: " ")[2])
      }
      for (index, preset) in Self.presets.enumerated() {
        _ = try tmuxRun("select-layout", "-t", session, preset)
        let panes = try tmuxRun(
          "list-panes", "-t", session, "-F",
          "#{pane_left} #{pane_top} #{pane_width} #{pane_height}")
        let theirs = panes.split(separator: "\n").map { line in
          let value = line.split(separator: " ").map { Int($0)! }
          let (left, top, paneWidth, paneHeight) = (value[0], value[1], value[2], value[3])
          let cellWidth = paneWidth + (left + paneWidth < width ? 1 : 0)
          let cellHeight = paneHeight + (top + paneHeight < height ? 1 : 0)
          return "\(cellWidth)x\(cellHeight)+\(left)+\(top)"
        }
        let mine = Array(ours[(index * count)..<((index + 1) * count)])
        #expect(mine == theirs, "\(preset), \(count) panes at \(width)x\(height)")
      }
      _ = try tmuxRun("kill-session", "-t", session)
    }
  }
}
