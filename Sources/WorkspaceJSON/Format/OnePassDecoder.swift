import PaneRouter
import Workspace

/// Reads a workspace file that needs no repair straight from its bytes, in one pass: the fast
/// path of restore, with ``WorkspaceDecoder`` as its reference and fallback.
///
/// A recursive descent specialised to the format walks the bytes once, validating the JSON
/// with the reader's own primitives (so it accepts only what ``JSONReader`` accepts) and
/// building the state as it goes: a node's members are collected in any order and the node
/// is built at its closing brace, a stack's tokens come from the ``TokenCache`` straight from
/// the bytes. No value tree, no container index, no JSON paths.
///
/// It gives up — ``state(of:path:limits:)`` returns `nil` and the reference decoder reads the
/// file — at the first thing that is not the plain case: any JSON error, any limit reached,
/// a duplicate key, a key with escapes or beyond ASCII, a missing, invalid or repeated id,
/// an older version, a node of an unknown kind, and anything the reference would report as a
/// ``Diagnostic`` or refuse. So every error, message, JSON path and diagnostic comes from the
/// reference, and a state from here is one the reference returns too, equal and with no
/// diagnostics (`OnePassDecoderTests` and the `FuzzWorkspaceLoader` target check both paths
/// against each other).
///
/// Every window's tree (`windows`), the history and the closed list are read in the same
/// pass; the other windows are adopted, and their focus checked, by the reference's own code
/// once every tree is read. Rare members take the reference's own code: a history or closed
/// list that is not plain is read in place (a ``JSONDocument`` of just that value) and
/// `templates` as a value, all once the tree is built, as the reference does; unknown members
/// are kept as the values the reader builds.
struct OnePassDecoder {
  /// The file needs the reference decoder (it is not the common case this one reads, or
  /// something is wrong with it); the reference says what is wrong, if anything.
  struct NeedsReference: Error {}

  /// The document's bytes and the offset of the next byte; its limits are the file's.
  var reader: JSONReader
  let limits: WorkspaceFileLimits
  /// The nodes built so far, by id.
  var nodes: [NodeID: Node]
  var nodeCount = 0
  /// The largest id stored.
  var largestID = 0
  /// The marks the panes read so far hold.
  var marks: Set<String> = []
  let tokenCache: TokenCache
  /// The length of the last stack read, the capacity the next one reserves.
  var stackCapacity = 4
  /// The last stack read, and where the text of each of its plain tokens lies in the
  /// document (``OnePassDecoder/LastStackText``): a token whose bytes are those of the one
  /// at its index in the last stack is that token again (see ``tokens()``).
  var lastStack: [RouteToken] = []
  let lastStackTexts = LastStackTexts()
  /// The weights of the last splits of the tree read, for the next ones.
  var treeWeights = TreeWeights()
  /// The last router's kind, which the next router most likely shares.
  var lastRouterKind: (name: Key, text: String)?
  /// How many more arrays and objects than the top level's tree the tree being read lies
  /// in (a window's tree, two), for the JSON depth limit of its members.
  var nesting = 0
  /// Whether the reference's history code read the file's history.
  private(set) var leavesHistoryToReference = false
  /// Whether the reference's closed-list code read the file's closed list.
  private(set) var leavesClosedToReference = false

  private init(_ buffer: UnsafeRawBufferPointer, limits: WorkspaceFileLimits) {
    reader = JSONReader(
      base: buffer.baseAddress!, count: buffer.count, limits: WorkspaceFile.jsonLimits(limits))
    self.limits = limits
    // Room for a node per half kilobyte: a pane with ten routes takes about that much, one
    // with a hundred several kilobytes (growing the dictionary hashes every id again, 1.5% of
    // a restore of 100 short panes). Distinct tokens are about one in 220 bytes where panes
    // hold ten routes, one in 150 where they hold a hundred (a pane's own `detail:N`): room
    // for one in 160 bytes, rounded up to a power of two, holds both without growing (growing
    // moved the entries and placed them again, 4% of a restore of ten panes of a hundred
    // routes). Room for one in 128 held them too, but for 100 panes of ten routes it zeroed
    // twice the slots, and cost 0.35% more a restore.
    nodes = Dictionary(minimumCapacity: buffer.count / 512)
    tokenCache = TokenCache(expectedCount: buffer.count / 160)
  }

