import PaneRouter
import Workspace

/// Writes a workspace state in the file format, member by member, into a ``JSONSink``:
/// straight into the file's bytes, or into a ``JSONValue`` for tools. Deterministic (same
/// state, same bytes), with members in a fixed order and unknown members kept.
enum WorkspaceEncoder {
  /// The whole file's bytes, in `style`, in a buffer sized from the state.
  ///
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes.
  static func bytes(_ state: WorkspaceState, style: JSONWriter.Style = .pretty)
    -> JSONWriter.Emitter
  {
    var sink = JSONWriter.ByteSink(style: style, capacity: estimatedSize(of: state))
    write(state, into: &sink)
    return sink.finish()
  }

  /// The whole file's bytes in the pretty style, handed to `stream` in pieces of about
  /// `pieceSize` bytes from one reused buffer; the returned emitter holds only the measures
  /// of what was written.
  ///
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes; O(`pieceSize`) memory.
  static func stream(
    _ state: WorkspaceState, to stream: any JSONByteStream, pieceSize: Int
  ) -> JSONWriter.Emitter {
    var sink = JSONWriter.ByteSink(
      style: .pretty, streamingTo: stream, pieceSize: pieceSize,
      capacity: estimatedSize(of: state))
    write(state, into: &sink)
    return sink.finish()
  }

  /// The whole file as a value.
  static func value(_ state: WorkspaceState) -> JSONValue {
    var sink = JSONValueSink()
    write(state, into: &sink)
    return sink.result
  }

  /// A node with its children nested, as a value.
  static func nestedNodeValue(_ id: NodeID, in state: WorkspaceState) -> JSONValue {
    var sink = JSONValueSink()
    nestedNode(id, in: state, into: &sink)
    return sink.result
  }

  /// A stored router, as a value.
  static func routerValue(_ router: RouterState) -> JSONValue {
    var sink = JSONValueSink()
    write(router, into: &sink)
    return sink.result
  }

  /// A little more than the file's size: the nodes' members and every route with its
  /// indentation, so that the buffer rarely grows.
  static func estimatedSize(of state: WorkspaceState) -> Int {
    var routes = 0
    var nodes = 0
    for node in state.nodes.values {
      nodes += 1
      if let stack = node.router?.stack {
        routes += stack.stack.count + (stack.modal?.stack.count ?? 0)
      }
    }
    return 4096 + 320 * nodes + 48 * routes
  }

  /// The whole file.
  static func write<Sink: JSONSink & ~Copyable>(_ state: WorkspaceState, into sink: inout Sink) {
    sink.openObject()
    sink.member(.format, WorkspaceFormat.name)
    sink.member(.version, WorkspaceFormat.currentVersion)
    if state.revision != 0 {
      sink.member(.revision, state.revision)
    }
    sink.member(.nextID, state.nextID)
    sink.member(.focus, state.focusedPane.rawValue)
    sink.key(.mostRecentlyUsed)
    ids(state.mostRecentlyUsed, into: &sink)
    if state.mostRecentlyUsedLimit != WorkspaceState.defaultMostRecentlyUsedLimit {
      sink.member(.mostRecentlyUsedLimit, state.mostRecentlyUsedLimit)
    }
    if let zoomed = state.zoomedPane {
      sink.member(.zoomed, zoomed.rawValue)
    }
    if let size = state.layoutSize {
      sink.member(.layoutSize, size.description)
    }
    if let size = state.minimumPaneSize {
      sink.member(.minimumPaneSize, size.description)
    }
    sink.key(.root)
    nestedNode(state.rootID, in: state, into: &sink)
    sink.key(.history)
    history(state.history, into: &sink)
    if !state.templates.isEmpty {
      sink.key(.templates)
      TemplateEncoder.write(state.templates, into: &sink)
    }
    if !state.routeSchema.isEmpty {
      sink.key(.routeTypes)
      sink.value(RouteSchemaFormat.value(state.routeSchema))
    }
    if !state.closed.isEmpty {
      sink.key(.closed)
      closed(state.closed, into: &sink)
    }
    windows(state.windowList, trees: state, into: &sink)
    unknown(state.unknownMembers, into: &sink)
    sink.close()
  }

