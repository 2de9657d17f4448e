import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import Workspace

@Suite struct LayoutTests {
  @Test func twoPanesShareEvenly() {
    let state = WorkspaceState(.split(.horizontal, [pane("A"), pane("B")]))
    #expect(rects(state, 80, 24) == ["A": "40x24+0+0", "B": "40x24+40+0"])
  }

  @Test func remaindersGoToTheEarlierChildOnTies() {
    let state = WorkspaceState(.split(.horizontal, [pane("A"), pane("B"), pane("C")]))
    #expect(rects(state, 10, 1) == ["A": "4x1+0+0", "B": "3x1+4+0", "C": "3x1+7+0"])
  }

  @Test func nestedSplitsRoundTheirOwnRemainders() {
    let state = WorkspaceState(
      .split(.horizontal, [pane("A"), .split(.vertical, [pane("B"), pane("C")])]))
    #expect(rects(state, 81, 25) == ["A": "41x25+0+0", "B": "40x13+41+0", "C": "40x12+41+13"])
  }

  @Test(arguments: [
    // Largest remainder: 3.33/6.67 -> 3/7; 2.5/2.5/5 -> 3/2/5.
    (10, [1.0, 2.0], [0, 0], [3, 7]),
    (10, [1.0, 1.0, 2.0], [0, 0, 0], [3, 2, 5]),
    (7, [1.0, 1.0, 1.0, 1.0], [0, 0, 0, 0], [2, 2, 2, 1]),
    // A child below its minimum is raised; the others give way by weight.
    (80, [0.05, 0.95], [10, 10], [10, 70]),
    (50, [0.1, 0.1, 0.8], [10, 10, 10], [10, 10, 30]),
    (100, [0.02, 0.28, 0.7], [10, 10, 10], [10, 26, 64]),
    (100, [1e-6, 1, 1], [1, 1, 1], [1, 50, 49]),
    // Minimums that do not fit: pure proportions, parts may be empty.
    (25, [0.5, 0.5, 0.5], [10, 10, 10], [9, 8, 8]),
    (1, [1.0, 1.0, 1.0], [1, 1, 1], [1, 0, 0]),
    (0, [0.3, 0.7], [1, 1], [0, 0]),
    (-4, [0.3, 0.7], [1, 1], [0, 0]),
  ])
  func divideFollowsTheRules(length: Int, weights: [Double], minimums: [Int], expected: [Int]) {
    #expect(WorkspaceState.divide(length, weights: weights, minimums: minimums) == expected)
  }

  @Test func minimumOfASubtreeIsTheSumAlongAndTheMaximumAcross() {
    // The right column needs 2 columns (two panes side by side in its lower half).
    let state = WorkspaceState(
      .split(
        .horizontal,
        [pane("A"), .split(.vertical, [pane("B"), .split(.horizontal, [pane("C"), pane("D")])])],
        weights: [0.95, 0.05]))
    let layout = rects(state, 20, 4)
    #expect(layout == ["A": "18x4+0+0", "B": "2x2+18+0", "C": "1x2+18+2", "D": "1x2+19+2"])
  }

