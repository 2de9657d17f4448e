/// Integer geometry: the rectangle of every visible pane in an area of whole cells or points.
extension WorkspaceState {
  /// The rectangle of every visible tiled pane in an area whose top-left corner is the origin
  /// (the floating panes drawn over them are in ``floatingLayout(in:minimumPaneSize:)``).
  ///
  /// A split shows all its children, a tabs container only its selected child, a stack every
  /// member (the expanded one as it is, each other one as a title bar: one row of a vertical
  /// stack, one column of a horizontal one, given to the pane the member's active children
  /// lead to), and a zoomed pane fills the whole area alone. The rectangles tile the area
  /// exactly, with no gap and no overlap, for any weights:
  ///
  ///     state.layout(in: Size(width: 10, height: 1))  // three equal panes: 4, 3 and 3 wide
  ///
  /// Each split divides its length along its axis as follows.
  /// - The minimum size of a pane is `minimumPaneSize`, by default the workspace's
  ///   ``paneMinimum``; of a split, the sum of its children's
  ///   minimums along its axis and their largest minimum across it; of a tabs container, the
  ///   minimum of its selected child.
  /// - If the children's minimums fit in the length, every child whose share by weight would
  ///   fall below its minimum gets exactly its minimum, and the others share the rest in
  ///   proportion to their weights (weights give way first).
  /// - If they do not fit, the length is divided by weight alone, so rectangles may be empty.
  /// - Fractional shares are rounded down, and the cells left over go one each to the children
  ///   with the largest remainders, ties to the earlier child (the largest-remainder method).
  ///
  /// Each stack of *n* members gives its collapsed members one cell each along its axis, in
  /// member order, and the expanded member the rest; its minimum along its axis is *n* − 1
  /// plus the expanded member's, across it the expanded member's. In a length below its
  /// minimum the bars still get one cell each and the expanded member what is left; in a
  /// length below *n*, the expanded member gets one cell (none in a length of 0) and the bars
  /// one each in member order while cells remain, the last ones getting none (empty
  /// rectangles, not drawn). See ``collapsedPanes`` for the panes drawn as title bars.
  ///
  /// - Parameters:
  ///   - size: The whole area; negative widths and heights count as 0.
  ///   - minimumPaneSize: The smallest size a pane should get (default ``paneMinimum``);
  ///     negative values count as 0.
  /// - Returns: The rectangle of each visible pane.
  /// - Complexity: O(*v* log *k*), where *v* is the number of visible nodes and *k* the most
  ///   children of one split.
  public func layout(
    in size: Size, minimumPaneSize: Size? = nil
  ) -> [NodeID: Rect] {
    Dictionary(
      integerLayout(in: size, minimumPaneSize: minimumPaneSize ?? paneMinimum).map {
        ($0.pane, $0.rect)
      },
      uniquingKeysWith: { first, _ in first })
  }

  /// The rectangle of every visible pane, as ``layout(in:minimumPaneSize:)`` computes them, in
  /// reading order: the order of ``numberedPanes`` (while a pane is zoomed, it is the only
  /// one).
  ///
  /// - Parameters:
  ///   - size: The whole area; negative widths and heights count as 0.
  ///   - minimumPaneSize: The smallest size a pane should get (default ``paneMinimum``);
  ///     negative values count as 0.
  /// - Returns: Each visible pane with its rectangle.
  /// - Complexity: O(*v* log *v*), where *v* is the number of visible nodes.
  public func orderedLayout(
    in size: Size, minimumPaneSize: Size? = nil
  ) -> [(pane: NodeID, rect: Rect)] {
    numberedLayout(in: size, minimumPaneSize: minimumPaneSize).map { ($0.pane, $0.rect) }
  }