  /// The `windows` and `previousWindow` members, unless the list is the one window a
  /// workspace starts with (`main`, untitled, nothing kept), which an older file's tree is:
  /// each window in order, the active one marked (its tree is the top level's), every other
  /// with its focus, list, zoom, size and root, nested from `trees` at the top level, an id
  /// in a history entry.
  static func windows<Sink: JSONSink & ~Copyable>(
    _ list: WindowList, trees: WorkspaceState?, into sink: inout Sink
  ) {
    guard !list.isFirstWindowOnly else { return }
    sink.key(.windows)
    sink.openArray()
    for (index, window) in list.entries.enumerated() {
      sink.openObject()
      sink.member(.id, window.identifier)
      sink.member(.title, window.title)
      if index == list.active {
        sink.member(.active, true)
      } else {
        self.window(window, trees: trees, into: &sink)
      }
      unknown(window.unknownMembers, into: &sink)
      sink.close()
    }
    sink.close()
    if let previous = list.previous { sink.member(.previousWindow, previous) }
  }

  /// A window's tree parts: its focus, list, zoom, size and root (nested from `trees`, else
  /// its id).
  private static func window<Sink: JSONSink & ~Copyable>(
    _ window: Window, trees: WorkspaceState?, into sink: inout Sink
  ) {
    if let focus = window.mostRecentlyUsed.first { sink.member(.focus, focus.rawValue) }
    sink.key(.mostRecentlyUsed)
    ids(window.mostRecentlyUsed, into: &sink)
    if let zoomed = window.zoomedPane { sink.member(.zoomed, zoomed.rawValue) }
    if let size = window.layoutSize { sink.member(.layoutSize, size.description) }
    sink.key(.root)
    if let trees {
      nestedNode(window.rootID, in: trees, into: &sink)
    } else {
      sink.number(window.rootID.rawValue)
    }
  }

  /// A node with its children nested, depth-first.
  static func nestedNode<Sink: JSONSink & ~Copyable>(
    _ nodeID: NodeID, in state: WorkspaceState, into sink: inout Sink
  ) {
    nestedNode(nodeID, in: state.nodes, into: &sink)
  }

  /// A node of `nodes` with its children nested, depth-first: the tree's, or a closed entry's.
  private static func nestedNode<Sink: JSONSink & ~Copyable>(
    _ nodeID: NodeID, in nodes: [NodeID: Node], into sink: inout Sink
  ) {
    let node = nodes[nodeID]!
    fields(of: node, parent: .nested, into: &sink) { sink in
      sink.openArray()
      for child in node.children { nestedNode(child, in: nodes, into: &sink) }
      sink.close()
    } floatingPane: { sink, pane in
      nestedNode(pane, in: nodes, into: &sink)
    }
  }

  /// The closed list, oldest entry first: each its node nested as the tree's are, its place
  /// (container first) and its container's other children.
  private static func closed<Sink: JSONSink & ~Copyable>(
    _ list: ClosedList, into sink: inout Sink
  ) {
    sink.openArray()
    for entry in list.entries {
      sink.openObject()
      sink.key(.node)
      nestedNode(entry.id, in: entry.nodes, into: &sink)
      sink.key(.place)
      sink.openArray()
      for branch in entry.place {
        sink.openObject()
        sink.member(.parent, branch.parent.rawValue)
        sink.member(.index, branch.index)
        switch branch.slot {
        case .split(let axis, let weight):
          sink.member(.axis, axis.rawValue)
          sink.key(.weight)
          sink.number(weight)
        case .tab(let title):
          sink.member(.title, title)
        case .stack(let axis):
          sink.member(.kind, StoredNodeKind.stack.name)
          sink.member(.axis, axis.rawValue)
        }
        unknown(branch.unknownMembers, into: &sink)
        sink.close()
      }
      sink.close()
      sink.key(.siblings)
      ids(entry.siblings, into: &sink)
      if let place = entry.window {
        sink.key(.window)
        sink.openObject()
        sink.member(.id, place.window.identifier)
        sink.member(.title, place.window.title)
        window(place.window, trees: nil, into: &sink)
        unknown(place.window.unknownMembers, into: &sink)
        sink.close()
        sink.member(.index, place.index)
      }
      if let floating = entry.floating {
        sink.key(.floating)
        sink.openObject()
        sink.member(.tab, floating.tab.rawValue)
        frame(floating.pane.frame, into: &sink)
        if floating.pane.isPinned { sink.member(.pinned, true) }
        unknown(floating.pane.unknownMembers, into: &sink)
        sink.close()
      }
      if !entry.layer.isEmpty {
        sink.key(.layer)
        self.floating(entry.layer, tab: nil, into: &sink) { sink, pane in
          nestedNode(pane, in: entry.nodes, into: &sink)
        }
      }
      unknown(entry.unknownMembers, into: &sink)
      sink.close()
    }
    sink.close()
  }

