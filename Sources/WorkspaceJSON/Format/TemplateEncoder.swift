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
    if template.windows.isEmpty {
      sink.key(.root)
      node(template.root, into: &sink)
    } else {
      sink.key(.windows)
      sink.openArray()
      for (index, window) in template.windows.enumerated() {
        sink.openObject()
        if let identifier = window.identifier { sink.member(.id, identifier) }
        if !window.title.isEmpty { sink.member(.title, window.title) }
        if index == template.activeWindow { sink.member(.active, true) }
        sink.key(.root)
        node(window.root, into: &sink)
        WorkspaceEncoder.unknown(window.unknownMembers, into: &sink)
        sink.close()
      }
      sink.close()
    }
    WorkspaceEncoder.unknown(template.unknownMembers, into: &sink)
    sink.close()
  }

  /// Whether a template needs version 2 of a templates file or layout file to be read whole:
  /// it holds floating panes or windows, which a reader of version 1 would keep as members it
  /// does not know rather than build.
  static func needsVersion2(_ template: WorkspaceTemplate) -> Bool {
    guard template.windows.isEmpty else { return true }
    var pending = [template.root]
    while let node = pending.popLast() {
      if node.floatingLayer != nil { return true }
      pending += node.children
    }
    return false
  }

  /// A tab's floating layer: `{"focused": true, "hidden": true, "panes": [{"frame": [x, y,
  /// width, height], "pinned": true, "node": …}]}`, `focused`, `hidden` and `pinned` only when
  /// true.
  private static func floating<Sink: JSONSink & ~Copyable>(
    _ layer: FloatingLayerTemplate, into sink: inout Sink
  ) {
    sink.openObject()
    if layer.isFocused { sink.member(.focused, true) }
    if layer.isHidden { sink.member(.hidden, true) }
    sink.key(.panes)
    sink.openArray()
    for pane in layer.panes {
      sink.openObject()
      sink.key(.frame)
      sink.openArray()
      for fraction in [pane.frame.x, pane.frame.y, pane.frame.width, pane.frame.height] {
        sink.number(fraction)
      }
      sink.close()
      if pane.isPinned { sink.member(.pinned, true) }
      sink.key(.node)
      node(pane.pane, into: &sink)
      WorkspaceEncoder.unknown(pane.unknownMembers, into: &sink)
      sink.close()
    }
    sink.close()
    WorkspaceEncoder.unknown(layer.unknownMembers, into: &sink)
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
    if let layer = template.floatingLayer {
      sink.key(.floating)
      floating(layer, into: &sink)
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
      let roots =
        template.windows.isEmpty
        ? [(template.root, "\(location)[\(index)].root")]
        : template.windows.enumerated().map { number, window in
          (window.root, "\(location)[\(index)].windows[\(number)].root")
        }
      for (root, rootLocation) in roots {
        // The decoder counts each window's tree on its own, as it counts a template's.
        var count = 0
        var pending = [(node: root, location: rootLocation, depth: 1)]
        while let (node, nodeLocation, depth) = pending.popLast() {
          count += 1
          if let (what, size, limit) = limits.treeLimitBroken(depth: depth, count: count) {
            return (nodeLocation, what, size, limit)
          }
          let floating = (node.floatingLayer?.panes ?? []).enumerated().map { number, pane in
            (pane.pane, "\(nodeLocation).floating.panes[\(number)].node", depth + 1)
          }
          pending += floating.reversed()
          for (childIndex, child) in node.children.enumerated().reversed() {
            pending.append((child, "\(nodeLocation).children[\(childIndex)]", depth + 1))
          }
        }
      }
    }
    return nil
  }
}
