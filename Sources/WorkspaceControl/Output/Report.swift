import PaneRouter
import Workspace
import WorkspaceJSON

/// The text and JSON forms of what the inspection commands print.
enum Report {
  // MARK: tree

  /// Lines of text for the terminal: each escaped (a title or token may hold anything), so a
  /// line stays one line, and each ending in a newline.
  private static func lines(_ lines: [String]) -> String {
    lines.map { TerminalText.escaped($0) + "\n" }.joined()
  }

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
        if let mark = node.mark { line += " mark \(mark)" }
        if id == focus { line += " (focused)" }
        if id == state.zoomedPane { line += " (zoomed)" }
      case .split(let axis):
        let weights = node.weights.map { format($0) }.joined(separator: " ")
        line += "split \(axis) active \(node.activeIndex + 1) weights \(weights)"
      case .tabs:
        line += "tabs selected \(node.activeIndex + 1)"
      case .stack(let axis):
        line += "stack \(axis) expanded \(node.activeIndex + 1)"
      case .unknown(let kind):
        line += "unknown '\(kind)' (kept as it is)"
      }
      if node.isContainer, let router = node.router {
        line += " router \(router.kind) \(router.stack)"
      }
      lines.append(line)
      // A tab's floating panes after the tabs, bottom to top, with their frames.
      for (index, layer) in node.floatingLayers.enumerated().reversed() {
        let state = [layer.isHidden ? " hidden" : "", layer.isFocused ? " focused" : ""]
        for pane in layer.panes.reversed() {
          let frame = pane.frame
          let label =
            "[\(index + 1) '\(node.tabTitles[index])' floating\(state.joined()) at "
            + "\(format(frame.x)),\(format(frame.y)) \(format(frame.width))x\(format(frame.height))"
            + "\(pane.isPinned ? " pinned" : "")] "
          pending.append((pane.id, depth + 1, label))
        }
      }
      for (index, child) in node.children.enumerated().reversed() {
        let childLabel = node.kind == .tabs ? "[\(index + 1) '\(node.tabTitles[index])'] " : ""
        pending.append((child, depth + 1, childLabel))
      }
    }
    return Self.lines(lines)
  }

  /// The tree as the file stores it, with the focused pane's id.
  static func treeJSON(_ state: WorkspaceState) -> JSONValue {
    .object([
      "focus": .number(Double(state.focusedPane.rawValue)),
      "root": WorkspaceFile.nodeValue(state.rootID, in: state),
    ])
  }

  // MARK: routes

  /// A router's stack, root first, its modal, and its quarantined tokens with their places.
  static func routes(of id: NodeID, in state: WorkspaceState) -> String {
    let node = state.node(id)!
    guard let router = node.router else { return "\(id) has no router\n" }
    let title = node.kind == .pane ? " '\(node.title)'" : ""
    var lines = ["\(id)\(title) router \(router.kind)"]
    for (index, route) in router.stack.stack.enumerated() {
      lines.append("  \(index) \(route)\(index == router.stack.depth - 1 ? " (top)" : "")")
    }
    if let modal = router.stack.modal {
      lines.append("  \(modal.style):")
      for (index, route) in modal.stack.enumerated() {
        lines.append("    \(index) \(route)\(index == modal.stack.count - 1 ? " (top)" : "")")
      }
    }
    if !router.quarantined.isEmpty {
      lines.append("  quarantined (kept in the file, not shown):")
      for route in router.quarantined {
        lines.append("    \(route)")
      }
    }
    return Self.lines(lines)
  }

  static func routerJSON(_ router: RouterState) -> JSONValue {
    WorkspaceFile.routerValue(router)
  }

  // MARK: layout

  /// Each pane's number, id and rectangle; a stack's collapsed member is marked `title bar`.
  static func layout(_ state: WorkspaceState, in size: Size) -> String {
    let collapsed = state.zoomedPane == nil ? state.collapsedPanes : []
    return lines(
      state.numberedLayout(in: size).map { number, pane, rect in
        "\(number) \(pane) \(rect)" + (collapsed.contains(pane) ? " title bar" : "")
      })
  }

  static func layoutJSON(_ state: WorkspaceState, in size: Size) -> JSONValue {
    let collapsed = state.zoomedPane == nil ? state.collapsedPanes : []
    return .array(
      state.numberedLayout(in: size).map { number, pane, rect in
        var object: JSONObject = [
          "number": .number(Double(number)),
          "id": .number(Double(pane.rawValue)),
          "x": .number(Double(rect.x)), "y": .number(Double(rect.y)),
          "width": .number(Double(rect.width)), "height": .number(Double(rect.height)),
        ]
        if collapsed.contains(pane) { object["titleBar"] = .bool(true) }
        return .object(object)
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
    return Self.lines(lines)
  }

  static func historyJSON(_ state: WorkspaceState) -> JSONValue {
    .object([
      "undo": .array(state.history.undoEntries.reversed().map { .string($0.label) }),
      "redo": .array(state.history.redoEntries.reversed().map { .string($0.label) }),
    ])
  }

  // MARK: closed

  /// The reopenable entries, newest first, numbered as `reopen N` takes them: a pane with its
  /// title and stack (`floating` for a floating pane), a tab with its title and panes (and
  /// its floating panes), and the container it goes back into.
  static func closed(_ state: WorkspaceState) -> String {
    let entries = state.reopenableEntries
    guard !entries.isEmpty else { return "nothing to reopen\n" }
    return lines(
      entries.enumerated().map { index, entry in
        let node = entry.node
        var line = "\(index + 1): "
        if node.isPane {
          line += "\(entry.isFloating ? "floating " : "")pane \(entry.id) '\(node.title)' "
          line += "\(node.router!.stack)"
        } else {
          let panes = entry.treeNodes.values.count(where: \.isPane)
          line += "tab \(entry.id) '\(entry.tabTitle)' (\(panes) pane\(panes == 1 ? "" : "s"))"
        }
        // A closed tab's floating panes, which come back with it.
        if !entry.layer.isEmpty { line += " with \(entry.layer.panes.count) floating" }
        if let parent = entry.place.first?.parent { line += " from \(parent)" }
        return line
      })
  }

  static func closedJSON(_ state: WorkspaceState) -> JSONValue {
    .array(
      state.reopenableEntries.map { entry in
        .object([
          "id": .number(Double(entry.id.rawValue)),
          "kind": .string(entry.node.isPane ? "pane" : "tab"),
          "floating": .bool(entry.isFloating),
          "title": .string(entry.node.isPane ? entry.node.title : entry.tabTitle),
          "panes": .number(Double(entry.treeNodes.values.count(where: \.isPane))),
          "floatingPanes": .number(Double(entry.isFloating ? 1 : entry.layer.panes.count)),
          "parent": entry.place.first.map { .number(Double($0.parent.rawValue)) } ?? .null,
        ])
      })
  }

  // MARK: show

  static func showJSON(_ state: WorkspaceState, in size: Size) -> JSONValue {
    let focus = state.focusedPane
    return .array(
      state.numberedLayout(in: size).map { number, pane, rect in
        let node = state.node(pane)!
        var object: JSONObject = [
          "number": .number(Double(number)),
          "id": .number(Double(pane.rawValue)),
          "title": .string(node.title),
          "route": .string(node.router!.stack.visibleRoute.description),
          "focused": .bool(pane == focus),
          "rect": .object([
            "x": .number(Double(rect.x)), "y": .number(Double(rect.y)),
            "width": .number(Double(rect.width)), "height": .number(Double(rect.height)),
          ]),
        ]
        if let mark = node.mark { object["mark"] = .string(mark) }
        if state.isFloating(pane) { object["floating"] = .bool(true) }
        return .object(object)
      })
  }

  /// A weight with at most four decimals, without trailing zeros.
  static func format(_ value: Double) -> String {
    let scaled = (value * 10_000).rounded() / 10_000
    return scaled == scaled.rounded(.towardZero) ? "\(Int(scaled))" : "\(scaled)"
  }
}

// MARK: templates

extension Report {
  /// One line per template: its name, its parameters and the title of the tab it opens.
  static func templateList(_ library: TemplateLibrary) -> String {
    guard !library.isEmpty else { return "no templates\n" }
    let width = library.names.map(\.count).max() ?? 0
    return lines(
      library.templates.map { template in
        let parameters =
          template.parameters.isEmpty
          ? "no parameters" : template.parameters.map { "\($0)=" }.joined(separator: " ")
        return template.name + String(repeating: " ", count: width - template.name.count)
          + "  \(template.scope.rawValue) '\(template.title)'  \(parameters)"
      })
  }

  /// The templates as a JSON array of their names, titles and parameters.
  static func templateListJSON(_ library: TemplateLibrary) -> JSONValue {
    .array(
      library.templates.map { template in
        .object([
          "name": .string(template.name), "title": .string(template.title),
          "scope": .string(template.scope.rawValue),
          "parameters": .array(template.parameters.map(JSONValue.string)),
        ])
      })
  }

  /// A template's title and parameters, then its tree, one node per line, as `tree` prints
  /// one (without ids), routes in template spelling; a tab's floating panes after the tab,
  /// and each window of a template of several under a line naming it, as `-w all tree` does.
  static func template(_ template: WorkspaceTemplate) -> String {
    var lines = [
      "template '\(template.name)': \(template.scope.rawValue) '\(template.title)'",
      "parameters: "
        + (template.parameters.isEmpty
          ? "none" : template.parameters.joined(separator: ", ")),
    ]
    guard !template.windows.isEmpty else {
      return Self.lines(lines + tree(template.root, tab: template.scope == .tab ? "" : nil))
    }
    for (index, window) in template.windows.enumerated() {
      var line = "window \(index + 1)"
      if !window.title.isEmpty { line += " '\(window.title)'" }
      if let identifier = window.identifier { line += " [\(identifier)]" }
      if index == template.activeWindow { line += " (active)" }
      lines += [line] + tree(window.root, tab: nil)
    }
    return Self.lines(lines)
  }

  /// The lines of a template's tree; `tab` is the label of the tab the root is (its floating
  /// panes are labelled with it), `nil` when it is none.
  private static func tree(_ root: NodeTemplate, tab: String?) -> [String] {
    var lines: [String] = []
    var pending: [(NodeTemplate, Int, String)] = []
    /// A tab's floating panes, pushed to come after its tree.
    func pushFloating(of node: NodeTemplate, depth: Int, tab: String) {
      guard let layer = node.floatingLayer else { return }
      let state = [layer.isHidden ? " hidden" : "", layer.isFocused ? " focused" : ""]
      for pane in layer.panes.reversed() {
        let frame = pane.frame
        let label =
          "[\(tab)floating\(state.joined()) at "
          + "\(format(frame.x)),\(format(frame.y)) \(format(frame.width))x\(format(frame.height))"
          + "\(pane.isPinned ? " pinned" : "")] "
        pending.append((pane.pane, depth, label))
      }
    }
    if let tab { pushFloating(of: root, depth: 0, tab: tab) }
    pending.append((root, 0, ""))
    while let (node, depth, label) = pending.popLast() {
      var line = String(repeating: "  ", count: depth) + label
      var children: [(NodeTemplate, String)] = []
      switch node.content {
      case .pane(let title, let router):
        line += "pane '\(title)' \(route(router))"
        if let mark = node.mark { line += " mark \(mark)" }
      case .split(let axis, let nodes, let weights):
        let total = weights.reduce(0, +)
        line +=
          "split \(axis) weights "
          + weights.map { format($0 / total) }.joined(separator: " ")
        children = nodes.map { ($0, "") }
      case .tabs(let nodes, let titles, let selected):
        line += "tabs selected \(selected + 1)"
        children = nodes.enumerated().map {
          ($0.element, "[\($0.offset + 1) '\(titles[$0.offset])'] ")
        }
      case .stack(let axis, let nodes, let expanded):
        line += "stack \(axis) expanded \(expanded + 1)"
        children = nodes.map { ($0, "") }
      }
      if case .pane = node.content {
      } else if let router = node.router {
        line += " router \(route(router))"
      }
      lines.append(line)
      for (index, (child, childLabel)) in children.enumerated().reversed() {
        if case .tabs(_, let titles, _) = node.content {
          pushFloating(of: child, depth: depth + 1, tab: "\(index + 1) '\(titles[index])' ")
        }
        pending.append((child, depth + 1, childLabel))
      }
    }
    return lines
  }

  /// A template router's root in template spelling, with its kind unless untyped.
  private static func route(_ router: RouterState) -> String {
    let root = WorkspaceTemplate.spelling(of: router.stack.root)
    return router.kind == RouteToken.kind ? root : "\(root) (\(router.kind))"
  }
}