  @Test func minimumsThatDoNotFitFallBackToProportions() {
    let state = WorkspaceState(
      .split(
        .horizontal, [pane("A"), .split(.vertical, [pane("B"), pane("C"), pane("D")])],
        weights: [0.9, 0.1]))
    #expect(
      rects(state, 20, 2) == ["A": "18x2+0+0", "B": "2x1+18+0", "C": "2x1+18+1", "D": "2x0+18+2"])
  }

  @Test(arguments: [0, 1])
  func tabsShowOnlyTheSelectedTab(selected: Int) {
    let state = WorkspaceState(
      .split(
        .horizontal,
        [
          .tabs(
            [("One", pane("X")), ("Two", .split(.vertical, [pane("Y1"), pane("Y2")]))],
            selected: selected),
          pane("Z"),
        ]))
    let expected =
      selected == 0
      ? ["X": "40x24+0+0", "Z": "40x24+40+0"]
      : ["Y1": "40x12+0+0", "Y2": "40x12+0+12", "Z": "40x24+40+0"]
    #expect(rects(state, 80, 24) == expected)
  }

  @Test func zoomedPaneFillsTheAreaAlone() throws {
    var state = WorkspaceState(
      .split(.horizontal, [pane("A"), .split(.vertical, [pane("B"), pane("C")])]))
    try state.apply(.focus(.pane(.number(3))))
    try state.apply(.zoom)
    #expect(state.invariantViolations() == [])
    #expect(rects(state, 80, 24) == ["C": "80x24+0+0"])
    let ordered = state.orderedLayout(in: Size(width: 80, height: 24))
    #expect(ordered.map(\.rect.description) == ["80x24+0+0"])
  }

  /// A zoomed pane keeps its number: the numbers of `show`, `layout`, `focus N` and `close N`
  /// are the reading-order numbers whether a pane is zoomed or not, as tmux keeps pane indexes.
  @Test(arguments: [1, 2, 3, 4])
  func aZoomedPaneKeepsItsNumber(number: Int) throws {
    var state = WorkspaceState(
      .split(
        .vertical,
        [
          .split(.horizontal, [pane("A"), pane("B")]), .split(.horizontal, [pane("C"), pane("D")]),
        ]))
    let numbers = state.numberedPanes
    try state.apply([.focus(.pane(.number(number))), .zoom])
    let layout = state.numberedLayout(in: Size(width: 80, height: 24))
    #expect(layout.map(\.number) == [number])
    #expect(layout.map(\.pane) == [numbers[number - 1]])
    #expect(state.number(of: numbers[number - 1]) == number)
    #expect(try state.resolve(.number(number)) == numbers[number - 1])
  }

  @Test func orderedLayoutFollowsTheNumbers() {
    let state = WorkspaceState(
      .split(
        .vertical,
        [
          .split(.horizontal, [pane("A"), pane("B")]), .split(.horizontal, [pane("C"), pane("D")]),
        ]))
    let ordered = state.orderedLayout(in: Size(width: 80, height: 24))
    #expect(ordered.map(\.pane) == state.numberedPanes)
    #expect(
      ordered.map(\.rect.description) == ["40x12+0+0", "40x12+40+0", "40x12+0+12", "40x12+40+12"])
  }

  @Test(arguments: [(0, 0), (1, 1), (-3, 5), (2, -1)])
  func degenerateAreasStillTile(width: Int, height: Int) {
    let state = WorkspaceState(.split(.horizontal, [pane("A"), pane("B"), pane("C")]))
    let layout = state.layout(in: Size(width: width, height: height))
    #expect(layout.count == 3)
    #expect(layout.values.map(\.area).reduce(0, +) == max(0, width) * max(0, height))
    #expect(layout.values.allSatisfy { $0.width >= 0 && $0.height >= 0 })
  }

  @Test func randomTreesTileExactlyAndHonourMinimums() {
    var generator = SeededGenerator(seed: 0x5EED)
    let sizes = [(0, 0), (1, 1), (1, 9), (9, 1), (3, 2), (7, 5), (80, 24), (200, 60)]
    let minimums = [
      Size(width: 1, height: 1), Size(width: 0, height: 0), Size(width: 6, height: 2),
    ]
    var (panes, fitting) = (0, 0)
    for _ in 0..<300 {
      let state = WorkspaceState(randomTemplate(depth: 0, using: &generator))
      #expect(state.invariantViolations() == [])
      var cases = sizes.map { Size(width: $0.0, height: $0.1) }
      cases.append(
        Size(
          width: Int.random(in: 0...30, using: &generator),
          height: Int.random(in: 0...30, using: &generator)))
      cases.append(Size(width: 100_000, height: Int.random(in: 1...50_000, using: &generator)))
      for size in cases {
        for minimum in minimums where checkTiling(state, size, minimum) {
          fitting += 1
        }
      }
      panes += state.visiblePanes.count
    }
    // The trees are not trivial, and minimums fit often enough to be checked.
    #expect(panes > 1500)
    #expect(fitting > 3000)
  }

  @Test func randomDivisionsKeepTheirQuotaAndOnlyGiveWay() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<2000 {
      let count = Int.random(in: 1...6, using: &generator)
      let weights = (0..<count).map { _ in
        Bool.random(using: &generator) ? 1e-6 : Double.random(in: 0.01...5, using: &generator)
      }
      let minimums = (0..<count).map { _ in Int.random(in: 0...4, using: &generator) }
      let length = Int.random(in: 0...40, using: &generator)
      let total = weights.reduce(0, +)
      let quotas = weights.map { Double(length) * $0 / total }
      let plain = WorkspaceState.divide(length, weights: weights, minimums: [])
      #expect(plain.reduce(0, +) == length)
      #expect(zip(plain, quotas).allSatisfy { abs(Double($0) - $1) < 1 }, "\(plain) \(quotas)")
      let parts = WorkspaceState.divide(length, weights: weights, minimums: minimums)
      #expect(parts.reduce(0, +) == length && parts.allSatisfy { $0 >= 0 })
      if minimums.reduce(0, +) <= length {
        #expect(zip(parts, minimums).allSatisfy { $0 >= $1 }, "\(parts) \(minimums)")
        // A child above its minimum never grows past its plain share rounded up.
        let grown = parts.indices.filter {
          parts[$0] > minimums[$0] && Double(parts[$0]) > quotas[$0].rounded(.up)
        }
        #expect(grown.isEmpty, "\(parts) \(quotas) \(minimums)")
      } else {
        #expect(parts == plain)
      }
    }
  }

  @Test func layoutIsDeterministic() {
    var first = SeededGenerator(seed: 42)
    var second = SeededGenerator(seed: 42)
    for _ in 0..<50 {
      let one = WorkspaceState(randomTemplate(depth: 0, using: &first))
      let other = WorkspaceState(randomTemplate(depth: 0, using: &second))
      let size = Size(width: 97, height: 31)
      #expect(one.layout(in: size) == other.layout(in: size))
      #expect(one.layout(in: size) == one.layout(in: size))
      #expect(one.orderedLayout(in: size).map(\.pane) == other.orderedLayout(in: size).map(\.pane))
    }
  }

  @Test func hugeLengthsDoNotOverflow() {
    let parts = WorkspaceState.divide(Int.max, weights: [1, 1e-6, 3, 0.5], minimums: [1, 1, 1, 1])
    #expect(parts.allSatisfy { $0 >= 1 })
    #expect(parts.reduce(0, &+) == Int.max)
  }
}

