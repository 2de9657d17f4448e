import PaneRouter
import Workspace

/// A layout file's terse spelling of a template (`docs/FORMAT.md`, "Layout files"), read
/// strictly as a template is: the first problem is an error naming its JSON path in the
/// layout's own spelling (`$.tabs[0].v[1].route`).
extension WorkspaceDecoder {
  /// The template a layout file's top-level object spells.
  func decodeLayout(_ object: JSONObject) throws(WorkspaceFileError) -> WorkspaceTemplate {
    if let format = object[LayoutKey.format.rawValue] {
      guard format.stringValue == LayoutKey.formatName else {
        throw invalid("$.format", "expected \"\(LayoutKey.formatName)\"")
      }
    }
    if let value = object[LayoutKey.version.rawValue] {
      guard let version = value.intValue, version >= 1 else {
        throw invalid("$.version", "expected an integer version from 1")
      }
      guard version <= LayoutFile.currentVersion else {
        throw .newerVersion(path: file, found: version, supported: LayoutFile.currentVersion)
      }
    }
    guard let nameValue = object[LayoutKey.layout.rawValue] else {
      throw invalid("$", "missing 'layout' (the layout's name, such as \"layout\": \"dev\")")
    }
    guard let name = nameValue.stringValue, WorkspaceTemplate.isValidName(name) else {
      throw invalid(
        "$.layout", "\(WorkspaceError.invalidTemplateName(nameValue.stringValue ?? ""))")
    }
    let title = try optionalText(object, .title, at: "$")
    if let windows = object[LayoutKey.windows.rawValue] {
      for key in [LayoutKey.root, .tabs] where object[key.rawValue] != nil {
        throw invalid("$.\(key)", "a window's member, but the layout gives 'windows'")
      }
      guard try templateScope(object[.scope], at: "$.scope", default: .workspace) == .workspace
      else { throw invalid("$.scope", "a layout of windows has scope \"workspace\"") }
      let (windowTemplates, active) = try layoutWindows(windows, object[LayoutKey.active.rawValue])
      var template: WorkspaceTemplate
      do {
        template = try WorkspaceTemplate(
          name: name, title: title ?? name, windows: windowTemplates, activeWindow: active)
      } catch {
        throw invalid("$.windows", "\(error)")
      }
      template.unknownMembers = unknown(object, known: LayoutKey.topLevel)
      return template
    }
    var count = 0
    let root: NodeTemplate
    let shapeScope: WorkspaceTemplate.Scope
    let scopeValue = object[.scope]
    switch (object[LayoutKey.root.rawValue], object[LayoutKey.tabs.rawValue]) {
    case (let value?, nil):
      // A `root` is one tab unless the scope says otherwise: then its floating panes are a
      // tab's.
      let isTab = try templateScope(scopeValue, at: "$.scope") == .tab
      root = try layoutNode(value, at: "$.root", depth: 1, count: &count, isTab: isTab)
      shapeScope = .tab
    case (nil, .some):
      root = try layoutRootTabs(object, at: "$", count: &count)
      shapeScope = .workspace
    case (.some, .some):
      throw invalid("$", "both 'root' (one tab) and 'tabs' (a workspace's tabs); write one")
    case (nil, nil):
      throw invalid(
        "$", "missing 'tabs' (a workspace's tabs), 'root' (one tab's tree) or 'windows'")
    }
    let scope = try templateScope(scopeValue, at: "$.scope", default: shapeScope)
    var marks: Set<String> = []
    try checkMarks(root, at: shapeScope == .tab ? "$.root" : "$", holders: &marks)
    var template: WorkspaceTemplate
    do {
      template = try WorkspaceTemplate(name: name, title: title ?? name, root: root, scope: scope)
    } catch {
      throw invalid(shapeScope == .tab ? "$.root" : "$.tabs", "\(error)")
    }
    template.unknownMembers = unknown(object, known: LayoutKey.topLevel)
    return template
  }

