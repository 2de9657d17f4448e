import PaneRouter
import Workspace
import WorkspaceJSON

/// The text and JSON forms of what the inspection commands print.
enum Report {
  // MARK: tree

  /// The whole tree, one node per line, indented by depth.
  static func tree(_ state: WorkspaceState) -> String {
    var lines: [String] = []
    let focus = state.focusedPane
    var pending: [(NodeID, Int, String)] = [(state.rootID, 0, "")]
    while let (id, depth, label) = pending.popLast() {
      let node = state.node(id)!
      var line = String(repeating: "  ", count: depth) + label + "\(id) "
      switch node.kind {
      case .pane:
        line += "pane '\(node.title)' \(node.router!.stack)"
        if id == focus { line += " (focused)" }
        if id == state.zoomedPane { line += " (zoomed)" }
      case .split(let axis):
        let weights = node.weights.map { format($0) }.joined(separator: " ")
        line += "split \(axis) active \(node.activeIndex + 1) weights \(weights)"
      case .tabs:
        line += "tabs selected \(node.activeIndex + 1)"
      case .unknown(let kind):
        line += "unknown '\(kind)' (kept as it is)"
      }
      if node.isContainer, let router = node.router {
        line += " router \(router.kind) \(router.stack)"
      }
      lines.append(line)
      for (index, child) in node.children.enumerated().reversed() {
        let childLabel = node.kind == .tabs ? "[\(index + 1) '\(node.tabTitles[index])'] " : ""
        pending.append((child, depth + 1, childLabel))
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func treeJSON(_ state: WorkspaceState) -> JSONValue {
    func encode(_ id: NodeID) -> JSONValue {
      let node = state.node(id)!
      var object = JSONObject()
      object["id"] = .number(Double(id.rawValue))
      switch node.kind {
      case .pane:
        object["kind"] = "pane"
        object["title"] = .string(node.title)
      case .split(let axis):
        object["kind"] = "split"
        object["axis"] = .string(axis.rawValue)
        object["weights"] = .array(node.weights.map(JSONValue.number))
      case .tabs:
        object["kind"] = "tabs"
        object["titles"] = .array(node.tabTitles.map(JSONValue.string))
      case .unknown(let kind):
        object["kind"] = .string(kind)
      }
      if node.isContainer { object["active"] = .number(Double(node.activeIndex)) }
      if let router = node.router { object["router"] = routerJSON(router) }
      if node.isContainer { object["children"] = .array(node.children.map(encode)) }
      return .object(object)
    }
    return .object([
      "focus": .number(Double(state.focusedPane.rawValue)),
      "root": encode(state.rootID),
    ])
  }

  // MARK: routes

  /// A router's stack, root first, and its modal.
  static func routes(of id: NodeID, in state: WorkspaceState) -> String {
    let node = state.node(id)!
    guard let router = node.router else { return "\(id) has no router\n" }
    var lines = ["\(id) '\(node.title)' router \(router.kind)"]
    for (index, route) in router.stack.stack.enumerated() {
      lines.append("  \(index) \(route)\(index == router.stack.depth - 1 ? " (top)" : "")")
    }
    if let modal = router.stack.modal {
      lines.append("  \(modal.style):")
      for (index, route) in modal.stack.enumerated() {
        lines.append("    \(index) \(route)\(index == modal.stack.count - 1 ? " (top)" : "")")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func routerJSON(_ router: RouterState) -> JSONValue {
    var object = JSONObject()
    object["kind"] = .string(router.kind)
    object["stack"] = .array(router.stack.stack.map { .string($0.description) })
    if let modal = router.stack.modal {
      object["modal"] = .object([
        "style": .string(modal.style.rawValue),
        "stack": .array(modal.stack.map { .string($0.description) }),
      ])
    }
    return .object(object)
  }

  // MARK: layout

  static func layout(_ state: WorkspaceState, in size: Size) -> String {
    state.orderedLayout(in: size).enumerated().map { index, entry in
      "\(index + 1) \(entry.pane) \(entry.rect)"
    }.joined(separator: "\n") + "\n"
  }

  static func layoutJSON(_ state: WorkspaceState, in size: Size) -> JSONValue {
    .array(
      state.orderedLayout(in: size).enumerated().map { index, entry in
        .object([
          "number": .number(Double(index + 1)),
          "id": .number(Double(entry.pane.rawValue)),
          "x": .number(Double(entry.rect.x)), "y": .number(Double(entry.rect.y)),
          "width": .number(Double(entry.rect.width)),
          "height": .number(Double(entry.rect.height)),
        ])
      })
  }

  // MARK: history

  static func history(_ state: WorkspaceState) -> String {
    let undo = state.history.undoEntries
    let redo = state.history.redoEntries
    guard !undo.isEmpty || !redo.isEmpty else { return "no history\n" }
    var lines: [String] = []
    for (index, entry) in undo.enumerated().reversed() {
      lines.append("undo \(undo.count - index): \(entry.label)")
    }
    for (index, entry) in redo.enumerated().reversed() {
      lines.append("redo \(redo.count - index): \(entry.label)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func historyJSON(_ state: WorkspaceState) -> JSONValue {
    .object([
      "undo": .array(state.history.undoEntries.reversed().map { .string($0.label) }),
      "redo": .array(state.history.redoEntries.reversed().map { .string($0.label) }),
    ])
  }

  // MARK: show

  static func showJSON(_ state: WorkspaceState, in size: Size) -> JSONValue {
    let focus = state.focusedPane
    return .array(
      state.orderedLayout(in: size).enumerated().map { index, entry in
        let node = state.node(entry.pane)!
        return .object([
          "number": .number(Double(index + 1)),
          "id": .number(Double(entry.pane.rawValue)),
          "title": .string(node.title),
          "route": .string(node.router!.stack.visibleRoute.description),
          "focused": .bool(entry.pane == focus),
          "rect": .object([
            "x": .number(Double(entry.rect.x)), "y": .number(Double(entry.rect.y)),
            "width": .number(Double(entry.rect.width)),
            "height": .number(Double(entry.rect.height)),
          ]),
        ])
      })
  }

  /// A weight with at most four decimals, without trailing zeros.
  static func format(_ value: Double) -> String {
    let scaled = (value * 10_000).rounded() / 10_000
    return scaled == scaled.rounded(.towardZero) ? "\(Int(scaled))" : "\(scaled)"
  }
}