// MARK: - Helpers

private func pane(_ title: String) -> NodeTemplate {
  .pane(title, untyped: RouteToken(name: "page"))
}

/// The layout as `WxH+X+Y` keyed by pane title.
/// The rectangles by title, with panes of at least one cell (not the workspace's minimum).
private func rects(_ state: WorkspaceState, _ width: Int, _ height: Int) -> [String: String] {
  Dictionary(
    uniqueKeysWithValues: state.layout(
      in: Size(width: width, height: height), minimumPaneSize: Size(width: 1, height: 1)
    ).map {
      (state.node($0.key)!.title, $0.value.description)
    })
}

/// The minimum size of a visible subtree by the documented rule, computed independently.
private func minimum(of id: NodeID, in state: WorkspaceState, pane: Size) -> Size {
  let node = state.node(id)!
  switch node.kind {
  case .pane: return pane
  case .unknown: return Size(width: 0, height: 0)
  case .tabs: return minimum(of: node.activeChild!, in: state, pane: pane)
  case .stack(let axis):
    var size = minimum(of: node.activeChild!, in: state, pane: pane)
    if axis == .horizontal {
      size.width += node.children.count - 1
    } else {
      size.height += node.children.count - 1
    }
    return size
  case .split(let axis):
    let sizes = node.children.map { minimum(of: $0, in: state, pane: pane) }
    let widths = sizes.map(\.width)
    let heights = sizes.map(\.height)
    return axis == .horizontal
      ? Size(width: widths.reduce(0, +), height: heights.max()!)
      : Size(width: widths.max()!, height: heights.reduce(0, +))
  }
}

