/// The before-images a journal holds, one for each node it changed (`nil` for a node the
/// change created), kept in one array in the order of their ids.
///
/// A journal holds the few nodes one command changed, and a stored history holds a hundred
/// journals: a `[NodeID: Node?]` table for each cost about 800 instructions to make and 1,000
/// to free (through the standard library's unspecialised dictionary code), more than a
/// restore's reading of most entries' images. An id is found by a binary search, and an id
/// above all the others (a new node's, or the next image of a file, which stores them in
/// order) is appended. The array's elements are a struct of the package's, not pairs: an
/// array of pairs was freed through the runtime's generic tuple code, element by element, and
/// two arrays (ids, images) cost two allocations. Two are equal when they hold the same ids
/// with the same images, however these were set: each keeps its ids in order.
package struct NodeImages: Equatable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
  /// An id and the node's image, as a dictionary's element names them.
  package typealias Element = (key: NodeID, value: Node?)

  /// An id with its image.
  fileprivate struct Image: Equatable {
    let id: NodeID
    var node: Node?
  }

  /// The images, their ids strictly ascending.
  private var elements: [Image] = []

  /// No images.
  package init() {}

  /// The images of a literal; of an id written twice, the last.
  package init(dictionaryLiteral elements: (NodeID, Node?)...) {
    for (id, image) in elements { self[id] = .some(image) }
  }

  /// The number of nodes with an image.
  package var count: Int { elements.count }

  /// Whether no node has an image.
  package var isEmpty: Bool { elements.isEmpty }

  /// The ids of the nodes with an image, ascending.
  package var keys: [NodeID] { elements.map(\.id) }

  package var underestimatedCount: Int { elements.count }

  /// The images in the order of their ids.
  package struct Iterator: IteratorProtocol {
    fileprivate var elements: IndexingIterator<[Image]>

    package mutating func next() -> Element? {
      elements.next().map { ($0.id, $0.node) }
    }
  }

  package func makeIterator() -> Iterator {
    Iterator(elements: elements.makeIterator())
  }

  /// Makes room for `capacity` images.
  package mutating func reserveCapacity(_ capacity: Int) {
    elements.reserveCapacity(capacity)
  }

  /// Removes the images that satisfy `shouldBeRemoved`, keeping the others in order.
  package mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    try elements.removeAll { try shouldBeRemoved(($0.id, $0.node)) }
  }

  /// Whether `id` has an image (which may be `nil`, for a node the change created).
  package func contains(_ id: NodeID) -> Bool {
    index(of: id) != nil
  }

  /// The image of `id`: `.some(nil)` for a node the change created, `nil` for a node with
  /// no image. Setting `nil` removes the image.
  package subscript(id: NodeID) -> Node?? {
    get {
      guard let index = index(of: id) else { return nil }
      return .some(elements[index].node)
    }
    set {
      // The common case first: an id above every other.
      if elements.last.map({ $0.id < id }) ?? true {
        if let newValue { elements.append(Image(id: id, node: newValue)) }
        return
      }
      let position = position(of: id)
      let holds = elements[position].id == id
      switch (newValue, holds) {
      case (let image?, true): elements[position].node = image
      case (let image?, false): elements.insert(Image(id: id, node: image), at: position)
      case (nil, true): elements.remove(at: position)
      case (nil, false): break
      }
    }
  }

  /// Where `id`'s image is, or `nil` if it has none.
  private func index(of id: NodeID) -> Int? {
    // The common case first: an id above every other (a node not yet recorded).
    if let last = elements.last, last.id < id { return nil }
    let position = position(of: id)
    return position < elements.count && elements[position].id == id ? position : nil
  }

  /// The first position whose id is not below `id` (the end when every id is).
  private func position(of id: NodeID) -> Int {
    var low = 0
    var high = elements.count
    while low < high {
      let middle = (low &+ high) &>> 1
      if elements[middle].id < id { low = middle &+ 1 } else { high = middle }
    }
    return low
  }
}
