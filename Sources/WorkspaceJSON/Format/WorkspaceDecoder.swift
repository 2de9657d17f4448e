import PaneRouter
import Workspace

/// Reads a workspace file's JSON in place into a state, repairing what it can and listing
/// each repair as a ``Diagnostic`` with its JSON path; what it cannot repair is a
/// ``WorkspaceFileError``.
///
/// It reads the values of a ``JSONDocument`` where they lie in the file's bytes, building
/// only the state: no JSON value tree comes first. Members it does not know are kept as
/// `UnknownMembers`, built as values only for them, so a save writes them back.
struct WorkspaceDecoder {
  /// The file's path, for errors.
  let file: String
  let limits: WorkspaceFileLimits
  private(set) var diagnostics: [Diagnostic] = []
  /// The JSON path of each decoded node.
  private var locations: [NodeID: String] = [:]
  /// Ids claimed by the first node that stores them.
  private var claimedIDs: Set<Int> = []
  private var nextFreshID = 1
  private var nodeCount = 0
  /// The decoded nodes by id.
  var nodes: [NodeID: Node] = [:]
  /// The route tokens read so far, shared by the copies that read history entries.
  let tokenCache = TokenCache()

  init(file: String, limits: WorkspaceFileLimits) {
    self.file = file
    self.limits = limits
  }

  /// Decodes a whole file's value, already migrated to the current version.
  mutating func decode(_ object: JSONDocument.Object) throws(WorkspaceFileError) -> WorkspaceState {
    warnAboutDuplicateKeys(in: object, at: "$")
    guard let rootValue = object[.root] else {
      throw invalid("$", "missing 'root'")
    }
    try collectIDs(rootValue, at: "$.root", depth: 1)
    let windowValues = windowValues(object)
    if let windowValues { try collectWindowIDs(windowValues) }
    nextFreshID = (claimedIDs.max() ?? 0) + 1
    claimedIDs = []
    guard let rootID = try decodeNode(rootValue, at: "$.root", parent: nil, depth: 1) else {
      // The first thing noted while reading the root is why it could not be used.
      guard let cause = diagnostics.first(where: { $0.location.hasPrefix("$.root") }) else {
        throw invalid("$.root", "no usable root node")
      }
      throw invalid(cause.location, "\(cause.message); no usable root node")
    }
    var storedNextID = nextFreshID
    if let value = object[.nextID] {
      if let stored = value.intValue, (1...Self.maximumID + 1).contains(stored) {
        if stored < nextFreshID {
          note("$.nextId", "next id \(stored) would reuse an id; raised to \(nextFreshID)")
        }
        storedNextID = max(stored, nextFreshID)
      } else {
        note("$.nextId", "not a positive integer up to 2^53; computed from the ids")
      }
    }
    let mostRecentlyUsedLimit =
      intMember(object, .mostRecentlyUsedLimit, at: "$", minimum: 1)
      ?? WorkspaceState.defaultMostRecentlyUsedLimit
    let windows = try windowValues.map { (values) throws(WorkspaceFileError) in
      try decodeWindows(values, limit: mostRecentlyUsedLimit)
    }
    // A window's node that repeated an id took a fresh one.
    storedNextID = max(storedNextID, nextFreshID)
    // Focus, the most-recently-used list and zoom are checked here, where their JSON paths
    // are known, so that the structural repair below has nothing of theirs left to fix.
    let focus = storedPane(object[.focus], at: "$.focus")
    let zoomed = storedPane(object[.zoomed], at: "$.zoomed")
    var state = WorkspaceState(
      nodes: nodes, rootID: rootID, nextID: storedNextID,
      mostRecentlyUsed: mostRecentlyUsed(object[.mostRecentlyUsed], limit: mostRecentlyUsedLimit),
      zoomedPane: nil, history: History(),
      unknownMembers: unknown(object, known: FormatKey.topLevelMembers),
      mostRecentlyUsedLimit: mostRecentlyUsedLimit,
      layoutSize: size(object, .layoutSize, lengths: WorkspaceState.layoutLengths),
      minimumPaneSize: size(
        object, .minimumPaneSize, lengths: WorkspaceState.minimumPaneLengths),
      revision: intMember(object, .revision, at: "$", minimum: 0) ?? 0)
    guard let repairs = state.repair(focus: focus) else {
      throw invalid("$.root", "the workspace holds no pane")
    }
    for repair in repairs {
      note(locations[repair.node] ?? "$", "\(repair.node): \(repair.message)")
    }
    for repair in state.repairMarks() {
      note(
        (locations[repair.node] ?? "$") + ".mark",
        "\(repair.node): \(repair.reason); mark '\(repair.mark)' dropped")
    }
    if let zoomed {
      if zoomed == state.focusedPane {
        state.zoomedPane = zoomed
      } else {
        note("$.zoomed", "\(zoomed) is not the focused pane \(state.focusedPane); zoom cleared")
      }
    }
    if let windows {
      try adoptWindows(windows, previous: object[.previousWindow], into: &state)
    } else if object[.previousWindow] != nil {
      note("$.previousWindow", "no 'windows' to name; ignored")
    }
    if let history = object[.history] {
      decodeHistory(history, into: &state)
    }
    if let closed = object[.closed] {
      try decodeClosed(closed, into: &state)
    }
    if let templates = object[.templates] {
      state.templates = decodeTemplates(templates, at: "$.templates")
    }
    if let routeTypes = object[.routeTypes] {
      state.routeSchema = decodeRouteSchema(routeTypes.jsonValue, at: "$.routeTypes")
    }
    if let problem = state.invariantViolations().first {
      throw invalid("$", "inconsistent workspace: \(problem)")
    }
    return state
  }