/// Checks that the layout tiles `size` exactly; returns whether the minimums fit (and were
/// checked).
@discardableResult
private func checkTiling(_ state: WorkspaceState, _ size: Size, _ minimumPaneSize: Size) -> Bool {
  let layout = state.layout(in: size, minimumPaneSize: minimumPaneSize)
  #expect(Set(layout.keys) == Set(state.visiblePanes))
  let rects = Array(layout.values)
  #expect(rects.allSatisfy { $0.width >= 0 && $0.height >= 0 && $0.x >= 0 && $0.y >= 0 })
  #expect(rects.allSatisfy { $0.maxX <= size.width && $0.maxY <= size.height })
  #expect(rects.map(\.area).reduce(0, +) == size.width * size.height)
  var overlapping: [(Rect, Rect)] = []
  for (index, rect) in rects.enumerated() {
    for other in rects[(index + 1)...]
    where min(rect.maxX, other.maxX) > max(rect.x, other.x)
      && min(rect.maxY, other.maxY) > max(rect.y, other.y)
    {
      overlapping.append((rect, other))
    }
  }
  #expect(overlapping.isEmpty, "overlaps in \(size): \(overlapping)")
  if size.width * size.height <= 400 {
    var covered = Array(repeating: 0, count: size.width * size.height)
    for rect in rects {
      for y in rect.y..<rect.maxY {
        for x in rect.x..<rect.maxX { covered[y * size.width + x] += 1 }
      }
    }
    #expect(covered.allSatisfy { $0 == 1 })
  }
  let needed = minimum(of: state.rootID, in: state, pane: minimumPaneSize)
  if needed.width <= size.width, needed.height <= size.height {
    // A stack's title bars are one cell along it by design.
    let collapsed = state.collapsedPanes
    let small = layout.filter { pane, rect in
      !collapsed.contains(pane)
        && (rect.width < minimumPaneSize.width || rect.height < minimumPaneSize.height)
    }.map(\.value)
    #expect(small.isEmpty, "below \(minimumPaneSize) in \(size): \(small)")
    return true
  }
  return false
}

/// A random tree of splits, tabs and stacks, up to four levels deep, with weights from tiny to
/// large.
private func randomTemplate(depth: Int, using generator: inout SeededGenerator) -> NodeTemplate {
  let roll = Double.random(in: 0..<1, using: &generator)
  if depth >= 4 || roll < 0.3 { return pane("P") }
  if roll < 0.38 {
    let count = Int.random(in: 2...4, using: &generator)
    let members = (0..<count).map { _ in randomTemplate(depth: depth + 1, using: &generator) }
    return .stack(
      Bool.random(using: &generator) ? .horizontal : .vertical, members,
      expanded: Int.random(in: 0..<count, using: &generator))
  }
  if roll < 0.5 {
    let count = Int.random(in: 1...3, using: &generator)
    let tabs = (0..<count).map { _ in ("T", randomTemplate(depth: depth + 1, using: &generator)) }
    return .tabs(tabs, selected: Int.random(in: 0..<count, using: &generator))
  }
  let count = Int.random(in: 2...4, using: &generator)
  let children = (0..<count).map { _ in randomTemplate(depth: depth + 1, using: &generator) }
  let weights = (0..<count).map { _ in
    [1e-6, 1, 0.5, 3, Double.random(in: 0.001...10, using: &generator)].randomElement(
      using: &generator)!
  }
  return .split(
    Bool.random(using: &generator) ? .horizontal : .vertical, children, weights: weights)
}
