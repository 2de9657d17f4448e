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
  /// How many of the arrays' first elements are the map's: those after them are left from
  /// before ``removeAll()``, which keeps the arrays as they are for the next check.
  private var count = 0
  private var table: [NodeID: Value]?

  /// An empty map.
  init() {}

  /// The value for `id`, or `nil` if it has none; setting `nil` is not supported (the
  /// checks only add).
  subscript(id: NodeID) -> Value? {
    get {
      if let table { return table[id] }
      guard let index = index(of: id) else { return nil }
      return values[index]
    }
    set {
      guard let newValue else { preconditionFailure("a small node map only adds") }
      if table != nil {
        table![id] = newValue
      } else if let index = index(of: id) {
        values[index] = newValue
      } else if count < ids.count {
        ids[count] = id
        values[count] = newValue
        count += 1
      } else if count < Self.linearLimit {
        if ids.isEmpty {
          // Room for every id kept in the arrays at once: grown from empty, the arrays
          // were reallocated four times for a few ids.
          ids.reserveCapacity(Self.linearLimit)
          values.reserveCapacity(Self.linearLimit)
        }
        ids.append(id)
        values.append(newValue)
        count += 1
      } else {
        var table = Dictionary(uniqueKeysWithValues: zip(ids[..<count], values[..<count]))
        table[id] = newValue
        self.table = table
        ids = []
        values = []
        count = 0
      }
    }
  }

  /// The index of `id` among the map's elements of the arrays.
  private func index(of id: NodeID) -> Int? {
    var index = 0
    while index < count {
      if ids[index] == id { return index }
      index += 1
    }
    return nil
  }

  /// Removes every id, keeping the arrays' room for the next check.
  mutating func removeAll() {
    count = 0
    table = nil
  }

  /// Whether `id` has a value.
  func contains(_ id: NodeID) -> Bool {
    if let table { return table[id] != nil }
    return index(of: id) != nil
  }
}

extension SmallNodeMap where Value == Void {
  /// Adds `id` to the map used as a set.
  mutating func insert(_ id: NodeID) {
    self[id] = ()
  }
}