  /// The rectangle of every visible pane with its pane number, in reading order: the numbers
  /// are those of ``numberedPanes``, the ones `focus N`, `close N` and `routes N` take, so a
  /// zoomed pane keeps its number while it fills the area alone. The shown floating panes
  /// come after the tiled ones, at their ``floatingLayout(in:minimumPaneSize:)`` rectangles
  /// (none while a pane is zoomed).
  ///
  ///     state.numberedLayout(in: Size(width: 80, height: 24))  // [(1, %3, 40x24+0+0), (2, …)]
  ///
  /// - Parameters:
  ///   - size: The whole area; negative widths and heights count as 0.
  ///   - minimumPaneSize: The smallest size a pane should get (default ``paneMinimum``);
  ///     negative values count as 0.
  /// - Returns: Each visible pane with its number and rectangle.
  /// - Complexity: O(*v* log *v*), where *v* is the number of visible nodes.
  public func numberedLayout(
    in size: Size, minimumPaneSize: Size? = nil
  ) -> [(number: Int, pane: NodeID, rect: Rect)] {
    var rects = layout(in: size, minimumPaneSize: minimumPaneSize)
    for (pane, rect) in floatingLayout(in: size, minimumPaneSize: minimumPaneSize) {
      rects[pane] = rect
    }
    return numberedPanes.enumerated().compactMap { index, pane in
      rects[pane].map { (index + 1, pane, $0) }
    }
  }

  /// The visible pane (ignoring zoom) next to `pane` in a direction, on the rectangles a host
  /// draws: the integer layout at ``layoutArea`` with ``paneMinimum``.
  ///
  /// A neighbour is drawn (its rectangle is not empty), its edge touches `pane`'s edge on that
  /// side, and the two overlap by at least one cell on the other axis; among several, a pane
  /// drawn in full wins over a stack's title bar (so moving across a stack lands on its
  /// expanded member, and moving along it reaches the next bar), then the most recently used,
  /// then the one with the lowest number (``numberedPanes``). With
  /// `wrapping`, where no pane lies that way, the search goes on from the opposite side of the
  /// area, as tmux and i3 do:
  /// `right` from the right edge goes to the panes at the left edge that overlap `pane`.
  ///
  /// - Parameters:
  ///   - pane: A visible pane.
  ///   - direction: The direction to look in.
  ///   - wrapping: Whether to wrap around at the edge of the area.
  /// - Returns: The neighbour, or `nil` if none lies that way (or `pane` is not visible).
  /// - Complexity: O(*v* log *k*), as for ``layout(in:minimumPaneSize:)``.
  func neighbour(
    of pane: NodeID, towards direction: Direction, wrapping: Bool = false
  ) -> NodeID? {
    let area = layoutArea
    let layout = integerLayout(in: area, minimumPaneSize: paneMinimum, honoringZoom: false)
    guard let origin = layout.first(where: { $0.pane == pane })?.rect else { return nil }
    func panes(touching edge: Int) -> [(pane: NodeID, rect: Rect)] {
      layout.filter { entry in
        let rect = entry.rect
        // A pane the area has no room for is not drawn: it is nobody's neighbour.
        guard entry.pane != pane, rect.width > 0, rect.height > 0 else { return false }
        switch direction {
        case .left, .right:
          let touches = direction == .left ? rect.maxX == edge : rect.x == edge
          return touches && min(rect.maxY, origin.maxY) > max(rect.y, origin.y)
        case .up, .down:
          let touches = direction == .up ? rect.maxY == edge : rect.y == edge
          return touches && min(rect.maxX, origin.maxX) > max(rect.x, origin.x)
        }
      }
    }
    let (edge, wrappedEdge) =
      switch direction {
      case .left: (origin.x, area.width)
      case .right: (origin.maxX, 0)
      case .up: (origin.y, area.height)
      case .down: (origin.maxY, 0)
      }
    var candidates = panes(touching: edge)
    if candidates.isEmpty, wrapping { candidates = panes(touching: wrappedEdge) }
    let collapsed = collapsedPanes
    if candidates.contains(where: { !collapsed.contains($0.pane) }) {
      candidates.removeAll { collapsed.contains($0.pane) }
    }
    for recent in mostRecentlyUsed where candidates.contains(where: { $0.pane == recent }) {
      return recent
    }
    guard candidates.count > 1 else { return candidates.first?.pane }
    let numbered = Set(candidates.map(\.pane))
    return numberedPanes.first(where: numbered.contains)
  }

