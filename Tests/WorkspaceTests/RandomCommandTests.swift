import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// Seeded random commands, valid and invalid, over trees that grow to a few hundred panes and
/// shrink back: every command keeps the invariants, every refused one changes nothing, and
/// undo and redo of a recorded command restore the states on either side of it.
@Suite struct RandomCommandTests {
  static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6, 7, 8]
  static let commandsPerSeed = 12_500

  @Test(arguments: seeds)
  func randomCommandsKeepEveryInvariant(seed: UInt64) {
    var run = RandomRun(seed: seed)
    run.run(steps: Self.commandsPerSeed)
    #expect(run.steps == Self.commandsPerSeed, "seed \(seed) stopped at a failure")
    #expect(run.peakPanes >= 200, "seed \(seed) never grew past \(run.peakPanes) panes")
    #expect(run.shrinkCount >= 2, "seed \(seed) shrank back only \(run.shrinkCount) times")
    #expect(run.refused > Self.commandsPerSeed / 10, "seed \(seed) refused too few commands")
    #expect(run.applied > Self.commandsPerSeed / 3, "seed \(seed) applied too few commands")
    #expect(run.undoChecks > 50, "seed \(seed) checked undo only \(run.undoChecks) times")
    #expect(run.numberingChecks == Self.commandsPerSeed / 4)
  }
}

/// One seeded run of random commands.
private struct RandomRun {
  var generator: SeededGenerator
  let seed: UInt64
  var state: WorkspaceState
  var steps = 0
  var applied = 0
  var refused = 0
  var undoChecks = 0
  var numberingChecks = 0
  var peakPanes = 0
  var shrinkCount = 0
  var lastWasUndo = false
  var phase = Phase.growing(target: 360)

  enum Phase {
    /// Mostly splits and new tabs, until the tree has `target` nodes.
    case growing(target: Int)
    /// Mostly closes, until the tree is a handful of nodes.
    case shrinking
    /// Balanced commands until a step.
    case small(until: Int)
  }

  /// Whether splits outweigh closes.
  var growing: Bool {
    if case .growing = phase { true } else { false }
  }

  /// Whether closes outweigh splits.
  var shrinking: Bool {
    if case .shrinking = phase { true } else { false }
  }

  init(seed: UInt64) {
    self.seed = seed
    generator = SeededGenerator(seed: seed)
    let flow = RouterState(root: RouteToken("flow"))
    switch seed % 3 {
    case 0:
      state = WorkspaceState(
        tabs(
          ("Main", hsplit(pane("A"), vsplit(pane("B"), pane("C"))).owning(flow)),
          ("Other", pane("D"))
        ).owning(flow))
    case 1:
      state = WorkspaceState(
        hsplit(pane("A"), stack(pane("B"), vsplit(pane("C"), pane("E")), expanded: 1)))
    default:
      state = WorkspaceState(
        hsplit(
          pane("A"),
          tabs(("X", pane("B")), ("Y", vsplit(pane("C"), pane("D")).owning(flow))).owning(flow)))
    }
  }

  mutating func run(steps count: Int) {
    for step in 0..<count {
      updatePhase(step: step)
      let commands = randomTransaction()
      let before = state
      var failure: WorkspaceError?
      do {
        let change = try state.apply(commands)
        applied += 1
        if chance(1, in: 16), !describes(change, before: before) {
          Issue.record("seed \(seed) step \(step) \(commands): wrong change \(change)")
          return
        }
      } catch {
        failure = error
        refused += 1
      }
      let problems = state.invariantViolations()
      guard problems.isEmpty else {
        Issue.record("seed \(seed) step \(step) \(commands): \(problems)")
        return
      }
      // Pane numbers as the two sorts of the layout give them, every few steps.
      if step % 4 == 0 {
        numberingChecks += 1
        guard state.numberedPanes == state.numberedPanesBySorting else {
          Issue.record("seed \(seed) step \(step) \(commands): pane numbers differ")
          return
        }
      }
      if failure == nil, case .undo = commands.last {
        lastWasUndo = true
      } else {
        lastWasUndo = false
      }
      if let failure {
        guard state == before else {
          Issue.record(
            "seed \(seed) step \(step) \(commands) threw \(failure) but changed the state")
          return
        }
      } else {
        guard checkHistory(commands, before: before) else {
          Issue.record("seed \(seed) step \(step) \(commands): undo or redo did not round-trip")
          return
        }
      }
      steps = step + 1
    }
  }

