extension RouteToken {
  /// Parses a token from its text form, such as `detail:7` or `search:swift%20testing`.
  ///
  /// Arguments may contain percent escapes (`%20`), which are decoded as UTF-8; unreserved
  /// characters (`/` among them), URI sub-delimiters, `@`, `{`, `}` and non-ASCII text are
  /// also accepted as they are, so `file:a/b` and `file:a%2Fb` are the same token.
  ///
  ///     try RouteToken(parsing: "detail:7")      // name "detail", arguments ["7"]
  ///     try RouteToken(parsing: "detail:")       // one empty argument
  ///     try RouteToken(parsing: "7up")           // throws: offset 0
  ///
  /// Text longer than ``maximumLength`` bytes is rejected, and so is text whose canonical form
  /// (``description``) would be: characters printed as escapes make it longer (`!` prints as
  /// `%21`), and a token must parse back from its description.
  ///
  /// - Parameter text: The token's text.
  /// - Throws: ``PaneRouterError/malformedToken(_:offset:reason:)`` with the 0-based offset,
  ///   counted in Unicode scalars, of the first character that cannot stand where it is (for a
  ///   canonical form that is too long, the start of the argument that makes it so).
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  public init(parsing text: String) throws(PaneRouterError) {
    if let nameLength = text.utf8.withContiguousStorageIfAvailable(RouteToken.canonicalNameLength),
      let nameLength
    {
      self.init(canonicalText: text, nameLength: nameLength)
      return
    }
    if let (name, arguments) = RouteToken.parsePlainASCII(text) {
      self.init(name: name, arguments: arguments)
      try checkCanonicalLength(parsedFrom: text)
      return
    }
    guard text.utf8.count <= RouteToken.maximumLength else {
      throw .malformedToken(text, offset: RouteToken.firstScalarPastLimit(text), reason: .tooLong)
    }
    let scalars = Array(text.unicodeScalars)
    guard let first = scalars.first else {
      throw .malformedToken(text, offset: 0, reason: .empty)
    }
    guard first.isNameStart else {
      throw .malformedToken(text, offset: 0, reason: .invalidNameCharacter(first))
    }
    var index = 1
    while index < scalars.count, scalars[index] != ":" {
      guard scalars[index].isNameContinuation else {
        throw .malformedToken(
          text, offset: index, reason: .invalidNameCharacter(scalars[index]))
      }
      index += 1
    }
    let name = String(String.UnicodeScalarView(scalars[..<index]))
    var arguments: [String] = []
    while index < scalars.count {
      index += 1  // past ":"
      let (argument, end) = try RouteToken.decodeArgument(scalars, from: index, text: text)
      arguments.append(argument)
      index = end
    }
    self.init(name: name, arguments: arguments)
    try checkCanonicalLength(parsedFrom: text)
  }

  /// Throws ``PaneRouterError/TokenProblem/tooLong`` if ``description`` is longer than
  /// ``maximumLength`` bytes, at the start of the argument that makes it so in `text`.
  private func checkCanonicalLength(parsedFrom text: String) throws(PaneRouterError) {
    guard canonicalLength > RouteToken.maximumLength else { return }
    // Arguments hold no unescaped ":", in the parsed text as in the canonical one, so the
    // pieces of each between colons are the name and then each argument's text.
    let pieces = text.unicodeScalars.split(separator: ":", omittingEmptySubsequences: false)
    let printed = self.text.utf8.split(
      separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    var length = Int(nameLength)
    var offset = pieces[0].count + 1
    for index in 1..<printed.count {
      length += 1 + printed[index].count
      if length > RouteToken.maximumLength {
        throw .malformedToken(text, offset: offset, reason: .tooLong)
      }
      offset += pieces[index].count + 1
    }
  }

  /// Parses a token from its UTF-8 text, as ``init(parsing:)`` does, without making a string
  /// of the text first when it is plain ASCII: for text read straight from a file's bytes.
  ///
  /// - Parameter utf8: The token's text, well-formed UTF-8.
  /// - Throws: What ``init(parsing:)`` throws for the same text.
  /// - Complexity: O(*n*), where *n* is the length of `utf8`.
  package init(parsingUTF8 utf8: UnsafeBufferPointer<UInt8>) throws(PaneRouterError) {
    // The common token, a lower-case name and arguments of lower-case letters, digits and
    // `:` (`detail:1001`), is checked here, inline; any other by the byte table, in a call
    // whose own checks and saving of registers were about a fifth of checking the common one.
    let nameLength: Int
    if utf8.count <= RouteToken.maximumLength, let first = utf8.first,
      first &- UInt8(ascii: "a") < 26, let length = RouteToken.lowerCaseNameLength(utf8)
    {
      nameLength = length
    } else if let length = RouteToken.canonicalNameLength(utf8) {
      nameLength = length
    } else {
      self = try RouteToken(parsing: String(decoding: utf8, as: UTF8.self))
      return
    }
    // The bytes are checked ASCII: copied into the string as they are. A text of up to 15
    // bytes is stored inline and only checked ASCII a word at a time, not decoded as UTF-8
    // with repairs (which was more than half of parsing a token the cache does not hold).
    let text = String(unsafeUninitializedCapacity: utf8.count) { buffer in
      buffer.baseAddress!.initialize(from: utf8.baseAddress!, count: utf8.count)
      return utf8.count
    }
    self.init(canonicalText: text, count: utf8.count, nameLength: nameLength)
  }

  /// The length of the name if `bytes` are already a token's canonical text (``description``):
  /// a valid name, then arguments of unreserved ASCII and `%XX` escapes (upper-case digits)
  /// of the other ASCII bytes, within ``maximumLength``. `nil` for anything else, which the
  /// parser then reads, canonicalises or rejects.
  ///
  /// One pass, each byte looked up in ``byteClasses`` (a load and a test, where a bit set of
  /// 128 bits takes a range check and a shift: about 40% of parsing a token the decoder's
  /// cache does not hold).
  ///
  /// - Complexity: O(*n*), where *n* is the number of bytes.
  private static func canonicalNameLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count <= maximumLength, let first = bytes.first, isPlain(first, nameStart)
    else { return nil }
    if let nameLength = lowerCaseNameLength(bytes) { return nameLength }
    let classes = byteClasses.utf8Start
    var index = 1
    while index < bytes.count, classes[Int(bytes[index])] & nameByte != 0 {
      index += 1
    }
    let nameLength = index
    guard index == bytes.count || bytes[index] == UInt8(ascii: ":") else { return nil }
    while index < bytes.count {
      let byte = bytes[index]
      if classes[Int(byte)] & argumentByte != 0 {
        index += 1
        continue
      }
      guard byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = upperHexValue(bytes[index + 1]), let low = upperHexValue(bytes[index + 2]),
        high < 8, !isPlain(high << 4 | low, unreserved)
      else { return nil }
      index += 3
    }
    return nameLength
  }

