import PaneRouter

/// The route tokens a decoder has already read, by their text: a file repeats its tokens
/// (every pane's root, the same screens in many stacks), and a token read again is a copy of
/// the first (its strings and arguments shared), not a new parse with new allocations.
///
/// Bounded: it remembers at most ``capacity`` tokens of at most ``longestText`` bytes, so a
/// hostile file costs it a fixed amount of memory. A class, so that the copies of a decoder
/// that read history entries share it; its tables are plain allocations it owns.
final class TokenCache {
  /// The most tokens remembered.
  static let capacity = 4096
  /// The longest token text remembered, in bytes.
  static let longestText = 128

  private struct Entry {
    var hash: UInt64
    /// The last `count % 8` bytes of the text, as ``Hash/finished(tail:count:)`` takes them.
    var tail: UInt64
    var start: Int
    var count: Int
    var token: RouteToken
  }

  /// Open addressing, at least twice as many slots as tokens: each slot is 0 (empty) or an
  /// entry's index plus 1 in the low ``indexBits`` bits, bits of its hash above them (``tag(_:)``),
  /// so a probe passes other texts without reading their entries. Four bytes a slot: the
  /// slots are the one table zeroed when the cache is made (a restore of 69 KB spent 3% of
  /// its instructions zeroing eight-byte slots for four times the tokens it held).
  private var slots: UnsafeMutableBufferPointer<UInt32>
  /// How far a hash is shifted right for its first slot: the slot is its top bits. The low
  /// bits of the texts a file repeats (`detail:1`, `detail:2`, ...) cluster: a look-up in a
  /// restore of 69 KB probed 2.6 slots by them, 1.04 by the top bits.
  private var slotShift: UInt64
  /// The tokens remembered; the tables start small (a small file stays cheap) and double.
  private var entries: UnsafeMutableBufferPointer<Entry>
  /// The texts of the entries, one after another.
  private var texts: UnsafeMutableBufferPointer<UInt8>
  private var entryCount = 0
  private var textCount = 0

  /// The bits of a slot that hold an entry's index plus 1 (up to ``capacity``).
  private static let indexBits: UInt32 = 13
  private static let indexMask: UInt32 = 1 << indexBits - 1

  /// A cache with room for about `expectedCount` tokens before its tables grow (at least 64,
  /// at most ``capacity``).
  init(expectedCount: Int = 64) {
    precondition(Self.capacity <= Self.indexMask, "an entry's index fits its slot")
    var entryCapacity = 64
    while entryCapacity < min(expectedCount, Self.capacity) { entryCapacity *= 2 }
    slots = .allocate(capacity: 2 * entryCapacity)
    slots.initialize(repeating: 0)
    slotShift = Self.shift(slotCount: slots.count)
    entries = .allocate(capacity: entryCapacity)
    texts = .allocate(capacity: 16 * entryCapacity)
  }

  deinit {
    slots.deallocate()
    entries.baseAddress!.deinitialize(count: entryCount)
    entries.deallocate()
    texts.deallocate()
  }

  /// The token whose text is `utf8`, parsed by `parse` the first time it is seen.
  ///
  /// - Complexity: O(*n*) for *n* bytes, plus `parse` the first time.
  func token(
    _ utf8: UnsafeBufferPointer<UInt8>, parse: (UnsafeBufferPointer<UInt8>) -> RouteToken?
  ) -> RouteToken? {
    guard utf8.count <= Self.longestText, let bytes = utf8.baseAddress else { return parse(utf8) }
    let (hash, tail) = Self.hash(bytes, utf8.count)
    return token(utf8, hash: hash, tail: tail, parse: parse)
  }

