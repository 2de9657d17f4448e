import PaneRouter
import Workspace

/// Templates as both files store them (`docs/FORMAT.md`, "Templates"): an array of template
/// objects, each a name, a tab title and a nested tree without ids.
///
/// A template is read strictly: anything wrong in it is a ``WorkspaceFileError`` naming the
/// JSON path, never a repair. A workspace file drops such a template with a diagnostic (the
/// workspace itself is still read); a templates file (``TemplatesFile``) is refused.
extension WorkspaceDecoder {
  /// The templates of a workspace file's `templates` member: a template that cannot be read,
  /// or whose name an earlier one took, is dropped with a diagnostic.
  mutating func decodeTemplates(_ value: some FormatValue, at location: String)
    -> TemplateLibrary
  {
    guard let items = value.arrayValue else {
      note(location, "not an array of templates; ignored")
      return TemplateLibrary()
    }
    var library = TemplateLibrary()
    for (index, item) in items.enumerated() {
      let itemLocation = "\(location)[\(index)]"
      do {
        let template = try decodeTemplate(item, at: itemLocation)
        guard library[template.name] == nil else {
          note(itemLocation + ".name", "duplicate template name '\(template.name)'; dropped")
          continue
        }
        try? library.insert(template)
      } catch {
        let (errorLocation, reason) = Self.locatedReason(of: error, at: itemLocation)
        note(errorLocation, "\(reason); template dropped")
      }
    }
    return library
  }

