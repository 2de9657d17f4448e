import Testing

@testable import PaneRouter

/// The entry points the file layer uses: parsing from a file's bytes and writing the canonical
/// text piece by piece must agree exactly with `init(parsing:)` and `description`.
@Suite struct RouteTokenUTF8Tests {
  static let texts = [
    "inbox", "detail:7", "search:swift%20testing", "thread:3:reply", "a:", "a::b", "x:%C3%A9",
    "x:é", "x:e\u{301}", "x:%e2%82%ac", "7up", "", ":a", "a b", "a:%zz", "a:%C3", "a:b c",
    "detail:7!$&'()*+,;=@~", "detail:{id}", "a:{", "a:}{", String(repeating: "a", count: 4097),
    "a:" + String(repeating: "!", count: 1500),
  ]

  /// `text` parsed from its UTF-8 bytes and from the string: each token or error.
  static func parsedBothWays(
    _ text: String
  ) -> (Result<RouteToken, PaneRouterError>, Result<RouteToken, PaneRouterError>) {
    var utf8 = text
    let fromBytes = utf8.withUTF8 { buffer in
      Result { () throws(PaneRouterError) in try RouteToken(parsingUTF8: buffer) }
    }
    return (fromBytes, Result { () throws(PaneRouterError) in try RouteToken(parsing: text) })
  }