  /// The token whose text is `utf8`, whose ``Hash`` is `hash` and whose last `count % 8`
  /// bytes are `tail` (a reader that scans the text computes both on the way), parsed by
  /// `parse` the first time it is seen.
  ///
  /// - Complexity: O(*n*) for *n* bytes, plus `parse` the first time.
  @inline(__always)
  func token(
    _ utf8: UnsafeBufferPointer<UInt8>, hash: UInt64, tail: UInt64,
    parse: (UnsafeBufferPointer<UInt8>) -> RouteToken?
  ) -> RouteToken? {
    guard utf8.count <= Self.longestText, let bytes = utf8.baseAddress else { return parse(utf8) }
    let slots = self.slots
    let tag = Self.tag(hash)
    var slot = Int(truncatingIfNeeded: hash &>> slotShift)
    while slots[slot] != 0 {
      let stored = slots[slot]
      if stored & ~Self.indexMask == tag {
        // The tables are allocated when the cache is made, and a stored index is at least 1:
        // no check that the base addresses are there, or that the index does not underflow.
        let entry =
          entries.baseAddress.unsafelyUnwrapped
          + Int(truncatingIfNeeded: stored & Self.indexMask &- 1)
        if entry.pointee.hash == hash, entry.pointee.count == utf8.count,
          entry.pointee.tail == tail,
          Self.equalWords(
            texts.baseAddress.unsafelyUnwrapped + entry.pointee.start, bytes, utf8.count)
        {
          return entry.pointee.token
        }
      }
      slot = (slot &+ 1) & (slots.count &- 1)
    }
    guard let token = parse(utf8) else { return nil }
    if entryCount < Self.capacity {
      if entryCount == entries.count { entries = Self.doubled(entries, keeping: entryCount) }
      while textCount + utf8.count > texts.count {
        texts = Self.doubled(texts, keeping: textCount)
      }
      (entries.baseAddress! + entryCount).initialize(
        to: Entry(hash: hash, tail: tail, start: textCount, count: utf8.count, token: token))
      (texts.baseAddress! + textCount).initialize(from: bytes, count: utf8.count)
      textCount += utf8.count
      entryCount += 1
      slots[slot] = tag | UInt32(truncatingIfNeeded: entryCount)
      if 2 * entryCount > slots.count { growSlots() }
    }
    return token
  }

  /// A buffer of twice the size holding the first `count` elements of `buffer`, which is
  /// freed.
  private static func doubled<Element>(
    _ buffer: UnsafeMutableBufferPointer<Element>, keeping count: Int
  ) -> UnsafeMutableBufferPointer<Element> {
    let grown = UnsafeMutableBufferPointer<Element>.allocate(capacity: 2 * buffer.count)
    grown.baseAddress!.moveInitialize(from: buffer.baseAddress!, count: count)
    buffer.deallocate()
    return grown
  }

  /// Doubles the slots and places the entries again.
  private func growSlots() {
    let grown = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 2 * slots.count)
    grown.initialize(repeating: 0)
    let shift = Self.shift(slotCount: grown.count)
    for index in 0..<entryCount {
      let hash = entries[index].hash
      var slot = Int(truncatingIfNeeded: hash &>> shift)
      while grown[slot] != 0 { slot = (slot + 1) & (grown.count - 1) }
      grown[slot] = Self.tag(hash) | UInt32(truncatingIfNeeded: index + 1)
    }
    slots.deallocate()
    slots = grown
    slotShift = shift
  }

  /// The shift that leaves a hash's top bits, as many as index `slotCount` slots (a power of
  /// two).
  private static func shift(slotCount: Int) -> UInt64 {
    UInt64(64 - slotCount.trailingZeroBitCount)
  }

  /// Bits 32 to 50 of `hash`, above a slot's index bits: the slot's place in the table
  /// comes from its top bits (at most 13 of them: the slots are at most twice ``capacity``).
  @inline(__always)
  private static func tag(_ hash: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: hash >> 19) & ~indexMask
  }

  /// Whether the whole words of the `count` bytes at `left` and `right` are equal: the
  /// bytes after them are compared as the entries' tails.
  @inline(__always)
  private static func equalWords(
    _ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int
  ) -> Bool {
    let left = UnsafeRawPointer(left)
    let right = UnsafeRawPointer(right)
    // The count is at most ``longestText``: the offsets do not overflow.
    var offset = 0
    while offset &+ 8 <= count {
      guard
        left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      else { return false }
      offset &+= 8
    }
    return true
  }

  /// The ``Hash`` of the `count` bytes at `bytes`, and their last `count % 8` bytes as a
  /// word, eight at a time.
  @inline(__always)
  static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> (hash: UInt64, tail: UInt64) {
    let raw = UnsafeRawPointer(bytes)
    var hash = Hash()
    var offset = 0
    while offset + 8 <= count {
      hash.add(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < count {
      tail |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    return (hash.finished(tail: tail, count: count), tail)
  }

  /// The hash of a text, built eight bytes at a time as a scan reads them: each whole word
  /// of the text in little-endian order, then the last bytes (fewer than eight, maybe none)
  /// as the low bytes of a word.
  struct Hash {
    private var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Adds the next eight bytes of the text.
    @inline(__always)
    mutating func add(_ word: UInt64) {
      state = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
    }

    /// The hash of a text of `count` bytes whose last `count % 8` bytes are `tail`.
    @inline(__always)
    func finished(tail: UInt64, count: Int) -> UInt64 {
      let hash = (state ^ tail ^ UInt64(truncatingIfNeeded: count) << 58) &* 0xC4CE_B9FE_1A85_EC53
      return hash ^ hash >> 29
    }
  }
}