  /// The state stored in `bytes` when the file needs nothing the reference decoder would
  /// report, migrate or refuse; `nil` otherwise.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes, within the file size limit.
  ///   - path: The file's path, for the reference code that reads history and templates.
  ///   - limits: The file's limits.
  /// - Complexity: O(*b*), for *b* bytes, plus O(*h*·*n*) to check a stored history of *h*
  ///   entries against *n* nodes.
  static func state(
    of bytes: [UInt8], path: String, limits: WorkspaceFileLimits
  ) -> WorkspaceState? {
    read(bytes, path: path, limits: limits)?.state
  }

  /// The state stored in `bytes`, as ``state(of:path:limits:)`` reads it, and whether its
  /// history and closed list (if any) were read in this pass rather than by the reference's
  /// code.
  static func read(
    _ bytes: [UInt8], path: String, limits: WorkspaceFileLimits
  ) -> (state: WorkspaceState, readsHistory: Bool, readsClosed: Bool)? {
    bytes.withUnsafeBytes {
      buffer -> (state: WorkspaceState, readsHistory: Bool, readsClosed: Bool)? in
      guard !buffer.isEmpty else { return nil }
      var decoder = OnePassDecoder(buffer, limits: limits)
      guard let state = try? decoder.file(buffer, path: path) else { return nil }
      return (state, !decoder.leavesHistoryToReference, !decoder.leavesClosedToReference)
    }
  }

  /// The top-level members, as the file holds them.
  private struct TopLevel {
    var hasFormat = false
    var hasVersion = false
    var revision = 0
    var nextID: Int?
    var focus: NodeID?
    var zoomed: NodeID?
    var mostRecentlyUsed: [NodeID] = []
    var mostRecentlyUsedLimit = WorkspaceState.defaultMostRecentlyUsedLimit
    var layoutSize: Size?
    var minimumPaneSize: Size?
    var root: NodeID?
    /// The history, read in this pass.
    var history: History?
    /// Where the `history` value starts, when the reference's code reads it.
    var referenceHistory: Int?
    /// The closed list, read in this pass.
    var closedList: ReadClosedList?
    /// Where the `closed` value starts, when the reference's code reads it.
    var closed: Int?
    var templates: JSONValue?
    var routeTypes: JSONValue?
    var windows: [WorkspaceDecoder.StoredWindow]?
    var previousWindow: String?
    var members = ObjectMembers()
  }

  /// Reads the whole file, then finishes the state as the reference does: focus and
  /// most-recently-used list, zoom, history, templates, the invariants.
  private mutating func file(
    _ buffer: UnsafeRawBufferPointer, path: String
  ) throws(NeedsReference) -> WorkspaceState {
    if reader.count >= 3, reader.byte(at: 0) == 0xEF, reader.byte(at: 1) == 0xBB,
      reader.byte(at: 2) == 0xBF
    {
      throw NeedsReference()
    }
    reader.skipWhitespace()
    var top = TopLevel()
    guard try openObject() else { throw NeedsReference() }
    repeat {
      let (key, start, length) = try self.key()
      let member = Self.topLevelKeys.member(key)
      try top.members.claim(member)
      switch member {
      case .format?:
        guard try string() == WorkspaceFormat.name else { throw NeedsReference() }
        top.hasFormat = true
      case .version?:
        guard
          try integer(atLeast: WorkspaceFormat.currentVersion)
            == WorkspaceFormat.currentVersion
        else { throw NeedsReference() }
        top.hasVersion = true
      case .revision?:
        top.revision = try integer(atLeast: 0)
      case .nextID?:
        top.nextID = try integer(atLeast: 1)
      case .focus?:
        top.focus = try storedID()
      case .mostRecentlyUsed?:
        top.mostRecentlyUsed = try ids()
      case .mostRecentlyUsedLimit?:
        top.mostRecentlyUsedLimit = try integer(atLeast: 1)
      case .zoomed?:
        top.zoomed = try storedID()
      case .layoutSize?:
        top.layoutSize = try size(lengths: WorkspaceState.layoutLengths)
      case .minimumPaneSize?:
        top.minimumPaneSize = try size(lengths: WorkspaceState.minimumPaneLengths)
      case .root?:
        top.root = try node(parent: nil, depth: 1).id
      case .history?:
        let start = reader.index
        if let history = try? history() {
          top.history = history
        } else {
          // Not the plain case: the reference's history code reads the value, which drops
          // a doubtful history with a diagnostic.
          reader.index = start
          top.referenceHistory = start
          leavesHistoryToReference = true
          guard
            let (_, end) = try? JSONDocument.readValue(
              in: buffer, at: reader.index, limits: limits(depth: 1), { _ in () })
          else { throw NeedsReference() }
          reader.index = end
        }
      case .closed?:
        let start = reader.index
        if let closed = try? closedList() {
          top.closedList = closed
          break
        }
        // Not the plain case: the reference's closed-list code reads the value, which drops
        // what it cannot use with a diagnostic.
        reader.index = start
        top.closed = start
        leavesClosedToReference = true
        guard
          let (_, end) = try? JSONDocument.readValue(
            in: buffer, at: reader.index, limits: limits(depth: 1), { _ in () })
        else { throw NeedsReference() }
        reader.index = end
      case .templates?:
        top.templates = try keptValue(depth: 1)
      case .routeTypes?:
        top.routeTypes = try keptValue(depth: 1)
      case .windows?:
        top.windows = try windows()
      case .previousWindow?:
        top.previousWindow = try string()
      default:
        try top.members.append(keyText(start: start, count: length), try keptValue(depth: 1))
      }
    } while try next(closing: 0x7D)
    reader.skipWhitespace()
    guard reader.index == reader.count, top.hasFormat, top.hasVersion, let rootID = top.root
    else { throw NeedsReference() }
    return try finish(top, rootID: rootID, buffer, path: path)
  }