  @Test(arguments: texts)
  func parsingFromBytesAgreesWithParsingText(text: String) {
    let (fromBytes, fromText) = Self.parsedBothWays(text)
    switch (fromBytes, fromText) {
    case (.success(let left), .success(let right)):
      #expect(left == right)
      #expect(left.name == right.name)
      #expect(
        left.arguments.elementsEqual(right.arguments) {
          $0.unicodeScalars.elementsEqual($1.unicodeScalars)
        })
    case (.failure(let left), .failure(let right)):
      #expect(left == right)
    default:
      Issue.record("\(fromBytes) but \(fromText)")
    }
  }

  /// Canonical text of every length around the longest a string stores inline (15 bytes),
  /// read from bytes: the same token, text, name and arguments as parsed from a string.
  @Test(arguments: 1..<40)
  func canonicalTextOfEveryLengthReadFromBytes(length: Int) throws {
    let text = "d" + String(String(repeating: ":a/~", count: 10).prefix(length - 1))
    var utf8 = text
    let fromBytes = try utf8.withUTF8 { buffer throws(PaneRouterError) in
      try RouteToken(parsingUTF8: buffer)
    }
    let fromText = try RouteToken(parsing: text)
    #expect(fromBytes == fromText)
    #expect(fromBytes.description == fromText.description)
    #expect(fromBytes.name == fromText.name)
    #expect(fromBytes.arguments == fromText.arguments)
  }

  /// Every ASCII character (and one beyond) at the start of a name, inside it, alone as an
  /// argument and between two: read from bytes, the same token and canonical text as parsed
  /// from a string, or the same error; and a token read has a valid name and the canonical
  /// text a token made from its name and arguments has. Both parsers first check whether the
  /// text is canonical as it stands, looking each byte up in a table of classes: a byte in
  /// the wrong class would be taken as it stands (`a/b` as a name, `a:!` unescaped), which
  /// only the token made from its parts shows.
  @Test(arguments: Array(0..<128).map { String(Unicode.Scalar(UInt8($0))) } + ["é"])
  func everyCharacterWhereverItStandsParsesAsFromText(character: String) {
    for text in [
      character, character + "a", "a" + character, "a" + character + "b", "a:" + character,
      "a:b" + character + ":c", "a:" + character + character,
    ] {
      Self.expectReadAlikeBothWays(text)
    }
  }

  /// `text` read from bytes is the token parsed from the string, or the same error, with a
  /// valid name and the canonical text a token made from its name and arguments has.
  static func expectReadAlikeBothWays(_ text: String) {
    let (fromBytes, fromText) = parsedBothWays(text)
    switch (fromBytes, fromText) {
    case (.success(let left), .success(let right)):
      #expect(left == right, "\(text)")
      #expect(left.description == right.description, "\(text)")
      #expect(left.name == right.name, "\(text)")
      guard RouteToken.isValidName(left.name) else {
        Issue.record("\(text): read with the name \(left.name)")
        return
      }
      let made = RouteToken(name: left.name, arguments: left.arguments)
      #expect(made.description == left.description, "\(text)")
    case (.failure(let left), .failure(let right)):
      #expect(left == right, "\(text)")
    default:
      Issue.record("\(text): \(fromBytes) but \(fromText)")
    }
  }

  /// Every ASCII character (and one beyond) at every place of texts of 8 to 24 bytes, the
  /// lengths read eight bytes at a time when they hold only lower-case letters, digits and
  /// `:`: the same token as from a string, or the same error, and the canonical text and
  /// name a token made from its parts has (the word check and the byte table agree).
  @Test(arguments: Array(0..<128).map { String(Unicode.Scalar(UInt8($0))) } + ["é"])
  func everyCharacterAtEveryPlaceOfALongerTextParsesAsFromText(character: String) {
    for base in ["detail:1", "detail:1001", "thread:3:reply:77", "abcdefghijklmnopqrstuvwx"] {
      for place in 0..<base.count {
        var characters = Array(base)
        characters[place] = Character(character)
        Self.expectReadAlikeBothWays(String(characters))
      }
    }
  }

  /// Texts of lower-case letters, digits and `:` of every length from 8 to 40, the colons
  /// anywhere: the name is everything before the first `:`, the text is canonical as it
  /// stands.
  @Test(arguments: 8...40)
  func lowerCaseTextsOfEveryLengthKeepTheirText(length: Int) throws {
    let alphabet = Array("abz09:")
    for round in 0..<50 {
      var text = "d"
      var state = UInt64(length * 1000 + round)
      while text.count < length {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      let (fromBytes, _) = Self.parsedBothWays(text)
      let token = try fromBytes.get()
      #expect(token.description == text)
      #expect(token.name == String(text.prefix { $0 != ":" }))
      #expect(RouteToken(name: token.name, arguments: token.arguments).description == text)
    }
  }

  /// The byte set a token's canonical text is checked against: each byte below 0x80 in it
  /// exactly when its character is unreserved, no byte at or above 0x80.
  @Test func byteSetsHoldExactlyTheirCharacters() {
    for byte in UInt8.min...UInt8.max {
      let scalar = Unicode.Scalar(byte)
      #expect(
        RouteToken.isPlain(byte, RouteToken.unreserved) == (byte < 0x80 && scalar.isUnreserved),
        "\(byte)")
    }
  }

  @Test(arguments: [
    RouteToken("inbox"), RouteToken("detail", 7), RouteToken("search", "swift testing"),
    RouteToken(name: "x", arguments: ["é", "e\u{301}", "a/b?c", "", "~-._", "100%"]),
  ])
  func canonicalPiecesSpellTheDescription(token: RouteToken) {
    var bytes: [UInt8] = []
    token.forEachCanonicalPiece { bytes += $0 }
    #expect(String(decoding: bytes, as: UTF8.self) == token.description)
    #expect(bytes.elementsEqual(token.description.utf8))
  }

  @Test(arguments: [
    RouteToken("inbox"), RouteToken("detail", 7), RouteToken("search", "swift testing"),
    RouteToken(name: "x", arguments: ["é", "e\u{301}", "a/b?c", "", "~-._", "100%"]),
    try! RouteToken(parsing: "thread:3:reply"), try! RouteToken(parsing: "x:cafe%CC%81:b"),
  ])
  func canonicalTextIsWrittenInOnePiece(token: RouteToken) {
    var pieces: [[UInt8]] = []
    token.forEachCanonicalPiece { pieces.append(Array($0)) }
    #expect(pieces.count == 1)
    #expect(pieces.first?.elementsEqual(token.description.utf8) == true)
  }

  @Test func argumentsGivenOutsideNFCReadBackAsGivenAndCompareByTheirCanonicalText() {
    let decomposed = RouteToken(name: "x", arguments: ["e\u{301}", "a:b", ""])
    let composed = RouteToken(name: "x", arguments: ["é", "a:b", ""])
    #expect(decomposed.arguments.map { $0.unicodeScalars.count } == [2, 3, 0])
    #expect(composed.arguments.map { $0.unicodeScalars.count } == [1, 3, 0])
    #expect(decomposed.name == "x")
    #expect(decomposed == composed)
    #expect(decomposed.description == "x:%C3%A9:a%3Ab:")
    #expect(composed.description == decomposed.description)
    #expect(Set([composed, decomposed]).count == 1)
    #expect(!(composed < decomposed) && !(decomposed < composed))
  }
}
