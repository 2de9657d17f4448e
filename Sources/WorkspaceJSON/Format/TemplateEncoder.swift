import PaneRouter
import Workspace

/// Writes templates as both files store them: members in a fixed order, defaults left out,
/// route tokens in template spelling (`detail:{id}`), kept members after the known ones.
enum TemplateEncoder {
  /// The templates, sorted by name.
  ///
  /// - Complexity: O(*n*), for *n* nodes in all templates.
  static func encode(_ library: TemplateLibrary) -> JSONValue {
    .array(library.templates.map(encode))
  }

  /// One template.
  static func encode(_ template: WorkspaceTemplate) -> JSONValue {
    var object = JSONObject()
    object["name"] = .string(template.name)
    object["title"] = .string(template.title)
    object["root"] = node(template.root)
    WorkspaceEncoder.append(template.unknownMembers, to: &object)
    return .object(object)
  }

  private static func node(_ template: NodeTemplate) -> JSONValue {
    var object = JSONObject()
    var children: [NodeTemplate]?
    switch template.content {
    case .pane(let title, let router):
      object["kind"] = "pane"
      object["title"] = .string(title)
      object["router"] = self.router(router)
    case .split(let axis, let nodes, let weights):
      object["kind"] = "split"
      object["axis"] = .string(axis.rawValue)
      object["weights"] = .array(weights.map(JSONValue.number))
      children = nodes
    case .tabs(let nodes, let titles, let selected):
      object["kind"] = "tabs"
      object["active"] = .number(Double(selected))
      object["titles"] = .array(titles.map(JSONValue.string))
      children = nodes
    }
    if let children {
      if let router = template.router { object["router"] = self.router(router) }
      object["children"] = .array(children.map(node))
    }
    WorkspaceEncoder.append(template.unknownMembers, to: &object)
    return .object(object)
  }

  private static func router(_ router: RouterState) -> JSONValue {
    var object = JSONObject()
    object["kind"] = .string(router.kind)
    object["root"] = .string(WorkspaceTemplate.spelling(of: router.stack.root))
    if router.stack.maxDepth != RouteStack<RouteToken>.defaultMaximumDepth {
      object["maxDepth"] = .number(Double(router.stack.maxDepth))
    }
    if !router.stack.rejectsDuplicateTop { object["rejectsDuplicateTop"] = false }
    WorkspaceEncoder.append(router.unknownMembers, to: &object)
    return .object(object)
  }

  /// The first limit of `limits` a template breaks as the decoder checks it: tree depth and
  /// node count, depth first; `nil` if none.
  static func treeViolation(
    in library: TemplateLibrary, at location: String, limits: WorkspaceFileLimits
  ) -> (location: String, what: String, size: Int, limit: Int)? {
    for (index, template) in library.templates.enumerated() {
      var count = 0
      var pending = [(node: template.root, location: "\(location)[\(index)].root", depth: 1)]
      while let (node, nodeLocation, depth) = pending.popLast() {
        count += 1
        if let (what, size, limit) = limits.treeLimitBroken(depth: depth, count: count) {
          return (nodeLocation, what, size, limit)
        }
        switch node.content {
        case .pane: break
        case .split(_, let children, _), .tabs(let children, _, _):
          for (childIndex, child) in children.enumerated().reversed() {
            pending.append((child, "\(nodeLocation).children[\(childIndex)]", depth + 1))
          }
        }
      }
    }
    return nil
  }
}
