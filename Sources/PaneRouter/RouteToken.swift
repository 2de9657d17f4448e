/// A route as text: a name and optional arguments, such as `inbox`, `detail:7` or
/// `search:swift%20testing`.
///
/// Tokens are what files store, what `wsctl` and deep links speak and what logs print, so a
/// renamed Swift type never breaks a saved workspace. The grammar is `name(:argument)*`: the
/// name matches `[A-Za-z_][A-Za-z0-9_.-]*` and each argument is percent-encoded text, so any
/// Unicode string survives a round trip. A `/` is printed as itself, so a path reads as a path;
/// `%2F` is read as the same `/`.
///
///     let token = try RouteToken(parsing: "search:swift%20testing")
///     token.name          // "search"
///     token.arguments     // ["swift testing"]
///     token.description   // "search:swift%20testing"
///
///     try RouteToken(parsing: "file:a%2Fb.swift") == "file:a/b.swift"   // true
///
/// `description` is canonical: parsing it gives back an equal token.
public struct RouteToken: Sendable {
  /// The canonical text (``description``): the name, then each argument after a `:`,
  /// percent-encoded; all of it ASCII. When an argument was given in another form than NFC,
  /// the arguments as given follow, each after a `:` with every reserved byte escaped, so
  /// ``arguments`` returns them as they were.
  @usableFromInline let storage: String
  /// The length of the name, in bytes: where the first `:` stands, or the whole text.
  let nameLength: UInt32
  /// The length of the canonical text, in bytes: all of `storage` but the arguments as given.
  @usableFromInline let canonicalLength: UInt32

  /// Wraps canonical text whose name is its first `nameLength` bytes.
  init(canonicalText text: String, nameLength: Int) {
    self.init(storage: text, nameLength: nameLength, canonicalLength: text.utf8.count)
  }

  /// Wraps canonical text of `count` bytes, at most ``maximumLength``, whose name is its
  /// first `nameLength` bytes: for text just made of bytes counted already (counting a
  /// string's bytes again, twice, was a tenth of parsing a token from a file's bytes).
  init(canonicalText text: String, count: Int, nameLength: Int) {
    assert(count == text.utf8.count && count <= RouteToken.maximumLength)
    storage = text
    self.nameLength = UInt32(truncatingIfNeeded: nameLength)
    canonicalLength = UInt32(truncatingIfNeeded: count)
  }

  private init(storage: String, nameLength: Int, canonicalLength: Int) {
    precondition(storage.utf8.count <= UInt32.max, "route token too long")
    self.storage = storage
    self.nameLength = UInt32(nameLength)
    self.canonicalLength = UInt32(canonicalLength)
  }

  /// Whether `storage` is the canonical text alone: the arguments were given in NFC.
  @usableFromInline var isCanonicalAlone: Bool { Int(canonicalLength) == storage.utf8.count }

  /// The canonical text, ``description``.
  @usableFromInline var text: String {
    isCanonicalAlone ? storage : String(Substring(storage.utf8.prefix(Int(canonicalLength))))
  }

  /// The route's name, such as `detail`.
  public var name: String {
    String(Substring(storage.utf8.prefix(Int(nameLength))))
  }

  /// The decoded (not percent-encoded) arguments, in order, as they were given.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the token's text: they are decoded
  ///   from it on each access.
  public var arguments: [String] {
    var start = argumentsStart
    var arguments: [String] = []
    while start < storage.utf8.endIndex {
      arguments.append(nextArgument(from: &start))
    }
    return arguments
  }

  /// Where the arguments as given start in `storage`: at the first `:` of the canonical text
  /// or, when the arguments as given follow it, at its end.
  var argumentsStart: String.Index {
    storage.utf8.index(
      storage.utf8.startIndex, offsetBy: Int(isCanonicalAlone ? nameLength : canonicalLength))
  }

  /// The number of arguments: the number of `:` in the canonical text, since arguments print
  /// theirs escaped.
  var argumentCount: Int {
    storage.utf8.prefix(Int(canonicalLength)).dropFirst(Int(nameLength)).count {
      $0 == UInt8(ascii: ":")
    }
  }