  /// A root tabs container given as an object's `tabs` and `active` (the top level's, or a
  /// window's).
  private func layoutRootTabs(
    _ object: JSONObject, at location: String, count: inout Int
  ) throws(WorkspaceFileError) -> NodeTemplate {
    var members = JSONObject()
    for key in [LayoutKey.tabs, .active] {
      if let value = object[key.rawValue] { members.append(key: key.rawValue, value: value) }
    }
    return try layoutNode(.object(members), at: location, depth: 1, count: &count, isTab: false)
  }

  /// The top level's `windows` and `active`: 1 to ``WorkspaceState/windowLimit`` windows, each
  /// `{"window": TITLE, "id": ID, "tabs": […], "active": N}` or with its tree as `root`,
  /// identifiers valid and distinct, marks unique across them.
  private func layoutWindows(
    _ value: JSONValue, _ activeValue: JSONValue?
  ) throws(WorkspaceFileError) -> (windows: [WindowTemplate], active: Int) {
    guard let items = value.arrayValue, !items.isEmpty else {
      throw invalid("$.windows", "expected a non-empty array of windows")
    }
    guard items.count <= WorkspaceState.windowLimit else {
      throw invalid(
        "$.windows[\(WorkspaceState.windowLimit)]",
        "more than \(WorkspaceState.windowLimit) windows")
    }
    var windows: [WindowTemplate] = []
    var identifiers: [String: Int] = [:]
    var marks: Set<String> = []
    for (index, item) in items.enumerated() {
      let location = "$.windows[\(index)]"
      guard let object = item.objectValue else { throw invalid(location, "expected an object") }
      let title = try optionalText(object, .window, at: location) ?? ""
      var identifier: String?
      if let value = object[LayoutKey.id.rawValue] {
        guard let text = value.stringValue, Window.isValidIdentifier(text) else {
          throw invalid(
            "\(location).id", "expected a window identifier: 1 to 64 bytes, no control character")
        }
        if let first = identifiers[text] {
          throw invalid(
            "\(location).id", "duplicate window identifier '\(text)' (first at $.windows[\(first)])"
          )
        }
        identifiers[text] = index
        identifier = text
      }
      var count = 0
      let root: NodeTemplate
      switch (object[LayoutKey.root.rawValue], object[LayoutKey.tabs.rawValue]) {
      case (let value?, nil):
        if object[LayoutKey.active.rawValue] != nil {
          throw invalid("\(location).active", "a window's selected tab, but it gives 'root'")
        }
        root = try layoutNode(
          value, at: "\(location).root", depth: 1, count: &count, isTab: false)
      case (nil, .some):
        root = try layoutRootTabs(object, at: location, count: &count)
      case (.some, .some):
        throw invalid(location, "both 'root' and 'tabs'; a window has one")
      case (nil, nil):
        throw invalid(location, "missing 'tabs' (the window's tabs) or 'root' (its tree)")
      }
      guard root.containsPane else {
        throw invalid(location, "a window holds at least one tiled pane")
      }
      try checkMarks(
        root, at: object[LayoutKey.root.rawValue] != nil ? "\(location).root" : location,
        holders: &marks)
      var window = WindowTemplate(title: title, identifier: identifier, root: root)
      window.unknownMembers = unknown(object, known: LayoutKey.windowMembers)
      windows.append(window)
    }
    var active = 0
    if let activeValue {
      guard let index = activeValue.intValue, index >= 0, index < items.count else {
        throw invalid("$.active", "expected a window's index from 0 to \(items.count - 1)")
      }
      active = index
    }
    return (windows, active)
  }

