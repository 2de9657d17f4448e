import PaneRouter
import Workspace

/// Writes a template in a layout file's terse spelling (``LayoutFile``): the top level and
/// each container over several lines, each pane on one line, members in a fixed order,
/// defaults left out, so that it reads as a person would write it and the same template gives
/// the same text.
enum LayoutEncoder {
  /// The layout file's text, ending in a newline.
  ///
  /// - Complexity: O(*n*), for *n* nodes.
  static func text(of template: WorkspaceTemplate) -> String {
    var members = [member(.layout, .string(template.name))]
    if TemplateEncoder.needsVersion2(template) {
      members.append(member(.version, .number(Double(LayoutFile.currentVersion))))
    }
    if template.title != template.name { members.append(member(.title, .string(template.title))) }
    let root = template.root
    if !template.windows.isEmpty {
      let lines = template.windows.map { "    " + window($0, indent: "    ") }
      members.append("\"windows\": [\n" + lines.joined(separator: ",\n") + "\n  ]")
      if template.activeWindow != 0 {
        members.append(member(.active, .number(Double(template.activeWindow))))
      }
    } else if template.scope == .workspace, let tabs = rootTabs(root, indent: "  ") {
      members += tabs
    } else {
      if template.scope == .workspace {  // a `root` is one tab unless it says otherwise
        members.append(member(.scope, .string(template.scope.rawValue)))
      }
      members.append(
        "\"root\": " + node(root, tabTitle: nil, isTab: template.scope == .tab, indent: "  "))
    }
    members += template.unknownMembers.jsonMembers.map {
      "\(json(.string($0.key))): \(json($0.value))"
    }
    return "{\n" + members.map { "  " + $0 }.joined(separator: ",\n") + "\n}\n"
  }

  /// A tree whose root is a tabs container without a router or kept members as the members
  /// `tabs` and `active` (the top level's, or a window's); `nil` for another tree.
  private static func rootTabs(_ root: NodeTemplate, indent: String) -> [String]? {
    guard case .tabs(let children, let titles, let selected) = root.content, root.router == nil,
      root.unknownMembers.isEmpty, root.floatingLayer == nil
    else { return nil }
    var members = ["\"tabs\": " + list(children, titles: titles, indent: indent)]
    if selected != 0 { members.append(member(.active, .number(Double(selected)))) }
    return members
  }