  /// A node as history stores it: children and parent as ids.
  private static func flatNode<Sink: JSONSink & ~Copyable>(_ node: Node, into sink: inout Sink) {
    fields(of: node, parent: .flat(node.parent), into: &sink) { sink in
      ids(node.children, into: &sink)
    } floatingPane: { sink, pane in
      sink.number(pane.rawValue)
    }
  }

  /// How a node's parent is written: not at all in the nested tree, where the nesting says
  /// it, or as an id (`null` for the root) after the node's id in history's flat nodes.
  private enum ParentMember {
    case nested
    case flat(NodeID?)
  }

  /// A node's members, its parent written as `parent` says, its children and floating
  /// panes as `children` and `floatingPane` write them.
  private static func fields<Sink: JSONSink & ~Copyable>(
    of node: Node, parent: ParentMember, into sink: inout Sink,
    children: (inout Sink) -> Void, floatingPane: (inout Sink, NodeID) -> Void
  ) {
    sink.openObject()
    sink.member(.id, node.id.rawValue)
    if case .flat(let parent) = parent {
      sink.key(.parent)
      if let parent { sink.number(parent.rawValue) } else { sink.null() }
    }
    sink.key(.kind)
    switch node.kind {
    case .pane:
      sink.string(StoredNodeKind.pane.name)
      sink.member(.title, node.title)
      if let mark = node.mark { sink.member(.mark, mark) }
    case .split(let axis):
      sink.string(StoredNodeKind.split.name)
      sink.member(.axis, axis.rawValue)
      sink.member(.active, node.activeIndex)
      sink.key(.weights)
      sink.openArray()
      for weight in node.weights { sink.number(weight) }
      sink.close()
    case .tabs:
      sink.string(StoredNodeKind.tabs.name)
      sink.member(.active, node.activeIndex)
      sink.key(.titles)
      sink.openArray()
      for title in node.tabTitles { sink.string(title) }
      sink.close()
    case .stack(let axis):
      sink.string(StoredNodeKind.stack.name)
      sink.member(.axis, axis.rawValue)
      sink.member(.active, node.activeIndex)
    case .unknown(let kind):
      sink.string(kind)
    }
    if let router = node.router {
      sink.key(.router)
      write(router, into: &sink)
    }
    if node.isContainer {
      sink.key(.children)
      children(&sink)
    }
    let layers = node.floatingLayers
    if layers.contains(where: { !$0.isEmpty }) {
      sink.key(.floating)
      sink.openArray()
      for (index, layer) in layers.enumerated() where !layer.isEmpty {
        floating(layer, tab: index, into: &sink, pane: floatingPane)
      }
      sink.close()
    }
    unknown(node.unknownMembers, into: &sink)
    sink.close()
  }

  /// A tab's floating layer: `{"tab": 1, "focused": true, "panes": [{"frame": [x, y, width,
  /// height], "pinned": true, "node": …}]}`, `focused`, `hidden` and `pinned` only when true;
  /// without `tab` for a closed tab's own layer.
  private static func floating<Sink: JSONSink & ~Copyable>(
    _ layer: FloatingLayer, tab: Int?, into sink: inout Sink,
    pane writePane: (inout Sink, NodeID) -> Void
  ) {
    sink.openObject()
    if let tab { sink.member(.tab, tab) }
    if layer.isFocused { sink.member(.focused, true) }
    if layer.isHidden { sink.member(.hidden, true) }
    sink.key(.panes)
    sink.openArray()
    for pane in layer.panes {
      sink.openObject()
      frame(pane.frame, into: &sink)
      if pane.isPinned { sink.member(.pinned, true) }
      sink.key(.node)
      writePane(&sink, pane.id)
      unknown(pane.unknownMembers, into: &sink)
      sink.close()
    }
    sink.close()
    unknown(layer.unknownMembers, into: &sink)
    sink.close()
  }

