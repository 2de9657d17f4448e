/// A map from node ids to values for the few nodes one check looks at: kept in two arrays
/// searched in order while small, moved into a dictionary once it holds more than
/// ``linearLimit`` ids.
///
/// A replayed history step names a handful of nodes, and the check of the tree it leaves
/// looks at them, their neighbours and their chains of parents: building and hashing into a
/// `Set` or `Dictionary` per step cost more than the checks themselves. A large step (a
/// stored entry may name any number of nodes) still gets hashed lookups.
struct SmallNodeMap<Value> {
  /// The most ids kept in the arrays; a comparison of ids is far cheaper than a hash.
  static var linearLimit: Int { 24 }

  private var ids: [NodeID] = []
  private var values: [Value] = []
  private var table: [NodeID: Value]?

  /// An empty map.
  init() {}

  /// The value for `id`, or `nil` if it has none; setting `nil` is not supported (the
  /// checks only add).
  subscript(id: NodeID) -> Value? {
    get {
      if let table { return table[id] }
      guard let index = ids.firstIndex(of: id) else { return nil }
      return values[index]
    }
    set {
      guard let newValue else { preconditionFailure("a small node map only adds") }
      if table != nil {
        table![id] = newValue
      } else if let index = ids.firstIndex(of: id) {
        values[index] = newValue
      } else if ids.count < Self.linearLimit {
        if ids.isEmpty {
          // Room for every id kept in the arrays at once: grown from empty, the arrays
          // were reallocated four times for a few ids.
          ids.reserveCapacity(Self.linearLimit)
          values.reserveCapacity(Self.linearLimit)
        }
        ids.append(id)
        values.append(newValue)
      } else {
        var table = Dictionary(uniqueKeysWithValues: zip(ids, values))
        table[id] = newValue
        self.table = table
        ids = []
        values = []
      }
    }
  }

  /// Removes every id, keeping the arrays' room for the next check.
  mutating func removeAll() {
    ids.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
    table = nil
  }

  /// Whether `id` has a value.
  func contains(_ id: NodeID) -> Bool {
    if let table { return table[id] != nil }
    return ids.contains(id)
  }
}

extension SmallNodeMap where Value == Void {
  /// Adds `id` to the map used as a set.
  mutating func insert(_ id: NodeID) {
    self[id] = ()
  }
}
