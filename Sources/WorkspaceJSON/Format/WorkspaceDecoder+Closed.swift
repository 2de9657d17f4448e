import Workspace

extension WorkspaceDecoder {
  /// Decodes the stored closed list into `state`. An entry that is malformed, whose node
  /// needs any repair, is not a sound tree with a pane, or holds an id at or above the next
  /// id is dropped with a diagnostic (it is only a way back, never trusted); so is an older
  /// entry that holds a node of a later one, and the oldest past ``ClosedList/limit``.
  ///
  /// - Throws: A ``WorkspaceFileError`` for an entry's node beyond the tree's limits (depth,
  ///   node count, string length, stack depth), as the tree's own.
  /// - Complexity: O(*n*), for *n* nodes in the entries.
  mutating func decodeClosed(
    _ value: JSONDocument.Value, into state: inout WorkspaceState
  ) throws(WorkspaceFileError) {
    let location = "$.closed"
    guard let items = value.arrayValue else {
      note(location, "not an array; closed list dropped")
      return
    }
    var entries: [(entry: ClosedList.Entry, location: String)] = []
    for (index, item) in items.enumerated() {
      let at = "\(location)[\(index)]"
      if let entry = try closedEntry(item, at: at, nextID: state.nextID) {
        entries.append((entry, at))
      }
    }
    var kept: [ClosedList.Entry] = []
    var seen: Set<NodeID> = []
    for (entry, at) in entries.reversed() {
      guard kept.count < ClosedList.limit else {
        note(at, "more than \(ClosedList.limit) closed entries; the oldest dropped")
        continue
      }
      guard entry.nodes.keys.allSatisfy({ !seen.contains($0) }) else {
        note(at, "holds a node of a later closed entry; dropped")
        continue
      }
      seen.formUnion(entry.nodes.keys)
      kept.append(entry)
    }
    state.closed = ClosedList(entries: kept.reversed())
  }

  private mutating func closedEntry(
    _ value: JSONDocument.Value, at location: String, nextID: Int
  ) throws(WorkspaceFileError) -> ClosedList.Entry? {
    guard let object = value.objectValue, let nodeValue = object[.node] else {
      note(location, "not an object with a 'node'; closed entry dropped")
      return nil
    }
    warnAboutDuplicateKeys(in: object, at: location)
    var reader = WorkspaceDecoder(file: file, limits: limits)
    let root = try reader.decodeSubtree(nodeValue, at: location + ".node")
    var layer = FloatingLayer()
    if let value = object[.layer], root != nil {
      guard let decoded = try closedLayer(value, reader: &reader, at: location + ".layer") else {
        return nil
      }
      layer = decoded
    }
    if let cause = reader.diagnostics.first {
      note(cause.location, "\(cause.message); closed entry dropped")
      return nil
    }
    guard let root else { return nil }
    var floating: ClosedList.FloatingPlace?
    if let value = object[.floating] {
      guard let place = value.objectValue, let tab = place[.tab]?.intValue,
        (1..<nextID).contains(tab), let frame = Self.frame(place[.frame]),
        place[.pinned] == nil || place[.pinned]?.boolValue != nil,
        reader.nodes[root]?.isPane == true, layer.isEmpty
      else {
        note(
          location + ".floating",
          "not a floating pane's 'tab' id, 'frame' and 'pinned' flag; closed entry dropped")
        return nil
      }
      var pane = FloatingPane(root, frame: frame, isPinned: place[.pinned]?.boolValue ?? false)
      pane.unknownMembers = unknown(place, known: FormatKey.closedFloatingMembers)
      floating = ClosedList.FloatingPlace(tab: NodeID(tab), pane: pane)
    }
    var treeNodes = reader.nodes
    for pane in layer.ids { treeNodes[pane] = nil }
    let tree = WorkspaceState(
      nodes: treeNodes, rootID: root, nextID: nextID, mostRecentlyUsed: [], zoomedPane: nil,
      history: History(), unknownMembers: UnknownMembers())
    if let problem = tree.invariantViolations(checkingFocus: false).first {
      note(location + ".node", "\(problem); closed entry dropped")
      return nil
    }
    guard let place = try closedPlace(object[.place], at: location + ".place") else { return nil }
    // Without `siblings`, the entry goes back by its place alone.
    let siblingValues = object[.siblings] == nil ? [] : object[.siblings]?.arrayValue
    let siblings = siblingValues?.compactMap { value in
      value.intValue.flatMap { (1..<nextID).contains($0) ? NodeID($0) : nil }
    }
    guard let siblings, siblings.count == siblingValues?.count else {
      note(location + ".siblings", "not an array of ids below the next id; closed entry dropped")
      return nil
    }
    guard let window = closedWindow(object, root: root, nodes: reader.nodes) else {
      note(location + ".window", "not a closed window of the entry's tree; closed entry dropped")
      return nil
    }
    return ClosedList.Entry(
      id: root, nodes: reader.nodes, place: place, siblings: siblings,
      unknownMembers: unknown(object, known: FormatKey.closedEntryMembers), window: window,
      floating: floating, layer: layer)
  }

