import PaneRouter
import Workspace
import WorkspaceJSON

/// Random command sequences at scale: grows a workspace towards `maximumPanes` and shrinks it
/// again, checking the invariants after every command, that a failed command changed
/// nothing, and, every `checkpoint` steps, that a save and restore gives back an equal state.
enum Soak {
  struct Report {
    var steps = 0
    var applied = 0
    var refused = 0
    var roundTrips = 0
    var largestPaneCount = 0
    var failures: [String] = []
  }

  static func run(steps: Int, maximumPanes: Int, checkpoint: Int, seed: UInt64) -> Report {
    var random = SplitMix(seed: seed)
    var state = Generator.workspace(panes: 4, routesPerPane: 3)
    // A large screen, so that splits find room up to the largest pane counts.
    try! state.recordLayoutSize(Size(width: 4000, height: 2000))
    var report = Report()
    var paneCount = state.paneIDs.count
    var growing = true
    for step in 1...steps {
      if paneCount >= maximumPanes { growing = false }
      if paneCount <= 2 { growing = true }
      let command = randomCommand(&random, state: state, growing: growing)
      let before = state
      do {
        let change = try state.apply(command)
        report.applied += 1
        if !change.changedNodes.isEmpty, step % 16 == 0 || paneCount < 64 {
          paneCount = state.paneIDs.count
        }
      } catch {
        report.refused += 1
        if state != before {
          report.failures.append("step \(step): failed '\(command)' changed the state")
          state = before
        }
      }
      if step % 64 == 0 || paneCount < 64 {
        paneCount = state.paneIDs.count
        let problems = state.invariantViolations()
        if !problems.isEmpty {
          report.failures.append("step \(step) after '\(command)': \(problems.prefix(3))")
          break
        }
      }
      report.largestPaneCount = max(report.largestPaneCount, paneCount)
      if step % checkpoint == 0 {
        report.roundTrips += 1
        let bytes = WorkspaceFile.encode(state)
        do {
          let loaded = try WorkspaceFile.decode(bytes)
          if loaded.state != state || !loaded.diagnostics.isEmpty {
            report.failures.append(
              "step \(step): restore differs (\(loaded.diagnostics.prefix(2)))")
          }
          if WorkspaceFile.encode(loaded.state) != bytes {
            report.failures.append("step \(step): second save differs")
          }
        } catch {
          report.failures.append("step \(step): restore failed: \(error)")
        }
      }
      report.steps = step
      if report.failures.count > 10 { break }
    }
    return report
  }

  /// A layout the soak reconciles the active tab with now and then: its panes are titled as
  /// `rename` titles them, so that some are kept and the others opened.
  private static let layout: WorkspaceTemplate = {
    let pane = { (title: String) in NodeTemplate.pane(title, untyped: RouteToken("item", 1)) }
    do {
      return try WorkspaceTemplate(
        name: "soak", title: "soak",
        root: .split(.horizontal, [pane("r1"), .split(.vertical, [pane("r2"), pane("r3")])]))
    } catch {
      preconditionFailure("\(error)")
    }
  }()

