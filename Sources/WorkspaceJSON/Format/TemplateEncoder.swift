import PaneRouter
import Workspace

/// Writes templates as both files store them: members in a fixed order, defaults left out,
/// route tokens in template spelling (`detail:{id}`), kept members after the known ones.
enum TemplateEncoder {
  /// The templates as a value, sorted by name.
  ///
  /// - Complexity: O(*n*), for *n* nodes in all templates.
  static func value(_ library: TemplateLibrary) -> JSONValue {
    var sink = JSONValueSink()
    write(library, into: &sink)
    return sink.result
  }

  /// One template as a value.
  static func value(_ template: WorkspaceTemplate) -> JSONValue {
    var sink = JSONValueSink()
    write(template, into: &sink)
    return sink.result
  }

  /// A template's router as a value (a layout file's long form of a pane's route).
  static func value(_ router: RouterState) -> JSONValue {
    var sink = JSONValueSink()
    self.router(router, into: &sink)
    return sink.result
  }

  /// The templates, sorted by name: an array of template objects.
  ///
  /// - Complexity: O(*n*), for *n* nodes in all templates.
  static func write<Sink: JSONSink & ~Copyable>(_ library: TemplateLibrary, into sink: inout Sink) {
    sink.openArray()
    for template in library.templates { write(template, into: &sink) }
    sink.close()
  }

  /// One template.
  static func write<Sink: JSONSink & ~Copyable>(
    _ template: WorkspaceTemplate, into sink: inout Sink
  ) {
    sink.openObject()
    sink.member(.name, template.name)
    sink.member(.title, template.title)
    if template.scope != .tab { sink.member(.scope, template.scope.rawValue) }
    sink.key(.root)
    node(template.root, into: &sink)
    WorkspaceEncoder.unknown(template.unknownMembers, into: &sink)
    sink.close()
  }

  private static func node<Sink: JSONSink & ~Copyable>(
    _ template: NodeTemplate, into sink: inout Sink
  ) {
    sink.openObject()
    var children: [NodeTemplate]?
    switch template.content {
    case .pane(let title, let router):
      sink.member(.kind, StoredNodeKind.pane.name)
      sink.member(.title, title)
      if let mark = template.mark { sink.member(.mark, mark) }
      sink.key(.router)
      self.router(router, into: &sink)
    case .split(let axis, let nodes, let weights):
      sink.member(.kind, StoredNodeKind.split.name)
      sink.member(.axis, axis.rawValue)
      sink.key(.weights)
      sink.openArray()
      for weight in weights { sink.number(weight) }
      sink.close()
      children = nodes
    case .tabs(let nodes, let titles, let selected):
      sink.member(.kind, StoredNodeKind.tabs.name)
      sink.member(.active, selected)
      sink.key(.titles)
      sink.openArray()
      for title in titles { sink.string(title) }
      sink.close()
      children = nodes
    case .stack(let axis, let nodes, let expanded):
      sink.member(.kind, StoredNodeKind.stack.name)
      sink.member(.axis, axis.rawValue)
      sink.member(.active, expanded)
      children = nodes
    }
    if let children {
      if let router = template.router {
        sink.key(.router)
        self.router(router, into: &sink)
      }
      sink.key(.children)
      sink.openArray()
      for child in children { node(child, into: &sink) }
      sink.close()
    }
    WorkspaceEncoder.unknown(template.unknownMembers, into: &sink)
    sink.close()
  }

  /// A template's router: its kind and root route, in template spelling.
  private static func router<Sink: JSONSink & ~Copyable>(
    _ router: RouterState, into sink: inout Sink
  ) {
    sink.openObject()
    sink.member(.kind, router.kind)
    sink.member(.root, WorkspaceTemplate.spelling(of: router.stack.root))
    if router.stack.maxDepth != RouteStack<RouteToken>.defaultMaximumDepth {
      sink.member(.maxDepth, router.stack.maxDepth)
    }
    if !router.stack.rejectsDuplicateTop { sink.member(.rejectsDuplicateTop, false) }
    WorkspaceEncoder.unknown(router.unknownMembers, into: &sink)
    sink.close()
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
        case .split(_, let children, _), .tabs(let children, _, _), .stack(_, let children, _):
          for (childIndex, child) in children.enumerated().reversed() {
            pending.append((child, "\(nodeLocation).children[\(childIndex)]", depth + 1))
          }
        }
      }
    }
    return nil
  }
}