  /// Grows until the tree reaches a random size, shrinks back to a handful of nodes, then
  /// stays small for a while (small trees are cheap to check and rich in edge cases).
  private mutating func updatePhase(step: Int) {
    let count = state.nodeCount
    switch phase {
    case .growing(let target) where count >= target:
      // Every window's panes: the tree grows across windows.
      peakPanes = max(peakPanes, state.nodes.values.filter(\.isPane).count)
      phase = .shrinking
    case .shrinking where count <= 6:
      shrinkCount += 1
      phase = .small(until: step + Int.random(in: 3_000...5_000, using: &generator))
    case .small(let end) where step >= end:
      phase = .growing(target: Int.random(in: 310...400, using: &generator))
    default:
      break
    }
  }

  /// Whether a change names exactly the nodes that differ from `before`, and the focus and
  /// zoom on either side.
  private func describes(_ change: WorkspaceChange, before: WorkspaceState) -> Bool {
    let ids = Set(before.nodes.keys).union(state.nodes.keys)
    return change.changedNodes == ids.filter { before.node($0) != state.node($0) }
      && change.focusBefore == before.focusedPane && change.focusAfter == state.focusedPane
      && change.zoomedPaneBefore == before.zoomedPane && change.zoomedPaneAfter == state.zoomedPane
  }

  /// Checks what a successful transaction did to the history: navigation leaves it alone, and
  /// sometimes that undo and redo of a recorded command restore the states around it.
  private mutating func checkHistory(_ commands: [WorkspaceCommand], before: WorkspaceState)
    -> Bool
  {
    if commands.allSatisfy(\.isNavigationOnly) {
      return state.history == before.history
    }
    guard commands.count == 1, !commands[0].isUndoOrRedo,
      state.history.undoEntries.last != before.history.undoEntries.last,
      Int.random(in: 0..<16, using: &generator) == 0
    else { return true }
    undoChecks += 1
    var probe = state
    do {
      try probe.apply(.undo())
      guard probe.invariantViolations().isEmpty, probe.structure == before.structure else {
        return false
      }
      try probe.apply(.redo())
      return probe.invariantViolations().isEmpty && probe.structure == state.structure
    } catch {
      return false
    }
  }

  private mutating func randomTransaction() -> [WorkspaceCommand] {
    if lastWasUndo, chance(1, in: 2) {
      return [.redo(count: Int.random(in: 1...2, using: &generator))]
    }
    guard chance(1, in: 25) else { return [randomCommand()] }
    return (0..<Int.random(in: 2...3, using: &generator)).map { _ in randomCommand() }
  }

  /// A window number, sometimes one past the last (refused).
  private mutating func randomWindowNumber() -> Int {
    Int.random(in: 1...state.windows.count + 1, using: &generator)
  }

  private mutating func randomWindowTarget() -> WindowTarget {
    switch Int.random(in: 0..<5, using: &generator) {
    case 0: .next
    case 1: .previous
    case 2: .last
    default: .number(randomWindowNumber())
    }
  }

