import Workspace

extension WorkspaceEncoder {
  /// The first limit of `limits` that the tree of `state` breaks as the decoder checks it:
  /// tree depth and node count in the decoder's order (depth first, children in order), and
  /// each router's stack depth, then each closed entry's node as a tree of its own, then each
  /// template's depth and node count; `nil` if none is broken.
  ///
  /// The limits of the JSON text itself (string length, nesting, file size) are checked on
  /// the written bytes by ``JSONWriter/write(_:style:checking:)``.
  ///
  /// - Complexity: O(*n*), for *n* nodes in the tree.
  static func treeViolation(
    in state: WorkspaceState, limits: WorkspaceFileLimits
  ) -> (location: String, what: String, size: Int, limit: Int)? {
    var count = 0
    // Each node's place as its parent's step and its index there, so that a JSON path is
    // spelled only for a node that breaks a limit.
    var steps: [(parent: Int, index: Int)] = []
    var pending = [(id: state.rootID, depth: 1, step: -1)]
    while let (id, depth, step) = pending.popLast() {
      count += 1
      if let (what, size, limit) = limits.treeLimitBroken(depth: depth, count: count) {
        return (location(of: step, in: steps), what, size, limit)
      }
      guard let node = state.node(id) else { continue }
      if let router = node.router {
        let stacks =
          [(".router.stack", router.stack.stack.count)]
          + (router.stack.modal.map { [(".router.modal.stack", $0.stack.count)] } ?? [])
        for (member, size) in stacks where size > limits.maximumStackDepth {
          return (
            location(of: step, in: steps) + member, "stack depth", size, limits.maximumStackDepth
          )
        }
        if router.quarantined.count > limits.maximumQuarantinedRoutes {
          return (
            location(of: step, in: steps) + ".router.quarantined", "quarantined routes",
            router.quarantined.count, limits.maximumQuarantinedRoutes
          )
        }
      }
      for (index, child) in node.children.enumerated().reversed() {
        steps.append((step, index))
        pending.append((child, depth + 1, steps.count - 1))
      }
    }
    // A closed entry's node is read as a tree of its own, so it is checked as one.
    for (index, entry) in state.closed.entries.enumerated() {
      // A closed tab's floating panes are read as trees of their own too.
      let trees =
        [("$.closed[\(index)].node", entry.id, entry.treeNodes)]
        + entry.layer.ids.enumerated().map { number, pane in
          ("$.closed[\(index)].layer.panes[\(number)].node", pane, [pane: entry.nodes[pane]!])
        }
      for (at, root, nodes) in trees {
        let tree = WorkspaceState(
          nodes: nodes, rootID: root, nextID: state.nextID, mostRecentlyUsed: [],
          zoomedPane: nil, history: History(), unknownMembers: UnknownMembers())
        if let (location, what, size, limit) = treeViolation(in: tree, limits: limits) {
          return (at + location.dropFirst("$.root".count), what, size, limit)
        }
      }
    }
    return TemplateEncoder.treeViolation(in: state.templates, at: "$.templates", limits: limits)
  }

  /// The JSON path of the node reached by `step`: `$.root`, then each child's index.
  private static func location(of step: Int, in steps: [(parent: Int, index: Int)]) -> String {
    var indices: [Int] = []
    var step = step
    while step >= 0 {
      indices.append(steps[step].index)
      step = steps[step].parent
    }
    return indices.reversed().reduce("$.root") { "\($0).children[\($1)]" }
  }
}