  /// The visible panes with their integer rectangles, in tree (depth-first) order; with
  /// `includingContainers`, the visible splits, tabs containers and stacks too; without
  /// `includingCollapsed`, no stack's title bars.
  func integerLayout(
    in size: Size, minimumPaneSize: Size, honoringZoom: Bool = true,
    includingContainers: Bool = false, includingCollapsed: Bool = true
  ) -> [(pane: NodeID, rect: Rect)] {
    let whole = Rect(x: 0, y: 0, width: max(0, size.width), height: max(0, size.height))
    if honoringZoom, let zoomedPane { return [(zoomedPane, whole)] }
    let minimums = visibleMinimums(
      pane: Size(width: max(0, minimumPaneSize.width), height: max(0, minimumPaneSize.height)))
    return visibleRectangles(
      whole: whole, honoringZoom: false, includingContainers: includingContainers,
      includingCollapsed: includingCollapsed
    ) { node, rect in
      let horizontal = (node.axis ?? node.stackAxis) == .horizontal
      let length = horizontal ? rect.width : rect.height
      let lengths =
        node.stackAxis != nil
        ? Self.stackLengths(length, count: node.children.count, expanded: node.activeIndex)
        : Self.divide(
          length,
          weights: node.children.indices.map {
            node.weights.indices.contains($0) ? node.weights[$0] : 0
          },
          minimums: node.children.map { child in
            let minimum = minimums[child] ?? Size(width: 0, height: 0)
            return horizontal ? minimum.width : minimum.height
          })
      var offset = horizontal ? rect.x : rect.y
      return lengths.map { length in
        var part = rect
        if horizontal {
          (part.x, part.width) = (offset, length)
        } else {
          (part.y, part.height) = (offset, length)
        }
        offset += length
        return part
      }
    }
  }

  /// The minimum size of every visible node (ignoring zoom), computed leaves first.
  func visibleMinimums(pane: Size) -> [NodeID: Size] {
    var order: [NodeID] = []
    var pending = [rootID]
    while let id = pending.popLast() {
      order.append(id)
      let node = self[id]
      switch node.kind {
      case .split: pending.append(contentsOf: node.children)
      case .tabs, .stack: if let child = node.activeChild { pending.append(child) }
      case .pane, .unknown: break
      }
    }
    var minimums: [NodeID: Size] = [:]
    for id in order.reversed() {
      let node = self[id]
      let zero = Size(width: 0, height: 0)
      switch node.kind {
      case .pane:
        minimums[id] = pane
      case .tabs:
        minimums[id] = node.activeChild.flatMap { minimums[$0] } ?? zero
      case .split(let axis):
        var total = zero
        for child in node.children {
          let minimum = minimums[child] ?? zero
          if axis == .horizontal {
            total.width = saturatingSum(total.width, minimum.width)
            total.height = max(total.height, minimum.height)
          } else {
            total.width = max(total.width, minimum.width)
            total.height = saturatingSum(total.height, minimum.height)
          }
        }
        minimums[id] = total
      case .stack(let axis):
        var total = node.activeChild.flatMap { minimums[$0] } ?? zero
        let bars = node.children.count - 1
        if axis == .horizontal {
          total.width = saturatingSum(total.width, bars)
        } else {
          total.height = saturatingSum(total.height, bars)
        }
        minimums[id] = total
      case .unknown:
        minimums[id] = zero
      }
    }
    return minimums
  }