  /// The state from the tree and the top-level members, checked and completed as the
  /// reference decoder does after reading the tree.
  private mutating func finish(
    _ top: TopLevel, rootID: NodeID, _ buffer: UnsafeRawBufferPointer, path: String
  ) throws(NeedsReference) -> WorkspaceState {
    // The state takes the only reference to the nodes, so a repair changes them in place.
    var nodes: [NodeID: Node] = [:]
    swap(&nodes, &self.nodes)
    var nextID = largestID + 1
    if let stored = top.nextID {
      guard stored <= WorkspaceDecoder.maximumID + 1, stored >= nextID else {
        throw NeedsReference()
      }
      nextID = stored
    }
    // The focus, the zoomed pane and the list each name a pane (checked one by one: the
    // arrays a joined list of them took cost a small file's restore more than the checks).
    if let focus = top.focus, nodes[focus]?.isPane != true { throw NeedsReference() }
    if let zoomed = top.zoomed, nodes[zoomed]?.isPane != true { throw NeedsReference() }
    for pane in top.mostRecentlyUsed where nodes[pane]?.isPane != true {
      throw NeedsReference()
    }
    let recent = top.mostRecentlyUsed
    guard recent.count <= top.mostRecentlyUsedLimit,
      recent.count < 2 || Set(recent).count == recent.count
    else { throw NeedsReference() }
    var state = WorkspaceState(
      nodes: nodes, rootID: rootID, nextID: nextID, mostRecentlyUsed: recent, zoomedPane: nil,
      history: History(), unknownMembers: top.members.members,
      mostRecentlyUsedLimit: top.mostRecentlyUsedLimit, layoutSize: top.layoutSize,
      minimumPaneSize: top.minimumPaneSize, revision: top.revision)
    // Every container was checked as it was read (no empty one, no split of fewer than two
    // children or inside one of its axis, weights and active indices as stored are valid)
    // and every node is a pane or a container, so each holds a pane and the structural
    // repair has nothing to do; focus it does silently — the stored focus at the end of the
    // active chain, at the front of the list — so it runs when they are not already so.
    // With other windows' trees in the nodes the repair also checks that the list names the
    // active window's panes alone, so it runs.
    let chainEnd = state.focusedPane
    let isRepaired =
      (top.focus ?? chainEnd) != chainEnd || recent.first != chainEnd || top.windows != nil
    if isRepaired {
      guard let repairs = state.repair(focus: top.focus), repairs.isEmpty else {
        throw NeedsReference()
      }
    }
    if let zoomed = top.zoomed {
      guard zoomed == state.focusedPane else { throw NeedsReference() }
      state.zoomedPane = zoomed
    }
    if let windows = top.windows {
      try adopt(
        windows, previous: top.previousWindow, limit: top.mostRecentlyUsedLimit, into: &state,
        path: path)
    } else if top.previousWindow != nil {
      throw NeedsReference()
    }
    if let history = top.history {
      // A history with entries must replay onto the tree. An empty one replays whenever the
      // tree is sound, which the checks below make sure of (the reference would check the
      // whole tree for nothing). Unrepaired, the tree is sound by construction (see below),
      // and the replay does not check it whole first.
      if !history.undoEntries.isEmpty || !history.redoEntries.isEmpty {
        var candidate = state
        candidate.history = history
        guard candidate.historyReplays(treeIsSound: !isRepaired) else { throw NeedsReference() }
      }
      state.history = history
    }
    if let closed = top.closedList {
      // The reference drops an entry naming an id at or above the next id.
      guard closed.largestID < state.nextID else { throw NeedsReference() }
      state.closed = ClosedList(entries: closed.entries)
    }
    if top.referenceHistory != nil || top.closed != nil || top.templates != nil
      || top.routeTypes != nil
    {
      var reference = WorkspaceDecoder(file: path, limits: limits)
      if let history = top.referenceHistory {
        guard
          (try? JSONDocument.readValue(in: buffer, at: history, limits: .validated) { value in
            reference.decodeHistory(value, into: &state)
          }) != nil
        else { throw NeedsReference() }
      }
      if let closed = top.closed {
        guard
          (try? JSONDocument.readValue(in: buffer, at: closed, limits: .validated) {
            value throws(WorkspaceFileError) in try reference.decodeClosed(value, into: &state)
          }) != nil
        else { throw NeedsReference() }
      }
      if let templates = top.templates {
        state.templates = reference.decodeTemplates(templates, at: "$.templates")
      }
      if let routeTypes = top.routeTypes {
        state.routeSchema = reference.decodeRouteSchema(routeTypes, at: "$.routeTypes")
      }
      guard reference.diagnostics.isEmpty else { throw NeedsReference() }
    }
    // Without the repair the invariants hold by construction: the tree was built from its
    // root down, each node once under the id it stores, a child naming its container; every
    // container was checked as it was read; ids lie below the next id; the list starts with
    // the focused pane, holds panes only, once each, within its limit; zoom is on that pane.
    // History and templates leave the tree as it is. The tests check the claim.
    if isRepaired {
      guard state.invariantViolations().isEmpty else { throw NeedsReference() }
    } else {
      assert(state.invariantViolations().isEmpty, "the one-pass decoder broke an invariant")
    }
    return state
  }