  /// A window: `{"window": TITLE, "id": ID, "tabs": […], "active": N}`, or its tree as `root`
  /// when it is not a tabs container; `indent` is the indentation of the line it starts on.
  private static func window(_ window: WindowTemplate, indent: String) -> String {
    var members: [String] = []
    if !window.title.isEmpty { members.append(member(.window, .string(window.title))) }
    if let identifier = window.identifier { members.append(member(.id, .string(identifier))) }
    if let tabs = rootTabs(window.root, indent: indent) {
      members += tabs
    } else {
      members.append("\"root\": " + node(window.root, tabTitle: nil, isTab: false, indent: indent))
    }
    members += window.unknownMembers.jsonMembers.map {
      "\(json(.string($0.key))): \(json($0.value))"
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// A node on one line (a pane) or several (a container, or a tab with floating panes),
  /// starting at its `{`; `indent` is the indentation of the line it starts on. A tab's
  /// floating panes (`isTab`) come after its tiled tree.
  private static func node(
    _ template: NodeTemplate, tabTitle: String?, isTab: Bool = false, indent: String
  ) -> String {
    var head: [String] = []
    if let tabTitle, tabTitle != WorkspaceDecoder.defaultTabTitle(of: template) {
      head.append(member(.tab, .string(tabTitle)))
    }
    var kept: [String] = []
    if isTab, let layer = template.floatingLayer {
      if layer.isFocused { kept.append(member(.floatingFocused, .bool(true))) }
      if layer.isHidden { kept.append(member(.floatingHidden, .bool(true))) }
      let inner = indent + "  "
      let lines = layer.panes.map { inner + floatingPane($0) }
      kept.append("\"floating\": [\n" + lines.joined(separator: ",\n") + "\n" + indent + "]")
    }
    kept += template.unknownMembers.jsonMembers.map {
      "\(json(.string($0.key))): \(json($0.value))"
    }
    switch template.content {
    case .pane:
      return "{" + (head + paneMembers(template) + kept).joined(separator: ", ") + "}"
    case .split(let axis, let children, let weights):
      if weights.contains(where: { $0 != 1 }) {
        head.append(
          "\"weights\": [" + weights.map { json(.number($0)) }.joined(separator: ", ") + "]")
      }
      if let router = template.router {
        head.append("\"router\": " + json(TemplateEncoder.value(router)))
      }
      let key: LayoutKey = axis == .horizontal ? .horizontal : .vertical
      head.append("\"\(key)\": " + list(children, titles: nil, indent: indent))
    case .tabs(let children, let titles, let selected):
      if selected != 0 { head.append(member(.active, .number(Double(selected)))) }
      if let router = template.router {
        head.append("\"router\": " + json(TemplateEncoder.value(router)))
      }
      head.append("\"tabs\": " + list(children, titles: titles, indent: indent))
    case .stack(let axis, let children, let expanded):
      if axis == .horizontal { head.append(member(.axis, .string(LayoutKey.horizontal.rawValue))) }
      if expanded != 0 { head.append(member(.active, .number(Double(expanded)))) }
      if let router = template.router {
        head.append("\"router\": " + json(TemplateEncoder.value(router)))
      }
      head.append("\"stack\": " + list(children, titles: nil, indent: indent))
    }
    return "{" + (head + kept).joined(separator: ", ") + "}"
  }

  /// An array of nodes, one per line, indented one step further than `indent`.
  private static func list(_ children: [NodeTemplate], titles: [String]?, indent: String) -> String
  {
    let inner = indent + "  "
    let lines = children.enumerated().map { index, child in
      inner + node(child, tabTitle: titles?[index], isTab: titles != nil, indent: inner)
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
  }

  /// A pane's own members: `title`, `mark`, and `route` (or `router` in full).
  private static func paneMembers(_ template: NodeTemplate) -> [String] {
    guard case .pane(let title, let router) = template.content else { return [] }
    var members: [String] = []
    if !title.isEmpty { members.append(member(.title, .string(title))) }
    if let mark = template.mark { members.append(member(.mark, .string(mark))) }
    if let route = shortRoute(router) {
      members.append(member(.route, .string(route)))
    } else {
      members.append("\"router\": " + json(TemplateEncoder.value(router)))
    }
    return members
  }

  /// A floating pane on one line: the pane's members, `rect` unless centred at half size,
  /// `pinned` when pinned, then the kept members of the pane and of its entry.
  private static func floatingPane(_ pane: FloatingPaneTemplate) -> String {
    var members = paneMembers(pane.pane)
    if pane.frame != .centred {
      let fractions = [pane.frame.x, pane.frame.y, pane.frame.width, pane.frame.height]
      members.append(
        "\"rect\": [" + fractions.map { json(.number($0)) }.joined(separator: ", ") + "]")
    }
    if pane.isPinned { members.append(member(.pinned, .bool(true))) }
    members += (pane.pane.unknownMembers.jsonMembers + pane.unknownMembers.jsonMembers).map {
      "\(json(.string($0.key))): \(json($0.value))"
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// A pane's router as `KIND/ROUTE` (the route alone for kind `token`), or `nil` when the
  /// short form cannot say it: limits that are not the defaults, kept members, or a kind or
  /// route that would not read back as the same pair.
  private static func shortRoute(_ router: RouterState) -> String? {
    guard router.stack.maxDepth == RouteStack<RouteToken>.defaultMaximumDepth,
      router.stack.rejectsDuplicateTop, router.unknownMembers.isEmpty
    else { return nil }
    let route = WorkspaceTemplate.spelling(of: router.stack.root)
    if router.kind == RouteToken.kind, CommandParser.kindAndRoute(route) == nil { return route }
    let text = router.kind + "/" + route
    guard let (kind, rest) = CommandParser.kindAndRoute(text), kind == router.kind, rest == route
    else { return nil }
    return text
  }

  private static func member(_ key: LayoutKey, _ value: JSONValue) -> String {
    "\"\(key)\": " + json(value)
  }

  private static func json(_ value: JSONValue) -> String {
    JSONWriter.string(value, style: .compact)
  }
}