  /// One node: a split (`h` or `v`), a tabs container (`tabs`), a stack (`stack`, with its
  /// `axis`, `v` unless `h`) or a pane (`route` or `router`); a tab's node (`isTab`) may give
  /// the tab's floating panes.
  private func layoutNode(
    _ value: JSONValue, at location: String, depth: Int, count: inout Int, isTab: Bool
  ) throws(WorkspaceFileError) -> NodeTemplate {
    count += 1
    try checkTreeLimits(depth: depth, count: count, at: location)
    guard let object = value.objectValue else { throw invalid(location, "expected an object") }
    let containerKeys = [LayoutKey.horizontal, .vertical, .tabs, .stack].filter {
      object[$0.rawValue] != nil
    }
    guard containerKeys.count <= 1 else {
      throw invalid(
        location,
        "a node is one of 'h', 'v', 'tabs' or 'stack'; found "
          + containerKeys.map { "'\($0)'" }.joined(separator: " and "))
    }
    var node: NodeTemplate
    if let key = containerKeys.first {
      for misplaced in [LayoutKey.route, .title, .mark] where object[misplaced.rawValue] != nil {
        throw invalid(
          "\(location).\(misplaced)", "a pane's member, but this node is a container ('\(key)')")
      }
      node = try layoutContainer(object, key, at: location, depth: depth, count: &count)
    } else {
      for misplaced in [LayoutKey.weights, .active, .axis] where object[misplaced.rawValue] != nil {
        throw invalid("\(location).\(misplaced)", "a container's member, but this node is a pane")
      }
      node = try layoutPane(object, at: location)
    }
    node.unknownMembers = unknown(object, known: LayoutKey.node)
    let layerKeys = [LayoutKey.floating, .floatingFocused, .floatingHidden]
    guard isTab else {
      for key in layerKeys where object[key.rawValue] != nil {
        throw invalid("\(location).\(key)", "a tab's floating panes, but this node is not a tab")
      }
      return node
    }
    guard let floating = object[LayoutKey.floating.rawValue] else {
      for key in layerKeys where object[key.rawValue] != nil {
        throw invalid("\(location).\(key)", "a tab's floating layer, but it gives no 'floating'")
      }
      return node
    }
    return node.floating(
      try layoutFloating(floating, object, at: location, depth: depth, count: &count))
  }

  /// A tab's `floating` panes (bottom to top) with its `floatingFocused` and `floatingHidden`.
  private func layoutFloating(
    _ value: JSONValue, _ tab: JSONObject, at location: String, depth: Int, count: inout Int
  ) throws(WorkspaceFileError) -> FloatingLayerTemplate {
    let floatingLocation = "\(location).floating"
    guard let items = value.arrayValue, !items.isEmpty else {
      throw invalid(floatingLocation, "expected a non-empty array of panes")
    }
    var panes: [FloatingPaneTemplate] = []
    for (index, item) in items.enumerated() {
      let itemLocation = "\(floatingLocation)[\(index)]"
      count += 1
      try checkTreeLimits(depth: depth + 1, count: count, at: itemLocation)
      guard let object = item.objectValue else {
        throw invalid(itemLocation, "expected an object")
      }
      for key in [LayoutKey.horizontal, .vertical, .tabs, .stack, .weights, .active, .axis, .tab]
      where object[key.rawValue] != nil {
        throw invalid("\(itemLocation).\(key)", "a floating pane is a pane, with no '\(key)'")
      }
      for key in [LayoutKey.floating, .floatingFocused, .floatingHidden]
      where object[key.rawValue] != nil {
        throw invalid("\(itemLocation).\(key)", "a tab's member, but this is a floating pane")
      }
      var pane = try layoutPane(object, at: itemLocation)
      pane.unknownMembers = unknown(object, known: LayoutKey.floatingPane)
      let frame = try floatingFrame(object[LayoutKey.rect.rawValue], at: "\(itemLocation).rect")
      let isPinned = try layoutFlag(object, .pinned, at: itemLocation)
      panes.append(FloatingPaneTemplate(pane, frame: frame, isPinned: isPinned))
    }
    let layer = FloatingLayerTemplate(
      panes, isFocused: try layoutFlag(tab, .floatingFocused, at: location),
      isHidden: try layoutFlag(tab, .floatingHidden, at: location))
    if let problem = layer.problem { throw invalid(floatingLocation, problem) }
    return layer
  }

