import Foundation
import PaneRouter
import Workspace
import WorkspaceJSON
import WorkspaceSession

// wsbench: measures save/restore throughput beside the toolchain's JSON coders, per-command
// cost and how it grows with size, peak memory of a restore, a host session's autosave and
// adoption, one wsctl edit beside jq, and wsctl driving a live host beside tmux driving its
// server.
// Every figure is a ratio measured in one run, so a noisy machine shifts both sides alike.
//
//     swift run -c release wsbench            # the full table (about two minutes)
//     swift run -c release wsbench --quick    # a few seconds, for CI
//     swift run -c release wsbench --json     # the same figures as JSON
//     wsbench --generate PANES ROUTES FILE [HISTORY]   # write a generated workspace file
//     wsbench --soak [STEPS]                   # random commands at scale, checked
//     wsbench --commands                       # only the per-command rows, small (seconds)
//     swift run -c release wsbench --live     # only wsctl to a live host, beside tmux
//     swift run -c release wsbench --files    # only the file and memory rows
//     wsbench --profile restore|encode|save FILE [COUNT]   # one operation, for a profiler
//     wsbench --rounds FILE                    # restore rounds on request (the python rows' other side)

let arguments = Set(CommandLine.arguments.dropFirst())
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--restore-rss" {
  exit(Probe.restoreResidentSize(path: CommandLine.arguments[2]))
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--rounds" {
  // One side of the restore-vs-python rows, in a process of its own (PythonParse).
  exit(PythonParse.answerRounds(path: CommandLine.arguments[2]))
}
if (4...5).contains(CommandLine.arguments.count), CommandLine.arguments[1] == "--profile" {
  let count = CommandLine.arguments.count == 5 ? Int(CommandLine.arguments[4]) ?? 0 : 1
  exit(Profile.run(CommandLine.arguments[2], path: CommandLine.arguments[3], count: count))
}
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "--soak" {
  // Random command sequences at scale; exits 1 on any failure.
  let steps = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 100_000 : 100_000
  let clock = ContinuousClock()
  var report = Soak.Report()
  let elapsed = clock.measure {
    report = Soak.run(steps: steps, maximumPanes: 2000, checkpoint: 1000, seed: 20_261_130)
  }
  print(
    "soak: \(report.steps) commands (\(report.applied) applied, \(report.refused) refused), "
      + "up to \(report.largestPaneCount) panes, \(report.roundTrips) save/restore round trips, "
      + "\(report.failures.count) failures, \(elapsed)")
  for failure in report.failures { print("  \(failure)") }
  exit(report.failures.isEmpty ? 0 : 1)
}
if (5...6).contains(CommandLine.arguments.count), CommandLine.arguments[1] == "--generate",
  let panes = Int(CommandLine.arguments[2]), let routes = Int(CommandLine.arguments[3]),
  let entries = CommandLine.arguments.count == 6 ? Int(CommandLine.arguments[5]) : 0
{
  // Writes a generated workspace, for scripts that need a file of realistic size.
  if let problem = Generator.problem(panes: panes, routes: routes, entries: entries) {
    FileHandle.standardError.write(Data("wsbench: \(problem)\n".utf8))
    exit(64)
  }
  let state = Generator.withHistory(
    Generator.workspace(panes: panes, routesPerPane: routes), entries: entries)
  do {
    try WorkspaceStore(path: CommandLine.arguments[4]).save(state)
  } catch {
    FileHandle.standardError.write(Data("wsbench: \(error)\n".utf8))
    exit(1)
  }
  exit(0)
}
let quick = arguments.contains("--quick")
let json = arguments.contains("--json")
let onlyCommands = arguments.contains("--commands")
let onlyFiles = arguments.contains("--files")
if arguments.contains("-h") || arguments.contains("--help") {
  print(
    """
    usage: wsbench [--quick] [--json] [--commands | --files | --live]
           wsbench --soak [STEPS]
           wsbench --generate PANES ROUTES FILE [HISTORY]
           wsbench --profile restore|encode|save FILE [COUNT]
      --quick      a few seconds, for CI
      --json       the figures as JSON
      --commands   only the per-command rows, at 100 and 1,000 panes
      --files      only the file and memory rows
      --live       only wsctl to a live host, beside tmux
      --profile    one file operation repeated, for a profiler
    """)
  exit(0)
}
guard arguments.isSubset(of: ["--quick", "--json", "--commands", "--files", "--live"]),
  arguments.intersection(["--commands", "--files", "--live"]).count <= 1
