import Workspace

/// A tabs container's `floating` member: each tab's floating layer, read with its JSON paths
/// and repaired (`decodeFloating(_:tabs:kept:at:depth:)`), or as history stores it, strictly
/// (`flatFloating(_:tabCount:)`).
extension WorkspaceDecoder {
  /// The nested nodes of a tabs container's floating panes, with their JSON paths, for the
  /// first pass that collects the stored ids.
  static func floatingNodes(
    of object: JSONDocument.Object, at location: String
  ) -> [(value: JSONDocument.Value, location: String)] {
    guard object[.kind]?.isString(StoredNodeKind.tabs.spelling) == true,
      let layers = object[.floating]?.arrayValue
    else { return [] }
    var found: [(value: JSONDocument.Value, location: String)] = []
    for (index, layer) in layers.enumerated() {
      guard let panes = layer.objectValue?[.panes]?.arrayValue else { continue }
      for (number, pane) in panes.enumerated() {
        guard let node = pane.objectValue?[.node] else { continue }
        found.append((node, "\(location).floating[\(index)].panes[\(number)].node"))
      }
    }
    return found
  }

  /// Decodes the floating layers of a tabs container: one per kept tab (`kept` holds each
  /// kept tab's stored index), each pane decoded as a node whose parent is `tabs`.
  ///
  /// Repairs, each reported at its JSON path: a `floating` that is not an array is ignored; a
  /// layer that is not an object, names no kept tab or holds no usable pane is dropped with
  /// its panes; a second layer of one tab is merged into the first; a pane entry that is not
  /// an object or whose `node` is not a usable pane is dropped; a missing frame, or one that
  /// is not four fractions inside the tab, is centred at half size; a `focused`, `hidden` or
  /// `pinned` that is not a Boolean is `false`; focus on a layer that shows no pane leaves it.
  mutating func decodeFloating(
    _ object: JSONDocument.Object, tabs: NodeID, kept: [Int], at location: String, depth: Int
  ) throws(WorkspaceFileError) -> [FloatingLayer] {
    var layers = Array(repeating: FloatingLayer(), count: kept.count)
    guard let value = object[.floating] else { return layers }
    let location = location + ".floating"
    guard let entries = value.arrayValue else {
      note(location, "not an array; ignored")
      return layers
    }
    for (index, entry) in entries.enumerated() {
      let entryLocation = "\(location)[\(index)]"
      guard let layerObject = entry.objectValue else {
        note(entryLocation, "not an object; dropped")
        continue
      }
      warnAboutDuplicateKeys(in: layerObject, at: entryLocation)
      guard let stored = layerObject[.tab]?.intValue, let tab = kept.firstIndex(of: stored) else {
        note(entryLocation + ".tab", "names no tab of the container; layer and its panes dropped")
        continue
      }
      guard let paneValues = layerObject[.panes]?.arrayValue else {
        note(entryLocation + ".panes", "missing or not an array; layer dropped")
        continue
      }
      var layer = FloatingLayer()
      for (number, paneValue) in paneValues.enumerated() {
        let paneLocation = "\(entryLocation).panes[\(number)]"
        if let pane = try floatingPane(paneValue, tabs: tabs, at: paneLocation, depth: depth) {
          layer.panes.append(pane)
        }
      }
      guard !layer.isEmpty else {
        note(entryLocation, "no usable floating pane; layer dropped")
        continue
      }
      layer.isFocused = flag(layerObject, .focused, at: entryLocation)
      layer.isHidden = flag(layerObject, .hidden, at: entryLocation)
      layer.unknownMembers = unknown(layerObject, known: FormatKey.floatingLayerMembers)
      if !layers[tab].isEmpty {
        note(entryLocation + ".tab", "tab \(stored) has a layer already; merged into it")
        layer.panes = layers[tab].panes + layer.panes
        layer.isFocused = layer.isFocused || layers[tab].isFocused
        layer.isHidden = layer.isHidden && layers[tab].isHidden
        layer.unknownMembers = layers[tab].unknownMembers
      }
      if layer.isFocused, layer.top == nil {
        note(entryLocation + ".focused", "the layer shows no pane; focus left it")
        layer.isFocused = false
      }
      layers[tab] = layer
    }
    return layers
  }