  /// A floating pane's `frame`: `[x, y, width, height]`.
  private static func frame<Sink: JSONSink & ~Copyable>(
    _ frame: FloatingFrame, into sink: inout Sink
  ) {
    sink.key(.frame)
    sink.openArray()
    for fraction in [frame.x, frame.y, frame.width, frame.height] { sink.number(fraction) }
    sink.close()
  }

  /// A stored router.
  static func write<Sink: JSONSink & ~Copyable>(_ router: RouterState, into sink: inout Sink) {
    sink.openObject()
    sink.member(.kind, router.kind)
    sink.key(.stack)
    tokens(router.stack.stack, into: &sink)
    if let modal = router.stack.modal {
      sink.key(.modal)
      sink.openObject()
      sink.member(.style, modal.style.rawValue)
      sink.key(.stack)
      tokens(modal.stack, into: &sink)
      unknown(router.modalUnknownMembers, into: &sink)
      sink.close()
    }
    if router.stack.maxDepth != RouteStack<RouteToken>.defaultMaximumDepth {
      sink.member(.maxDepth, router.stack.maxDepth)
    }
    if !router.stack.rejectsDuplicateTop {
      sink.member(.rejectsDuplicateTop, false)
    }
    if !router.quarantined.isEmpty {
      sink.key(.quarantined)
      sink.openArray()
      for route in router.quarantined { quarantined(route, into: &sink) }
      sink.close()
    }
    unknown(router.unknownMembers, into: &sink)
    sink.close()
  }

  /// A quarantined token: `{"token": "line:x:abc", "stack": 1}`, or with `"modal": 0` and
  /// the modal's `"style"`.
  private static func quarantined<Sink: JSONSink & ~Copyable>(
    _ route: QuarantinedRoute, into sink: inout Sink
  ) {
    sink.openObject()
    sink.key(.token)
    sink.token(route.token)
    switch route.place {
    case .stack(let index):
      sink.member(.stack, index)
    case .modal(let index):
      sink.member(.modal, index)
      sink.member(.style, (route.style ?? .sheet).rawValue)
    }
    sink.close()
  }

  private static func history<Sink: JSONSink & ~Copyable>(
    _ history: History, into sink: inout Sink
  ) {
    sink.openObject()
    sink.member(.limit, history.limit)
    for (key, entries) in [
      (FormatKey.undo, history.undoEntries), (.redo, history.redoEntries),
    ] {
      sink.key(key)
      sink.openArray()
      for entry in entries { self.entry(entry, into: &sink) }
      sink.close()
    }
    sink.close()
  }

  private static func entry<Sink: JSONSink & ~Copyable>(
    _ entry: History.Entry, into sink: inout Sink
  ) {
    let journal = entry.journal
    sink.openObject()
    sink.member(.label, entry.label)
    sink.member(.root, journal.rootID.rawValue)
    sink.key(.mostRecentlyUsed)
    ids(journal.mostRecentlyUsed, into: &sink)
    if let zoomed = journal.zoomedPane {
      sink.member(.zoomed, zoomed.rawValue)
    }
    if journal.restoresZoom {
      sink.member(.zoomChanged, true)
    }
    windows(journal.windowList, trees: nil, into: &sink)
    sink.key(.nodes)
    sink.openArray()
    // In the order of their ids, as the journal keeps them.
    for (nodeID, image) in journal.nodes {
      sink.openObject()
      sink.member(.id, nodeID.rawValue)
      sink.key(.node)
      if let node = image { flatNode(node, into: &sink) } else { sink.null() }
      sink.close()
    }
    sink.close()
    sink.close()
  }

  private static func tokens<Sink: JSONSink & ~Copyable>(
    _ routes: [RouteToken], into sink: inout Sink
  ) {
    sink.tokens(routes)
  }

  private static func ids<Sink: JSONSink & ~Copyable>(_ ids: [NodeID], into sink: inout Sink) {
    sink.openArray()
    for id in ids { sink.number(id.rawValue) }
    sink.close()
  }

  /// Kept members, after the known ones, as they were read.
  static func unknown<Sink: JSONSink & ~Copyable>(
    _ members: UnknownMembers, into sink: inout Sink
  ) {
    for (key, value) in members.jsonMembers {
      sink.key(key)
      sink.value(value)
    }
  }
}