  private static func randomCommand(
    _ random: inout SplitMix, state: WorkspaceState, growing: Bool
  ) -> WorkspaceCommand {
    let direction = Direction.allCases[random.next(4)]
    let numbers = max(1, state.visiblePanes.count + 2)
    let anyID = NodeID(random.next(state.nextID + 3))
    let families: [(weight: Int, make: (inout SplitMix) -> WorkspaceCommand)] = [
      (
        growing ? 20 : 5,
        { .split($0.next(2) == 0 ? .horizontal : .vertical, ratio: [nil, 0.3, 0.7][$0.next(3)]) }
      ),
      (growing ? 4 : 1, { .newTab(title: "t\($0.next(99))", root: RouteToken("tab", $0.next(9))) }),
      (growing ? 4 : 18, { .close($0.next(3) == 0 ? .number($0.next(numbers)) : nil) }),
      (growing ? 1 : 3, { .closeTab($0.next(3) == 0 ? $0.next(4) : nil) }),
      (
        12,
        { random in
          let targets: [FocusTarget] = [
            .pane(.number(random.next(numbers))), .direction(direction), .next, .previous, .last,
          ]
          return .focus(targets[random.next(5)])
        }
      ),
      (4, { .selectTab([.number($0.next(6)), .next, .previous, .last][$0.next(4)]) }),
      (4, { $0.next(2) == 0 ? .swap(.direction(direction)) : .swap(.pane(.id(anyID))) }),
      (4, { _ in .move(direction) }),
      (3, { .resize(direction, amount: [0.05, 0.2, 0.6][$0.next(3)]) }),
      (8, { .route(.push([RouteToken("item", $0.next(40))])) }),
      (
        5,
        { .route([.pop(count: 1 + $0.next(3)), .popToRoot, .dismiss, .dismissModals][$0.next(4)]) }
      ),
      (
        3,
        {
          .route(
            .present(RouteToken("sheet", $0.next(5)), style: $0.next(2) == 0 ? .sheet : .cover))
        }
      ),
      (5, { $0.next(2) == 0 ? .undo(count: 1 + $0.next(3)) : .redo(count: 1 + $0.next(2)) }),
      (3, { [.equalize, .zoom, .rename("r\($0.next(9))")][$0.next(3)] }),
      (
        3,
        { random in
          let direction = [Direction.left, .right, .up, .down][random.next(4)]
          // `close` and `reopen` here mostly meet a floating pane, which `float` just focused.
          let commands: [WorkspaceCommand] = [
            .float, .embed, .focus(.floating), .focus(.tiled), .pinFloating(random.next(2) == 0),
            .showFloating(random.next(2) == 0), .moveFloating(direction, cells: 1 + random.next(9)),
            .resizeFloating(direction, cells: 1 + random.next(9)), .close(), .reopen(),
          ]
          return commands[random.next(commands.count)]
        }
      ),
      (2, { .moveTab(to: 1 + $0.next(5)) }),
      (2, { _ in .close(.id(anyID)) }),
      (1, { .reconcileWithTemplate(layout, keepingOthers: $0.next(2) == 0) }),
      (2, { .mark(["editor", "tests", "log"][$0.next(3)]) }),
      (
        4,
        { random in
          let targets: [PaneReference] = [
            .number(random.next(numbers)), .id(anyID), .mark(["editor", "tests"][random.next(2)]),
            .last,
          ]
          let commands: [WorkspaceCommand] = [
            .split(.vertical, focusing: false), .route(.push([RouteToken("at", random.next(9))])),
            .close(), .rename("m\(random.next(9))"), .mark("log"), .unmark(),
          ]
          return .at(targets[random.next(4)], commands[random.next(6)])
        }
      ),
      (growing ? 4 : 2, { .reopen($0.next(4) == 0 ? 2 : 1) }),
      (
        2,
        { random in
          let number = 1 + random.next(3)
          let commands: [WorkspaceCommand] = [
            .newWindow(title: "w\(random.next(9))"), .selectWindow(.number(number)),
            .selectWindow(.last), .selectWindow(.next), .selectWindow(.previous),
            .closeWindow(number), .closeWindow(), .renameWindow("r\(random.next(9))"),
            .movePaneToWindow(number), .moveTabToWindow(number),
            .inWindow(number, .split(.vertical, focusing: false)), .inWindow(number, .float),
            .inWindow(number, .stack()), .inWindow(number, .close()), .inWindow(number, .reopen()),
          ]
          return commands[random.next(commands.count)]
        }
      ),
      (
        2,
        { random in
          let presets = LayoutPreset.allCases.map(Arrangement.preset) + [.next, .previous]
          return .arrange(presets[random.next(presets.count)])
        }
      ),
      (
        2,
        {
          $0.next(2) == 0
            ? .breakPane(.id(anyID), staying: $0.next(2) == 0)
            : .joinPane(.id(anyID), axis: $0.next(2) == 0 ? .horizontal : nil)
        }
      ),
      (2, { $0.next(3) == 0 ? .unstack : .stack($0.next(2) == 0 ? nil : direction) }),
    ]
    var roll = random.next(families.reduce(0) { $0 + $1.weight })
    for family in families {
      if roll < family.weight { return family.make(&random) }
      roll -= family.weight
    }
    return .zoom
  }
}

/// A small, fast, seeded random generator (SplitMix64), so runs repeat exactly.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  mutating func next(_ bound: Int) -> Int {
    Int(next() % UInt64(max(1, bound)))
  }
}
