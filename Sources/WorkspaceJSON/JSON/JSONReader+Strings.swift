extension JSONReader {
  /// Eight copies of the byte 0x01, for byte-parallel (SWAR) tests on a 64-bit word.
  private static let ones: UInt64 = 0x0101_0101_0101_0101
  /// Eight copies of the byte 0x80, the high bit of every byte in a 64-bit word.
  static let highBits: UInt64 = 0x8080_8080_8080_8080

  /// Marks, with its high bit, each byte of `word` that may end a plain run of string text.
  ///
  /// A byte is marked when it is a quote, a backslash or a control character (below 0x20).
  /// The lowest marked byte is always a real match; bytes above it may be false positives.
  @inline(__always)
  static func specialByteMask(_ word: UInt64) -> UInt64 {
    let quotes = word ^ (ones &* 0x22)
    let backslashes = word ^ (ones &* 0x5C)
    let hasQuote = (quotes &- ones) & ~quotes
    let hasBackslash = (backslashes &- ones) & ~backslashes
    let hasControl = (word &- ones &* 0x20) & ~word
    return (hasQuote | hasBackslash | hasControl) & highBits
  }

  /// Returns the offset of the first quote, backslash or control byte at or after `offset`.
  ///
  /// Returns `count` when there is none. Scans eight bytes per step and ORs every byte it
  /// looks at (and possibly a few bytes after the match) into `seen`, so that a clear high bit
  /// in each byte of `seen` proves the scanned text is ASCII.
  @inline(__always)
  func nextSpecialByte(from offset: Int, seen: inout UInt64) -> Int {
    Self.nextSpecialByte(in: base, count: count, from: offset, seen: &seen)
  }

  /// ``nextSpecialByte(from:seen:)`` in the `count` bytes at `base`.
  @inline(__always)
  static func nextSpecialByte(
    in base: UnsafeRawPointer, count: Int, from offset: Int, seen: inout UInt64
  ) -> Int {
    var position = offset
    while position &+ 8 <= count {
      // Little-endian order puts the first byte in the lowest bits on every platform.
      let word = UInt64(
        littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
      seen |= word
      let mask = specialByteMask(word)
      if mask != 0 { return position &+ (mask.trailingZeroBitCount >> 3) }
      position &+= 8
    }
    while position < count {
      let byte = base.load(fromByteOffset: position, as: UInt8.self)
      seen |= UInt64(byte)
      if byte == 0x22 || byte == 0x5C || byte < 0x20 { return position }
      position &+= 1
    }
    return count
  }

  /// Throws `invalidUTF8` unless the bytes at `range` are well-formed UTF-8.
  ///
  /// The check is skipped when `seen` (from ``nextSpecialByte(from:seen:)``) proves the range
  /// is ASCII, which is the common case.
  @inline(__always)
  private func validateRun(_ range: Range<Int>, seen: UInt64) throws(JSONParseError) {
    guard seen & Self.highBits != 0 else { return }
    let invalid = firstInvalidUTF8(in: range)
    if invalid != range.upperBound { throw error(.invalidUTF8, at: invalid) }
  }

  /// Parses the string whose opening quote is at the current offset.
  ///
  /// - Complexity: O(*n*), where *n* is the encoded length of the string.
  mutating func parseString() throws(JSONParseError) -> String {
    let quote = index
    var seen: UInt64 = 0
    let end = try plainRunEnd(quote: quote, seen: &seen)
    if byte(at: end) == 0x5C {
      return try parseEscapedString(quote: quote, escape: end)
    }
    index = end + 1
    let start = quote + 1
    let length = end - start
    // A short text the scan saw to be ASCII (a pane's title) is copied into the string as it
    // is: decoding it as UTF-8, with repairs, took about twice as many instructions.
    if length <= 15, seen & Self.highBits == 0 {
      let source = (base + start).assumingMemoryBound(to: UInt8.self)
      return String(unsafeUninitializedCapacity: length) { buffer in
        buffer.baseAddress?.initialize(from: source, count: length)
        return length
      }
    }
    return String(
      decoding: UnsafeRawBufferPointer(start: base + start, count: length), as: UTF8.self)
  }

  /// Validates the string whose opening quote is at the current offset and moves past it,
  /// building nothing (an escaped string is decoded into the scratch buffer and dropped).
  ///
  /// - Complexity: O(*n*), where *n* is the encoded length of the string.
  mutating func skipString() throws(JSONParseError) {
    let quote = index
    var seen: UInt64 = 0
    let end = try plainRunEnd(quote: quote, seen: &seen)
    if byte(at: end) == 0x5C {
      _ = try parseEscapedString(quote: quote, escape: end)
    } else {
      index = end + 1
    }
  }

  /// Validates the text after the opening quote at `quote` up to its first backslash or its
  /// closing quote, and returns that byte's offset; a string without escapes is checked
  /// against the length limit here. `seen` is as ``nextSpecialByte(from:seen:)`` leaves it.
  @inline(__always)
  private func plainRunEnd(quote: Int, seen: inout UInt64) throws(JSONParseError) -> Int {
    let start = quote + 1
    let end = nextSpecialByte(from: start, seen: &seen)
    try validateRun(start..<end, seen: seen)
    guard end < count else { throw error(.unexpectedEnd, at: count) }
    let terminator = byte(at: end)
    if terminator == 0x5C { return end }
    if terminator != 0x22 { throw error(.controlCharacterInString, at: end) }
    if end - start > limits.maxStringBytes {
      throw error(.stringTooLong(limits.maxStringBytes), at: quote)
    }
    return end
  }

  /// Parses a string that contains at least one escape, the first one at offset `escape`.
  private mutating func parseEscapedString(
    quote: Int,
    escape: Int
  ) throws(JSONParseError) -> String {
    scratch.removeAll(keepingCapacity: true)
    var runStart = quote + 1
    var position = escape
    while true {
      scratch.append(
        contentsOf: UnsafeRawBufferPointer(start: base + runStart, count: position - runStart))
      let byte = byte(at: position)
      if byte == 0x22 { break }
      if byte != 0x5C { throw error(.controlCharacterInString, at: position) }
      position = try decodeEscape(at: position)
      runStart = position
      var seen: UInt64 = 0
      position = nextSpecialByte(from: position, seen: &seen)
      try validateRun(runStart..<position, seen: seen)
      guard position < count else { throw error(.unexpectedEnd, at: count) }
    }
    if position - quote - 1 > limits.maxStringBytes {
      throw error(.stringTooLong(limits.maxStringBytes), at: quote)
    }
    index = position + 1
    return String(decoding: scratch, as: UTF8.self)
  }

  /// Decodes the escape whose backslash is at `offset` into `scratch`; returns the next offset.
  private mutating func decodeEscape(at offset: Int) throws(JSONParseError) -> Int {
    guard offset + 1 < count else { throw error(.unexpectedEnd, at: count) }
    let replacement: UInt8
    switch byte(at: offset + 1) {
    case 0x22: replacement = 0x22
    case 0x5C: replacement = 0x5C
    case 0x2F: replacement = 0x2F
    case 0x62: replacement = 0x08
    case 0x66: replacement = 0x0C
    case 0x6E: replacement = 0x0A
    case 0x72: replacement = 0x0D
    case 0x74: replacement = 0x09
    case 0x75: return try decodeUnicodeEscape(at: offset)
    default: throw error(.invalidEscape, at: offset + 1)
    }
    scratch.append(replacement)
    return offset + 2
  }

  /// Decodes a `\uXXXX` escape (or a surrogate pair of them) at `offset` into `scratch`.
  private mutating func decodeUnicodeEscape(at offset: Int) throws(JSONParseError) -> Int {
    let unit = try hexQuad(at: offset + 2)
    var scalarValue = unit
    var next = offset + 6
    if unit >= 0xDC00 && unit <= 0xDFFF {
      throw error(.invalidUnicodeEscape, at: offset)
    }
    if unit >= 0xD800 && unit <= 0xDBFF {
      for (position, expected) in [(next, UInt8(0x5C)), (next + 1, UInt8(0x75))] {
        guard position < count else { throw error(.unexpectedEnd, at: count) }
        if byte(at: position) != expected { throw error(.invalidUnicodeEscape, at: offset) }
      }
      let low = try hexQuad(at: next + 2)
      guard low >= 0xDC00 && low <= 0xDFFF else { throw error(.invalidUnicodeEscape, at: offset) }
      scalarValue = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
      next += 6
    }
    appendUTF8(of: scalarValue)
    return next
  }

  /// Reads four hexadecimal digits at `offset` as a UTF-16 code unit.
  private func hexQuad(at offset: Int) throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for position in offset..<(offset + 4) {
      guard position < count else { throw error(.unexpectedEnd, at: count) }
      let byte = byte(at: position)
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw error(.invalidEscape, at: position)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// Appends the UTF-8 encoding of a Unicode scalar value (never a surrogate) to `scratch`.
  private mutating func appendUTF8(of scalarValue: UInt32) {
    switch scalarValue {
    case 0..<0x80:
      scratch.append(UInt8(scalarValue))
    case 0x80..<0x800:
      scratch.append(UInt8(0xC0 | scalarValue >> 6))
      scratch.append(UInt8(0x80 | scalarValue & 0x3F))
    case 0x800..<0x10000:
      scratch.append(UInt8(0xE0 | scalarValue >> 12))
      scratch.append(UInt8(0x80 | scalarValue >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalarValue & 0x3F))
    default:
      scratch.append(UInt8(0xF0 | scalarValue >> 18))
      scratch.append(UInt8(0x80 | scalarValue >> 12 & 0x3F))
      scratch.append(UInt8(0x80 | scalarValue >> 6 & 0x3F))
      scratch.append(UInt8(0x80 | scalarValue & 0x3F))
    }
  }

  /// Returns the offset of the first byte of the first ill-formed UTF-8 sequence in `range`.
  ///
  /// Follows RFC 3629: no overlong forms, no encoded surrogates, nothing above U+10FFFF.
  /// Returns `range.upperBound` when the range is well-formed.
  private func firstInvalidUTF8(in range: Range<Int>) -> Int {
    var position = range.lowerBound
    while position < range.upperBound {
      let lead = byte(at: position)
      let length: Int
      var secondRange: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0x00...0x7F: length = 1
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        secondRange = 0xA0...0xBF
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        secondRange = 0x80...0x9F
      case 0xF0:
        length = 4
        secondRange = 0x90...0xBF
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        secondRange = 0x80...0x8F
      default: return position
      }
      if length > 1 {
        guard position + length <= range.upperBound else { return position }
        guard secondRange.contains(byte(at: position + 1)) else { return position }
        for continuation in (position + 2)..<(position + length)
        where byte(at: continuation) & 0xC0 != 0x80 {
          return position
        }
      }
      position += length
    }
    return position
  }
}
