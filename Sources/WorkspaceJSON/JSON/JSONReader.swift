/// A strict, iterative RFC 8259 reader for UTF-8 JSON documents.
///
/// The reader accepts exactly the JSON grammar: any value at the top level, surrounded by
/// optional whitespace. It rejects comments, trailing commas, `NaN`/`Infinity`, leading zeros,
/// a byte order mark, ill-formed UTF-8, unescaped control characters and unpaired surrogate
/// escapes. Numbers are converted to the correctly rounded `Double`; numbers too large for a
/// `Double` are rejected, numbers too small become zero.
///
/// The parser keeps its own explicit stack, so deep nesting can never overflow the call stack;
/// ``JSONLimits/maxDepth`` bounds it instead. Errors carry the byte offset, line and column of
/// the offending byte (see ``JSONParseError``).
package struct JSONReader {
  /// The first byte of the document.
  let base: UnsafeRawPointer
  /// The number of bytes in the document.
  let count: Int
  /// The limits that apply to this document.
  let limits: JSONLimits
  /// The offset of the next byte to read.
  var index: Int = 0
  /// A reusable buffer for decoding strings that contain escapes.
  var scratch: [UInt8] = []

  /// Creates a reader positioned at the start of a non-empty document.
  init(base: UnsafeRawPointer, count: Int, limits: JSONLimits) {
    self.base = base
    self.count = count
    self.limits = limits
  }

  /// Parses one JSON document from UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - bytes: The complete document.
  ///   - limits: Resource limits; a violated limit is reported as a ``JSONParseError``.
  /// - Returns: The top-level value.
  /// - Throws: ``JSONParseError`` describing the first problem and where it is.
  /// - Complexity: O(*n*), where *n* is the number of bytes, with memory proportional to the
  ///   size of the result.
  package static func parse(
    _ bytes: UnsafeRawBufferPointer,
    limits: JSONLimits = .default
  ) throws(JSONParseError) -> JSONValue {
    if bytes.count > limits.maxDocumentBytes {
      throw JSONParseError(
        reason: .documentTooLarge(limits.maxDocumentBytes), offset: limits.maxDocumentBytes,
        in: bytes)
    }
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw JSONParseError(reason: .emptyDocument, offset: 0, line: 1, column: 1)
    }
    var reader = JSONReader(base: base, count: bytes.count, limits: limits)
    var builder = ValueBuilder()
    return try reader.read(into: &builder)
  }

  /// Parses one JSON document from an array of UTF-8 bytes.
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  package static func parse(
    _ bytes: [UInt8],
    limits: JSONLimits = .default
  ) throws(JSONParseError) -> JSONValue {
    let result = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) -> JSONValue in try parse(buffer, limits: limits) }
    }
    return try result.get()
  }

  /// Parses one JSON document from the UTF-8 form of a string.
  ///
  /// - Complexity: O(*n*), where *n* is the number of UTF-8 bytes.
  package static func parse(
    _ text: String,
    limits: JSONLimits = .default
  ) throws(JSONParseError) -> JSONValue {
    var text = text
    let result = text.withUTF8 { buffer in
      Result { () throws(JSONParseError) -> JSONValue in
        try parse(UnsafeRawBufferPointer(buffer), limits: limits)
      }
    }
    return try result.get()
  }

  /// The byte at `offset`, which must be in bounds.
  @inline(__always)
  func byte(at offset: Int) -> UInt8 {
    base.load(fromByteOffset: offset, as: UInt8.self)
  }

  /// Builds the error for `reason` at `offset`, computing its line and column.
  @inline(never)
  func error(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
    JSONParseError(
      reason: reason, offset: offset, in: UnsafeRawBufferPointer(start: base, count: count))
  }

  /// Advances past spaces, tabs, line feeds and carriage returns.
  @inline(__always)
  mutating func skipWhitespace() {
    index = Self.skipWhitespace(in: base, count: count, from: index)
  }

  /// The offset of the first byte at or after `offset`, of the `count` bytes at `base`, that
  /// is not a space, tab, line feed or carriage return.
  ///
  /// Runs of whitespace (a line break and the indentation of pretty-printed documents) are
  /// tested eight bytes at a time, spaces with a comparison or two.
  @inline(__always)
  static func skipWhitespace(in base: UnsafeRawPointer, count: Int, from offset: Int) -> Int {
    var index = offset
    // Most values follow their separator directly, or after one space.
    guard index < count else { return index }
    let first = base.load(fromByteOffset: index, as: UInt8.self)
    guard first <= 0x20 else { return index }
    // A value after its colon: one space, and then no whitespace (never above 0x20).
    if first == 0x20 {
      if index &+ 1 < count, base.load(fromByteOffset: index &+ 1, as: UInt8.self) > 0x20 {
        return index &+ 1
      }
    } else if first == 0x0A {
      // A line break, then the line's indentation: the words after it are spaces alone.
      index &+= 1
    }
    while index &+ 8 <= count {
      let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      // Indentation is mostly spaces: eight of them are passed with one comparison, and
      // spaces up to a byte above 0x20 (never whitespace) end the run without the full test.
      let notSpaces = word ^ 0x2020_2020_2020_2020
      if notSpaces == 0 {
        index &+= 8
        continue
      }
      let spaces = notSpaces.trailingZeroBitCount >> 3
      if word &>> (UInt64(spaces) &* 8) & 0xFF > 0x20 { return index &+ spaces }
      let other = nonWhitespaceMask(word)
      if other != 0 { return index &+ (other.trailingZeroBitCount >> 3) }
      index &+= 8
    }
    while index < count {
      let byte = base.load(fromByteOffset: index, as: UInt8.self)
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return index }
      index &+= 1
    }
    return index
  }

  /// Marks, with its high bit, exactly each byte of `word` that is not JSON whitespace.
  @inline(__always)
  private static func nonWhitespaceMask(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    /// The high bit of each byte of `word` that differs from `byte` (no carries between bytes).
    func differs(_ byte: UInt64) -> UInt64 {
      let bits = word ^ (0x0101_0101_0101_0101 &* byte)
      return ((bits & low) &+ low) | bits
    }
    return differs(0x20) & differs(0x0A) & differs(0x0D) & differs(0x09) & ~low
  }

  /// Consumes the literal `text` at the current offset or throws at the first mismatch.
  @inline(__always)
  private mutating func consume(_ text: StaticString) throws(JSONParseError) {
    let expected = text.utf8Start
    for position in 0..<text.utf8CodeUnitCount {
      let offset = index + position
      guard offset < count else { throw error(.unexpectedEnd, at: count) }
      let actual = byte(at: offset)
      if actual != expected[position] { throw error(.unexpectedByte(actual), at: offset) }
    }
    index += text.utf8CodeUnitCount
  }

  /// Reads an object key into `builder`, the colon after it and the whitespace around the
  /// colon.
  @inline(__always)
  private mutating func readKey<Builder: JSONReaderBuilder & ~Copyable>(
    into builder: inout Builder
  ) throws(JSONParseError) {
    guard index < count else { throw error(.unexpectedEnd, at: count) }
    let quote = byte(at: index)
    guard quote == 0x22 else { throw error(.unexpectedByte(quote), at: index) }
    try builder.key(&self)
    skipWhitespace()
    guard index < count else { throw error(.unexpectedEnd, at: count) }
    let colon = byte(at: index)
    guard colon == 0x3A else { throw error(.unexpectedByte(colon), at: index) }
    index += 1
    skipWhitespace()
  }

  /// Reads the whole document with an explicit stack of open containers, handing every value
  /// to `builder`, and returns the top-level value the builder made.
  ///
  /// This is the one scan of the grammar: ``parse(_:limits:)`` builds a ``JSONValue`` with it
  /// and ``JSONDocument`` an index of the containers, so both accept exactly the same
  /// documents and fail with exactly the same errors.
  mutating func read<Builder: JSONReaderBuilder & ~Copyable>(
    into builder: inout Builder
  ) throws(JSONParseError) -> Builder.Value {
    if count >= 3 && byte(at: 0) == 0xEF && byte(at: 1) == 0xBB && byte(at: 2) == 0xBF {
      throw error(.byteOrderMark, at: 0)
    }
    skipWhitespace()
    if index == count { throw error(.emptyDocument, at: index) }
    let value = try readValue(into: &builder)
    skipWhitespace()
    if index != count { throw error(.trailingContent, at: index) }
    return value
  }

  /// Reads the one value that starts at the current offset (whitespace before it skipped),
  /// handing it to `builder`, and leaves the reader just past it.
  ///
  /// ``read(into:)`` reads a document's top-level value with it; a decoder that walks a
  /// document itself reads a member it does not know with it, so that member is checked by
  /// the same grammar, with the same errors. The depth limit counts from this value.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the value.
  mutating func readValue<Builder: JSONReaderBuilder & ~Copyable>(
    into builder: inout Builder
  ) throws(JSONParseError) -> Builder.Value {
    // Whether each open container is an object (otherwise an array).
    var frames: [Bool] = []
    frames.reserveCapacity(32)

    parsing: while true {
      // A value starts at `index`; whitespace before it has been skipped.
      guard index < count else { throw error(.unexpectedEnd, at: count) }
      let first = byte(at: index)
      var value: Builder.Value
      switch first {
      case 0x22:
        value = try builder.string(&self)
      case 0x2D, 0x30...0x39:
        value = try builder.number(&self)
      case 0x7B, 0x5B:
        let isObject = first == 0x7B
        if frames.count >= limits.maxDepth {
          throw error(.depthLimitExceeded(limits.maxDepth), at: index)
        }
        let start = index
        index += 1
        skipWhitespace()
        guard index < count else { throw error(.unexpectedEnd, at: count) }
        if byte(at: index) == (isObject ? 0x7D : 0x5D) {
          index += 1
          value = builder.empty(isObject: isObject, from: start, to: index)
        } else {
          frames.append(isObject)
          builder.open(isObject: isObject, at: start)
          if isObject { try readKey(into: &builder) }
          continue parsing
        }
      case 0x74:
        try consume("true")
        value = builder.literal(.bool(true))
      case 0x66:
        try consume("false")
        value = builder.literal(.bool(false))
      case 0x6E:
        try consume("null")
        value = builder.literal(.null)
      default:
        throw error(.unexpectedByte(first), at: index)
      }

      // A value has ended: attach it to the innermost container, closing containers as needed.
      while true {
        guard let isObject = frames.last else { return value }
        builder.append(value)
        skipWhitespace()
        guard index < count else { throw error(.unexpectedEnd, at: count) }
        let separator = byte(at: index)
        if separator == 0x2C {
          index += 1
          skipWhitespace()
          if isObject { try readKey(into: &builder) }
          continue parsing
        }
        guard separator == (isObject ? 0x7D : 0x5D) else {
          throw error(.unexpectedByte(separator), at: index)
        }
        index += 1
        frames.removeLast()
        value = builder.close(isObject: isObject, at: index)
      }
    }
  }
}

