import Workspace

extension OnePassDecoder {
  /// Reads a tabs container's `floating` member: its layers, each with its tab index, each
  /// pane's node read as a node whose parent is `tabs`. Only what the reference reads without
  /// a diagnostic: a layer of a tab named twice, an empty layer, a pane that is not a pane, a
  /// frame outside the tab, a focused layer that shows no pane, are the reference's. Members
  /// this version does not know are kept.
  ///
  /// - Parameters:
  ///   - tabs: The container's id if it was read before its `floating` member (as the
  ///     encoder writes it); else the caller sets the panes' parent.
  ///   - depth: The container's depth in the tree.
  /// - Returns: Each layer with the index of its tab.
  mutating func floatingLayers(
    of tabs: NodeID?, depth: Int
  ) throws(NeedsReference) -> [(tab: Int, layer: FloatingLayer)] {
    // The layers' array, a layer, its panes' array and a pane lie below the members.
    let memberDepth = 2 * depth + nesting
    var layers: [(tab: Int, layer: FloatingLayer)] = []
    guard try openArray() else { return layers }
    repeat {
      var tab: Int?
      var layer = FloatingLayer()
      var members = ObjectMembers()
      guard try openObject() else { throw NeedsReference() }
      repeat {
        let (key, start, length) = try self.key()
        let member = Self.layerKeys.member(key)
        try members.claim(member)
        switch member {
        case .tab?: tab = try integer(atLeast: 0)
        case .focused?: layer.isFocused = try boolean()
        case .hidden?: layer.isHidden = try boolean()
        case .panes?:
          guard try openArray() else { throw NeedsReference() }
          repeat {
            layer.panes.append(try floatingPane(of: tabs, depth: depth))
          } while try next(closing: 0x5D)
        default:
          try members.append(
            keyText(start: start, count: length), try keptValue(depth: memberDepth + 2))
        }
      } while try next(closing: 0x7D)
      layer.unknownMembers = members.members
      guard let tab, !layer.isEmpty, !layers.contains(where: { $0.tab == tab }),
        !layer.isFocused || layer.top != nil
      else { throw NeedsReference() }
      layers.append((tab, layer))
    } while try next(closing: 0x5D)
    return layers
  }

  /// One floating pane: its frame, whether it is pinned, and its pane.
  private mutating func floatingPane(
    of tabs: NodeID?, depth: Int
  ) throws(NeedsReference) -> FloatingPane {
    // The pane is nested three levels below the container's members (the layers' array, a
    // layer, its panes' array, the pane): counted as deeper nodes, so every limit holds.
    let pane = try floatingPane(keptDepth: 2 * depth + nesting + 4) {
      (decoder) throws(NeedsReference) in
      try decoder.node(parent: tabs, depth: depth + 3).id
    }
    guard nodes[pane.id]?.isPane == true else { throw NeedsReference() }
    return pane
  }

  /// A floating pane object — its frame, whether it is pinned, its pane read by `readNode` —
  /// with the members it does not know kept at `keptDepth`: the tree's layers hold the pane's
  /// node, a history image's its id.
  mutating func floatingPane(
    keptDepth: Int, node readNode: (inout Self) throws(NeedsReference) -> NodeID
  ) throws(NeedsReference) -> FloatingPane {
    var frame: FloatingFrame?
    var isPinned = false
    var id: NodeID?
    var members = ObjectMembers()
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, start, length) = try self.key()
      let member = Self.floatingPaneKeys.member(key)
      try members.claim(member)
      switch member {
      case .frame?: frame = try self.frame()
      case .pinned?: isPinned = try boolean()
      case .node?: id = try readNode(&self)
      default:
        try members.append(keyText(start: start, count: length), try keptValue(depth: keptDepth))
      }
    } while try next(closing: 0x7D)
    guard let id, let frame else { throw NeedsReference() }
    var pane = FloatingPane(id, frame: frame, isPinned: isPinned)
    pane.unknownMembers = members.members
    return pane
  }

  /// A floating pane's frame: four numbers, a valid frame.
  mutating func frame() throws(NeedsReference) -> FloatingFrame {
    let fractions = try array { (decoder: inout Self) throws(NeedsReference) in
      guard let number = try decoder.number().numberValue else { throw NeedsReference() }
      return number
    }
    guard fractions.count == 4 else { throw NeedsReference() }
    let frame = FloatingFrame(
      x: fractions[0], y: fractions[1], width: fractions[2], height: fractions[3])
    guard frame.isValid else { throw NeedsReference() }
    return frame
  }

  static let layerKeys = KeyTable(keys: FormatKey.floatingLayerMembers)
  static let floatingPaneKeys = KeyTable(keys: FormatKey.floatingPaneMembers)
}
