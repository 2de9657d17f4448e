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
    if template.title != template.name { members.append(member(.title, .string(template.title))) }
    let root = template.root
    if template.scope == .workspace,
      case .tabs(let children, let titles, let selected) =
        root.content, root.router == nil, root.unknownMembers.isEmpty
    {
      members.append(
        "\"tabs\": " + list(children, titles: titles, indent: "  "))
      if selected != 0 { members.append(member(.active, .number(Double(selected)))) }
    } else {
      if template.scope == .workspace {  // a `root` is one tab unless it says otherwise
        members.append(member(.scope, .string(template.scope.rawValue)))
      }
      members.append("\"root\": " + node(root, tabTitle: nil, indent: "  "))
    }
    members += template.unknownMembers.jsonMembers.map {
      "\(json(.string($0.key))): \(json($0.value))"
    }
    return "{\n" + members.map { "  " + $0 }.joined(separator: ",\n") + "\n}\n"
  }

  /// A node on one line (a pane) or several (a container), starting at its `{`; `indent` is
  /// the indentation of the line it starts on.
  private static func node(_ template: NodeTemplate, tabTitle: String?, indent: String) -> String {
    var head: [String] = []
    if let tabTitle, tabTitle != WorkspaceDecoder.defaultTabTitle(of: template) {
      head.append(member(.tab, .string(tabTitle)))
    }
    let kept = template.unknownMembers.jsonMembers.map {
      "\(json(.string($0.key))): \(json($0.value))"
    }
    switch template.content {
    case .pane(let title, let router):
      if !title.isEmpty { head.append(member(.title, .string(title))) }
      if let mark = template.mark { head.append(member(.mark, .string(mark))) }
      if let route = shortRoute(router) {
        head.append(member(.route, .string(route)))
      } else {
        head.append("\"router\": " + json(TemplateEncoder.value(router)))
      }
      return "{" + (head + kept).joined(separator: ", ") + "}"
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
      inner + node(child, tabTitle: titles?[index], indent: inner)
    }
    return "[\n" + lines.joined(separator: ",\n") + "\n" + indent + "]"
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
