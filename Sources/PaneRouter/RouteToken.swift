/// A route as text: a name and optional arguments, such as `inbox`, `detail:7` or
/// `search:swift%20testing`.
///
/// Tokens are what files store, what `wsctl` and deep links speak and what logs print, so a
/// renamed Swift type never breaks a saved workspace. The grammar is `name(:argument)*`: the
/// name matches `[A-Za-z_][A-Za-z0-9_.-]*` and each argument is percent-encoded text, so any
/// Unicode string survives a round trip.
///
///     let token = try RouteToken(parsing: "search:swift%20testing")
///     token.name          // "search"
///     token.arguments     // ["swift testing"]
///     token.description   // "search:swift%20testing"
///
/// `description` is canonical: parsing it gives back an equal token.
public struct RouteToken: Hashable, Sendable {
  /// The route's name, such as `detail`.
  public let name: String
  /// The decoded (not percent-encoded) arguments, in order.
  public let arguments: [String]

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
    self.name = name
    self.arguments = arguments
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
  /// characters. Equal tokens print the same text.
  public var description: String {
    var text = name
    for argument in arguments {
      text.append(":")
      text.append(RouteToken.percentEncoded(argument))
    }
    return text
  }

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

  /// Whether every byte of the argument is an unreserved ASCII character, so that it is its
  /// own percent-encoding.
  private static func isUnreservedASCII(_ argument: String) -> Bool {
    argument.utf8.allSatisfy { isPlain($0, unreserved) }
  }

  /// Calls `body` with the UTF-8 of ``description`` piece by piece (the name, then a `:` and
  /// each argument, percent-encoded), without building the text when no argument needs
  /// encoding: for writers that copy the text straight into their output.
  ///
  /// - Complexity: O(*n*), where *n* is the length of the canonical text.
  package func forEachCanonicalPiece(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    var piece = name
    piece.withUTF8(body)
    for argument in arguments {
      withUnsafeBytes(of: UInt8(ascii: ":")) { body($0.assumingMemoryBound(to: UInt8.self)) }
      piece = argument
      // ASCII is its own NFC form: its reserved bytes are escaped in place.
      let isEncoded = piece.withUTF8 { utf8 -> Bool in
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        var runStart = 0
        for index in utf8.indices where !RouteToken.isPlain(utf8[index], RouteToken.unreserved) {
          body(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
          let hexDigits: StaticString = "0123456789ABCDEF"
          let escape = (
            UInt8(ascii: "%"), hexDigits.utf8Start[Int(utf8[index] >> 4)],
            hexDigits.utf8Start[Int(utf8[index] & 0xF)]
          )
          withUnsafeBytes(of: escape) { body($0.assumingMemoryBound(to: UInt8.self)) }
          runStart = index + 1
        }
        body(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        return true
      }
      guard !isEncoded else { continue }
      piece = RouteToken.percentEncoded(argument)
      piece.withUTF8(body)
    }
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

extension RouteToken: Comparable {
  /// Orders tokens by their canonical text.
  public static func < (lhs: RouteToken, rhs: RouteToken) -> Bool {
    lhs.description < rhs.description
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

  /// Whether the scalar is printed as itself inside an argument.
  var isUnreserved: Bool {
    isNameContinuation || self == "~"
  }

  /// Whether the scalar is accepted unencoded inside an argument when parsing.
  ///
  /// Besides the unreserved characters this admits the URI sub-delimiters, `@`, the braces
  /// of a template's placeholders (`detail:{id}`) and any non-ASCII scalar past the C1
  /// controls, so `search:café` and `mail:a@b.c` can be typed as they are. Space, `/`, `?`,
  /// `#`, quotes, `\`, control characters and `:` (the separator) must be encoded.
  var isArgumentCharacter: Bool {
    if value >= 0xA0 { return true }
    return isUnreserved || "!$&'()*+,;=@{}".unicodeScalars.contains(self)
  }
}