  private func layoutFlag(
    _ object: JSONObject, _ key: LayoutKey, at location: String
  ) throws(WorkspaceFileError) -> Bool {
    guard let value = object[key.rawValue] else { return false }
    guard let flag = value.boolValue else {
      throw invalid("\(location).\(key)", "expected a Boolean")
    }
    return flag
  }

  private func layoutContainer(
    _ object: JSONObject, _ key: LayoutKey, at location: String, depth: Int, count: inout Int
  ) throws(WorkspaceFileError) -> NodeTemplate {
    let childrenLocation = location == "$" ? "$.\(key)" : "\(location).\(key)"
    guard let items = object[key.rawValue]!.arrayValue, !items.isEmpty else {
      throw invalid(childrenLocation, "expected a non-empty array of nodes")
    }
    var children: [NodeTemplate] = []
    var tabTitles: [String] = []
    for (index, item) in items.enumerated() {
      let itemLocation = "\(childrenLocation)[\(index)]"
      let child = try layoutNode(
        item, at: itemLocation, depth: depth + 1, count: &count, isTab: key == .tabs)
      children.append(child)
      if key == .tabs {
        let given = try item.objectValue.flatMap { (object) throws(WorkspaceFileError) in
          try optionalText(object, .tab, at: itemLocation)
        }
        tabTitles.append(given ?? Self.defaultTabTitle(of: child))
      } else if item.objectValue?[LayoutKey.tab.rawValue] != nil {
        throw invalid("\(itemLocation).tab", "a tab's title, but this node is in a split")
      }
    }
    let router = try object[LayoutKey.router.rawValue].map { (value) throws(WorkspaceFileError) in
      try decodeTemplateRouter(value, at: "\(location).router")
    }
    if key != .stack, object[LayoutKey.axis.rawValue] != nil {
      throw invalid("\(location).axis", "a stack's member, but this node is '\(key)'")
    }
    if key == .tabs || key == .stack {
      if key == .stack, object[LayoutKey.weights.rawValue] != nil {
        throw invalid("\(location).weights", "a split's member, but this node is a stack")
      }
      let active = object[LayoutKey.active.rawValue].map(\.intValue) ?? 0
      guard let active, active >= 0, active < items.count else {
        throw invalid("\(location).active", "expected an index from 0 to \(items.count - 1)")
      }
      guard key == .stack else {
        return NodeTemplate(
          .tabs(children: children, titles: tabTitles, selected: active), router: router)
      }
      let axis: Axis
      switch object[LayoutKey.axis.rawValue] {
      case nil: axis = .vertical
      case let value?:
        switch value.stringValue {
        case LayoutKey.horizontal.rawValue?: axis = .horizontal
        case LayoutKey.vertical.rawValue?: axis = .vertical
        default: throw invalid("\(location).axis", "expected \"h\" or \"v\"")
        }
      }
      return NodeTemplate(.stack(axis, children: children, expanded: active), router: router)
    }
    let weights = try templateWeights(
      object[LayoutKey.weights.rawValue], count: items.count, at: location)
    let axis: Axis = key == .horizontal ? .horizontal : .vertical
    return NodeTemplate(.split(axis, children: children, weights: weights), router: router)
  }