  private mutating func randomCommand() -> WorkspaceCommand {
    let splits = growing ? 60 : shrinking ? 5 : 10
    let closes = growing ? 5 : shrinking ? 60 : 10
    let table: [(Int, (inout RandomRun) -> WorkspaceCommand)] = [
      (
        splits,
        {
          .split(
            $0.pick(Axis.allCases), ratio: $0.randomRatio(), root: $0.maybeRoute(),
            focusing: $0.chance(3, in: 4))
        }
      ),
      (
        growing ? 8 : 2,
        { .newTab(title: $0.maybeTitle(), root: $0.maybeRoute(), focusing: $0.chance(3, in: 4)) }
      ),
      (3, { .mark($0.pick(["editor", "tests", "log", "left"])) }),
      (1, { .unmark($0.chance(1, in: 2) ? nil : $0.pick(["editor", "tests", "nope"])) }),
      (8, { .at($0.randomReference(), $0.randomTargetedCommand()) }),
      (closes, { .close($0.chance(1, in: 2) ? nil : $0.randomReference()) }),
      (shrinking ? 6 : 2, { .closeTab($0.chance(1, in: 2) ? nil : $0.randomTabNumber()) }),
      (
        growing ? 6 : 3,
        { .reopen($0.chance(1, in: 4) ? Int.random(in: 0...3, using: &$0.generator) : 1) }
      ),
      (15, { .focus($0.randomFocusTarget()) }),
      (6, { .selectTab($0.randomTabTarget()) }),
      (2, { .moveTab(to: $0.randomTabNumber()) }),
      (1, { .renameTab($0.pick(["One", "Two", ""])) }),
      (12, { .route($0.randomOperation(), at: $0.chance(1, in: 4) ? $0.randomID() : nil) }),
      (4, { .swap($0.randomSwapTarget()) }),
      (4, { .move($0.pick(Direction.allCases)) }),
      (4, { .resize($0.pick(Direction.allCases), amount: $0.randomAmount()) }),
      (
        2,
        {
          .resizeByCells($0.pick(Direction.allCases), Int.random(in: -1...40, using: &$0.generator))
        }
      ),
      (
        1,
        {
          .setMinimumPaneSize(
            $0.chance(1, in: 3)
              ? nil
              : Size(
                width: Int.random(in: 0...12, using: &$0.generator),
                height: Int.random(in: 0...6, using: &$0.generator)))
        }
      ),
      (1, { _ in .equalize }),
      (
        2,
        {
          .arrange(
            $0.pick(LayoutPreset.allCases.map(Arrangement.preset) + [.next, .previous]),
            at: $0.chance(1, in: 3) ? $0.randomReference() : nil)
        }
      ),
      (
        2,
        {
          .breakPane($0.chance(1, in: 2) ? nil : $0.randomReference(), staying: $0.chance(1, in: 2))
        }
      ),
      (
        2,
        {
          .joinPane(
            $0.randomReference(), axis: $0.chance(1, in: 3) ? nil : $0.pick(Axis.allCases),
            ratio: $0.randomRatio(), staying: $0.chance(1, in: 3))
        }
      ),
      (2, { _ in .zoom }),
      (3, { .stack($0.chance(1, in: 3) ? nil : $0.pick(Direction.allCases)) }),
      (2, { _ in .unstack }),
      (3, { $0.chance(2, in: 3) ? .float : .embed }),
      (
        3,
        {
          let direction = $0.pick(Direction.allCases)
          let cells = Int.random(in: 0...30, using: &$0.generator)
          return $0.chance(1, in: 2)
            ? .moveFloating(direction, cells: cells) : .resizeFloating(direction, cells: cells)
        }
      ),
      (1, { .pinFloating($0.chance(1, in: 2)) }),
      (1, { .showFloating($0.chance(1, in: 2)) }),
      (2, { .rename($0.pick(["A", "B", "Mail", ""])) }),
      (
        1,
        {
          .saveTemplate(
            $0.pick(["a", "b", ""]), node: $0.chance(1, in: 3) ? $0.randomReference() : nil,
            replacing: $0.chance(1, in: 2))
        }
      ),
      (growing ? 2 : 1, { .applyTemplate($0.pick(["a", "b", "c"])) }),
      (1, { .removeTemplate($0.pick(["a", "b"])) }),
      (
        1,
        {
          .reconcileTemplate(
            $0.pick(["a", "b", "c"]), keepingOthers: $0.chance(1, in: 2))
        }
      ),
      (growing ? 2 : 1, { .newWindow(title: $0.maybeTitle(), root: $0.maybeRoute()) }),
      (4, { .selectWindow($0.randomWindowTarget()) }),
      (shrinking ? 4 : 1, { .closeWindow($0.chance(1, in: 2) ? nil : $0.randomWindowNumber()) }),
      (1, { .renameWindow($0.pick(["Mail", "Notes", ""])) }),
      (2, { .movePaneToWindow($0.randomWindowNumber()) }),
      (1, { .moveTabToWindow($0.randomWindowNumber()) }),
      (3, { .inWindow($0.randomWindowNumber(), $0.randomTargetedCommand()) }),
      (3, { .undo(count: Int.random(in: 0...3, using: &$0.generator)) }),
      (2, { .redo(count: Int.random(in: 0...3, using: &$0.generator)) }),
    ]
    var roll = Int.random(in: 0..<table.reduce(0) { $0 + $1.0 }, using: &generator)
    for (weight, make) in table {
      if roll < weight { return make(&self) }
      roll -= weight
    }
    preconditionFailure("the roll is below the total weight")
  }

  // MARK: random arguments

  mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    Int.random(in: 0..<denominator, using: &generator) < numerator
  }

  mutating func pick<T>(_ values: [T]) -> T {
    values[Int.random(in: 0..<values.count, using: &generator)]
  }

  /// An existing node's id most of the time, else one that was deleted or never existed.
  mutating func randomID() -> NodeID {
    if chance(3, in: 4) {
      return pick(state.nodeIDs)
    }
    return NodeID(Int.random(in: -1...(state.nextID + 2), using: &generator))
  }

  mutating func randomReference() -> PaneReference {
    switch Int.random(in: 0..<8, using: &generator) {
    case 0..<3: .number(Int.random(in: -1...12, using: &generator))
    case 3..<6: .id(randomID())
    case 6: .mark(pick(["editor", "tests", "nope"]))
    default: .last
    }
  }

  /// A command for `at TARGET`: mostly one that acts on a pane or tab, sometimes one that
  /// `at` refuses.
  mutating func randomTargetedCommand() -> WorkspaceCommand {
    switch Int.random(in: 0..<17, using: &generator) {
    case 14: .float
    case 15: .embed
    case 0, 1: .split(pick(Axis.allCases), ratio: randomRatio(), root: maybeRoute())
    case 2: .close()
    case 3, 4: .route(randomOperation())
    case 5: .rename(pick(["A", "Log"]))
    case 6: .mark(pick(["editor", "tests"]))
    case 7: .zoom
    case 8: .renameTab(pick(["One", "Two"]))
    case 9: .newTab(title: maybeTitle(), focusing: chance(1, in: 2))
    case 10: .swap(randomSwapTarget())
    case 11: .closeTab()
    case 12: .resize(pick(Direction.allCases), amount: randomAmount())
    case 13: chance(1, in: 2) ? .unstack : .stack(chance(1, in: 2) ? nil : pick(Direction.allCases))
    default: pick([.undo(), .focus(.next), .selectTab(.next), .at(.number(1), .zoom)])
    }
  }

  mutating func randomTabNumber() -> Int {
    Int.random(in: -1...6, using: &generator)
  }

  mutating func randomFocusTarget() -> FocusTarget {
    switch Int.random(in: 0..<8, using: &generator) {
    case 0: .pane(randomReference())
    case 1: .direction(pick(Direction.allCases), wrapping: chance(1, in: 2))
    case 2: .next
    case 3: .previous
    case 4: .last
    case 5: pick([.floating, .tiled])
    default: .pane(.id(randomID()))
    }
  }

  mutating func randomSwapTarget() -> SwapTarget {
    chance(1, in: 2) ? .direction(pick(Direction.allCases)) : .pane(randomReference())
  }

  mutating func randomTabTarget() -> TabTarget {
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: .number(randomTabNumber())
    case 1: .next
    case 2: .previous
    default: .last
    }
  }

  mutating func randomRatio() -> Double? {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0..<6: nil
    case 6..<9: Double.random(in: 0.05...0.95, using: &generator)
    default: pick([0, 1, -0.5, 1.5, 0.999_999])
    }
  }

  mutating func randomAmount() -> Double {
    chance(4, in: 5)
      ? Double.random(in: 0.01...0.5, using: &generator) : pick([0, 1, -0.2, 2, 0.999])
  }

  mutating func maybeTitle() -> String? {
    chance(1, in: 2) ? nil : pick(["Mail", "Notes", ""])
  }

  mutating func maybeRoute() -> RouteToken? {
    chance(2, in: 3) ? nil : randomRoute()
  }

  mutating func randomRoute() -> RouteToken {
    pick(["a", "b", "c", "detail:1", "detail:2", "search:swift%20testing"])
  }

  mutating func randomRoutes(upTo count: Int) -> [RouteToken] {
    (0..<Int.random(in: 0...count, using: &generator)).map { _ in randomRoute() }
  }

  mutating func randomOperation() -> RouteOperation<RouteToken> {
    switch Int.random(in: 0..<13, using: &generator) {
    case 0, 1: .push(randomRoutes(upTo: 2))
    case 2: .pop(count: Int.random(in: -1...3, using: &generator))
    case 3: .popTo(randomRoute())
    case 4: .popToLast(randomRoute())
    case 5: .popToRoot
    case 6: .replace(randomRoutes(upTo: 3))
    case 7: .replaceCurrent(randomRoute())
    case 8: .present(randomRoute(), style: pick(ModalStyle.allCases))
    case 9: .dismiss
    case 10: Bool.random(using: &generator) ? .dismissModals : .finish(randomRoute())
    case 11: .setPath(randomRoutes(upTo: 3))
    default: .setModalPath(randomRoutes(upTo: 2))
    }
  }
}

extension WorkspaceCommand {
  fileprivate var isUndoOrRedo: Bool {
    switch self {
    case .undo, .redo: true
    default: false
    }
  }
}
