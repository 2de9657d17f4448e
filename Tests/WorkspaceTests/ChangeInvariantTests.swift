import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

/// The invariant check limited to what a change touched agrees with the full check: silent
/// after every real command, and failing exactly when the full check fails after seeded random
/// corruptions of sound trees (lost nodes, wrong parents, cycles, moved subtrees, a new root,
/// bad weights, active indexes and axes, panes replaced by nodes of an unknown kind).
@Suite struct ChangeInvariantTests {
  /// A journal of no node yet, with `state`'s root, recent panes, zoom and windows: what a
  /// step records before it changes `state`.
  static func journal(before state: WorkspaceState) -> Journal {
    Journal(
      rootID: state.rootID, mostRecentlyUsed: state.mostRecentlyUsed,
      zoomedPane: state.zoomedPane, windowList: state.windowList)
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func everyCommandPassesTheCheckOfItsOwnChange(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    var state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    var checked = 0
    for _ in 0..<1500 {
      let (count, last) = (state.history.undoEntries.count, state.history.undoEntries.last)
      // A command that recorded an entry: its journal holds what the command replaced.
      guard (try? state.apply(Self.randomCommand(in: state, &generator))) != nil,
        state.history.undoEntries.count >= count, let entry = state.history.undoEntries.last,
        entry != last
      else { continue }
      #expect(state.invariantViolations(since: entry.journal) == [], "\(entry.label)")
      checked += 1
    }
    #expect(checked > 500)
  }

  /// The buffers a check keeps for the next hold none of its windows' roots: after a check
  /// of two windows, a check of one window in which the other window's root lost its window
  /// finds that node outside the tree, as a check with fresh buffers does.
  @Test func aRootKeptFromTheLastCheckIsNoRootOfTheNext() throws {
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    try state.applyChecked(.newWindow(title: "Two"))
    let active = state.windowList.active
    let other = state.windowList.entries[1 - active].rootID
    let replaced = [(key: other, value: state.nodes[other])]
    var buffers = ChangeCheckBuffers()
    #expect(
      state.invariantViolations(
        replacing: replaced, rootID: state.rootID, windowList: state.windowList,
        buffers: &buffers) == [])
    var lost = state
    lost.windowList = WindowList(state.windowList.entries[active])
    var fresh = ChangeCheckBuffers()
    let expected = lost.invariantViolations(
      replacing: replaced, rootID: lost.rootID, windowList: lost.windowList, buffers: &fresh)
    #expect(!expected.isEmpty)
    #expect(
      lost.invariantViolations(
        replacing: replaced, rootID: lost.rootID, windowList: lost.windowList,
        buffers: &buffers) == expected)
  }

  @Test(arguments: [11, 12, 13, 14, 15, 16] as [UInt64])
  func corruptionsFailBothChecksOrNeither(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    var state = WorkspaceState(hsplit(pane("A"), pane("B")))
    var broken = 0
    var sound = 0
    for trial in 0..<2500 {
      if state.nodeCount > 80 || trial % 400 == 0 {
        state = WorkspaceState(tabs(("1", hsplit(pane("A"), pane("B"))), ("2", pane("C"))))
      }
      _ = try? state.apply(Self.randomCommand(in: state, &generator))
      var corrupted = state
      var previous = Self.journal(before: state)
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        Self.corrupt(&corrupted, recordingIn: &previous, &generator)
      }
      let full = corrupted.invariantViolations(checkingFocus: false)
      let local = corrupted.invariantViolations(since: previous)
      #expect(
        full.isEmpty == local.isEmpty,
        "seed \(seed) trial \(trial): full \(full), local \(local)\n\(corrupted.nodes)")
      if full.isEmpty { sound += 1 } else { broken += 1 }
    }
    // Both outcomes occur often, or the comparison proves little.
    #expect(broken > 1000)
    #expect(sound > 150)
  }

  @Test func aStoredHistoryThatBreaksTheTreeMidwayIsRefused() throws {
    var state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    try state.applyChecked(.split(.horizontal))
    try state.applyChecked(.close(nil))
    #expect(state.historyReplays())
    // The oldest entry's image of a split loses its last child: undoing down to it passes
    // through a tree with an unreachable node.
    var history = state.history
    var journal = history.undoEntries[0].journal
    let (id, image) = try #require(
      journal.nodes.compactMap { id, node in node.map { (id, $0) } }.first { $0.1.axis != nil })
    journal.nodes[id] = .some(
      .split(
        id, axis: image.axis!, children: Array(image.children.dropLast()),
        weights: Array(
          repeating: 1 / Double(image.children.count - 1),
          count: image.children.count - 1),
        parent: image.parent))
    history.undoEntries[0].journal = journal
    var tampered = state
    tampered.history = history
    #expect(!tampered.historyReplays())
  }

  /// A step that keeps a node's place (kind, parent, children) adds none of its neighbours
  /// to the check, yet what it changed is still checked: its own fields, and the containers
  /// on its chain (an active child without panes).
  @Test func aNodeThatKeepsItsPlaceIsStillCheckedWithItsChain() throws {
    let state = WorkspaceState(tabs(("1", pane("A")), ("2", pane("B"))))
    let tabs = state.rootID
    let (first, second) = (state[tabs].children[0], state[tabs].children[1])
    // The second tab holds no pane: sound while the first tab is the active one.
    var sound = state
    sound.nodes[second] = .unknown(second, kind: "terminal", parent: tabs)
    try #require(sound.invariantViolations(checkingFocus: false) == [])
    let before = Self.journal(before: sound)

    // Only a title changes: nothing to report.
    var retitled = sound
    var journal = before
    journal.nodes[first] = .some(sound.nodes[first])
    retitled.nodes[first] = .pane(
      first, title: "renamed", router: sound[first].router!, parent: tabs)
    #expect(sound[first].keepsPlace(of: retitled[first]))
    #expect(retitled.invariantViolations(since: journal) == [])

    // Only the active tab changes, to the one without panes: both checks report it.
    var selected = sound
    journal = before
    journal.nodes[tabs] = .some(sound.nodes[tabs])
    selected.nodes[tabs] = .tabs(
      tabs, children: [first, second], titles: ["1", "2"], activeIndex: 1)
    #expect(sound[tabs].keepsPlace(of: selected[tabs]))
    #expect(selected.invariantViolations(checkingFocus: false) != [])
    #expect(
      selected.invariantViolations(since: journal) == [
        "active child \(second) of \(tabs) holds no pane"
      ])

    // A pane that names another parent no longer keeps its place: its old parent, which
    // the step does not name, is checked too.
    var moved = sound
    journal = before
    journal.nodes[first] = .some(sound.nodes[first])
    moved.nodes[first] = .pane(first, title: "A", router: sound[first].router!, parent: second)
    #expect(!sound[first].keepsPlace(of: moved[first]))
    #expect(moved.invariantViolations(since: journal) != [])
  }

  /// A container below the root that keeps its place while its active child moves to one
  /// without panes is refused, though the chain above it is not walked: its own active
  /// child is still looked at, in the check of one step and in a stored history's replay.
  @Test func aContainerBelowTheRootThatKeepsItsPlaceChecksItsActiveChild() throws {
    let state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    let inner = state[state.rootID].children[1]
    let (b, c) = (state[inner].children[0], state[inner].children[1])
    // C holds no pane: sound while B is the inner split's active child.
    var sound = state
    sound.nodes[c] = .unknown(c, kind: "terminal", parent: inner)
    try #require(sound.invariantViolations(checkingFocus: false) == [])
    func innerSplit(active: Int) -> Node {
      .split(
        inner, axis: .vertical, children: [b, c], weights: [0.5, 0.5], activeIndex: active,
        parent: sound.rootID)
    }
    var selected = sound
    selected.nodes[inner] = innerSplit(active: 1)
    var journal = Self.journal(before: sound)
    journal.nodes[inner] = .some(sound.nodes[inner])
    #expect(sound[inner].keepsPlace(of: selected[inner]))
    #expect(selected.invariantViolations(checkingFocus: false) != [])
    #expect(
      selected.invariantViolations(since: journal) == [
        "active child \(c) of \(inner) holds no pane"
      ])

    // A stored entry whose image selects C: undoing it breaks the tree, so it is refused; the
    // same entry selecting B replays.
    for (active, replays) in [(1, false), (0, true)] {
      var stored = sound
      stored.history.undoEntries = [
        History.Entry(
          label: "select",
          journal: Journal(
            nodes: [inner: .some(innerSplit(active: active))], rootID: sound.rootID,
            mostRecentlyUsed: sound.mostRecentlyUsed, zoomedPane: nil,
            windowList: sound.windowList))
      ]
      #expect(stored.historyReplays() == replays)
      #expect(stored.historyReplays(treeIsSound: true) == replays)
    }
  }

  /// The root's pane check runs whenever a node changed place: a step that leaves the
  /// workspace without a pane (the only pane replaced by a node of an unknown kind) is
  /// refused by both checks, and a step that only retitles a pane looks no further.
  @Test func aStepThatLeavesNoPaneIsRefused() throws {
    let state = WorkspaceState(tabs(("1", pane("A"))))
    let root = state.rootID
    let a = state[root].children[0]
    let unknown = NodeID(state.nextID)
    var sound = state
    sound.nextID += 1
    let before = Self.journal(before: sound)

    var emptied = sound
    var journal = before
    journal.nodes[root] = .some(sound.nodes[root])
    journal.nodes[a] = .some(sound.nodes[a])
    journal.nodes[unknown] = .some(nil)
    emptied.nodes[a] = nil
    emptied.nodes[unknown] = .unknown(unknown, kind: "terminal", parent: root)
    emptied.nodes[root] = .tabs(root, children: [unknown], titles: ["1"])
    #expect(emptied.invariantViolations(checkingFocus: false) == ["the workspace has no pane"])
    #expect(emptied.invariantViolations(since: journal) == ["the workspace has no pane"])

    var retitled = sound
    journal = before
    journal.nodes[a] = .some(sound.nodes[a])
    retitled.nodes[a] = .pane(a, title: "renamed", router: sound[a].router!, parent: root)
    #expect(retitled.invariantViolations(since: journal) == [])
  }

  /// A history whose step changes only a pane's routes replays: the check of such a step
  /// looks at the pane and its chain alone.
  @Test func aHistoryOfRouteChangesReplays() throws {
    var state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    for index in 0..<5 {
      try state.applyChecked(.route(.push([RouteToken("detail", index)])))
      try state.applyChecked(.focus(.next))
    }
    try state.applyChecked(.undo(count: 2))
    #expect(state.history.undoEntries.count >= 3)
    #expect(!state.history.redoEntries.isEmpty)
    #expect(state.historyReplays())
  }

  /// A changed container checks the children it still holds through its own links, not
  /// theirs: a sound move of a pane between splits passes both checks, and a container that
  /// takes a pane its old parent still holds fails both.
  @Test func aChangedContainersChildrenAreCheckedThroughItsLinks() throws {
    let state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"), pane("D"))))
    let root = state.rootID
    let inner = state[root].children[1]
    let (b, c, d) = (state[inner].children[0], state[inner].children[1], state[inner].children[2])
    let a = state[root].children[0]
    let before = Self.journal(before: state)
    func rootSplit(_ children: [NodeID]) -> Node {
      .split(
        root, axis: .horizontal, children: children,
        weights: Array(repeating: 1 / Double(children.count), count: children.count))
    }

    // D moves to the root split: the root, the inner split and D change; B and C, still held
    // by the inner split, are not looked at and need not be.
    var moved = state
    var journal = before
    for id in [root, inner, d] { journal.nodes[id] = .some(state.nodes[id]) }
    moved.nodes[root] = rootSplit([a, inner, d])
    moved.nodes[inner] = .split(
      inner, axis: .vertical, children: [b, c], weights: [0.5, 0.5], parent: root)
    moved.nodes[d] = .pane(d, title: "D", router: state[d].router!, parent: root)
    #expect(moved.invariantViolations(checkingFocus: false) == [])
    #expect(moved.invariantViolations(since: journal) == [])

    // The root split takes B, which the inner split still holds and which names it.
    var taken = state
    journal = before
    journal.nodes[root] = .some(state.nodes[root])
    taken.nodes[root] = rootSplit([a, inner, b])
    #expect(taken.invariantViolations(checkingFocus: false) != [])
    #expect(taken.invariantViolations(since: journal) == ["\(b) does not name \(root) as parent"])
  }

  /// A split or stack that takes its parent's axis is found by the change check through
  /// the parent's look at its children, once whether the child or the parent changed, and a
  /// parent of the other kind (a stack above a split of its axis) is no such case.
  @Test func aChildWithItsParentsAxisIsFoundThroughItsParentsLinks() throws {
    let state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    let root = state.rootID
    let inner = state[root].children[1]
    let before = Self.journal(before: state)
    // `state` with `node` in the place of the node of its id, and the journal of that change.
    func replacing(with node: Node) -> (state: WorkspaceState, journal: Journal) {
      var changed = state
      var journal = before
      journal.nodes[node.id] = .some(state.nodes[node.id])
      changed.nodes[node.id] = node
      return (changed, journal)
    }

    // The inner split turns horizontal, the root's axis.
    let child = replacing(
      with: .split(
        inner, axis: .horizontal, children: state[inner].children, weights: [0.5, 0.5],
        parent: root))
    #expect(child.state.invariantViolations(checkingFocus: false) != [])
    #expect(
      child.state.invariantViolations(since: child.journal)
        == ["split \(inner) has the axis of its parent \(root)"])

    // The root turns vertical, the inner split's axis.
    let parent = replacing(
      with: .split(
        root, axis: .vertical, children: state[root].children, weights: state[root].weights))
    #expect(
      parent.state.invariantViolations(since: parent.journal)
        == ["split \(inner) has the axis of its parent \(root)"])

    // A vertical stack in the root's place holds the vertical split: sound.
    let stacked = replacing(with: .stack(root, axis: .vertical, children: state[root].children))
    #expect(stacked.state.invariantViolations(checkingFocus: false) == [])
    #expect(stacked.state.invariantViolations(since: stacked.journal) == [])
  }

  /// Which entry of a stored history breaks the tree.
  enum BrokenStep: CaseIterable, Sendable {
    case none, newestUndo, middleUndo, oldestUndo, redo
  }

  /// A stored history is refused whichever step of it breaks the tree: the first replayed
  /// (the newest undo entry), one in the middle, the last (the oldest), or a redo entry,
  /// replayed from this tree; a history at its entry limit is replayed whole.
  @Test(arguments: BrokenStep.allCases)
  func aStoredHistoryIsRefusedWhereverItBreaksTheTree(step: BrokenStep) throws {
    var state = WorkspaceState(hsplit(pane("A"), vsplit(pane("B"), pane("C"))))
    state.history = History(limit: 5)
    for index in 0..<7 {
      try state.applyChecked(.split(index % 2 == 0 ? .horizontal : .vertical))
    }
    // At its limit; a redo entry only where one is broken, so that the undo list stays so.
    #expect(state.history.undoEntries.count == 5)
    if step == .redo { try state.applyChecked(.undo(count: 1)) }
    let newest = state.history.undoEntries.count - 1
    try #require(state.historyReplays())
    // A pane's image naming as parent a node the tree never has.
    let pane = try #require(state.nodes.values.first { $0.isPane })
    let image = Node.pane(pane.id, title: "moved", router: pane.router!, parent: NodeID(9999))
    var history = state.history
    switch step {
    case .none: break
    case .newestUndo: history.undoEntries[newest].journal.nodes[pane.id] = .some(image)
    case .middleUndo: history.undoEntries[2].journal.nodes[pane.id] = .some(image)
    case .oldestUndo: history.undoEntries[0].journal.nodes[pane.id] = .some(image)
    case .redo: history.redoEntries[0].journal.nodes[pane.id] = .some(image)
    }
    var tampered = state
    tampered.history = history
    #expect(tampered.historyReplays() == (step == .none))
  }

  /// An empty history replays onto any sound tree, and onto no unsound one.
  @Test func anEmptyHistoryReplaysOntoASoundTreeOnly() throws {
    let state = WorkspaceState(hsplit(pane("A"), pane("B")))
    #expect(state.history.undoEntries.isEmpty && state.history.redoEntries.isEmpty)
    #expect(state.historyReplays())
    var broken = state
    let first = state[state.rootID].children[0]
    broken.nodes[first] = .pane(first, title: "A", router: state[first].router!, parent: nil)
    #expect(!broken.historyReplays())
  }

  // MARK: Random commands and corruptions

  static func randomCommand(
    in state: WorkspaceState, _ generator: inout SeededGenerator
  ) -> WorkspaceCommand {
    switch Int.random(in: 0..<12, using: &generator) {
    case 0, 1, 2: .split(Bool.random(using: &generator) ? .horizontal : .vertical)
    case 3: .newTab()
    case 4, 5: .close(nil)
    case 6: .closeTab(nil)
    case 7: .focus(.next)
    case 8: .move(Direction.allCases.randomElement(using: &generator)!)
    case 9: .swap(.direction(Direction.allCases.randomElement(using: &generator)!))
    case 10: .selectTab(.next)
    default: .undo(count: 1)
    }
  }

  /// Changes one node (or the root) of `state` in a way that may or may not break it,
  /// recording the node's image before the change in `previous`.
  static func corrupt(
    _ state: inout WorkspaceState, recordingIn previous: inout Journal,
    _ generator: inout SeededGenerator
  ) {
    let ids = state.nodes.keys.sorted()
    guard let id = ids.randomElement(using: &generator),
      let other = ids.randomElement(using: &generator)
    else { return }
    let node = state.nodes[id]!
    func replace(_ id: NodeID, with new: Node?) {
      if previous.nodes[id] == nil { previous.nodes[id] = .some(state.nodes[id]) }
      state.nodes[id] = new
    }
    func rebuilt(
      _ node: Node, children: [NodeID]? = nil, parent: NodeID?? = nil, active: Int? = nil,
      axis: Axis? = nil, weights: [Double]? = nil
    ) -> Node {
      let children = children ?? node.children
      let parent = parent ?? node.parent
      let active = active ?? min(node.activeIndex, max(0, children.count - 1))
      switch node.kind {
      case .split(let own):
        let weights =
          weights
          ?? (children.count == node.children.count
            ? node.weights : Array(repeating: 1 / Double(children.count), count: children.count))
        return .split(
          node.id, axis: axis ?? own, children: children, weights: weights, activeIndex: active,
          router: node.router, parent: parent)
      case .tabs:
        return .tabs(
          node.id, children: children, titles: children.map { _ in "t" }, activeIndex: active,
          router: node.router, parent: parent)
      default:
        return node.isPane ? .pane(node.id, title: "p", router: node.router!, parent: parent) : node
      }
    }
    switch Int.random(in: 0..<12, using: &generator) {
    case 0:
      replace(id, with: nil)
    case 1:
      replace(id, with: rebuilt(node, parent: .some(Bool.random(using: &generator) ? other : nil)))
    case 2 where !node.children.isEmpty:
      var children = node.children
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: children.removeLast()
      case 1: children.append(other)
      case 2: children.append(children[0])
      default: children.shuffle(using: &generator)
      }
      replace(id, with: rebuilt(node, children: children))
    case 3 where node.isContainer:
      replace(id, with: rebuilt(node, active: Int.random(in: -1...4, using: &generator)))
    case 4 where node.axis != nil:
      let weights = node.weights.map { _ in Double.random(in: -0.2...1, using: &generator) }
      replace(id, with: rebuilt(node, weights: weights))
    case 5 where node.axis != nil:
      replace(id, with: rebuilt(node, axis: node.axis == .horizontal ? .vertical : .horizontal))
    case 6:
      state.rootID = other
    case 7 where node.isPane:
      // A pane replaced by a node of an unknown kind, in its place.
      replace(id, with: .unknown(id, kind: "terminal", parent: node.parent))
    case 8 where node.isContainer:
      // Every pane below a container replaced by a node of an unknown kind: the container's
      // ancestors may now have an active child without panes.
      var pending = node.children
      while let child = pending.popLast(), let below = state.nodes[child] {
        if below.isPane {
          replace(child, with: .unknown(child, kind: "terminal", parent: below.parent))
        } else {
          pending += below.children.filter { state.nodes[$0]?.parent == child }
        }
      }
    case 9:
      // A new node of an unknown kind under a container (or nowhere).
      let new = NodeID(state.nextID)
      state.nextID += 1
      replace(new, with: .unknown(new, kind: "terminal", parent: other))
      if let parent = state.nodes[other], parent.isContainer, Bool.random(using: &generator) {
        replace(other, with: rebuilt(parent, children: parent.children + [new]))
      }
    default:
      // Moves a subtree under another container: sound unless it lands inside itself or
      // leaves a container too small.
      guard let parentID = node.parent, let parent = state.nodes[parentID],
        let target = state.nodes[other], target.isContainer, other != parentID
      else { return }
      replace(parentID, with: rebuilt(parent, children: parent.children.filter { $0 != id }))
      replace(other, with: rebuilt(target, children: target.children + [id]))
      replace(id, with: rebuilt(node, parent: .some(other)))
    }
  }
}
