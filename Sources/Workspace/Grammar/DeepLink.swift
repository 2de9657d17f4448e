import PaneRouter

extension CommandParser {
  /// Parses a deep link whose path segments are command words, such as
  /// `myapp://workspace/focus/2/push/detail:7`.
  ///
  /// The scheme may be any valid URL scheme; the host must be `workspace` (in any case), with no
  /// user, password or port. Each non-empty path segment is one word, so `//` and a trailing `/`
  /// change nothing and `myapp://workspace` holds no commands. A query (`?…`) or fragment
  /// (`#…`) is rejected rather than ignored, so nothing in a link is silently dropped.
  ///
  /// Segments are percent-decoded as in any URL, except route tokens, which carry their own
  /// percent-encoding and are parsed as they are (`search:swift%20testing`); a `/` in a
  /// route's argument must be written `%2F` (`push/file:a%2Fb`), since `/` ends the segment,
  /// and the token reads it as `/`. So a title is
  /// written `rename/my%20notes`, an empty title `rename/=`, a node id `%257` (a valid URL) or
  /// `%7`, and a percentage `30%25` or `30%`: a `%` not followed by two hex digits stays as it
  /// is, as in browsers. The `=` escape applies after decoding.
  ///
  /// - Parameter link: The link's text.
  /// - Returns: The commands in order.
  /// - Throws: ``CommandSyntaxError/invalidURL(_:reason:)`` when the link is not of the form
  ///   `scheme://workspace/word/...`; otherwise the errors of ``parse(_:)``, whose indices
  ///   count the non-empty path segments from 0.
  /// - Complexity: O(*n*), where *n* is the length of the link.
  public static func parse(link: String) throws(CommandSyntaxError) -> [WorkspaceCommand] {
    let segments = try linkSegments(link)
    var parser = CommandParser(words: segments)
    parser.decodedLinkWords = segments.map(percentDecoded)
    return try parser.readAll()
  }

  /// Writes a deep link that ``parse(link:)-(String)`` reads back as `commands`.
  ///
  ///     CommandParser.link(for: [.focus(.pane(.number(2))), .rename("my notes")], scheme: "myapp")
  ///     // "myapp://workspace/focus/2/rename/my%20notes"
  ///
  /// Words are the commands' canonical ``WorkspaceCommand/words``; every word but a route is
  /// percent-encoded except for unreserved characters and `=` (an empty title is written `=`),
  /// so the link is a valid URL: `focus/%257` for node `%7`. A route is written as its token's
  /// canonical text with each `/` encoded, since `/` separates the link's segments:
  /// `push/file:a%2Fb.swift` for `file:a/b.swift`.
  ///
  /// - Parameters:
  ///   - commands: The commands, in order.
  ///   - scheme: The URL scheme, such as `myapp`; it is not checked.
  /// - Returns: The link, `scheme://workspace` followed by one segment per word.
  /// - Complexity: O(*n*), where *n* is the total length of the commands' words.
  public static func link(for commands: [WorkspaceCommand], scheme: String) -> String {
    var link = scheme + "://workspace"
    for command in commands {
      for word in command.spelledWords(reserving: []) {
        link.append("/")
        if word.isRoute {
          // A route's own text is a valid path segment but for `/`, which it prints as itself.
          link.append(word.text.replacing("/", with: "%2F"))
        } else {
          link.append(word.text.isEmpty ? "=" : percentEncoded(word.text))
        }
      }
    }
    return link
  }

  /// Splits a link into its non-empty path segments, checking the scheme and host.
  private static func linkSegments(_ link: String) throws(CommandSyntaxError) -> [String] {
    guard let separator = link.firstRange(of: "://") else {
      throw .invalidURL(link, reason: "expected 'scheme://workspace/…'")
    }
    let scheme = link[..<separator.lowerBound]
    guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
      scheme.unicodeScalars.allSatisfy({ $0.isSchemeCharacter })
    else {
      throw .invalidURL(link, reason: "invalid scheme '\(scheme)'")
    }
    let rest = link[separator.upperBound...]
    if let mark = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
      let part = rest[mark] == "?" ? "query" : "fragment"
      throw .invalidURL(link, reason: "unexpected \(part) '\(rest[mark...])'")
    }
    let host = rest.prefix { $0 != "/" }
    guard host.lowercased() == "workspace" else {
      throw .invalidURL(link, reason: "host must be 'workspace', not '\(host)'")
    }
    return rest.dropFirst(host.count).split(separator: "/").map(String.init)
  }

  /// Decodes `%XX` escapes as UTF-8, keeping a `%` that is not followed by two hex digits as
  /// it is (as browsers do); `nil` if the escapes do not decode to UTF-8.
  private static func percentDecoded(_ text: String) -> String? {
    guard text.contains("%") else { return text }
    let utf8 = Array(text.utf8)
    var bytes: [UInt8] = []
    var index = 0
    while index < utf8.count {
      if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
        let high = PercentEncoding.hexValue(utf8[index + 1]),
        let low = PercentEncoding.hexValue(utf8[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(utf8[index])
        index += 1
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// Percent-encodes every byte except unreserved URL characters and `=`.
  private static func percentEncoded(_ text: String) -> String {
    var encoded = String.UnicodeScalarView()
    for byte in text.utf8 {
      let scalar = Unicode.Scalar(byte)
      if scalar.isASCIILetter || ("0"..."9").contains(scalar)
        || "-._~=".unicodeScalars.contains(scalar)
      {
        encoded.append(scalar)
      } else {
        encoded.append(contentsOf: PercentEncoding.escape(byte).unicodeScalars)
      }
    }
    return String(encoded)
  }

}

extension Unicode.Scalar {
  /// Whether the scalar is an ASCII letter.
  fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }

  /// Whether the scalar may appear in a URL scheme: an ASCII letter, digit, `+`, `-` or `.`.
  fileprivate var isSchemeCharacter: Bool {
    isASCIILetter || ("0"..."9").contains(self) || "+-.".unicodeScalars.contains(self)
  }
}
