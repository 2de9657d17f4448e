/// The members of a JSON object, kept in document order.
///
/// Duplicate keys are kept: every member the reader sees is stored, and ``duplicateKeys()``
/// reports the keys that occur more than once. Lookups through ``subscript(_:)`` return the
/// *last* value stored for a key, which matches what most JSON implementations do.
///
/// Equality is order-sensitive: two objects are equal when they have the same members, with the
/// same keys and values, in the same order.
///
/// Lookups are linear scans, which is the fastest option for the small objects found in
/// workspace files; build a dictionary yourself if you need many lookups on a large object.
package struct JSONObject: Equatable, Sendable, ExpressibleByDictionaryLiteral {
  /// The members in document order, including duplicate keys.
  package var members: [(key: String, value: JSONValue)]

  /// Creates an object with no members.
  package init() {
    members = []
  }

  /// Creates an object with the given members, kept in the given order.
  package init(members: [(key: String, value: JSONValue)]) {
    self.members = members
  }

  /// Creates an object from a literal, keeping the member order and any duplicate keys.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    members = elements.map { (key: $0.0, value: $0.1) }
  }

  /// The number of members, counting duplicate keys separately.
  package var count: Int { members.count }

  /// Whether the object has no members.
  package var isEmpty: Bool { members.isEmpty }

  /// The keys of all members in document order, including repeated keys.
  package var keys: [String] { members.map(\.key) }

  /// The values of all members in document order.
  package var values: [JSONValue] { members.map(\.value) }

  /// The last value stored under `key`; setting replaces that member in place or appends one.
  ///
  /// Setting `nil` removes every member with the key, like ``removeValue(forKey:)``.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  package subscript(key: String) -> JSONValue? {
    get {
      guard let index = lastIndex(ofKey: key) else { return nil }
      return members[index].value
    }
    set {
      guard let newValue else {
        removeValue(forKey: key)
        return
      }
      if let index = lastIndex(ofKey: key) {
        members[index].value = newValue
      } else {
        members.append((key: key, value: newValue))
      }
    }
  }

  /// Whether at least one member has the given key.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  package func contains(key: String) -> Bool {
    lastIndex(ofKey: key) != nil
  }

  /// The position in ``members`` of the last member with the given key, or `nil`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  package func lastIndex(ofKey key: String) -> Int? {
    var index = members.count
    while index > 0 {
      index -= 1
      if members[index].key == key { return index }
    }
    return nil
  }

  /// Removes every member with the given key and returns the value that lookups returned.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members.
  @discardableResult
  mutating func removeValue(forKey key: String) -> JSONValue? {
    let removed = self[key]
    if removed != nil {
      members.removeAll { $0.key == key }
    }
    return removed
  }

  /// Appends a member at the end, even when the key is already present.
  package mutating func append(key: String, value: JSONValue) {
    members.append((key: key, value: value))
  }

  /// The keys that occur more than once, each listed once, in order of first occurrence.
  ///
  /// - Complexity: O(*n*) expected, where *n* is the number of members.
  package func duplicateKeys() -> [String] {
    if members.count <= 16 {
      // Small objects, the common case: compare pairwise without hashing.
      var duplicates: [String] = []
      for index in members.indices {
        let key = members[index].key
        let earlier = members[..<index].lazy.filter { $0.key == key }.count
        if earlier == 1 { duplicates.append(key) }
      }
      return duplicates
    }
    var seenCounts: [String: Int] = [:]
    seenCounts.reserveCapacity(members.count)
    var duplicates: [String] = []
    for member in members {
      let seen = seenCounts[member.key, default: 0]
      if seen == 1 { duplicates.append(member.key) }
      seenCounts[member.key] = seen + 1
    }
    return duplicates
  }

  /// Compares two objects member by member, in order.
  package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
    guard lhs.members.count == rhs.members.count else { return false }
    for (left, right) in zip(lhs.members, rhs.members)
    where left.key != right.key || left.value != right.value {
      return false
    }
    return true
  }
}