  /// A closed tab's floating layer: `focused`, `hidden` and its `panes`, each a frame, a
  /// pinned flag and a pane node read into `reader` without a parent; `nil` (with a
  /// diagnostic) for anything that cannot be used, which drops the entry.
  private mutating func closedLayer(
    _ value: JSONDocument.Value, reader: inout WorkspaceDecoder, at location: String
  ) throws(WorkspaceFileError) -> FloatingLayer? {
    func flag(_ object: JSONDocument.Object, _ key: FormatKey) -> Bool? {
      guard let value = object[key] else { return false }
      return value.boolValue
    }
    guard let object = value.objectValue, let items = object[.panes]?.arrayValue,
      !items.isEmpty, let isFocused = flag(object, .focused), let isHidden = flag(object, .hidden)
    else {
      note(location, "not a layer with 'panes'; closed entry dropped")
      return nil
    }
    var layer = FloatingLayer(isFocused: isFocused, isHidden: isHidden)
    layer.unknownMembers = unknown(object, known: FormatKey.floatingLayerMembers)
    for (number, item) in items.enumerated() {
      let at = "\(location).panes[\(number)]"
      // Each pane is read as a tree of its own: an id another node of the entry has is refused.
      guard let paneObject = item.objectValue, let frame = Self.frame(paneObject[.frame]),
        let isPinned = flag(paneObject, .pinned), let node = paneObject[.node],
        node.objectValue?[.kind]?.isString(StoredNodeKind.pane.spelling) == true,
        let stored = node.objectValue?[.id]?.intValue, reader.nodes[NodeID(stored)] == nil,
        let id = try reader.decodeSubtree(node, at: at + ".node"), id == NodeID(stored)
      else {
        note(
          at,
          "not a floating pane with a 'frame' and a pane 'node' of its own id; closed entry dropped"
        )
        return nil
      }
      var pane = FloatingPane(id, frame: frame, isPinned: isPinned)
      pane.unknownMembers = unknown(paneObject, known: FormatKey.floatingPaneMembers)
      layer.panes.append(pane)
    }
    return layer
  }

  /// A closed entry's place: its steps, each a container's id below the next id, an index
  /// of at least 0 and a weight (0 < weight ≤ 1) with its axis, or a title.
  private mutating func closedPlace(
    _ value: JSONDocument.Value?, at location: String
  ) throws(WorkspaceFileError) -> [ClosedList.Branch]? {
    guard let items = value?.arrayValue else {
      note(location, "not an array; closed entry dropped")
      return nil
    }
    var place: [ClosedList.Branch] = []
    for (index, item) in items.enumerated() {
      let at = "\(location)[\(index)]"
      guard let object = item.objectValue, let parent = object[.parent]?.intValue,
        (1...Self.maximumID).contains(parent), let position = object[.index]?.intValue,
        position >= 0
      else {
        note(at, "not a step with a 'parent' id and an 'index'; closed entry dropped")
        return nil
      }
      let slot: ClosedList.Slot
      if let kind = object[.kind] {
        guard kind.stringValue == StoredNodeKind.stack.name,
          let axis = object[.axis]?.stringValue.flatMap(Axis.init(rawValue:))
        else {
          note(at, "a step's kind must be 'stack', with an axis; closed entry dropped")
          return nil
        }
        slot = .stack(axis)
      } else if let axisName = object[.axis]?.stringValue {
        guard let axis = Axis(rawValue: axisName), let weight = object[.weight]?.numberValue,
          weight > 0, weight <= 1
        else {
          note(
            at, "a split's step needs an axis and a weight above 0 up to 1; closed entry dropped")
          return nil
        }
        slot = .split(axis, weight: weight)
      } else {
        guard let title = try string(object[.title], at: at + ".title") else {
          note(
            at,
            "a step needs an 'axis' and 'weight', a 'title', or a 'kind' and 'axis'; "
              + "closed entry dropped")
          return nil
        }
        slot = .tab(title)
      }
      place.append(
        ClosedList.Branch(
          parent: NodeID(parent), index: position, slot: slot,
          unknownMembers: unknown(object, known: FormatKey.closedBranchMembers)))
    }
    return place
  }
}