  /// Decodes the argument after the `:` at `start` and moves `start` to the `:` or end after it.
  func nextArgument(from start: inout String.Index) -> String {
    let utf8 = storage.utf8
    let pieceStart = utf8.index(after: start)
    let end = utf8[pieceStart...].firstIndex(of: UInt8(ascii: ":")) ?? utf8.endIndex
    start = end
    let piece = utf8[pieceStart..<end]
    guard piece.contains(UInt8(ascii: "%")) else { return String(Substring(piece)) }
    let decoded = piece.withContiguousStorageIfAvailable(RouteToken.percentDecoded)
    return decoded ?? Array(piece).withUnsafeBufferPointer(RouteToken.percentDecoded)
  }

  /// Decodes one argument of canonical text, whose escapes spell valid UTF-8.
  private static func percentDecoded(_ piece: UnsafeBufferPointer<UInt8>) -> String {
    guard piece.contains(UInt8(ascii: "%")) else {
      return String(decoding: piece, as: UTF8.self)
    }
    var decoded: [UInt8] = []
    decoded.reserveCapacity(piece.count)
    var cursor = piece.startIndex
    while cursor < piece.endIndex {
      if piece[cursor] == UInt8(ascii: "%") {
        decoded.append(
          PercentEncoding.hexValue(piece[cursor + 1])! << 4
            | PercentEncoding.hexValue(piece[cursor + 2])!)
        cursor += 3
      } else {
        decoded.append(piece[cursor])
        cursor += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  /// The longest token text, in UTF-8 bytes, that ``init(parsing:)`` accepts, and the longest
  /// canonical text (``description``) of a token it returns.
  public static let maximumLength = 4096

  /// Creates a token from a name and decoded arguments.
  ///
  /// - Parameters:
  ///   - name: A valid route name (`[A-Za-z_][A-Za-z0-9_.-]*`); an invalid name is a
  ///     programmer error and traps. Use ``init(parsing:)`` for untrusted text.
  ///   - arguments: The arguments as plain text; they are percent-encoded when printed.
  public init(name: String, arguments: [String] = []) {
    precondition(
      RouteToken.isValidName(name), "invalid route name '\(name)'")
    var text = name
    for argument in arguments {
      text.append(":")
      text.append(RouteToken.percentEncoded(argument))
    }
    let canonicalLength = text.utf8.count
    if !arguments.allSatisfy(RouteToken.isNFC) {
      for argument in arguments {
        text.append(":")
        for byte in argument.utf8 {
          if RouteToken.isPlain(byte, RouteToken.unreserved) {
            text.unicodeScalars.append(Unicode.Scalar(byte))
          } else {
            text.append(PercentEncoding.escape(byte))
          }
        }
      }
    }
    self.init(storage: text, nameLength: name.utf8.count, canonicalLength: canonicalLength)
  }

  /// Creates a token from a name and arguments given as values, such as
  /// `RouteToken("detail", 7)`.
  ///
  /// - Parameters:
  ///   - name: A valid route name; an invalid one traps.
  ///   - arguments: Values whose `description` becomes each argument.
  public init<each Argument: LosslessStringConvertible>(
    _ name: String, _ arguments: repeat each Argument
  ) {
    var texts: [String] = []
    for argument in repeat each arguments {
      texts.append(argument.description)
    }
    self.init(name: name, arguments: texts)
  }

  /// Whether `text` is a valid route name.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text`.
  public static func isValidName(_ text: String) -> Bool {
    var scalars = text.unicodeScalars.makeIterator()
    guard let first = scalars.next(), first.isNameStart else { return false }
    while let scalar = scalars.next() {
      guard scalar.isNameContinuation else { return false }
    }
    return true
  }
}

extension RouteToken: CustomStringConvertible {
  /// The canonical text of the token: the name, then each argument after a `:`,
  /// percent-encoded (as UTF-8 in Unicode normalization form C) except for unreserved
  /// characters (`A-Z a-z 0-9 _ . - ~ /`). Equal tokens print the same text.
  public var description: String { text }

  /// Percent-encodes the argument's NFC form, so canonically equivalent arguments (which
  /// compare equal, like `é` and `e` + U+0301) print the same text.
  static func percentEncoded(_ argument: String) -> String {
    if isUnreservedASCII(argument) { return argument }
    var text = ""
    text.reserveCapacity(argument.utf8.count)
    argument.forEachNFCByte { byte in
      if byte < 0x80, Unicode.Scalar(byte).isUnreserved {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text.append(PercentEncoding.escape(byte))
      }
    }
    return text
  }

  /// Whether the argument's UTF-8 is already in Unicode normalization form C.
  private static func isNFC(_ argument: String) -> Bool {
    if argument.utf8.allSatisfy({ $0 < 0x80 }) { return true }
    var nfc: [UInt8] = []
    argument.forEachNFCByte { nfc.append($0) }
    return nfc.elementsEqual(argument.utf8)
  }

  /// Whether every byte of the argument is an unreserved ASCII character, so that it is its
  /// own percent-encoding.
  private static func isUnreservedASCII(_ argument: String) -> Bool {
    argument.utf8.allSatisfy { isPlain($0, unreserved) }
  }

  /// Calls `body` with the UTF-8 of ``description``, in one piece: for writers that copy
  /// the text straight into their output.
  ///
  /// - Complexity: O(1) besides `body`.
  @inlinable @inline(__always)
  package func forEachCanonicalPiece(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    // The stored bytes are read in place (no copy of the string, no reference counted).
    let length = Int(canonicalLength)
    let isRead: Void? = storage.utf8.withContiguousStorageIfAvailable { utf8 in
      body(UnsafeBufferPointer(rebasing: utf8.prefix(length)))
    }
    guard isRead == nil else { return }
    var text = self.text
    text.withUTF8(body)
  }
}

extension RouteToken: ExpressibleByStringLiteral {
  /// Creates a token from a literal such as `"detail:7"`; a malformed literal traps.
  public init(stringLiteral value: String) {
    do {
      try self.init(parsing: value)
    } catch {
      preconditionFailure("\(error)")
    }
  }
}

extension RouteToken: Hashable, Comparable {
  /// Whether two tokens have the same canonical text: the same name and equal arguments.
  public static func == (lhs: RouteToken, rhs: RouteToken) -> Bool {
    if lhs.isCanonicalAlone, rhs.isCanonicalAlone { return lhs.storage == rhs.storage }
    return lhs.storage.utf8.prefix(Int(lhs.canonicalLength))
      .elementsEqual(rhs.storage.utf8.prefix(Int(rhs.canonicalLength)))
  }

  /// Hashes the canonical text, which equal tokens share.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(text)
  }

  /// Orders tokens by their canonical text.
  public static func < (lhs: RouteToken, rhs: RouteToken) -> Bool {
    lhs.text < rhs.text
  }
}

extension Unicode.Scalar {
  /// Whether the scalar may start a route name.
  var isNameStart: Bool {
    ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
  }

  /// Whether the scalar may continue a route name.
  var isNameContinuation: Bool {
    isNameStart || ("0"..."9").contains(self) || self == "." || self == "-"
  }

  /// Whether the scalar is printed as itself inside an argument: a name's characters, `~`
  /// and `/`, so a path reads as a path (`file:Sources/App/main.swift`).
  var isUnreserved: Bool {
    isNameContinuation || self == "~" || self == "/"
  }

  /// Whether the scalar is accepted unencoded inside an argument when parsing.
  ///
  /// Besides the unreserved characters this admits the URI sub-delimiters, `@`, the braces
  /// of a template's placeholders (`detail:{id}`) and any non-ASCII scalar past the C1
  /// controls, so `search:café` and `mail:a@b.c` can be typed as they are. Space, `?`, `#`,
  /// quotes, `\`, control characters and `:` (the separator) must be encoded.
  var isArgumentCharacter: Bool {
    if value >= 0xA0 { return true }
    return isUnreserved || "!$&'()*+,;=@{}".unicodeScalars.contains(self)
  }
}