  /// Decodes a subtree that stands alone (a closed entry's node) as the tree is decoded: the
  /// ids as stored, the tree's depth and node-count limits counted from it; `nil` (with a
  /// diagnostic) if its node cannot be used.
  mutating func decodeSubtree(
    _ value: JSONDocument.Value, at location: String
  ) throws(WorkspaceFileError) -> NodeID? {
    try collectIDs(value, at: location, depth: 1)
    nextFreshID = (claimedIDs.max() ?? 0) + 1
    claimedIDs = []
    return try decodeNode(value, at: location, parent: nil, depth: 1)
  }

  // MARK: Nodes

  /// First pass: the ids the nodes store, so that nodes without a valid one get fresh ids
  /// above them all. Enforces the depth and node-count limits.
  mutating func collectIDs(
    _ value: JSONDocument.Value, at location: String, depth: Int
  ) throws(WorkspaceFileError) {
    nodeCount += 1
    try checkTreeLimits(depth: depth, count: nodeCount, at: location)
    guard let object = value.objectValue else { return }
    if let id = object[.id]?.intValue, (1...Self.maximumID).contains(id) { claimedIDs.insert(id) }
    if let children = object[.children]?.arrayValue, Self.isContainer(object) {
      for (index, child) in children.enumerated() {
        try collectIDs(child, at: "\(location).children[\(index)]", depth: depth + 1)
      }
    }
    for (node, nodeLocation) in Self.floatingNodes(of: object, at: location) {
      try collectIDs(node, at: nodeLocation, depth: depth + 1)
    }
  }

  private static func isContainer(_ object: JSONDocument.Object) -> Bool {
    guard let kind = object[.kind] else { return false }
    return StoredNodeKind.allCases.contains { $0.isContainer && kind.isString($0.spelling) }
  }

  /// Second pass: decodes a node and its children, or returns `nil` (with a diagnostic) for
  /// a node that cannot be used.
  mutating func decodeNode(
    _ value: JSONDocument.Value, at location: String, parent: NodeID?, depth: Int
  ) throws(WorkspaceFileError) -> NodeID? {
    guard let object = value.objectValue else {
      note(location, "node is not an object; removed")
      return nil
    }
    warnAboutDuplicateKeys(in: object, at: location)
    guard let kindName = object[.kind]?.stringValue else {
      note(location, "node has no 'kind' string; removed")
      return nil
    }
    let id = claimID(object[.id], at: location)
    var node: Node
    switch StoredNodeKind(name: kindName) {
    case .pane?:
      guard let routerValue = object[.router],
        let router = try decodeRouter(routerValue, at: location + ".router")
      else {
        note(location, "pane has no usable router; removed")
        return nil
      }
      let title = try string(object[.title], at: location + ".title") ?? ""
      node = .pane(id, title: title, router: router, parent: parent, mark: mark(object, location))
    case let kind?:
      node = try decodeContainer(object, kind: kind, id: id, at: location, depth: depth)
      node.parent = parent
    case nil:
      nodes[id] = .unknown(
        id, kind: kindName, parent: parent,
        unknownMembers: unknown(object, known: FormatKey.unknownKindNodeMembers))
      locations[id] = location
      return id
    }
    node.unknownMembers = unknown(object, known: StoredNodeKind(node.kind)!.members)
    nodes[id] = node
    locations[id] = location
    return id
  }

  /// A pane's mark, or `nil` (reported if present but not a valid mark).
  private mutating func mark(_ object: JSONDocument.Object, _ location: String) -> String? {
    guard let value = object[.mark] else { return nil }
    guard let mark = value.stringValue, WorkspaceState.isValidMark(mark) else {
      note(
        location + ".mark",
        "not a mark (a letter or _, then letters, digits, _, - or ., not a command word); "
          + "dropped")
      return nil
    }
    return mark
  }

  /// The largest node id a file may store, 2^53 - 1. Ids are JSON numbers, exact integers
  /// only up to 2^53: a larger id, or the next id after it, would not survive a save.
  static let maximumID = (1 << 53) - 1

