import PaneRouter
import Testing

@testable import Workspace

// Builders and checks shared by the command suites.
//
// Trees are built from `NodeTemplate`s; ids are assigned depth-first from 1 in the order the
// template lists them, so `hsplit(pane("A"), pane("B"))` is `%1 H(%2 A, %3 B)`.

/// A pane titled `title` whose untyped router holds only `root` (default: the lower-cased
/// title, so pane `A` starts on route `a`).
func pane(_ title: String, root: RouteToken? = nil) -> NodeTemplate {
  .pane(title, untyped: root ?? RouteToken(name: title.lowercased()))
}

/// A pane whose untyped router holds `routes` and, optionally, a modal.
func pane(
  _ title: String, routes: [RouteToken], modal: (style: ModalStyle, routes: [RouteToken])? = nil,
  maxDepth: Int = 30
) -> NodeTemplate {
  let stack = try! RouteStack(routes: routes, modal: modal, maxDepth: maxDepth)
  return .pane(title, router: RouterState(kind: RouteToken.kind, stack: stack))
}

/// Children side by side.
func hsplit(_ children: NodeTemplate..., weights: [Double]? = nil) -> NodeTemplate {
  .split(.horizontal, children, weights: weights)
}

/// Children stacked top to bottom.
func vsplit(_ children: NodeTemplate..., weights: [Double]? = nil) -> NodeTemplate {
  .split(.vertical, children, weights: weights)
}

/// A stack of members top to bottom (`axis` vertical) or left to right.
func stack(
  _ members: NodeTemplate..., axis: Axis = .vertical, expanded: Int = 0
) -> NodeTemplate {
  .stack(axis, members, expanded: expanded)
}

/// A tabs container.
func tabs(_ tabs: (String, NodeTemplate)..., selected: Int = 0) -> NodeTemplate {
  .tabs(tabs, selected: selected)
}

/// `H(V(A, C), V(B, D))`: ids `%1 H, %2 V, %3 A, %4 C, %5 V, %6 B, %7 D`. Tree order is
/// A C B D, reading order (the pane numbers) is A B C D.
func grid() -> WorkspaceState {
  WorkspaceState(hsplit(vsplit(pane("A"), pane("C")), vsplit(pane("B"), pane("D"))))
}

/// `H(A, B, C)` with weights 0.2, 0.3, 0.5: ids `%1 H, %2 A, %3 B, %4 C`.
func weightedRow() -> WorkspaceState {
  WorkspaceState(hsplit(pane("A"), pane("B"), pane("C"), weights: [0.2, 0.3, 0.5]))
}

/// `T(One: A, Two: B, Three: C)`: ids `%1 T, %2 A, %3 B, %4 C`.
func threeTabs(selected: Int = 0) -> WorkspaceState {
  WorkspaceState(
    tabs(("One", pane("A")), ("Two", pane("B")), ("Three", pane("C")), selected: selected))
}

/// Weights compare within this tolerance.
let weightTolerance = 1e-9

/// Expects `actual` to hold `expected` within ``weightTolerance``.
func expectWeights(
  _ actual: [Double]?, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let actual else {
    Issue.record("no weights; expected \(expected)", sourceLocation: sourceLocation)
    return
  }
  let close =
    actual.count == expected.count
    && zip(actual, expected).allSatisfy { abs($0 - $1) < weightTolerance }
  #expect(close, "weights \(actual) are not \(expected)", sourceLocation: sourceLocation)
}

extension WorkspaceState {
  /// Applies a command and expects every invariant to hold afterwards.
  @discardableResult
  mutating func applyChecked(
    _ command: WorkspaceCommand, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> WorkspaceChange {
    try applyChecked([command], sourceLocation: sourceLocation)
  }

  /// Applies a transaction and expects every invariant to hold afterwards.
  @discardableResult
  mutating func applyChecked(
    _ commands: [WorkspaceCommand], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> WorkspaceChange {
    let change = try apply(commands)
    #expect(invariantViolations() == [], sourceLocation: sourceLocation)
    return change
  }

  /// Expects a command to throw `expected` and leave the state exactly as it was.
  mutating func expectRefusal(
    _ command: WorkspaceCommand, _ expected: WorkspaceError,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    expectRefusal([command], expected, sourceLocation: sourceLocation)
  }

  /// Expects a transaction to throw `expected` and leave the state exactly as it was.
  mutating func expectRefusal(
    _ commands: [WorkspaceCommand], _ expected: WorkspaceError,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let before = self
    do {
      try apply(commands)
      Issue.record("\(commands) did not throw \(expected)", sourceLocation: sourceLocation)
    } catch {
      #expect(error == expected, sourceLocation: sourceLocation)
    }
    #expect(self == before, "a refused command changed the state", sourceLocation: sourceLocation)
    #expect(nextID == before.nextID, sourceLocation: sourceLocation)
    #expect(history == before.history, sourceLocation: sourceLocation)
    #expect(invariantViolations() == [], sourceLocation: sourceLocation)
  }

  /// The tree on one line: panes as their ids, splits as `H(…)` or `V(…)`, tabs as
  /// `T(title: child, …)` with `*` before the selected tab, stacks as `SV(…)` or `SH(…)` with
  /// `*` before the expanded member.
  var outline: String { outline(of: rootID) }

  /// The subtree of `id` on one line, as ``outline``.
  func outline(of id: NodeID) -> String {
    guard let node = nodes[id] else { return "?\(id)" }
    switch node.kind {
    case .pane:
      return "\(id)"
    case .split(let axis):
      let children = node.children.map(outline(of:)).joined(separator: ", ")
      return (axis == .horizontal ? "H(" : "V(") + children + ")"
    case .tabs:
      let entries = node.children.indices.map { index in
        let title = node.tabTitles.indices.contains(index) ? node.tabTitles[index] : "?"
        let mark = index == node.activeIndex ? "*" : ""
        return "\(mark)\(title): \(outline(of: node.children[index]))"
      }
      return "T(" + entries.joined(separator: ", ") + ")"
    case .stack(let axis):
      let members = node.children.indices.map { index in
        (index == node.activeIndex ? "*" : "") + outline(of: node.children[index])
      }
      return (axis == .horizontal ? "SH(" : "SV(") + members.joined(separator: ", ") + ")"
    case .unknown(let kind):
      return "?\(kind)"
    }
  }

  /// The routes of a node's router, root first, or `nil` without a router.
  func routes(of id: NodeID) -> [RouteToken]? {
    nodes[id]?.router?.stack.stack
  }

  /// The state with its history and closed list cleared and `nextID` zeroed: what undo and
  /// redo must restore exactly (undo keeps the history and the closed list, and never hands
  /// out an id twice).
  var structure: WorkspaceState {
    var copy = self
    copy.history = History(limit: history.limit)
    copy.nextID = 0
    // Undo and redo leave the closed list as it is, by design (see `ClosedList`).
    copy.closed = ClosedList()
    return copy
  }
}