  /// A stored pane id (`focus`, `zoomed`): `null` or an integer.
  mutating func storedID() throws(NeedsReference) -> NodeID? {
    if try null() { return nil }
    guard let id = try anyInteger() else { throw NeedsReference() }
    return NodeID(id)
  }

  /// The most-recently-used list: an array of integers, read into room for `room`.
  mutating func ids(room: Int = 8) throws(NeedsReference) -> [NodeID] {
    try array(room: room) { (decoder: inout Self) throws(NeedsReference) in
      guard let id = try decoder.anyInteger() else { throw NeedsReference() }
      return NodeID(id)
    }
  }

  /// A size `"WxH"`, each length in `lengths`.
  mutating func size(lengths: ClosedRange<Int>) throws(NeedsReference) -> Size {
    guard let size = Size(parsing: try string()), lengths.contains(size.width),
      lengths.contains(size.height)
    else { throw NeedsReference() }
    return size
  }

  private static let topLevelKeys = KeyTable(keys: FormatKey.topLevelMembers)
}

extension OnePassDecoder {
  /// The members of one object: which known keys it held (a second one is a duplicate,
  /// which the reference reports) and the unknown members, kept in document order.
  struct ObjectMembers {
    private var known: UInt64 = 0
    private var kept: [(key: String, value: JSONValue)] = []

    /// Records the known key `key`, if any; ``NeedsReference`` if the object held it already.
    @inline(__always)
    mutating func claim(_ key: FormatKey?) throws(NeedsReference) {
      guard let key else { return }
      let bit: UInt64 = 1 << key.rawValue
      guard known & bit == 0 else { throw NeedsReference() }
      known |= bit
    }

    /// Whether the object held the known key `key`.
    func holds(_ key: FormatKey) -> Bool {
      known & 1 << key.rawValue != 0
    }

    /// Keeps an unknown member; ``NeedsReference`` if the object held its key already.
    mutating func append(_ key: String, _ value: JSONValue) throws(NeedsReference) {
      guard !kept.contains(where: { $0.key == key }) else { throw NeedsReference() }
      kept.append((key, value))
    }

    /// The unknown members, as the reference keeps them.
    var members: UnknownMembers {
      kept.isEmpty
        ? UnknownMembers() : UnknownMembers(KeptJSONMembers(object: JSONObject(members: kept)))
    }
  }
}
