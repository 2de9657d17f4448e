/// The children of a container, each with its slot (a split's weight, a tab's title), the
/// active child and the container's own router: ids and slots are always as many.
public struct NodeChildren<Slot: Equatable & Sendable>: Equatable, Sendable {
  /// The children's ids in order.
  public private(set) var ids: [NodeID]
  /// Each child's slot, in the same order.
  public private(set) var slots: [Slot]
  /// The index in ``ids`` of the active child.
  public package(set) var activeIndex: Int
  /// The container's router, if it owns one.
  public package(set) var router: RouterState?

  /// Children with their slots; `slots` must have one per id.
  package init(
    _ ids: [NodeID], slots: [Slot], activeIndex: Int = 0, router: RouterState? = nil
  ) {
    precondition(ids.count == slots.count, "one slot per child")
    self.ids = ids
    self.slots = slots
    self.activeIndex = activeIndex
    self.router = router
  }

  /// The number of children.
  public var count: Int { ids.count }

  /// The active child's id, or `nil` if there are no children.
  public var activeChild: NodeID? {
    ids.indices.contains(activeIndex) ? ids[activeIndex] : nil
  }

  /// Inserts a child with its slot.
  package mutating func insert(_ id: NodeID, _ slot: Slot, at index: Int) {
    ids.insert(id, at: index)
    slots.insert(slot, at: index)
  }

  /// Removes the child at `index`, returning its slot.
  @discardableResult
  package mutating func remove(at index: Int) -> Slot {
    ids.remove(at: index)
    return slots.remove(at: index)
  }

  /// Puts another child in the place of the one at `index`, keeping its slot.
  mutating func replaceID(at index: Int, with id: NodeID) {
    ids[index] = id
  }

  /// Replaces the child at `index` with several, each with its slot.
  package mutating func replace(at index: Int, with ids: [NodeID], slots: [Slot]) {
    precondition(ids.count == slots.count, "one slot per child")
    self.ids.replaceSubrange(index...index, with: ids)
    self.slots.replaceSubrange(index...index, with: slots)
  }

  /// Exchanges two children with their slots.
  mutating func swapAt(_ first: Int, _ second: Int) {
    ids.swapAt(first, second)
    slots.swapAt(first, second)
  }

  /// Moves the child at `source` with its slot to `destination`.
  package mutating func move(from source: Int, to destination: Int) {
    let slot = slots.remove(at: source)
    ids.insert(ids.remove(at: source), at: destination)
    slots.insert(slot, at: destination)
  }

  /// Moves the active index after a child was inserted at `index`, so the same child stays
  /// active.
  mutating func shiftActiveIndex(afterInsertingAt index: Int) {
    if activeIndex >= index, count > 1 { activeIndex += 1 }
  }

  /// Moves the active index after the child at `index` was removed: the same child stays
  /// active, or the one before the removed one if it was active.
  mutating func shiftActiveIndex(afterRemovingAt index: Int) {
    if activeIndex > index || activeIndex >= count { activeIndex = max(0, activeIndex - 1) }
  }

  /// Sets every slot; there must be one per child.
  mutating func setSlots(_ slots: [Slot]) {
    precondition(slots.count == ids.count, "one slot per child")
    self.slots = slots
  }

  /// Sets the title of the tab at `index`.
  mutating func setTitle(_ title: String, at index: Int) where Slot == TabSlot {
    slots[index].title = title
  }

  /// Changes the floating layer of the tab at `index`.
  mutating func changeLayer(at index: Int, _ change: (inout FloatingLayer) -> Void)
  where Slot == TabSlot {
    change(&slots[index].floating)
  }

  /// Sets the slot of the child at `index`.
  mutating func setSlot(_ slot: Slot, at index: Int) {
    slots[index] = slot
  }
}

/// A stack member's slot: a member of a stack holds nothing beyond its place (the expanded one
/// is the stack's active child), so a stack's ``NodeChildren`` carry this empty value.
public struct Stacked: Equatable, Sendable {
  /// The one value.
  public init() {}
}
