import Workspace

extension WorkspaceDecoder {
  /// A stored pane id (`focus` or `zoomed`), or `nil`, reported, if it is not an id of a
  /// decoded pane. Panes are never removed by the structural repair that follows, so a
  /// pane found here is still one after it.
  mutating func storedPane(_ value: JSONDocument.Value?, at location: String) -> NodeID? {
    guard let value, !value.isNull else { return nil }
    guard let raw = value.intValue else {
      note(location, "not a node id; ignored")
      return nil
    }
    let id = NodeID(raw)
    guard nodes[id]?.isPane == true else {
      note(location, "\(id) is not a pane of the workspace; ignored")
      return nil
    }
    return id
  }

  /// The stored most-recently-used list without entries that are not panes or repeat an
  /// earlier one (each reported with its index), cut to `limit`.
  mutating func mostRecentlyUsed(
    _ value: JSONDocument.Value?, limit: Int, at location: String = "$.mru"
  ) -> [NodeID] {
    guard let value else { return [] }
    guard let items = value.arrayValue else {
      note(location, "not an array of ids; ignored")
      return []
    }
    var panes: [NodeID] = []
    var seen: Set<NodeID> = []
    for (index, item) in items.enumerated() {
      let itemLocation = "\(location)[\(index)]"
      guard let raw = item.intValue else {
        note(itemLocation, "not a node id; removed")
        continue
      }
      let id = NodeID(raw)
      guard nodes[id]?.isPane == true else {
        note(itemLocation, "\(id) is not a pane of the workspace; removed")
        continue
      }
      guard seen.insert(id).inserted else {
        note(itemLocation, "\(id) repeats an earlier entry; removed")
        continue
      }
      panes.append(id)
    }
    if panes.count > limit {
      note(location, "\(panes.count) panes exceed the limit of \(limit); the oldest removed")
      panes.removeLast(panes.count - limit)
    }
    return panes
  }
}
