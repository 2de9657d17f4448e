extension JSONReader {
  /// A growable LIFO buffer whose top elements move out in bulk into a new array.
  ///
  /// The reader pushes every finished value here and, when a container closes, moves exactly
  /// the container's elements into an array of the right size. Moving (rather than copying)
  /// avoids reference-count traffic and the reallocation steps of growing each array one
  /// element at a time. The buffer is noncopyable so its `deinit` can release whatever is
  /// still on it when parsing stops with an error.
  struct MoveStack<Element>: ~Copyable {
    /// The first element slot; slots `0..<count` are initialized.
    private var storage: UnsafeMutablePointer<Element>
    /// The number of allocated slots.
    private var capacity: Int
    /// The number of initialized elements.
    private(set) var count: Int

    /// Creates an empty stack with room for `initialCapacity` elements.
    init(initialCapacity: Int) {
      capacity = max(initialCapacity, 1)
      storage = .allocate(capacity: capacity)
      count = 0
    }

    /// Destroys the elements still on the stack and frees the storage.
    deinit {
      storage.deinitialize(count: count)
      storage.deallocate()
    }

    /// Pushes one element on top of the stack.
    ///
    /// - Complexity: Amortized O(1).
    @inline(__always)
    mutating func push(_ element: consuming Element) {
      if count == capacity { grow() }
      (storage + count).initialize(to: element)
      count += 1
    }

    /// Doubles the capacity, moving the elements to the new storage.
    @inline(never)
    private mutating func grow() {
      let newCapacity = capacity * 2
      let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
      newStorage.moveInitialize(from: storage, count: count)
      storage.deallocate()
      storage = newStorage
      capacity = newCapacity
    }

    /// Moves the elements at positions `start..<count` into a new array, in order.
    ///
    /// - Complexity: O(*k*), where *k* is the number of elements moved.
    mutating func popArray(from start: Int) -> [Element] {
      let moved = count - start
      guard moved > 0 else { return [] }
      let source = storage + start
      let result = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
        buffer.baseAddress!.moveInitialize(from: source, count: moved)
        initialized = moved
      }
      count = start
      return result
    }
  }
}

extension JSONReader.MoveStack where Element == JSONValue {
  /// Moves the pending keys and values of one object into an array of members, in order.
  ///
  /// The key stack must hold exactly as many elements above `keyStart` as this stack holds
  /// above `valueStart`.
  ///
  /// - Complexity: O(*k*), where *k* is the number of members moved.
  mutating func popMembers(
    from valueStart: Int,
    keys: inout JSONReader.MoveStack<String>,
    from keyStart: Int
  ) -> [(key: String, value: JSONValue)] {
    let moved = count - valueStart
    precondition(moved == keys.count - keyStart, "unbalanced object keys and values")
    guard moved > 0 else { return [] }
    let valueSource = storage + valueStart
    let keySource = keys.storage + keyStart
    let result = [(key: String, value: JSONValue)](unsafeUninitializedCapacity: moved) {
      buffer, initialized in
      let target = buffer.baseAddress!
      for offset in 0..<moved {
        (target + offset).initialize(
          to: (key: (keySource + offset).move(), value: (valueSource + offset).move()))
      }
      initialized = moved
    }
    count = valueStart
    keys.count = keyStart
    return result
  }
}
