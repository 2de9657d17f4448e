import PaneRouter
import Workspace

/// Writes a workspace state as the JSON value of the file format: deterministic (same state,
/// same value, same bytes), with members in a fixed order and unknown members kept.
enum WorkspaceEncoder {
  /// The whole file's value.
  ///
  /// - Complexity: O(*n* + *k*), for *n* nodes and *k* routes.
  static func encode(_ state: WorkspaceState) -> JSONValue {
    var object = JSONObject()
    object["format"] = .string(WorkspaceFormat.name)
    object["version"] = number(WorkspaceFormat.currentVersion)
    if state.revision != 0 { object["revision"] = number(state.revision) }
    object["nextId"] = number(state.nextID)
    object["focus"] = id(state.focusedPane)
    object["mru"] = .array(state.mostRecentlyUsed.map(id))
    if state.mostRecentlyUsedLimit != WorkspaceState.defaultMostRecentlyUsedLimit {
      object["mruLimit"] = number(state.mostRecentlyUsedLimit)
    }
    if let zoomed = state.zoomedPane { object["zoomed"] = id(zoomed) }
    if let size = state.layoutSize { object["layoutSize"] = .string(size.description) }
    if let size = state.minimumPaneSize { object["minimumPaneSize"] = .string(size.description) }
    object["root"] = nestedNode(state.rootID, in: state)
    object["history"] = history(state.history)
    if !state.templates.isEmpty { object["templates"] = TemplateEncoder.encode(state.templates) }
    append(state.unknownMembers, to: &object)
    return .object(object)
  }

  /// A node with its children nested, depth-first.
  static func nestedNode(_ nodeID: NodeID, in state: WorkspaceState) -> JSONValue {
    let node = state.node(nodeID)!
    return .object(
      fields(of: node) { children in .array(children.map { nestedNode($0, in: state) }) })
  }

  /// A node as history stores it: children and parent as ids.
  private static func flatNode(_ node: Node) -> JSONValue {
    var object = fields(of: node) { .array($0.map(id)) }
    object.members.insert((key: "parent", value: node.parent.map(id) ?? .null), at: 1)
    return .object(object)
  }

  private static func fields(of node: Node, children: ([NodeID]) -> JSONValue) -> JSONObject {
    var object = JSONObject()
    object["id"] = id(node.id)
    switch node.kind {
    case .pane:
      object["kind"] = "pane"
      object["title"] = .string(node.title)
    case .split(let axis):
      object["kind"] = "split"
      object["axis"] = .string(axis.rawValue)
      object["active"] = number(node.activeIndex)
      object["weights"] = .array(node.weights.map(JSONValue.number))
    case .tabs:
      object["kind"] = "tabs"
      object["active"] = number(node.activeIndex)
      object["titles"] = .array(node.tabTitles.map(JSONValue.string))
    case .unknown(let kind):
      object["kind"] = .string(kind)
    }
    if let router = node.router { object["router"] = self.router(router) }
    if node.isContainer { object["children"] = children(node.children) }
    append(node.unknownMembers, to: &object)
    return object
  }

  static func router(_ router: RouterState) -> JSONValue {
    var object = JSONObject()
    object["kind"] = .string(router.kind)
    object["stack"] = tokens(router.stack.stack)
    if let modal = router.stack.modal {
      var nested = JSONObject()
      nested["style"] = .string(modal.style.rawValue)
      nested["stack"] = tokens(modal.stack)
      append(router.modalUnknownMembers, to: &nested)
      object["modal"] = .object(nested)
    }
    if router.stack.maxDepth != RouteStack<RouteToken>.defaultMaximumDepth {
      object["maxDepth"] = number(router.stack.maxDepth)
    }
    if !router.stack.rejectsDuplicateTop { object["rejectsDuplicateTop"] = false }
    append(router.unknownMembers, to: &object)
    return .object(object)
  }

  private static func history(_ history: History) -> JSONValue {
    var object = JSONObject()
    object["limit"] = number(history.limit)
    object["undo"] = .array(history.undoEntries.map(entry))
    object["redo"] = .array(history.redoEntries.map(entry))
    return .object(object)
  }

  private static func entry(_ entry: History.Entry) -> JSONValue {
    let journal = entry.journal
    var object = JSONObject()
    object["label"] = .string(entry.label)
    object["root"] = id(journal.rootID)
    object["mru"] = .array(journal.mostRecentlyUsed.map(id))
    if let zoomed = journal.zoomedPane { object["zoomed"] = id(zoomed) }
    if journal.restoresZoom { object["zoomChanged"] = .bool(true) }
    object["nodes"] = .array(
      journal.nodes.keys.sorted().map { nodeID in
        var image = JSONObject()
        image["id"] = id(nodeID)
        image["node"] = journal.nodes[nodeID]!.map(flatNode) ?? .null
        return .object(image)
      })
    return .object(object)
  }

  private static func tokens(_ routes: [RouteToken]) -> JSONValue {
    .array(routes.map { .string($0.description) })
  }

  private static func id(_ id: NodeID) -> JSONValue {
    .number(Double(id.rawValue))
  }

  private static func number(_ value: Int) -> JSONValue {
    .number(Double(value))
  }

  /// Appends kept members after the known ones, as they were read.
  static func append(_ members: UnknownMembers, to object: inout JSONObject) {
    object.members += members.jsonMembers
  }
}
