import PaneRouter
import Workspace

extension OnePassDecoder {
  /// Values of the last few history entries and images read (most-recently-used lists,
  /// routers, a split's weights, children), each with the text it was read from: an entry or
  /// image whose text for such a value is the same, byte for byte, holds the same value.
  ///
  /// A command records the before-image of every node it changes, and most change a node's
  /// parent or children and not its router or weights, and few change the focus: the same
  /// value stands, as the same text, in several entries in a row (of the bench's history
  /// file, with the last eight of each kept, 50 of the 100 entries' lists, 37 of the 101 pane
  /// images' routers, 60 of the 89 split images' weights and 40 of their children). Reading a
  /// router cost about 5,000 instructions, a split's weights of seventeen digits (such as a
  /// third's) 3,000 and a list about 150 an id, each allocating its arrays again; comparing
  /// the text with a kept one costs a few dozen, and shares them.
  ///
  /// Such a value's reading depends on its text and on the number of arrays and objects open
  /// around it (the depth limit of a router's kept members) alone, so a value is taken again
  /// only at the depth it was read at. A JSON object or array ends at its closing bracket, so
  /// text equal to a whole value's, from the same first byte, is that value and nothing more.
  struct RecentValues<Value> {
    /// Where a kept value's text lies in the document, and the depth it was read at.
    private struct Span {
      let start: Int
      let count: Int
      let depth: Int
    }

    /// How many values are kept: those of the images of the last few commands.
    static var limit: Int { 8 }

    /// The kept values' texts, at most ``limit``, apart from the values: the look for a text
    /// reads these alone, not retaining and releasing each value it passes.
    private var spans: [Span] = []
    /// The kept values, each at the index of its text in ``spans``.
    private var values: [Value] = []
    /// The index the next value kept takes once ``limit`` are kept, the one kept longest.
    private var next = 0

    /// No values.
    init() {}

    /// The value kept whose text stands at `start` of `reader`'s document, read at `depth`,
    /// kept again as the newest, with the length of its text in `count`; `nil` if none is
    /// kept. Kept again here, not by the caller: a value handed out with its length, as an
    /// optional pair, was copied once more and the pair destroyed, each of a router's parts
    /// retained and released.
    mutating func valueAgain(
      at start: Int, depth: Int, in reader: JSONReader, count: inout Int
    ) -> Value? {
      for index in spans.indices {
        let span = spans[index]
        if span.depth == depth, span.count <= reader.count &- start,
          OnePassDecoder.bytesMatch(reader.base, span.start, start, count: span.count)
        {
          let value = values[index]
          count = span.count
          keep(value, start: start, count: span.count, depth: depth)
          return value
        }
      }
      return nil
    }

    /// Keeps `value`, read at `depth` from the `count` bytes at `start` (or found there), in
    /// the place of the one kept longest: a value found again is kept again, as the newest.
    mutating func keep(_ value: Value, start: Int, count: Int, depth: Int) {
      let span = Span(start: start, count: count, depth: depth)
      if spans.count < Self.limit {
        spans.append(span)
        values.append(value)
      } else {
        spans[next] = span
        values[next] = value
        next = next == Self.limit - 1 ? 0 : next + 1
      }
    }
  }

  /// The lists, routers and weights of the last few history entries and images read, for
  /// the next ones.
  struct HistoryValues {
    var mostRecentlyUsed = RecentValues<[NodeID]>()
    var routers = RecentValues<RouterState>()
    /// The stacks of the routers read, apart from the routers: a command that changes a
    /// pane's modal or its own limits keeps its stack, which a router read again then takes
    /// (in the bench's file, 36 of the 64 routers read again).
    var stacks = RecentValues<[RouteToken]>()
    var weights = RecentValues<[Double]>()
    var children = RecentValues<[NodeID]>()
  }

  /// A value of a history entry or image at `depth`, taken from `recent` when its text is that of one
  /// kept there, else read with `read`; kept in `recent` as the newest either way.
  mutating func recentValue<Value>(
    depth: Int, in recent: inout RecentValues<Value>,
    read: (inout Self) throws(NeedsReference) -> Value
  ) throws(NeedsReference) -> Value {
    let start = reader.index
    var count = 0
    if let value = recent.valueAgain(at: start, depth: depth, in: reader, count: &count) {
      reader.index = start &+ count
      return value
    }
    let value = try read(&self)
    recent.keep(value, start: start, count: reader.index &- start, depth: depth)
    return value
  }

  /// Whether the `count` bytes at `first` and at `second` of `base` are the same. Their last
  /// word first: text of another length most often differs there (a router of the same pane
  /// with a route more or less shares a long beginning with it); then two words at a time,
  /// and a word of what is left.
  static func bytesMatch(
    _ base: UnsafeRawPointer, _ first: Int, _ second: Int, count: Int
  ) -> Bool {
    guard count >= 16 else {
      for offset in 0..<count
      where base.load(fromByteOffset: first &+ offset, as: UInt8.self)
        != base.load(fromByteOffset: second &+ offset, as: UInt8.self)
      {
        return false
      }
      return true
    }
    func word(_ start: Int, _ offset: Int) -> UInt64 {
      base.loadUnaligned(fromByteOffset: start &+ offset, as: UInt64.self)
    }
    let last = count &- 8
    guard word(first, last) == word(second, last) else { return false }
    var offset = 0
    while offset &+ 16 <= count {
      let difference =
        (word(first, offset) ^ word(second, offset))
        | (word(first, offset &+ 8) ^ word(second, offset &+ 8))
      guard difference == 0 else { return false }
      offset &+= 16
    }
    // Up to fifteen bytes are left: a word, and the last word's (compared first) beyond it.
    return offset &+ 8 > count || word(first, offset) == word(second, offset)
  }
}
