/// The JSON the one-pass decoder reads, with the reader's own primitives: whitespace, strings
/// (UTF-8 validation, escapes, the length limit), numbers, literals. Whatever they reject, and
/// whatever is not the plain case (a key with escapes or beyond ASCII, a value of an
/// unexpected type), is a ``OnePassDecoder/NeedsReference``.
extension OnePassDecoder {
  /// A plain key of at most 24 bytes, zero-padded (a key holds no raw zero byte); ``other``
  /// for a longer one, which the format never uses.
  struct Key: Equatable {
    var words: (UInt64, UInt64, UInt64)

    /// A key longer than 24 bytes.
    static let other = Key(words: (.max, .max, .max))

    init(words: (UInt64, UInt64, UInt64)) {
      self.words = words
    }

    /// The key `text`, at most 24 ASCII bytes.
    init(_ text: StaticString) {
      precondition(text.utf8CodeUnitCount <= 24, "a known key is at most 24 bytes")
      self.init(words: Self.words(text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// The key `text`, at most 24 bytes: a name the format spells, such as an axis.
    init(_ text: String) {
      var text = text
      self = text.withUTF8 { bytes in
        precondition(bytes.count <= 24, "a known key is at most 24 bytes")
        return Key(words: Self.words(bytes.baseAddress!, count: bytes.count))
      }
    }

    /// The `count` (at most 24) bytes at `bytes` as three little-endian words, zero-padded.
    static func words(_ bytes: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64, UInt64) {
      var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
      for index in 0..<count {
        let byte = UInt64(bytes[index]) << (8 * UInt64(index % 8))
        switch index / 8 {
        case 0: words.0 |= byte
        case 1: words.1 |= byte
        default: words.2 |= byte
        }
      }
      return words
    }

    static func == (lhs: Key, rhs: Key) -> Bool {
      lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
    }
  }

  /// The names a plain key or string may be, each with its ``Key``: the members of one kind
  /// of object, the kinds of node, the axes.
  struct KeyTable<Name> {
    private let keys: [Key]
    private let names: [Name]

    /// The table of `entries`; of a name listed twice, the first.
    init(_ entries: [(Key, Name)]) {
      var keys: [Key] = []
      var names: [Name] = []
      for (key, name) in entries where !keys.contains(key) {
        keys.append(key)
        names.append(name)
      }
      self.keys = keys
      self.names = names
    }

    /// The name `key` spells, or `nil`.
    ///
    /// - Complexity: O(*n*) key comparisons, for *n* names.
    @inline(__always)
    func member(_ key: Key) -> Name? {
      for index in keys.indices where keys[index] == key { return names[index] }
      return nil
    }
  }

  /// The byte at the reader's offset; ``NeedsReference`` at the end of the document.
  @inline(__always)
  func peek() throws(NeedsReference) -> UInt8 {
    guard reader.index < reader.count else { throw NeedsReference() }
    return reader.byte(at: reader.index)
  }

  /// Moves past `byte` at the reader's offset and the whitespace after it.
  @inline(__always)
  mutating func expect(_ byte: UInt8) throws(NeedsReference) {
    guard try peek() == byte else { throw NeedsReference() }
    reader.index &+= 1
    reader.skipWhitespace()
  }

  /// Opens the object at the reader's offset: whether it has members (the reader is then at
  /// the first key), or is empty (the reader is then past it).
  @inline(__always)
  mutating func openObject() throws(NeedsReference) -> Bool {
    try open(0x7B, closing: 0x7D)
  }

  /// Opens the array at the reader's offset: whether it has elements (the reader is then at
  /// the first), or is empty (the reader is then past it).
  @inline(__always)
  mutating func openArray() throws(NeedsReference) -> Bool {
    try open(0x5B, closing: 0x5D)
  }

  @inline(__always)
  private mutating func open(_ bracket: UInt8, closing: UInt8) throws(NeedsReference) -> Bool {
    try expect(bracket)
    guard try peek() == closing else { return true }
    reader.index &+= 1
    return false
  }

  /// Reads an array, each element with `element`, into room for `room` elements (by default
  /// the short arrays of a file, weights and titles, which grew three times to five).
  @inline(__always)
  mutating func array<Element>(
    room: Int = 8, _ element: (inout Self) throws(NeedsReference) -> Element
  ) throws(NeedsReference) -> [Element] {
    var elements: [Element] = []
    guard try openArray() else { return elements }
    elements.reserveCapacity(room)
    repeat {
      elements.append(try element(&self))
    } while try next(closing: 0x5D)
    return elements
  }

  /// After a member or element: whether another follows (the reader is then at it), or the
  /// container closes with `closing` (the reader is then past it).
  ///
  /// The comma that most often stands right after the value, and the line break and
  /// indentation after it, are passed inline; anything else (whitespace before the comma,
  /// the closing bracket, an error) by ``nextAfterWhitespace(closing:)``. As one function,
  /// too big to inline, its call was about a sixth of what passing a comma cost.
  @inline(__always)
  mutating func next(closing: UInt8) throws(NeedsReference) -> Bool {
    guard reader.index < reader.count, reader.byte(at: reader.index) == 0x2C else {
      return try nextAfterWhitespace(closing: closing)
    }
    reader.index &+= 1
    reader.skipWhitespace()
    return true
  }

  /// ``next(closing:)`` when no comma follows the value directly.
  @inline(never)
  private mutating func nextAfterWhitespace(closing: UInt8) throws(NeedsReference) -> Bool {
    reader.skipWhitespace()
    let byte = try peek()
    reader.index &+= 1
    if byte == 0x2C {
      reader.skipWhitespace()
      return true
    }
    guard byte == closing else { throw NeedsReference() }
    return false
  }

  /// Reads a plain key (ASCII without escapes) and the colon after it, leaving the reader at
  /// the value.
  ///
  /// The short key (``shortKey()``) is read inline, in the loop over an object's members;
  /// any other out of line (``longKey()``). As one function, the call and the tuple it
  /// returned through memory were about a third of what reading a key cost.
  ///
  /// - Returns: The key, and where its text lies for a key kept as an unknown member.
  @inline(__always)
  mutating func key() throws(NeedsReference) -> (key: Key, start: Int, count: Int) {
    if let short = shortKey() { return short }
    return try longKey()
  }

  /// ``key()`` for a key ``shortKey()`` does not read.
  @inline(never)
  private mutating func longKey() throws(NeedsReference) -> (key: Key, start: Int, count: Int) {
    guard let (start, length) = try plainText() else { throw NeedsReference() }
    reader.skipWhitespace()
    try expect(0x3A)
    return (key(start: start, count: length), start, length)
  }

  /// ``key()`` for the common key: at most seven ASCII bytes with the colon right after its
  /// closing quote (``shortString()``). `nil` for anything else (the reader has not moved),
  /// which ``key()`` reads the general way, with the same result.
  ///
  /// The general path scanned the key, then the whitespace before the colon and the colon
  /// itself each with its own bounds check: about 115 instructions a key.
  @inline(__always)
  private mutating func shortKey() -> (key: Key, start: Int, count: Int)? {
    guard let (text, end) = shortString(), reader.byte(at: end &+ 1) == 0x3A else { return nil }
    let start = reader.index &+ 1
    reader.index = end &+ 2
    reader.skipWhitespace()
    return (Key(words: (text, 0, 0)), start, end &- start)
  }

  /// The string at the reader's offset if it is plain and at most seven bytes, sixteen bytes
  /// or more before the end of the document: its text as the low bytes of a word, and its
  /// closing quote. One load holds the text; `nil` for anything else. The reader does not
  /// move.
  @inline(__always)
  private func shortString() -> (text: UInt64, end: Int)? {
    let quote = reader.index
    guard quote &+ 16 <= reader.count, reader.byte(at: quote) == 0x22 else { return nil }
    let start = quote &+ 1
    let word = UInt64(
      littleEndian: reader.base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    // The first byte that ends a plain run (``plainStopMask(_:)``); bytes above it are not
    // looked at. A text of other bytes than the format's names spell (a space, `!`) is the
    // general path's to read.
    let mask = Self.plainStopMask(word)
    guard mask != 0 else { return nil }
    let length = mask.trailingZeroBitCount >> 3
    let end = start &+ length
    guard reader.byte(at: end) == 0x22, length <= reader.limits.maxStringBytes else {
      return nil
    }
    return (word & ((1 &<< (UInt64(length) &* 8)) &- 1), end)
  }

  /// Marks, with its high bit, each byte of `word` that ends the plain run of a short key or
  /// name, or of a token: below `#` (0x23: the quote, a control byte, a space, `!`), a
  /// backslash, or beyond ASCII. The lowest marked byte is always one of them; bytes above it
  /// may be marked too.
  ///
  /// The names and canonical tokens of a file hold none of these bytes; a text that does is
  /// read by the general path. One test of a word against `#` takes the quote, the control
  /// bytes and, with the word's own high bits, the bytes beyond ASCII: about a third fewer
  /// instructions a word than testing the quote, the control bytes and the high bits apart.
  @inline(__always)
  static func plainStopMask(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let backslashes = word ^ (ones &* 0x5C)
    // A byte below 0x23 borrows into its high bit; a byte beyond ASCII has it set already.
    let belowOrBeyond = (word &- ones &* 0x23) | word
    let hasBackslash = (backslashes &- ones) & ~backslashes
    return (belowOrBeyond | hasBackslash) & JSONReader.highBits
  }

  /// Reads a plain string value as a ``Key``: for a value the format spells with one of a few
  /// names (a node's kind, an axis, a router's kind). `nil` for a string that is not plain,
  /// which the reader then reads: the reader is still at its opening quote.
  ///
  /// A name of at most seven bytes (``shortString()``) is read inline, any other out of line
  /// (``longName()``).
  @inline(__always)
  mutating func name() throws(NeedsReference) -> (name: Key, start: Int, count: Int)? {
    guard let (text, end) = shortString() else { return try longName() }
    let start = reader.index &+ 1
    reader.index = end &+ 1
    return (Key(words: (text, 0, 0)), start, end &- start)
  }

  /// ``name()`` for a name ``shortString()`` does not read.
  @inline(never)
  private mutating func longName() throws(NeedsReference) -> (name: Key, start: Int, count: Int)? {
    guard let (start, length) = try plainText() else { return nil }
    return (key(start: start, count: length), start, length)
  }

  /// Reads the string at the reader's offset if it is plain: ASCII without escapes, within
  /// the string length limit. Otherwise returns `nil` and leaves the reader at its opening
  /// quote.
  ///
  /// - Returns: Where the string's text lies.
  @inline(__always)
  private mutating func plainText() throws(NeedsReference) -> (start: Int, count: Int)? {
    guard try peek() == 0x22 else { throw NeedsReference() }
    let start = reader.index &+ 1
    var seen: UInt64 = 0
    let end = reader.nextSpecialByte(from: start, seen: &seen)
    guard end < reader.count, reader.byte(at: end) == 0x22 else { return nil }
    if seen & JSONReader.highBits != 0 {
      // The scan also saw some bytes past the quote: the string's own decide.
      for offset in start..<end where reader.byte(at: offset) >= 0x80 { return nil }
    }
    let length = end &- start
    guard length <= reader.limits.maxStringBytes else { return nil }
    reader.index = end &+ 1
    return (start, length)
  }

  /// The plain text at `start` as a ``Key``.
  @inline(__always)
  private func key(start: Int, count length: Int) -> Key {
    guard length <= 24 else { return .other }
    let bytes = (reader.base + start).assumingMemoryBound(to: UInt8.self)
    guard length <= 8, start &+ 8 <= reader.count else {
      return Key(words: Key.words(bytes, count: length))
    }
    // The common key, up to eight bytes: one load, the bytes past it masked off.
    var word = UInt64(
      littleEndian: reader.base.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    if length < 8 { word &= (1 << (8 * UInt64(length))) &- 1 }
    return Key(words: (word, 0, 0))
  }

  /// The text of a key that ``key()`` or ``name()`` read.
  func keyText(start: Int, count: Int) -> String {
    String(
      decoding: UnsafeRawBufferPointer(start: reader.base + start, count: count), as: UTF8.self)
  }

  /// Reads a string with the reader's own parser.
  @inline(__always)
  mutating func string() throws(NeedsReference) -> String {
    guard try peek() == 0x22 else { throw NeedsReference() }
    do {
      return try reader.parseString()
    } catch {
      throw NeedsReference()
    }
  }

  /// Reads a number with the reader's own parser, as a value (so `intValue` and
  /// `numberValue` mean what they mean to the reference decoder).
  @inline(__always)
  mutating func number() throws(NeedsReference) -> JSONValue {
    let first = try peek()
    guard first == 0x2D || first &- 0x30 < 10 else { throw NeedsReference() }
    do {
      return try reader.parseNumber()
    } catch {
      throw NeedsReference()
    }
  }

  /// Reads an integer of at least `minimum`.
  @inline(__always)
  mutating func integer(atLeast minimum: Int) throws(NeedsReference) -> Int {
    guard let value = try anyInteger(), value >= minimum else { throw NeedsReference() }
    return value
  }

  /// Reads a number that must be an integer: `nil` for one that is not (a fraction, or
  /// beyond `Int`), as ``number()`` and `intValue` read it.
  @inline(__always)
  mutating func anyInteger() throws(NeedsReference) -> Int? {
    if let value = plainInteger() { return value }
    return try number().intValue
  }

  /// Reads the most common number of a file, an id, index or count, without the general
  /// reader: `0`, or 1 to 15 digits without a leading zero, followed by a byte that does not
  /// continue a number (not a digit, `.`, `e` or `E`). `nil` for anything else (a sign, a
  /// fraction, an exponent, more digits, a leading zero, the end of the document), leaving
  /// the reader where it was for ``number()``, which reads and rejects exactly as before.
  @inline(__always)
  private mutating func plainInteger() -> Int? {
    let start = reader.index
    var position = start
    var value = 0
    while position < reader.count {
      let digit = reader.byte(at: position) &- 0x30
      guard digit < 10 else { break }
      value = value &* 10 &+ Int(digit)
      position &+= 1
      // A leading zero ends the number; a digit after it is the general reader's to reject.
      guard position &- start < 15, value != 0 else { break }
    }
    let length = position &- start
    guard length > 0, length <= reader.limits.maxNumberLength, position < reader.count else {
      return nil
    }
    let next = reader.byte(at: position)
    guard next &- 0x30 >= 10, next != 0x2E, next | 0x20 != 0x65 else { return nil }
    reader.index = position
    return value
  }

  /// Reads a split's usual weight, a plain decimal such as `0.25`, without the general reader:
  /// digits without a leading zero (or a lone `0`), maybe a fraction, no sign or exponent, up
  /// to 19 digits of at most 2^53 and followed by a byte that does not continue a number.
  /// `nil` for anything else, leaving the reader where it was for ``number()``.
  ///
  /// The value is the general reader's: a significand of at most 2^53 divided by an exact
  /// power of ten is rounded correctly by the one division (its fast path); the general
  /// reader took about 120 instructions a weight.
  @inline(__always)
  mutating func plainDecimal() -> Double? {
    let start = reader.index
    var position = start
    var significand: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    var seenPoint = false
    while position < reader.count {
      let byte = reader.byte(at: position)
      let digit = byte &- 0x30
      if digit < 10 {
        // A leading zero followed by a digit is the general reader's to reject.
        if digits == 1, significand == 0, !seenPoint { return nil }
        significand = significand &* 10 &+ UInt64(digit)
        digits &+= 1
        if seenPoint { fractionDigits &+= 1 }
        guard digits <= 19 else { return nil }
      } else if byte == 0x2E, !seenPoint, digits > 0 {
        seenPoint = true
      } else {
        break
      }
      position &+= 1
    }
    // A point needs a digit after it; an exponent, the end of the document or a number too
    // long is the general reader's.
    guard digits > 0, !seenPoint || fractionDigits > 0, position < reader.count,
      reader.byte(at: position) | 0x20 != 0x65, significand <= 1 << 53,
      position &- start <= reader.limits.maxNumberLength
    else { return nil }
    reader.index = position
    return Double(significand) / JSONReader.exactPowerOfTen(fractionDigits)
  }

  /// Reads `true` or `false`.
  mutating func boolean() throws(NeedsReference) -> Bool {
    switch try peek() {
    case 0x74:
      try literal("true")
      return true
    case 0x66:
      try literal("false")
      return false
    default: throw NeedsReference()
    }
  }

  /// Reads `null` if it stands at the reader's offset; whether it did.
  mutating func null() throws(NeedsReference) -> Bool {
    guard try peek() == 0x6E else { return false }
    try literal("null")
    return true
  }

  private mutating func literal(_ text: StaticString) throws(NeedsReference) {
    let length = text.utf8CodeUnitCount
    guard reader.index &+ length <= reader.count else { throw NeedsReference() }
    for offset in 0..<length where reader.byte(at: reader.index &+ offset) != text.utf8Start[offset]
    {
      throw NeedsReference()
    }
    reader.index &+= length
  }

  /// Reads any value as a ``JSONValue``, with the reader's own scan and limits, its depth
  /// limit counted from `depth`, the number of arrays and objects open around it: for a
  /// member kept because the format does not know it.
  mutating func keptValue(depth: Int) throws(NeedsReference) -> JSONValue {
    var sub = JSONReader(base: reader.base, count: reader.count, limits: limits(depth: depth))
    sub.index = reader.index
    var builder = JSONReader.ValueBuilder()
    do {
      let value = try sub.readValue(into: &builder)
      reader.index = sub.index
      return value
    } catch {
      throw NeedsReference()
    }
  }

  /// The reader's limits for a value inside `depth` open arrays and objects.
  func limits(depth: Int) -> JSONLimits {
    var limits = reader.limits
    limits.maxDepth -= depth
    return limits
  }
}

extension OnePassDecoder.KeyTable: Sendable where Name: Sendable {}

extension OnePassDecoder.KeyTable where Name == FormatKey {
  /// The table of the member keys of one kind of object.
  init(keys: [FormatKey]) {
    self.init(keys.map { (OnePassDecoder.Key($0.spelling), $0) })
  }
}
