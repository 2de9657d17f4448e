import Foundation
import PaneRouter
import Workspace
import WorkspaceJSON

/// The wall time of one `wsctl` edit on a small file beside `jq` making the same edit to the
/// same file, and beside a process that does nothing.
enum EndToEnd {
  struct Row {
    let name: String
    let milliseconds: Double
    let baseline: Double?
    let baselineName: String?
    let ratioLabel: String?
  }

  /// The `wsctl` built beside this program, or `nil`.
  static var wsctl: String? {
    let bin = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let wsctl = bin.appendingPathComponent("wsctl").path
    return FileManager.default.isExecutableFile(atPath: wsctl) ? wsctl : nil
  }

  /// What a row says when there is no `wsctl` to measure.
  static let missingWsctl = "skipped: build wsctl first (swift build -c release --product wsctl)"

  static func measure(directory: String, runs: Int) -> [Row]? {
    guard let wsctl else {
      return [
        Row(
          name: missingWsctl, milliseconds: 0, baseline: nil, baselineName: nil, ratioLabel: nil)
      ]
    }
    let file = "\(directory)/small.json"
    var state = WorkspaceState.example
    for index in 0..<8 {
      try! state.apply(.route(.push([RouteToken("item", index)])))
    }
    let original = Data(WorkspaceFile.encode(state))
    let reset = { FileManager.default.createFile(atPath: file, contents: original) }
    // The same edit: focus pane 2 (id 4, the second child of the split) and push detail:7.
    let filter =
      ".focus = 4 | .root.children[0].active = 1 | .mru = ([4] + (.mru - [4])) "
      + "| .root.children[0].children[1].router.stack += [\"detail:7\"]"
    let jq = which("jq")
    let output = "\(directory)/small.out.json"
    var calls: [() -> Bool] = [
      { launch(wsctl, ["-f", file, "focus", "2", "push", "detail:7"]) },
      { launch("/bin/true", []) },
    ]
    if let jq {
      calls.append { launch(jq, [filter, file], output: output) && rename(output, file) == 0 }
    }
    // The calls in turns, one by one, so that the machine's load moves each alike.
    let times = medians(runs, reset, calls)
    let wsctlTime = times[0]
    let noOp = times[1]
    var rows = [
      Row(
        name: "wsctl focus 2 push detail:7 (\(original.count) B file)",
        milliseconds: wsctlTime * 1000, baseline: noOp * 1000, baselineName: "no-op process",
        ratioLabel: "over a no-op")
    ]
    if jq != nil {
      let jqTime = times[2]
      rows.append(
        Row(
          name: "jq making the same edit", milliseconds: jqTime * 1000, baseline: nil,
          baselineName: nil, ratioLabel: nil))
      rows.append(
        Row(
          name: "wsctl over jq", milliseconds: wsctlTime * 1000, baseline: jqTime * 1000,
          baselineName: "jq", ratioLabel: "wsctl/jq"))
    } else {
      rows.append(
        Row(
          name: "jq not installed: no jq column", milliseconds: 0, baseline: nil, baselineName: nil,
          ratioLabel: nil))
    }
    return rows
  }

  /// The median wall time of each body over `runs` rounds (after one warm-up round), the
  /// bodies taking turns within a round and the file reset before each call; `.nan` for a
  /// body that failed.
  private static func medians(_ runs: Int, _ reset: () -> Bool, _ bodies: [() -> Bool])
    -> [Double]
  {
    var samples = Array(repeating: [Double](), count: bodies.count)
    var failed = Array(repeating: false, count: bodies.count)
    let clock = ContinuousClock()
    for round in 0..<(runs + 1) {
      for (index, body) in bodies.enumerated() {
        _ = reset()
        var ok = false
        let elapsed = clock.measure { ok = body() }
        failed[index] = failed[index] || !ok
        if round > 0 {
          samples[index].append(
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
      }
    }
    return samples.indices.map { failed[$0] ? .nan : samples[$0].sorted()[runs / 2] }
  }

  /// Runs a program with `posix_spawn` (Foundation's `Process` adds tens of milliseconds
  /// here), its standard output going to `output` or nowhere.
  static func launch(_ program: String, _ arguments: [String], output: String? = nil)
    -> Bool
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(
      &actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    defer {
      for argument in argv { free(argument) }
    }
    // The child starts with no signal blocked and every signal at its default: this
    // process's threads block some (Dispatch, the session), and a tmux server that inherited
    // them would outlive its `kill-server`.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    guard posix_spawn(&pid, program, &actions, &attributes, argv, environ) == 0 else {
      return false
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return status == 0
  }

  /// The first executable `name` on `PATH`, or `nil`.
  static func which(_ name: String) -> String? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(
      separator: ":")
    {
      let path = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }
}