  /// Divides a stack's length along its axis: one cell for each collapsed member, in member
  /// order, and the rest for the expanded one; in a length below `count`, one cell for the
  /// expanded member first (if there is one), then one for each bar while cells remain.
  ///
  /// - Parameters:
  ///   - length: The length to divide; negative counts as 0.
  ///   - count: The number of members.
  ///   - expanded: The index of the expanded member.
  /// - Returns: Non-negative parts, one per member, that sum to `length`.
  /// - Complexity: O(*k*) for *k* members.
  static func stackLengths(_ length: Int, count: Int, expanded: Int) -> [Int] {
    let length = max(0, length)
    guard count > 0 else { return [] }
    let expandedLength = length >= count ? length - (count - 1) : min(length, 1)
    var remaining = length - expandedLength
    return (0..<count).map { index in
      if index == expanded { return expandedLength }
      let bar = min(remaining, 1)
      remaining -= bar
      return bar
    }
  }

  /// Divides a length into one whole part per weight, honouring the minimums when they fit.
  ///
  /// - Parameters:
  ///   - length: The length to divide; negative counts as 0.
  ///   - weights: The children's weights; invalid ones are repaired as ``normalized(_:)`` does.
  ///   - minimums: The children's minimum lengths, one per weight.
  /// - Returns: Non-negative parts, one per weight, that sum to `length`.
  /// - Complexity: O(*k* log *k*) for *k* weights.
  static func divide(_ length: Int, weights: [Double], minimums: [Int]) -> [Int] {
    guard !weights.isEmpty else { return [] }
    let length = max(0, length)
    let weights = normalized(weights)
    var minimums = weights.indices.map { minimums.indices.contains($0) ? max(0, minimums[$0]) : 0 }
    if minimums.reduce(0, saturatingSum) > length {
      minimums = Array(repeating: 0, count: weights.count)
    }
    // Fix at their minimum the children whose share would fall below it, most constrained
    // first; each one fixed lowers the share per weight of the rest, so the order is final.
    var isFixed = Array(repeating: false, count: weights.count)
    var remaining = length
    var freeWeight = weights.reduce(0, +)
    let constrained = weights.indices.filter { minimums[$0] > 0 }.sorted { lhs, rhs in
      let (left, right) = (
        Double(minimums[lhs]) / weights[lhs], Double(minimums[rhs]) / weights[rhs]
      )
      return left != right ? left > right : lhs < rhs
    }
    for index in constrained {
      guard freeWeight > 0,
        Double(minimums[index]) > weights[index] * Double(remaining) / freeWeight
      else { break }
      isFixed[index] = true
      remaining -= minimums[index]
      freeWeight -= weights[index]
    }
    var free = weights.indices.filter { !isFixed[$0] }
    if free.isEmpty { free = Array(weights.indices) }
    let freeTotal = free.reduce(0.0) { $0 + weights[$1] }
    var parts = minimums.indices.map { isFixed[$0] ? minimums[$0] : 0 }
    var remainders: [Int: Int] = [:]
    for index in free {
      var share = Double(remaining) * weights[index] / freeTotal
      if abs(share - share.rounded()) <= 1e-6 { share = share.rounded() }
      let whole = share < Double(remaining) ? max(0, Int(share.rounded(.down))) : remaining
      parts[index] += whole
      remainders[index] = Int(((share - Double(whole)) * 1e9).rounded())
    }
    // Hand out what rounding down left over, largest remainder first, ties to the earlier.
    let byRemainder = free.sorted { lhs, rhs in
      remainders[lhs] != remainders[rhs] ? remainders[lhs]! > remainders[rhs]! : lhs < rhs
    }
    // Wrapping arithmetic: the true leftover is small even when the parts overflow.
    var leftover = length &- parts.reduce(0, &+)
    var turn = 0
    while leftover > 0 {
      parts[byRemainder[turn % byRemainder.count]] += 1
      leftover -= 1
      turn += 1
    }
    // Rounding error only: take back from the largest parts.
    while leftover < 0, let largest = parts.indices.max(by: { parts[$0] < parts[$1] }) {
      parts[largest] -= 1
      leftover += 1
    }
    return parts
  }
}

/// The sum of two non-negative lengths, or `Int.max` if it overflows.
private func saturatingSum(_ lhs: Int, _ rhs: Int) -> Int {
  let (sum, overflow) = lhs.addingReportingOverflow(rhs)
  return overflow ? Int.max : sum
}