  /// One floating pane entry, or `nil` (with a diagnostic) for one that cannot be used.
  private mutating func floatingPane(
    _ value: JSONDocument.Value, tabs: NodeID, at location: String, depth: Int
  ) throws(WorkspaceFileError) -> FloatingPane? {
    guard let object = value.objectValue else {
      note(location, "not an object; dropped")
      return nil
    }
    warnAboutDuplicateKeys(in: object, at: location)
    guard let node = object[.node] else {
      note(location, "missing 'node'; dropped")
      return nil
    }
    guard node.objectValue?[.kind]?.isString(StoredNodeKind.pane.spelling) == true else {
      note(location + ".node", "a floating node must be a pane; dropped")
      return nil
    }
    guard let id = try decodeNode(node, at: location + ".node", parent: tabs, depth: depth + 1)
    else { return nil }
    var frame = FloatingFrame.centred
    if let stored = Self.frame(object[.frame]) {
      frame = stored
    } else {
      note(
        location + ".frame",
        "\(object[.frame] == nil ? "missing" : "not [x, y, width, height] inside the tab"); "
          + "centred at half size")
    }
    var pane = FloatingPane(id, frame: frame, isPinned: flag(object, .pinned, at: location))
    pane.unknownMembers = unknown(object, known: FormatKey.floatingPaneMembers)
    return pane
  }

  /// A frame: an array of four numbers, a valid `FloatingFrame`; `nil` otherwise.
  static func frame(_ value: JSONDocument.Value?) -> FloatingFrame? {
    guard let items = value?.arrayValue, items.count == 4 else { return nil }
    let numbers = items.compactMap(\.numberValue)
    guard numbers.count == 4 else { return nil }
    let frame = FloatingFrame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    return frame.isValid ? frame : nil
  }

  /// A Boolean member that is `true` only when stored so; anything but a Boolean is reported.
  private mutating func flag(
    _ object: JSONDocument.Object, _ key: FormatKey, at location: String
  ) -> Bool {
    guard let value = object[key] else { return false }
    guard let flag = value.boolValue else {
      note("\(location).\(key)", "not a Boolean; false")
      return false
    }
    return flag
  }

  /// The floating layers of a tabs container's image in history (panes as ids), one per tab;
  /// `nil` for any doubt, which drops the history.
  func flatFloating(_ value: JSONDocument.Value?, tabCount: Int) -> [FloatingLayer]? {
    var layers = Array(repeating: FloatingLayer(), count: tabCount)
    guard let value else { return layers }
    guard let entries = value.arrayValue else { return nil }
    for entry in entries {
      guard let object = entry.objectValue, let tab = object[.tab]?.intValue,
        layers.indices.contains(tab), layers[tab].isEmpty,
        let paneValues = object[.panes]?.arrayValue, !paneValues.isEmpty
      else { return nil }
      var layer = FloatingLayer(
        isFocused: object[.focused]?.boolValue ?? false,
        isHidden: object[.hidden]?.boolValue ?? false)
      for paneValue in paneValues {
        guard let paneObject = paneValue.objectValue,
          let id = paneObject[.node]?.intValue, let frame = Self.frame(paneObject[.frame])
        else { return nil }
        var pane = FloatingPane(
          NodeID(id), frame: frame, isPinned: paneObject[.pinned]?.boolValue ?? false)
        pane.unknownMembers = unknown(paneObject, known: FormatKey.floatingPaneMembers)
        layer.panes.append(pane)
      }
      layer.unknownMembers = unknown(object, known: FormatKey.floatingLayerMembers)
      layers[tab] = layer
    }
    return layers
  }
}