else {
  FileHandle.standardError.write(
    Data("usage: wsbench [--quick] [--json] [--commands | --files | --live]\n".utf8))
  exit(64)
}

var table = Table()
if arguments.contains("--live") {
  let directory = Probe.temporaryDirectory()
  defer { try? FileManager.default.removeItem(atPath: directory) }
  table.add(await LiveBench.measure(directory: directory, runs: quick ? 10 : 30))
  print(json ? table.json() : table.text(machine: Probe.machine()))
  exit(0)
}
let sizes = quick ? [10, 100, 1000] : [10, 100, 1000, 10_000]
let routesPerPane = quick || onlyCommands ? 10 : 100
let directory = Probe.temporaryDirectory()
defer { try? FileManager.default.removeItem(atPath: directory) }

// Save and restore throughput.
for panes in onlyCommands ? [] : sizes {
  let state = Generator.workspace(panes: panes, routesPerPane: routesPerPane)
  let bytes = WorkspaceFile.encode(state)
  let megabytes = Double(bytes.count) / 1_000_000
  let repeats = max(3, min(200, Int(20 / max(megabytes, 0.01))))
  let restore = Probe.median(repeats) { _ = try! WorkspaceFile.decode(bytes) }
  let encode = Probe.median(repeats) { _ = WorkspaceFile.encode(state) }
  let store = WorkspaceStore(path: "\(directory)/bench-\(panes).json")
  // Two states saved in turn, so that every save writes: a save of the state the file holds
  // writes nothing, which would measure no write at all. The path a host's save takes: under
  // the lock, read and decode the file, keep the host's state, encode and write it.
  var renamed = state
  try! renamed.apply(.rename("saved again"))
  var isRenamed = false
  // The file exists first: a merge into a missing file whose default is the state to keep
  // writes nothing.
  try! store.save(state)
  let save = Probe.median(repeats) {
    isRenamed.toggle()
    let next = isRenamed ? renamed : state
    _ = try! store.merge(default: next) { _ in next }
  }
  let data = Data(bytes)
  let mirror = try! JSONDecoder().decode(FileMirror.self, from: data)
  let toolDecode = Probe.median(repeats) {
    _ = try! JSONDecoder().decode(FileMirror.self, from: data)
  }
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted]
  let toolEncode = Probe.median(repeats) { _ = try! encoder.encode(mirror) }
  let label = "\(panes) panes, \(panes * routesPerPane) routes, \(Table.size(bytes.count))"
  table.add(
    "file", label, "restore", megabytes / restore, "MB/s", baseline: megabytes / toolDecode,
    "JSONDecoder")
  table.add(
    "file", label, "encode", megabytes / encode, "MB/s", baseline: megabytes / toolEncode,
    "JSONEncoder")
  // The disk's own rate in this run: the same bytes written the way a save writes them.
  let diskWrite = Probe.median(repeats) {
    Probe.writeAtomically(bytes, to: "\(directory)/disk-\(panes).json")
  }
  table.add(
    "file", label, "save (read + decode + encode + atomic write + fsync)", megabytes / save, "MB/s",
    baseline: megabytes / diskWrite, "bytes only")
  // A host's session after its own save: the file keeps the stamp that save returned, so the
  // next save takes the state it wrote instead of reading the file again.
  var written = try! store.save(default: state) { _ in state }
  let ownSave = Probe.median(repeats) {
    isRenamed.toggle()
    let next = isRenamed ? renamed : state
    let last = written.stamp.map { ($0, written.state) }
    written = try! store.save(default: next, written: last) { _ in next }
  }
  table.add(
    "file", label, "save after its own save (encode + atomic write + fsync)",
    megabytes / ownSave, "MB/s", baseline: megabytes / diskWrite, "bytes only")
  if let pair = PythonParse.measure(
    bytes: bytes, directory: directory, estimate: restore)
  {
    table.add(
      "file", label, "restore vs python json.loads", megabytes / pair.restore, "MB/s",
      baseline: megabytes / pair.python, "python json", ratioLabel: "paired rounds",
      pairedRatio: pair.ratio)
  }
}

