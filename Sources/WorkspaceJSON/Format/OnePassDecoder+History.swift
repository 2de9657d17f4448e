import Workspace

/// The stored history, read in the same pass as the tree: its entries, each node image with
/// children and parent as ids, and each entry's window list. Only what the reference reads
/// as it is; anything else (an unknown kind, a member of another type than the format's, a
/// duplicate key) is a ``OnePassDecoder/NeedsReference``, and the caller hands the value to
/// the reference's own history code instead, which drops a doubtful history with a
/// diagnostic. Members the reference ignores (of the history, an entry, a node's pair) are
/// read and dropped as it drops them.
extension OnePassDecoder {
  /// Reads the `history` value: its limit and its undo and redo entries, the undo entries
  /// cut to the limit as the reference cuts them.
  mutating func history() throws(NeedsReference) -> History {
    var limit = History.defaultLimit
    var undo: [History.Entry]?
    var redo: [History.Entry]?
    var members = ObjectMembers()
    // The lists, routers and weights of the entries and images read last, for the next
    // ones, in both lists.
    var latest = HistoryValues()
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, _, _) = try self.key()
      let member = Self.historyKeys.member(key)
      try members.claim(member)
      switch member {
      case .limit?:
        guard let stored = try anyInteger() else { throw NeedsReference() }
        limit = max(0, stored)
      case .undo?:
        undo = try entries(latest: &latest)
      case .redo?:
        redo = try entries(latest: &latest)
      default:
        // The history object's other members are not kept.
        _ = try keptValue(depth: 2)
      }
    } while try next(closing: 0x7D)
    guard let undo, let redo else { throw NeedsReference() }
    var history = History(limit: limit)
    history.undoEntries = Array(undo.suffix(limit))
    history.redoEntries = redo
    return history
  }

  /// An array of history entries; `latest` holds the lists, routers and weights of the
  /// entries and images read last.
  private mutating func entries(
    latest: inout HistoryValues
  ) throws(NeedsReference) -> [History.Entry] {
    // An entry's most-recently-used list is its neighbour's give or take a pane or two:
    // grown from eight, a host's lists (a pane more every few commands) were copied once or
    // twice each.
    var room = 8
    return try array { (decoder: inout Self) throws(NeedsReference) in
      let entry = try decoder.entry(recentRoom: room, latest: &latest)
      room = entry.journal.mostRecentlyUsed.count + 4
      return entry
    }
  }

  /// One entry: its label, root, list, zoom, window list and node images; `recentRoom` is
  /// the room its most-recently-used list is read into, `latest` the lists, routers and weights
  /// of the entries and images read last.
  private mutating func entry(
    recentRoom: Int, latest: inout HistoryValues
  ) throws(NeedsReference) -> History.Entry {
    var label: String?
    var root: Int?
    var recent: [NodeID]?
    var zoomed: NodeID?
    var restoresZoom = false
    var windows: [(window: Window, isActive: Bool)]?
    var previous: String?
    var images: NodeImages?
    var members = ObjectMembers()
    // Read once: each read of a static table checks its lazy initialisation, a call.
    let entryKeys = Self.entryKeys
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, _, _) = try self.key()
      let member = entryKeys.member(key)
      try members.claim(member)
      switch member {
      case .label?: label = try string()
      case .root?:
        guard let id = try anyInteger() else { throw NeedsReference() }
        root = id
      case .mostRecentlyUsed?:
        // Inside the top level, the history, its list of entries and the entry.
        recent = try recentValue(depth: 4, in: &latest.mostRecentlyUsed) {
          (decoder: inout Self) throws(NeedsReference) in try decoder.ids(room: recentRoom)
        }
      case .zoomed?: zoomed = try storedID()
      case .zoomChanged?: restoresZoom = try boolean()
      case .windows?:
        windows = try array { (decoder: inout Self) throws(NeedsReference) in
          try decoder.flatWindow()
        }
      case .previousWindow?: previous = try string()
      case .nodes?: images = try nodeImages(latest: &latest)
      default:
        // An entry's other members are not kept.
        _ = try keptValue(depth: 4)
      }
    } while try next(closing: 0x7D)
    guard let label, let root, let recent, let images else { throw NeedsReference() }
    // An entry without `windows` was made in a workspace of the first window alone.
    var windowList = WorkspaceDecoder.firstWindowOnly
    if let windows {
      guard let list = Self.windowList(windows, previous: previous) else { throw NeedsReference() }
      windowList = list
    } else if previous != nil {
      throw NeedsReference()
    }
    return History.Entry(
      label: label,
      journal: Journal(
        nodes: images, rootID: NodeID(root), mostRecentlyUsed: recent, zoomedPane: zoomed,
        restoresZoom: restoresZoom, windowList: windowList))
  }

  /// A history entry's window list as the reference takes it: at least one window and no
  /// more than the limit, exactly one active, identifiers used once, the previous window
  /// one of them.
  private static func windowList(
    _ items: [(window: Window, isActive: Bool)], previous: String?
  ) -> WindowList? {
    guard !items.isEmpty, items.count <= WorkspaceState.windowLimit else { return nil }
    let active = items.indices.filter { items[$0].isActive }
    let windows = items.map(\.window)
    guard active.count == 1, Set(windows.map(\.identifier)).count == windows.count else {
      return nil
    }
    if let previous, !windows.contains(where: { $0.identifier == previous }) { return nil }
    return WindowList(entries: windows, active: active[0], previous: previous)
  }

  /// A window of a history entry: its root is an id; the active one's tree members are the
  /// entry's own, and one that stores them is the reference's.
  private mutating func flatWindow() throws(NeedsReference) -> (window: Window, isActive: Bool) {
    // The front of `focus` is all the reference reads of it, and the list's windows are
    // kept inside the top level, the history, the entry, the list and the window.
    let read = try windowMembers(keptDepth: 6) { decoder throws(NeedsReference) in
      try decoder.integer(atLeast: 1)
    }
    if read.isActive { return (try read.activeWindow(), true) }
    guard let root = read.root, root <= WorkspaceDecoder.maximumID else {
      throw NeedsReference()
    }
    let window = Window(
      identifier: read.identifier, title: read.title, rootID: NodeID(root),
      mostRecentlyUsed: read.recent, zoomedPane: read.zoomed, layoutSize: read.layoutSize,
      unknownMembers: read.members.members)
    return (window, false)
  }

  /// An entry's node images: an array of `{"id": …, "node": …}`, a node `null` where the
  /// entry deletes it; of an id stored twice, the last image, as the reference keeps it.
  /// `latest` holds the lists, routers and weights of the entries and images read last.
  private mutating func nodeImages(
    latest: inout HistoryValues
  ) throws(NeedsReference) -> NodeImages {
    var images = NodeImages()
    guard try openArray() else { return images }
    // Room for the few nodes a command changes: grown from one, the array was reallocated
    // for a second image.
    images.reserveCapacity(4)
    // Read once: each read of a static table checks its lazy initialisation, a call.
    let imageKeys = Self.imageKeys
    repeat {
      var id: Int?
      var image: (node: Node, id: Int)??
      var members = ObjectMembers()
      guard try openObject() else { throw NeedsReference() }
      repeat {
        let (key, _, _) = try self.key()
        let member = imageKeys.member(key)
        try members.claim(member)
        switch member {
        case .id?:
          guard let stored = try anyInteger() else { throw NeedsReference() }
          id = stored
        case .node?:
          image = try null() ? .some(nil) : .some(try flatNode(latest: &latest))
        default:
          // A pair's other members are not kept.
          _ = try keptValue(depth: 6)
        }
      } while try next(closing: 0x7D)
      guard let id, let image else { throw NeedsReference() }
      if let image {
        guard image.id == id else { throw NeedsReference() }
        images[NodeID(id)] = .some(image.node)
      } else {
        images[NodeID(id)] = .some(nil)
      }
    } while try next(closing: 0x5D)
    return images
  }

  /// A node image's members as the file holds them.
  private struct FlatMembers {
    var id: Int?
    var parent: NodeID?
    var kind: StoredNodeKind?
    var title: String?
    var mark: String?
    var router: RouterState?
    var axis: Axis?
    var active: Int?
    var weights: [Double]?
    var titles: [String]?
    var children: [NodeID]?
    var floating: [(tab: Int, layer: FloatingLayer)]?
    var members = ObjectMembers()
    /// A bit (`1 << rawValue`) for each known key the image held, as `members` claims them.
    var keys: UInt64 = 0
  }

  /// A node image (children, parent and floating panes as ids), with the id it stores:
  /// exactly the members the kind's node reads, each of the format's type. Its router,
  /// weights and children are taken from `latest` when their text is that of one kept there.
  private mutating func flatNode(
    latest: inout HistoryValues
  ) throws(NeedsReference) -> (node: Node, id: Int) {
    // The node's members lie inside the top level, the history, its list of entries, the
    // entry, its images, the image's pair and the node.
    let memberDepth = 7
    var image = FlatMembers()
    // Read once: each read of a static table checks its lazy initialisation, a call.
    let imageNodeKeys = Self.imageNodeKeys
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, start, length) = try self.key()
      let member = imageNodeKeys.member(key)
      try image.members.claim(member)
      if let member { image.keys |= 1 << member.rawValue }
      switch member {
      case .id?:
        guard let id = try anyInteger() else { throw NeedsReference() }
        image.id = id
      case .parent?:
        if try !null() {
          guard let parent = try anyInteger() else { throw NeedsReference() }
          image.parent = NodeID(parent)
        }
      case .kind?: image.kind = try name(in: Self.kinds, StoredNodeKind.init(name:))
      case .title?: image.title = try string()
      case .mark?:
        let mark = try string()
        guard WorkspaceState.isValidMark(mark) else { throw NeedsReference() }
        image.mark = mark
      case .router?:
        image.router = try router(depth: memberDepth, latest: &latest)
      case .axis?: image.axis = try name(in: Self.axes, Axis.init(rawValue:))
      case .active?:
        guard let active = try anyInteger() else { throw NeedsReference() }
        image.active = active
      case .weights?:
        image.weights = try recentValue(depth: memberDepth, in: &latest.weights) {
          (decoder: inout Self) throws(NeedsReference) in try decoder.weights()
        }
      case .titles?: image.titles = try titles()
      case .children?:
        image.children = try recentValue(depth: memberDepth, in: &latest.children) {
          (decoder: inout Self) throws(NeedsReference) in try decoder.ids()
        }
      case .floating?: image.floating = try flatFloating(depth: memberDepth)
      default:
        try image.members.append(
          keyText(start: start, count: length), try keptValue(depth: memberDepth))
      }
    } while try next(closing: 0x7D)
    guard let id = image.id, let kind = image.kind else { throw NeedsReference() }
    return (try Self.node(image, id: NodeID(id), kind: kind), id)
  }

  /// An image's router at `depth`: taken from `latest` when its text is that of one kept
  /// there, else read with its stack taken from `latest` when that text is one kept there.
  private mutating func router(
    depth: Int, latest: inout HistoryValues
  ) throws(NeedsReference) -> RouterState {
    let start = reader.index
    var count = 0
    if let router = latest.routers.valueAgain(at: start, depth: depth, in: reader, count: &count) {
      reader.index = start &+ count
      return router
    }
    let router = try router(depth: depth, stacks: &latest.stacks)
    latest.routers.keep(router, start: start, count: reader.index &- start, depth: depth)
    return router
  }

  /// The node an image's members make, as the reference's image of that kind; a member of
  /// another kind (which the reference would keep as unknown) is its to read.
  private static func node(
    _ image: FlatMembers, id: NodeID, kind: StoredNodeKind
  ) throws(NeedsReference) -> Node {
    let unknown = image.members.members
    let children = image.children ?? []
    let active = image.active ?? 0
    // The image holds only keys of the table it was read with, each a bit of `keys`: a set
    // of the kind's members built for every image, then a look for each key in the kind's
    // list, was most of the cost of making its node.
    guard image.keys & ~Self.imageKeyMask(kind) == 0 else { throw NeedsReference() }
    switch kind {
    case .pane:
      guard let router = image.router else { throw NeedsReference() }
      return .pane(
        id, title: image.title ?? "", router: router, parent: image.parent,
        unknownMembers: unknown, mark: image.mark)
    case .split:
      let weights = image.weights ?? []
      guard let axis = image.axis, weights.count == children.count else {
        throw NeedsReference()
      }
      return .split(
        id, axis: axis, children: children, weights: weights, activeIndex: active,
        router: image.router, parent: image.parent, unknownMembers: unknown)
    case .tabs:
      let titles = image.titles ?? []
      guard titles.count == children.count else { throw NeedsReference() }
      var floating = Array(repeating: FloatingLayer(), count: children.count)
      for (tab, layer) in image.floating ?? [] {
        guard floating.indices.contains(tab), floating[tab].isEmpty else {
          throw NeedsReference()
        }
        floating[tab] = layer
      }
      return .tabs(
        id, children: children, titles: titles, activeIndex: active, router: image.router,
        parent: image.parent, unknownMembers: unknown, floating: floating)
    case .stack:
      guard let axis = image.axis else { throw NeedsReference() }
      return .stack(
        id, axis: axis, children: children, activeIndex: active, router: image.router,
        parent: image.parent, unknownMembers: unknown)
    }
  }

  /// An image's floating layers, each pane an id, with their tab indices; `depth` is the
  /// number of arrays and objects open around the image's members.
  private mutating func flatFloating(
    depth: Int
  ) throws(NeedsReference) -> [(tab: Int, layer: FloatingLayer)] {
    // The layers' array and a layer; its panes' array and a pane.
    let layerDepth = depth + 2
    let paneDepth = depth + 4
    return try array { (decoder: inout Self) throws(NeedsReference) in
      var tab: Int?
      var layer = FloatingLayer()
      var members = ObjectMembers()
      guard try decoder.openObject() else { throw NeedsReference() }
      repeat {
        let (key, start, length) = try decoder.key()
        let member = Self.layerKeys.member(key)
        try members.claim(member)
        switch member {
        case .tab?: tab = try decoder.integer(atLeast: 0)
        case .focused?: layer.isFocused = try decoder.boolean()
        case .hidden?: layer.isHidden = try decoder.boolean()
        case .panes?:
          layer.panes = try decoder.array { (decoder: inout Self) throws(NeedsReference) in
            try decoder.flatFloatingPane(depth: paneDepth)
          }
        default:
          try members.append(
            decoder.keyText(start: start, count: length), try decoder.keptValue(depth: layerDepth))
        }
      } while try decoder.next(closing: 0x7D)
      layer.unknownMembers = members.members
      guard let tab, !layer.panes.isEmpty else { throw NeedsReference() }
      return (tab, layer)
    }
  }

  /// A floating pane of an image: its frame, whether it is pinned, its pane's id.
  private mutating func flatFloatingPane(depth: Int) throws(NeedsReference) -> FloatingPane {
    try floatingPane(keptDepth: depth) { (decoder) throws(NeedsReference) in
      guard let stored = try decoder.anyInteger() else { throw NeedsReference() }
      return NodeID(stored)
    }
  }

  /// The keys an image of `kind` may hold, a bit each: its parent and the kind's members.
  private static func imageKeyMask(_ kind: StoredNodeKind) -> UInt64 {
    switch kind {
    case .pane: paneKeyMask
    case .split: splitKeyMask
    case .tabs: tabsKeyMask
    case .stack: stackKeyMask
    }
  }

  private static let paneKeyMask = keyMask(.pane)
  private static let splitKeyMask = keyMask(.split)
  private static let tabsKeyMask = keyMask(.tabs)
  private static let stackKeyMask = keyMask(.stack)

  private static func keyMask(_ kind: StoredNodeKind) -> UInt64 {
    ([.parent] + kind.members).reduce(0) { $0 | 1 << $1.rawValue }
  }

  private static let historyKeys = KeyTable(keys: [.limit, .undo, .redo])
  private static let entryKeys = KeyTable(keys: [
    .label, .root, .mostRecentlyUsed, .zoomed, .zoomChanged, .windows, .previousWindow, .nodes,
  ])
  private static let imageKeys = KeyTable(keys: [.id, .node])
  private static let imageNodeKeys = KeyTable(keys: imageMemberKeys)
  /// The members an image's node may hold: its parent and those of any kind, once each.
  private static let imageMemberKeys: [FormatKey] = {
    var keys: [FormatKey] = [.parent]
    for key in StoredNodeKind.allCases.flatMap(\.members) where !keys.contains(key) {
      keys.append(key)
    }
    return keys
  }()
}
