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
  func everyPresetTilesAsTmuxsSelectLayoutAtTheSameSize(count: Int) async throws {
    guard let tmux = Self.tmux() else { return }
    let sandbox = try Sandbox()
    let socket = sandbox.root.appendingPathComponent("tmux.sock").path
    func tmuxRun(_ arguments: String...) async throws -> String {
      let result = try await sandbox.run(
        program: tmux, ["-S", socket, "-f", "/dev/null"] + arguments)
      #expect(result.status == 0, "tmux \(arguments): \(result)")
      return result.stdout
    }
    // A server started from the test process inherits its blocked signals, so `kill-server`
    // cannot end it; it is killed by its pid, and its panes (`cat`) end with their terminal.
    var server: Int32?
    let outcome: Result<Void, any Error>
    do {
      for (width, height) in Self.sizes {
        let session = "w\(width)x\(height)"
        // The server a new session starts keeps every descriptor it inherits, and one of them
        // tells Foundation the child has ended: bash (whose `exec` takes descriptors past 9)
        // closes all but the standard three first.
        let started = try await sandbox.run(
          program: URL(fileURLWithPath: "/bin/bash"),
          [
            "-c",
            #"for n in $(ls /proc/$$/fd); do if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi; done; "#
              + #"exec "$0" -S "$1" -f /dev/null new-session -d -s "$2" -x "$3" -y "$4" cat "#
              + ">/dev/null 2>&1 </dev/null",
            tmux.path, socket, session, "\(width)", "\(height)",
          ])
        #expect(started.status == 0, "tmux new-session: \(started)")
        if server == nil {
          server = Int32(try await tmuxRun("display-message", "-p", "#{pid}").filter(\.isNumber))
        }
        for _ in 1..<count {
          _ = try await tmuxRun("split-window", "-t", session, "cat")
          _ = try await tmuxRun("select-layout", "-t", session, "tiled")
        }
        // Ours: the example's first tab has two panes; its tab bar takes the picture's top row.
        let file = "\(session)-\(count).json"
        let setup =
          ["-f", file, "--size", "\(width)x\(height + 1)", "minimum-size", "1x1"]
          + Array(repeating: ["split", "h"], count: count - 2).flatMap { $0 }
        try await sandbox.succeed(setup)
        var call = ["-f", file, "--size", "\(width)x\(height + 1)"]
        for preset in Self.presets { call += ["arrange", preset, "layout", "\(width)x\(height)"] }
        let ours = try await sandbox.succeed(call).stdout.split(separator: "\n").map { line in
          String(line.split(separator: " ")[2])
        }
        for (index, preset) in Self.presets.enumerated() {
          _ = try await tmuxRun("select-layout", "-t", session, preset)
          let panes = try await tmuxRun(
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
        // The session stays: killing a server's last session ends it, racing the next start.
      }
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    _ = try? await sandbox.run(program: tmux, ["-S", socket, "kill-server"])
    if let server { kill(server, SIGKILL) }
    try outcome.get()
  }
}