// A host's file carries its history, which a restore checks step by step against the tree.
if !onlyCommands {
  let panes = quick ? 100 : 1000
  let state = Generator.withHistory(
    Generator.workspace(panes: panes, routesPerPane: routesPerPane), entries: History.defaultLimit)
  let bytes = WorkspaceFile.encode(state)
  let megabytes = Double(bytes.count) / 1_000_000
  let estimate = Probe.median(3) { _ = try! WorkspaceFile.decode(bytes) }
  if let pair = PythonParse.measure(
    bytes: bytes, directory: directory, estimate: estimate)
  {
    table.add(
      "file",
      "\(panes) panes, \(state.history.undoEntries.count) history entries, "
        + Table.size(bytes.count),
      "restore vs python json.loads", megabytes / pair.restore, "MB/s",
      baseline: megabytes / pair.python, "python json", ratioLabel: "paired rounds",
      pairedRatio: pair.ratio)
  }
}

// Peak memory of one restore of the largest file, in a fresh process.
let largest = "\(directory)/bench-\(sizes.last!).json"
if !onlyCommands, let (peak, fileSize, nodes) = Probe.peakRestoreMemory(path: largest) {
  table.add(
    "memory", "restore of \(Table.size(fileSize)), \(nodes) nodes", "peak resident growth",
    Double(peak) / Double(fileSize), "× file size", baseline: nil, nil)
}

if onlyFiles {
  print(json ? table.json() : table.text(machine: Probe.machine()))
  exit(0)
}

// Per-command cost and its growth.
let small = 100
let large = quick || onlyCommands ? 1000 : 10_000
var costs: [Int: [String: Double]] = [:]
for panes in [small, large] {
  costs[panes] = Commands.measure(
    panes: panes, routesPerPane: routesPerPane, iterations: quick ? 200 : onlyCommands ? 1000 : 2000
  )
}
for name in Commands.names {
  let low = costs[small]![name]!
  let high = costs[large]![name]!
  table.add(
    "command", name, "ns at \(small) / \(large) panes", high, "ns", baseline: low, "ns at \(small)",
    ratioLabel: "\(large)/\(small)")
}

// A host's session: main-actor time per autosave, adoption latency, writes under a burst.
// The save goal is set at 10,000 panes, so --quick measures that size too (a few saves).
for row in onlyCommands
  ? []
  : await SessionBench.measure(
    directory: directory, panes: 10_000, routesPerPane: 10, quick: quick)
{
  table.add(
    "session", row.subject, row.measure, row.value, row.unit, baseline: row.baseline,
    row.baselineName)
}

// One wsctl edit beside jq.
if !onlyCommands, let endToEnd = EndToEnd.measure(directory: directory, runs: quick ? 5 : 30) {
  for row in endToEnd {
    table.add(
      "wsctl", row.name, "median wall time", row.milliseconds, "ms", baseline: row.baseline,
      row.baselineName, ratioLabel: row.ratioLabel)
  }
}

// wsctl driving a live host, beside tmux driving its server and wsctl in file mode.
table.add(await LiveBench.measure(directory: directory, runs: quick ? 10 : 30))

print(json ? table.json() : table.text(machine: Probe.machine()))