  /// ``canonicalNameLength(_:)`` for the common token of eight bytes or more, such as
  /// `detail:1001`: lower-case letters, digits and `:` only, starting with a letter (all of
  /// it canonical, the name up to the first `:`), checked eight bytes at a time, the last
  /// eight bytes overlapping the ones before. `nil` for any other text, which the byte
  /// table reads.
  ///
  /// The table took about eleven instructions a byte: most of parsing a token that the
  /// decoder's cache does not hold (every pane's own `detail:N`).
  @inline(__always)
  private static func lowerCaseNameLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    let count = bytes.count
    guard count >= 8, let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var nameLength = count
    var offset = 0
    while true {
      // The last word ends at the end: bytes before `offset` are checked again, and hold no
      // `:` when no name length is known yet, so the first `:` found is at or past it.
      let start = min(offset, count &- 8)
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
      guard word & highBits == 0 else { return nil }
      // Below 0x80, a byte plus 0x80 - `low` has its high bit set when it is at least `low`,
      // without a carry into the next byte.
      let letters = (word &+ ones &* 0x1F) & ~(word &+ ones &* 0x05)
      let digitsOrColons = (word &+ ones &* 0x50) & ~(word &+ ones &* 0x45)
      guard (letters | digitsOrColons) & highBits == highBits else { return nil }
      if nameLength == count {
        let colons = digitsOrColons & (word &+ ones &* 0x46) & highBits
        if colons != 0 { nameLength = start &+ (colons.trailingZeroBitCount >> 3) }
      }
      offset = start &+ 8
      if offset >= count { return nameLength }
    }
  }

  /// The class of each byte value, by its offset: `3` for a name's bytes (``nameByte`` and
  /// ``argumentByte``), `2` for the other bytes of canonical arguments (`~`, `/` and the `:`
  /// between them), `0` for the rest (escaped, or not allowed). A literal, so reading it
  /// costs no lazy initialisation.
  private static var byteClasses: StaticString {
    """
    0000000000000000000000000000000000000000000003323333333333200000\
    0333333333333333333333333330000303333333333333333333333333300020\
    0000000000000000000000000000000000000000000000000000000000000000\
    0000000000000000000000000000000000000000000000000000000000000000
    """
  }
  /// The bit of a ``byteClasses`` entry for a byte that may continue a name.
  private static let nameByte: UInt8 = 1
  /// The bit of a ``byteClasses`` entry for a byte that stands as itself in canonical
  /// arguments, or separates them.
  private static let argumentByte: UInt8 = 2

  /// The length of the name that starts `bytes`, up to the first `:` or the end, if the bytes
  /// are within ``maximumLength`` and the name is valid; `nil` otherwise.
  private static func plainNameLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    guard bytes.count <= maximumLength, let first = bytes.first, isPlain(first, nameStart)
    else { return nil }
    var index = 1
    while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
      guard isPlain(bytes[index], nameContinuation) else { return nil }
      index += 1
    }
    return index
  }

  /// The value of an upper-case hexadecimal digit, which canonical escapes use.
  private static func upperHexValue(_ byte: UInt8) -> UInt8? {
    byte >= UInt8(ascii: "a") ? nil : PercentEncoding.hexValue(byte)
  }

  /// The fast path for the common token: ASCII text (escapes may decode to any UTF-8), every
  /// character allowed where it stands. Returns `nil` for anything else, which the full parser then
  /// reads (and reports with exact offsets).
  private static func parsePlainASCII(_ text: String) -> (String, [String])? {
    let result = text.utf8.withContiguousStorageIfAvailable { parsePlainASCII($0) }
    return result ?? nil
  }

  /// The fast path of ``parsePlainASCII(_:)-(String)`` on the text's bytes.
  private static func parsePlainASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, [String])? {
    guard var index = plainNameLength(bytes) else { return nil }
    let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<index]), as: UTF8.self)
    guard index < bytes.count else { return (name, []) }
    var arguments: [String] = []
    arguments.reserveCapacity(bytes[index...].count { $0 == UInt8(ascii: ":") })
    var decoded: [UInt8] = []
    while index < bytes.count {
      index += 1
      let start = index
      var isEscaped = false
      while index < bytes.count, bytes[index] != UInt8(ascii: ":") {
        guard isPlain(bytes[index], plainArgument) else { return nil }
        if bytes[index] == UInt8(ascii: "%") { isEscaped = true }
        index += 1
      }
      guard isEscaped else {
        arguments.append(
          String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        continue
      }
      decoded.removeAll(keepingCapacity: true)
      var cursor = start
      while cursor < index {
        if bytes[cursor] == UInt8(ascii: "%") {
          guard cursor + 2 < index, let high = PercentEncoding.hexValue(bytes[cursor + 1]),
            let low = PercentEncoding.hexValue(bytes[cursor + 2])
          else { return nil }
          decoded.append(high << 4 | low)
          cursor += 3
        } else {
          decoded.append(bytes[cursor])
          cursor += 1
        }
      }
      guard let argument = String(validating: decoded, as: UTF8.self) else { return nil }
      arguments.append(argument)
    }
    return (name, arguments)
  }

  /// The ASCII bytes that are their own percent-encoding: a name's, `~` and `/`.
  static let unreserved: (UInt64, UInt64) = (0x03FF_E000_0000_0000, 0x47FF_FFFE_87FF_FFFE)
  /// The ASCII bytes that may start a name, one bit per byte value (low word: 0-63).
  private static let nameStart: (UInt64, UInt64) = (0, 0x07FF_FFFE_87FF_FFFE)
  /// The ASCII bytes that may continue a name.
  private static let nameContinuation: (UInt64, UInt64) = (
    0x03FF_6000_0000_0000, 0x07FF_FFFE_87FF_FFFE
  )
  /// The ASCII bytes that may stand in an argument: themselves, or `%` opening an escape.
  private static let plainArgument: (UInt64, UInt64) = (
    0x2BFF_FFF2_0000_0000, 0x6FFF_FFFE_87FF_FFFF
  )

  /// Whether `byte` is one of the ASCII bytes of `set`.
  @inline(__always)
  static func isPlain(_ byte: UInt8, _ set: (UInt64, UInt64)) -> Bool {
    switch byte {
    case ..<64: set.0 >> byte & 1 == 1
    case ..<128: set.1 >> (byte - 64) & 1 == 1
    default: false
    }
  }

  /// Decodes one argument starting at `start`, returning it and the index of the `:` or end
  /// that closes it.
  private static func decodeArgument(
    _ scalars: [Unicode.Scalar], from start: Int, text: String
  ) throws(PaneRouterError) -> (String, Int) {
    var bytes: [UInt8] = []
    // The scalar offset each byte came from, to locate an invalid UTF-8 sequence.
    var origins: [Int] = []
    var index = start
    while index < scalars.count, scalars[index] != ":" {
      let scalar = scalars[index]
      if scalar == "%" {
        guard index + 2 < scalars.count,
          let high = scalars[index + 1].hexValue, let low = scalars[index + 2].hexValue
        else {
          throw .malformedToken(text, offset: index, reason: .invalidPercentEscape)
        }
        bytes.append(high << 4 | low)
        origins.append(index)
        index += 3
      } else if scalar.isArgumentCharacter {
        for byte in String(scalar).utf8 {
          bytes.append(byte)
          origins.append(index)
        }
        index += 1
      } else {
        throw .malformedToken(text, offset: index, reason: .invalidArgumentCharacter(scalar))
      }
    }
    guard let argument = String(validating: bytes, as: UTF8.self) else {
      let offset = origins[Unicode.UTF8.firstInvalidByte(in: bytes) ?? bytes.count]
      throw .malformedToken(text, offset: offset, reason: .invalidUTF8)
    }
    return (argument, index)
  }

  /// The offset, in Unicode scalars, of the first scalar of `text` that ends past
  /// ``maximumLength`` bytes.
  private static func firstScalarPastLimit(_ text: String) -> Int {
    var bytes = 0
    var offset = 0
    for scalar in text.unicodeScalars {
      bytes += UTF8.width(scalar)
      if bytes > maximumLength { return offset }
      offset += 1
    }
    return offset
  }
}

extension Unicode.Scalar {
  fileprivate var hexValue: UInt8? {
    value < 0x80 ? PercentEncoding.hexValue(UInt8(value)) : nil
  }
}
