import Workspace

extension WorkspaceDecoder {
  /// Decodes a split, tabs container or stack with its children.
  ///
  /// The members that describe the children — `weights`, `titles`, `active` — are checked
  /// against the stored children and repaired here, each reported with its own JSON path; a
  /// child that cannot be decoded is dropped with its weight, title and place.
  mutating func decodeContainer(
    _ object: JSONDocument.Object, kind: StoredNodeKind, id: NodeID, at location: String, depth: Int
  ) throws(WorkspaceFileError) -> Node {
    var axis = Axis.horizontal
    if kind == .split || kind == .stack {
      if let name = object[.axis]?.stringValue, let parsed = Axis(rawValue: name) {
        axis = parsed
      } else {
        note(location + ".axis", "missing or not 'horizontal' or 'vertical'; horizontal assumed")
      }
    }
    var router: RouterState?
    if let routerValue = object[.router] {
      router = try decodeRouter(routerValue, at: location + ".router")
      if router == nil { note(location + ".router", "unusable router removed") }
    }
    /// The container with its kept children, each with its weight or title.
    func container(
      _ ids: [NodeID], weights: [Double], titles: [String], active: Int,
      floating: [FloatingLayer] = []
    ) -> Node {
      switch kind {
      case .split:
        .split(
          id, axis: axis, children: ids, weights: weights, activeIndex: active, router: router)
      case .stack:
        .stack(id, axis: axis, children: ids, activeIndex: active, router: router)
      case .tabs, .pane:
        .tabs(
          id, children: ids, titles: titles, activeIndex: active, router: router,
          floating: floating)
      }
    }
    let storedActive = intMember(object, .active, at: location, minimum: 0) ?? 0
    guard let children = object[.children]?.arrayValue else {
      note(location + ".children", "missing or not an array; the container is empty")
      return container([], weights: [], titles: [], active: 0)
    }
    let weights = kind == .split ? storedWeights(object[.weights], children.count, location) : []
    let titles = kind == .tabs ? storedTitles(object[.titles], children.count, location) : []
    var ids: [NodeID] = []
    var kept: [Int] = []
    for (index, child) in children.enumerated() {
      let childLocation = "\(location).children[\(index)]"
      guard let childID = try decodeNode(child, at: childLocation, parent: id, depth: depth + 1)
      else { continue }
      ids.append(childID)
      kept.append(index)
    }
    var keptWeights: [Double] = []
    var keptTitles: [String] = []
    if kind == .split {
      keptWeights = kept.map { weights[$0] }
      if kept.count != children.count { keptWeights = WorkspaceState.normalized(keptWeights) }
    } else if kind == .tabs {
      keptTitles = kept.map { titles[$0] }
    }
    if !children.isEmpty, storedActive >= children.count {
      note(
        location + ".active",
        "index \(storedActive) is out of range for \(children.count) "
          + "child\(children.count == 1 ? "" : "ren"); the last child is active")
    }
    // The active child's new index, or the nearest kept child before it.
    let active = min(storedActive, children.count - 1)
    let floating =
      kind == .tabs
      ? try decodeFloating(object, tabs: id, kept: kept, at: location, depth: depth) : []
    return container(
      ids, weights: keptWeights, titles: keptTitles,
      active: max(0, (kept.lastIndex { $0 <= active } ?? 0)), floating: floating)
  }

  /// The stored weights, one per stored child, positive and summing to 1: as stored when
  /// they are, else normalised with a diagnostic.
  private mutating func storedWeights(
    _ value: JSONDocument.Value?, _ count: Int, _ location: String
  ) -> [Double] {
    guard count > 0 else { return [] }
    let problem: String
    switch value {
    case nil:
      problem = "missing"
    case let value? where value.arrayValue != nil:
      let items = value.arrayValue!
      let weights = items.map { $0.numberValue ?? -1 }
      let total = weights.reduce(0, +)
      if items.count != count {
        problem = "\(items.count) weight\(items.count == 1 ? "" : "s") for \(count) children"
      } else if let bad = weights.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
        problem = "weight [\(bad)] is not a positive number"
      } else if !(abs(total - 1) <= 1e-9) {
        problem = "weights sum to \(total), not 1"
      } else {
        return weights
      }
      let fitted = Array(weights.prefix(count))
      note(location + ".weights", "\(problem); normalised")
      return WorkspaceState.normalized(fitted + Array(repeating: -1, count: count - fitted.count))
    default:
      problem = "not an array"
    }
    note(location + ".weights", "\(problem); normalised")
    return WorkspaceState.normalized(Array(repeating: 1, count: count))
  }

  /// The stored tab titles, one per stored child: a missing or non-string title is empty,
  /// extra titles are dropped, each reported.
  private mutating func storedTitles(
    _ value: JSONDocument.Value?, _ count: Int, _ location: String
  ) -> [String] {
    let items = value?.arrayValue ?? []
    if value != nil, value?.arrayValue == nil {
      note(location + ".titles", "not an array; empty titles used")
    } else if items.count != count {
      note(
        location + ".titles",
        "\(items.count) title\(items.count == 1 ? "" : "s") for \(count) "
          + "tab\(count == 1 ? "" : "s"); fitted to the tabs")
    }
    var titles: [String] = []
    for index in 0..<count {
      guard index < items.count else {
        titles.append("")
        continue
      }
      guard let title = items[index].stringValue else {
        note("\(location).titles[\(index)]", "not a string; empty title used")
        titles.append("")
        continue
      }
      titles.append(title)
    }
    return titles
  }
}