  private func layoutPane(
    _ object: JSONObject, at location: String
  ) throws(WorkspaceFileError) -> NodeTemplate {
    let title = try optionalText(object, .title, at: location) ?? ""
    let router: RouterState
    switch (object[LayoutKey.route.rawValue], object[LayoutKey.router.rawValue]) {
    case (let value?, nil):
      router = try layoutRoute(value, at: "\(location).route")
    case (nil, let value?):
      router = try decodeTemplateRouter(value, at: "\(location).router")
    case (.some, .some):
      throw invalid(location, "both 'route' and 'router'; a pane has one")
    case (nil, nil):
      throw invalid(
        location,
        "missing 'route' (a pane's root route, such as \"notes/note:7\"), "
          + "or 'h', 'v', 'tabs' or 'stack' for a container")
    }
    let pane = NodeTemplate(.pane(title: title, router: router))
    guard let value = object[LayoutKey.mark.rawValue] else { return pane }
    guard let mark = value.stringValue, WorkspaceState.isValidMark(mark) else {
      throw invalid(
        "\(location).mark",
        "expected a mark: a letter or _, then letters, digits, _, - or ., not a command word")
    }
    return pane.marked(mark)
  }

  /// Refuses a mark given to two panes, naming the second (its path in the layout's
  /// spelling, found again by the same walk).
  private func checkMarks(
    _ root: NodeTemplate, at location: String, holders: inout Set<String>
  ) throws(WorkspaceFileError) {
    var pending = [(root, location)]
    while let (node, nodeLocation) = pending.popLast() {
      // A tab's floating panes come after its tiled tree.
      for (index, pane) in (node.floatingLayer?.panes ?? []).enumerated().reversed() {
        pending.append((pane.pane, "\(nodeLocation).floating[\(index)]"))
      }
      switch node.content {
      case .pane:
        if let mark = node.mark, !holders.insert(mark).inserted {
          throw invalid("\(nodeLocation).mark", "mark '\(mark)' is held by another pane already")
        }
      case .split(let axis, let children, _):
        let key = axis == .horizontal ? LayoutKey.horizontal : .vertical
        for (index, child) in children.enumerated().reversed() {
          pending.append((child, "\(nodeLocation).\(key)[\(index)]"))
        }
      case .tabs(let children, _, _):
        for (index, child) in children.enumerated().reversed() {
          pending.append((child, "\(nodeLocation).tabs[\(index)]"))
        }
      case .stack(_, let children, _):
        for (index, child) in children.enumerated().reversed() {
          pending.append((child, "\(nodeLocation).stack[\(index)]"))
        }
      }
    }
  }

  /// A pane's `route`: `KIND/ROUTE` as `split` and `tab new` take it (the kind `token` when
  /// no kind is given), arguments as they are typed (`file:Sources/main.swift`).
  private func layoutRoute(
    _ value: JSONValue, at location: String
  ) throws(WorkspaceFileError) -> RouterState {
    guard let text = value.stringValue else { throw invalid(location, "expected a string") }
    try checkLength(text, at: location)
    let (kind, route) = CommandParser.kindAndRoute(text) ?? (RouteToken.kind, text)
    guard !kind.isEmpty else { throw invalid(location, "empty kind before '/' in '\(text)'") }
    let root: RouteToken
    do {
      root = try RouteToken(parsing: route)
    } catch {
      throw invalid(location, "\(error)")
    }
    for argument in root.arguments { try checkPlaceholders(argument, at: location) }
    return RouterState(kind: kind, stack: RouteStack(root: root))
  }

  /// A tab's title when its node gives none: a pane's own title, else empty.
  static func defaultTabTitle(of node: NodeTemplate) -> String {
    if case .pane(let title, _) = node.content { return title }
    return ""
  }

  private func optionalText(
    _ object: JSONObject, _ key: LayoutKey, at location: String
  ) throws(WorkspaceFileError) -> String? {
    guard let value = object[key.rawValue] else { return nil }
    let memberLocation = location == "$" ? "$.\(key)" : "\(location).\(key)"
    guard let text = value.stringValue else { throw invalid(memberLocation, "expected a string") }
    try checkLength(text, at: memberLocation)
    try checkPlaceholders(text, at: memberLocation)
    return text
  }
}