  /// The id a node stores, or a fresh one (with a diagnostic) if it is missing, not a
  /// positive integer up to ``maximumID``, or taken by an earlier node.
  private mutating func claimID(_ value: JSONDocument.Value?, at location: String) -> NodeID {
    if let raw = value?.intValue, (1...Self.maximumID).contains(raw),
      claimedIDs.insert(raw).inserted
    {
      return NodeID(raw)
    }
    let fresh = nextFreshID
    nextFreshID += 1
    claimedIDs.insert(fresh)
    let reason: String
    if let digits = value?.bigIntegerDigits {
      // Quoted as written: the nearest `Double` would name another id.
      reason =
        digits.hasPrefix("-")
        ? "id \(digits) is not positive"
        : "id \(digits) is above 2^53 - 1, the largest id a JSON number holds exactly"
    } else if let raw = value?.intValue {
      reason =
        raw < 1
        ? "id \(raw) is not positive"
        : raw > Self.maximumID
          ? "id \(raw) is above 2^53 - 1, the largest id a JSON number holds exactly"
          : "duplicate id \(raw)"
    } else if let text = value?.numberText {
      reason = "id \(text) is not an integer"
    } else {
      reason = value == nil ? "missing id" : "id is not an integer"
    }
    note(location + ".id", "\(reason); given the fresh id \(fresh)")
    return NodeID(fresh)
  }

  // MARK: Helpers

  /// Throws ``WorkspaceFileError/limitExceeded(path:location:what:limit:)`` for a node that
  /// breaks the tree's depth or node-count limit.
  func checkTreeLimits(depth: Int, count: Int, at location: String) throws(WorkspaceFileError) {
    if let (what, _, limit) = limits.treeLimitBroken(depth: depth, count: count) {
      throw .limitExceeded(path: file, location: location, what: what, limit: limit)
    }
  }

  mutating func note(_ location: String, _ message: String) {
    diagnostics.append(Diagnostic(location: location, message: message))
  }

  func invalid(_ location: String, _ reason: String) -> WorkspaceFileError {
    .invalid(path: file, location: location, reason: reason)
  }

  /// A string member, checked against the string limit; a non-string is reported and `nil`.
  mutating func string(_ value: JSONDocument.Value?, at location: String) throws(WorkspaceFileError)
    -> String?
  {
    guard let value else { return nil }
    guard let text = value.stringValue else {
      note(location, "not a string; ignored")
      return nil
    }
    guard text.utf8.count <= limits.maximumStringBytes else {
      throw .limitExceeded(
        path: file, location: location, what: "string length",
        limit: limits.maximumStringBytes)
    }
    return text
  }

  /// An integer member of at least `minimum`, or `nil` (reported if present but invalid).
  mutating func intMember(
    _ object: JSONDocument.Object, _ key: FormatKey, at location: String, minimum: Int
  ) -> Int? {
    guard let value = object[key] else { return nil }
    guard let number = value.intValue, number >= minimum else {
      note("\(location).\(key)", "not an integer of at least \(minimum); ignored")
      return nil
    }
    return number
  }

  /// A top-level size member, `"WxH"` with each length in `lengths`, or `nil` (reported if
  /// present but invalid, and then dropped: the workspace falls back to its default).
  mutating func size(
    _ object: JSONDocument.Object, _ key: FormatKey, lengths: ClosedRange<Int>
  ) -> Size? {
    guard let value = object[key] else { return nil }
    guard let text = value.stringValue, let size = Size(parsing: text),
      lengths.contains(size.width), lengths.contains(size.height)
    else {
      note(
        "$.\(key)",
        "not a size WxH with each length from \(lengths.lowerBound) to \(lengths.upperBound); "
          + "ignored")
      return nil
    }
    return size
  }

  /// The members of `object` whose keys are not in `known`, kept as their values. Of a
  /// duplicate key only the last member is kept, the one lookups use, so a save does not
  /// write the duplicate (and its diagnostic) back.
  ///
  /// - Complexity: O(*n*·*k*) key comparisons in place, for *n* members and *k* known keys;
  ///   only an object with unknown members is built as a value.
  func unknown(_ object: some FormatObject, known: [FormatKey]) -> UnknownMembers {
    guard object.hasMember(notIn: known) else { return UnknownMembers() }
    return unknown(object.jsonObject, known: FormatKey.spellings(known))
  }

  /// The members of `object` whose keys are not in `known`, kept as their values; of a
  /// duplicate key only the last member.
  func unknown(_ object: JSONObject, known: Set<String>) -> UnknownMembers {
    guard object.members.contains(where: { !known.contains($0.key) }) else {
      return UnknownMembers()
    }
    var seen = known
    var members: [(key: String, value: JSONValue)] = []
    for (key, value) in object.members.reversed() where seen.insert(key).inserted {
      members.append((key, value))
    }
    return UnknownMembers(KeptJSONMembers(object: JSONObject(members: members.reversed())))
  }

  mutating func warnAboutDuplicateKeys(in object: JSONDocument.Object, at location: String) {
    guard object.count > 1 else { return }
    for key in object.duplicateKeys() {
      note("\(location).\(key)", "duplicate key; the last value is used")
    }
  }
}