  /// The templates of a templates file: the first problem is an error.
  func decodeTemplatesStrictly<Value: FormatValue>(_ value: Value?, at location: String)
    throws(WorkspaceFileError) -> TemplateLibrary
  {
    guard let items = value?.arrayValue else {
      throw invalid(location, value == nil ? "missing 'templates'" : "expected an array")
    }
    var library = TemplateLibrary()
    var firstIndex: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let itemLocation = "\(location)[\(index)]"
      let template = try decodeTemplate(item, at: itemLocation)
      if let first = firstIndex[template.name] {
        throw invalid(
          itemLocation + ".name",
          "duplicate template name '\(template.name)' (first at \(location)[\(first)])")
      }
      firstIndex[template.name] = index
      try? library.insert(template)
    }
    return library
  }

  /// One template object.
  func decodeTemplate(_ value: some FormatValue, at location: String)
    throws(WorkspaceFileError)
    -> WorkspaceTemplate
  {
    let object = try templateObject(value, at: location)
    let name = try requiredString(object, .name, at: location)
    guard WorkspaceTemplate.isValidName(name) else {
      throw invalid(location + ".name", "\(WorkspaceError.invalidTemplateName(name))")
    }
    let title = try optionalTemplateText(object, .title, at: location)
    let scope = try templateScope(object[.scope], at: location + ".scope")
    var template: WorkspaceTemplate
    switch (object[.root], object[.windows]) {
    case (let rootValue?, nil):
      var count = 0
      var marks: Set<String> = []
      let root = try decodeTemplateNode(
        rootValue, at: location + ".root", depth: 1, count: &count, marks: &marks,
        isTab: scope == .tab)
      do {
        template = try WorkspaceTemplate(
          name: name, title: title ?? name, root: root, scope: scope)
      } catch {
        // Placeholders and floating panes are checked where each is read; what is left is a
        // tree without a pane.
        throw invalid(location + ".root", "\(error)")
      }
    case (nil, let windowsValue?):
      guard scope == .workspace else {
        throw invalid(location + ".scope", "a template of windows has scope \"workspace\"")
      }
      let (windows, active) = try decodeTemplateWindows(windowsValue, at: location + ".windows")
      do {
        template = try WorkspaceTemplate(
          name: name, title: title ?? name, windows: windows, activeWindow: active)
      } catch {
        throw invalid(location + ".windows", "\(error)")
      }
    case (.some, .some):
      throw invalid(location, "both 'root' and 'windows'; a template has one")
    case (nil, nil):
      throw invalid(location, "missing 'root'")
    }
    template.unknownMembers = unknown(object, known: FormatKey.templateMembers)
    return template
  }

  /// A template's `windows`: 1 to ``WorkspaceState/windowLimit`` window objects, each with its
  /// `root`, an optional `id` (valid, used once) and `title`, at most one `active` (the first
  /// window when none is).
  private func decodeTemplateWindows(
    _ value: some FormatValue, at location: String
  ) throws(WorkspaceFileError) -> (windows: [WindowTemplate], active: Int) {
    guard let items = value.arrayValue, !items.isEmpty else {
      throw invalid(location, "expected a non-empty array of windows")
    }
    guard items.count <= WorkspaceState.windowLimit else {
      throw invalid(
        "\(location)[\(WorkspaceState.windowLimit)]",
        "more than \(WorkspaceState.windowLimit) windows")
    }
    var windows: [WindowTemplate] = []
    var active: Int?
    var marks: Set<String> = []
    var identifiers: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let itemLocation = "\(location)[\(index)]"
      let object = try templateObject(item, at: itemLocation)
      let identifier = try object[.id].map { (_) throws(WorkspaceFileError) in
        try requiredString(object, .id, at: itemLocation)
      }
      if let identifier {
        guard Window.isValidIdentifier(identifier) else {
          throw invalid(
            itemLocation + ".id",
            "expected a window identifier: 1 to 64 bytes, no control character")
        }
        if let first = identifiers[identifier] {
          throw invalid(
            itemLocation + ".id",
            "duplicate window identifier '\(identifier)' (first at \(location)[\(first)])")
        }
        identifiers[identifier] = index
      }
      let title = try optionalTemplateText(object, .title, at: itemLocation) ?? ""
      if let flag = object[.active] {
        guard let isActive = flag.boolValue else {
          throw invalid(itemLocation + ".active", "expected a Boolean")
        }
        if isActive {
          if let first = active {
            throw invalid(
              itemLocation + ".active", "a second active window (first at \(location)[\(first)])")
          }
          active = index
        }
      }
      guard let rootValue = object[.root] else { throw invalid(itemLocation, "missing 'root'") }
      var count = 0
      let root = try decodeTemplateNode(
        rootValue, at: itemLocation + ".root", depth: 1, count: &count, marks: &marks,
        isTab: false)
      guard root.containsPane else {
        throw invalid(itemLocation + ".root", "a window holds at least one pane")
      }
      var window = WindowTemplate(title: title, identifier: identifier, root: root)
      window.unknownMembers = unknown(object, known: FormatKey.templateWindowMembers)
      windows.append(window)
    }
    return (windows, active ?? 0)
  }

  /// A node's `floating`: the floating layer of the tab it is, its panes bottom to top, each
  /// a pane at a `frame` of four fractions inside the tab.
  private func decodeTemplateFloating(
    _ value: some FormatValue, at location: String, depth: Int, count: inout Int,
    marks: inout Set<String>
  ) throws(WorkspaceFileError) -> FloatingLayerTemplate {
    let object = try templateObject(value, at: location)
    guard let items = object[.panes]?.arrayValue, !items.isEmpty else {
      throw invalid(location + ".panes", "expected a non-empty array of floating panes")
    }
    var panes: [FloatingPaneTemplate] = []
    for (index, item) in items.enumerated() {
      let itemLocation = "\(location).panes[\(index)]"
      let entry = try templateObject(item, at: itemLocation)
      let frame = try floatingFrame(entry[.frame], at: itemLocation + ".frame")
      let isPinned = try templateFlag(entry, .pinned, at: itemLocation)
      guard let nodeValue = entry[.node] else { throw invalid(itemLocation, "missing 'node'") }
      let node = try decodeTemplateNode(
        nodeValue, at: itemLocation + ".node", depth: depth + 1, count: &count, marks: &marks,
        isTab: false)
      guard case .pane = node.content else {
        throw invalid(itemLocation + ".node", "a floating node is a pane")
      }
      var pane = FloatingPaneTemplate(node, frame: frame, isPinned: isPinned)
      pane.unknownMembers = unknown(entry, known: FormatKey.templateFloatingPaneMembers)
      panes.append(pane)
    }
    var layer = FloatingLayerTemplate(
      panes, isFocused: try templateFlag(object, .focused, at: location),
      isHidden: try templateFlag(object, .hidden, at: location))
    if let problem = layer.problem { throw invalid(location, problem) }
    layer.unknownMembers = unknown(object, known: FormatKey.templateFloatingLayerMembers)
    return layer
  }

  /// A floating pane's rectangle: `[x, y, width, height]`, fractions of the tab with the
  /// rectangle inside it and a positive size (``FloatingFrame/isValid``).
  func floatingFrame<Value: FormatValue>(
    _ value: Value?, at location: String
  ) throws(WorkspaceFileError) -> FloatingFrame {
    guard let value else { return .centred }
    guard let items = value.arrayValue, items.count == 4 else {
      throw invalid(location, "expected [x, y, width, height], fractions of the tab")
    }
    var numbers: [Double] = []
    for (index, item) in items.enumerated() {
      guard let number = item.numberValue, number.isFinite, number >= 0, number <= 1 else {
        throw invalid("\(location)[\(index)]", "expected a number from 0 to 1")
      }
      if index >= 2, number == 0 {
        throw invalid("\(location)[\(index)]", "expected a positive size, at most 1")
      }
      numbers.append(number)
    }
    let frame = FloatingFrame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    guard frame.isValid else {
      let edge = numbers[0] + numbers[2] > 1 + 1e-9 ? 2 : 3
      throw invalid(
        "\(location)[\(edge)]",
        "the rectangle reaches past the tab's \(edge == 2 ? "right" : "bottom") edge")
    }
    return frame
  }

  /// A Boolean member, `false` when missing.
  func templateFlag(
    _ object: some FormatObject, _ key: FormatKey, at location: String
  ) throws(WorkspaceFileError) -> Bool {
    guard let value = object[key] else { return false }
    guard let flag = value.boolValue else {
      throw invalid("\(location).\(key)", "expected a Boolean")
    }
    return flag
  }

  private func decodeTemplateNode(
    _ value: some FormatValue, at location: String, depth: Int, count: inout Int,
    marks: inout Set<String>, isTab: Bool
  ) throws(WorkspaceFileError) -> NodeTemplate {
    count += 1
    try checkTreeLimits(depth: depth, count: count, at: location)
    let object = try templateObject(value, at: location)
    let kindName = try requiredString(object, .kind, at: location)
    let router = try object[.router].map { (value) throws(WorkspaceFileError) in
      try decodeTemplateRouter(value, at: location + ".router")
    }
    var node: NodeTemplate
    guard let kind = StoredNodeKind(name: kindName) else {
      throw invalid(
        location + ".kind",
        "unknown kind '\(kindName)': a template holds panes, splits, tabs and stacks")
    }
    switch kind {
    case .pane:
      guard let router else { throw invalid(location, "missing 'router'") }
      let title = try optionalTemplateText(object, .title, at: location) ?? ""
      node = NodeTemplate(.pane(title: title, router: router))
      if let value = object[.mark] {
        guard let mark = value.stringValue, WorkspaceState.isValidMark(mark) else {
          throw invalid(
            location + ".mark",
            "expected a mark: a letter or _, then letters, digits, _, - or ., not a command word")
        }
        guard marks.insert(mark).inserted else {
          throw invalid(location + ".mark", "mark '\(mark)' is held by another pane already")
        }
        node = node.marked(mark)
      }
    case .split, .tabs, .stack:
      guard let items = object[.children]?.arrayValue else {
        throw invalid(location + ".children", "expected an array of nodes")
      }
      var children: [NodeTemplate] = []
      for (index, item) in items.enumerated() {
        children.append(
          try decodeTemplateNode(
            item, at: "\(location).children[\(index)]", depth: depth + 1, count: &count,
            marks: &marks, isTab: kind == .tabs))
      }
      if kind == .split {
        let axis = try templateAxis(object[.axis], at: location + ".axis")
        let weights = try templateWeights(object[.weights], count: items.count, at: location)
        node = NodeTemplate(.split(axis, children: children, weights: weights), router: router)
      } else {
        let active = object[.active].map(\.intValue) ?? 0
        guard let active, active >= 0, active < max(1, items.count) else {
          throw invalid(
            location + ".active", "expected an index from 0 to \(max(0, items.count - 1))")
        }
        if kind == .stack {
          let axis = try templateAxis(object[.axis], at: location + ".axis")
          node = NodeTemplate(
            .stack(axis, children: children, expanded: active), router: router)
        } else {
          let titles = try templateTitles(object[.titles], count: items.count, at: location)
          node = NodeTemplate(
            .tabs(children: children, titles: titles, selected: active), router: router)
        }
      }
    }
    if let layer = object[.floating] {
      guard isTab else {
        throw invalid(location + ".floating", "a tab's floating panes, but this node is not a tab")
      }
      node = node.floating(
        try decodeTemplateFloating(
          layer, at: location + ".floating", depth: depth, count: &count, marks: &marks))
    }
    node.unknownMembers = unknown(object, known: kind.templateMembers + [.floating])
    return node
  }

  func decodeTemplateRouter(_ value: some FormatValue, at location: String)
    throws(WorkspaceFileError) -> RouterState
  {
    let object = try templateObject(value, at: location)
    let kind =
      try object[.kind] == nil ? RouteToken.kind : requiredString(object, .kind, at: location)
    let text = try requiredString(object, .root, at: location)
    let root: RouteToken
    do {
      root = try RouteToken(parsing: text)
    } catch {
      throw invalid(location + ".root", "\(error)")
    }
    for argument in root.arguments { try checkPlaceholders(argument, at: location + ".root") }
    var maxDepth = RouteStack<RouteToken>.defaultMaximumDepth
    if let value = object[.maxDepth] {
      guard let depth = value.intValue, depth >= 1, depth <= limits.maximumStackDepth else {
        throw invalid(
          location + ".maxDepth", "expected an integer from 1 to \(limits.maximumStackDepth)")
      }
      maxDepth = depth
    }
    var stack = RouteStack(root: root, maxDepth: maxDepth)
    if let value = object[.rejectsDuplicateTop] {
      guard let flag = value.boolValue else {
        throw invalid(location + ".rejectsDuplicateTop", "expected a boolean")
      }
      stack.rejectsDuplicateTop = flag
    }
    var router = RouterState(kind: kind, stack: stack)
    router.unknownMembers = unknown(object, known: FormatKey.templateRouterMembers)
    return router
  }

  /// A template's `scope`: `fallback` when missing.
  func templateScope<Value: FormatValue>(
    _ value: Value?, at location: String, default fallback: WorkspaceTemplate.Scope = .tab
  ) throws(WorkspaceFileError) -> WorkspaceTemplate.Scope {
    guard let value else { return fallback }
    guard let name = value.stringValue, let scope = WorkspaceTemplate.Scope(rawValue: name) else {
      throw invalid(location, "expected \"tab\" or \"workspace\"")
    }
    return scope
  }

  private func templateAxis<Value: FormatValue>(_ value: Value?, at location: String)
    throws(WorkspaceFileError) -> Axis
  {
    guard let name = value?.stringValue, let axis = Axis(rawValue: name) else {
      throw invalid(location, "expected \"horizontal\" or \"vertical\"")
    }
    return axis
  }

  /// A split's weights: relative shares, scaled when the tab is built; equal if missing.
  func templateWeights<Value: FormatValue>(
    _ value: Value?, count: Int, at location: String
  ) throws(WorkspaceFileError) -> [Double] {
    guard let value else { return Array(repeating: 1, count: count) }
    guard let items = value.arrayValue, items.count == count else {
      throw invalid(location + ".weights", "expected an array of \(count) positive numbers")
    }
    var weights: [Double] = []
    for (index, item) in items.enumerated() {
      guard let weight = item.numberValue, weight.isFinite, weight > 0 else {
        throw invalid("\(location).weights[\(index)]", "expected a positive number")
      }
      weights.append(weight)
    }
    return weights
  }

  private func templateTitles<Value: FormatValue>(
    _ value: Value?, count: Int, at location: String
  ) throws(WorkspaceFileError) -> [String] {
    guard let value else { return Array(repeating: "", count: count) }
    guard let items = value.arrayValue, items.count == count else {
      throw invalid(location + ".titles", "expected an array of \(count) strings")
    }
    var titles: [String] = []
    for (index, item) in items.enumerated() {
      let itemLocation = "\(location).titles[\(index)]"
      guard let title = item.stringValue else { throw invalid(itemLocation, "expected a string") }
      try checkLength(title, at: itemLocation)
      try checkPlaceholders(title, at: itemLocation)
      titles.append(title)
    }
    return titles
  }

  private func templateObject<Value: FormatValue>(_ value: Value, at location: String)
    throws(WorkspaceFileError) -> Value.ObjectValue
  {
    guard let object = value.objectValue else { throw invalid(location, "expected an object") }
    return object
  }

  func requiredString(
    _ object: some FormatObject, _ key: FormatKey, at location: String
  ) throws(WorkspaceFileError) -> String {
    guard let value = object[key] else { throw invalid(location, "missing '\(key)'") }
    guard let text = value.stringValue else {
      throw invalid("\(location).\(key)", "expected a string")
    }
    try checkLength(text, at: "\(location).\(key)")
    return text
  }

  func optionalTemplateText(
    _ object: some FormatObject, _ key: FormatKey, at location: String
  ) throws(WorkspaceFileError) -> String? {
    guard object[key] != nil else { return nil }
    let text = try requiredString(object, key, at: location)
    try checkPlaceholders(text, at: "\(location).\(key)")
    return text
  }

  func checkLength(_ text: String, at location: String) throws(WorkspaceFileError) {
    guard text.utf8.count <= limits.maximumStringBytes else {
      throw .limitExceeded(
        path: file, location: location, what: "string length", limit: limits.maximumStringBytes)
    }
  }

  func checkPlaceholders(_ text: String, at location: String) throws(WorkspaceFileError) {
    do {
      _ = try WorkspaceTemplate.placeholders(in: text)
    } catch {
      throw invalid(location, "malformed placeholder: \(error)")
    }
  }

  /// The JSON path and reason of a template's error, for a diagnostic (which names no file).
  private static func locatedReason(
    of error: WorkspaceFileError, at fallback: String
  ) -> (String, String) {
    switch error {
    case .invalid(_, let location, let reason): (location, reason)
    case .limitExceeded(_, let location, let what, let limit):
      (location, "\(what) exceeds the limit of \(limit)")
    default: (fallback, "\(error)")
    }
  }
}