/// What ``JSONReader/read(into:)`` hands the values of a document to, as it reads them.
///
/// The reader validates; the builder only keeps what it needs. Values reach it in document
/// order: a container's ``open(isObject:at:)``, then each member's key and value (or each
/// element), each value followed by ``append(_:)``, then ``close(isObject:at:)``.
protocol JSONReaderBuilder: ~Copyable {
  /// What the builder makes of a value.
  associatedtype Value

  /// Reads the string whose opening quote is at the reader's offset, leaving the reader after
  /// its closing quote.
  mutating func string(_ reader: inout JSONReader) throws(JSONParseError) -> Value
  /// Reads the number that starts at the reader's offset, leaving the reader after it.
  mutating func number(_ reader: inout JSONReader) throws(JSONParseError) -> Value
  /// Reads the key whose opening quote is at the reader's offset, leaving the reader after
  /// its closing quote.
  mutating func key(_ reader: inout JSONReader) throws(JSONParseError)
  /// The literal `true`, `false` or `null`, already read.
  mutating func literal(_ literal: JSONValue) -> Value
  /// An empty array or object, read from `start` (its bracket) to `end` (past its close).
  mutating func empty(isObject: Bool, from start: Int, to end: Int) -> Value
  /// A non-empty array or object opens at offset `start`.
  mutating func open(isObject: Bool, at start: Int)
  /// A value of the innermost open container (after its key, in an object) has been read.
  mutating func append(_ value: consuming Value)
  /// The innermost open container closes; `end` is the offset past its closing bracket.
  mutating func close(isObject: Bool, at end: Int) -> Value
}
