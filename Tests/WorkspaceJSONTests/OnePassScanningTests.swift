import Foundation
import PaneRouter
import Testing
import WorkspaceTestSupport

@testable import WorkspaceJSON

/// The one-pass decoder's straight-line readers agree with its general ones: a key of at most
/// seven bytes with its colon right after it (one load), and a split's weight that is a plain
/// decimal (one division). Each case is read by both paths (`OnePassDecoderTests`), so a
/// difference in the key kept, the weight or the refusal shows.
@Suite struct OnePassScanningTests {
  /// A file whose pane holds the member `key` (an unknown one kept with its text), `separator`
  /// between the key and its value.
  static func pane(key: String, separator: String = ":") -> String {
    #"{"format":"workspace","version":3,"root":{"id":1,"kind":"pane","# + key + separator
      + #"7,"router":{"kind":"k","stack":["a"]}}}"#
  }

  /// Keys of every length around the eight bytes one load holds, each as an unknown member
  /// kept with its text, with the colon right after it or after whitespace.
  @Test(arguments: 0...26)
  func keysOfEveryLengthReadAlike(length: Int) throws {
    let name = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
    for separator in [":", " :", ":\t", "\t:  ", "\r\n:\n"] {
      let text = Self.pane(key: "\"" + name + "\"", separator: separator)
      #expect(OnePassDecoderTests.expectAgreement(Array(text.utf8), text).isOnePass, "\(text)")
      let state = try WorkspaceFile.decode(Array(text.utf8)).state
      let encoded = String(decoding: WorkspaceFile.encode(state), as: UTF8.self)
      #expect(encoded.contains("\"" + name + "\""), "\(text)")
    }
  }

  /// A key the straight-line path must leave to the general one, or the reference: with a
  /// byte beyond ASCII, an escape or a control byte in its first eight bytes, a known key
  /// with its text running on, a key ending just before the end of the document, a key with
  /// a space or `!` (kept as an unknown member by the general path; `#` is the first byte the
  /// straight-line path takes).
  @Test(arguments: [
    (#""é""#, false), (#""aé""#, false), (#""abcdefé""#, false), (#""abcdefgé""#, false),
    (#""a\u0062""#, false), (#""\"""#, false), ("\"a\u{01}\"", false), ("\"a\t\"", false),
    (#""idx""#, true), (#""i""#, true), (#""kind2""#, true), (#""router ""#, true),
    (#""a b""#, true), (#""a!""#, true), (#""!""#, true), (#""a#""#, true), (#"" id""#, true),
    (#""id ""#, true),
  ])
  func keysTheGeneralPathReads(key: String, isOnePass: Bool) {
    let text = Self.pane(key: key)
    #expect(OnePassDecoderTests.expectAgreement(Array(text.utf8), text).isOnePass == isOnePass)
  }

  /// The document cut inside or just after a key, at every byte of its last sixteen: the
  /// straight-line path never reads past the end, and the file is refused alike.
  @Test func aDocumentCutNearAKeyIsRefusedAlike() {
    let text = #"{"format":"workspace","version":3,"root":{"id":1,"kind":"pane","ab":1"#
    let bytes = Array(text.utf8)
    for cut in (bytes.count - 16)...bytes.count {
      let prefix = Array(bytes[..<cut])
      let comment = String(decoding: prefix, as: UTF8.self)
      #expect(!OnePassDecoderTests.expectAgreement(prefix, comment).isOnePass, "\(comment)")
    }
  }

  /// The bytes that end the plain run of a short key or name or of a token, each at every
  /// place of a word: marked at its place (the lowest mark) when it is below `#`, a
  /// backslash or beyond ASCII, and nothing marked in a word of the other bytes.
  @Test func aPlainRunStopsAtTheBytesItCannotTake() {
    for byte in 0...255 {
      let stops = byte < 0x23 || byte == 0x5C || byte >= 0x80
      for place in 0..<8 {
        var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 8)
        bytes[place] = UInt8(byte)
        let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        let mask = OnePassDecoder.plainStopMask(UInt64(littleEndian: word))
        if stops {
          #expect(mask.trailingZeroBitCount >> 3 == place, "byte \(byte) at \(place)")
        } else {
          #expect(mask == 0, "byte \(byte) at \(place)")
        }
      }
    }
  }

  /// Every ASCII character (and one beyond, and three escapes) at every place of tokens of
  /// lengths around the words the scan reads: read alike on both paths, and in one pass
  /// whenever the reference reads the file as it is.
  @Test(
    arguments: Array(0..<128).map { String(Unicode.Scalar(UInt8($0))) } + ["é"]
  )
  func everyCharacterAtEveryPlaceOfATokenReadsAlike(character: String) throws {
    let escaped: String =
      switch character {
      case "\"": #"\""#
      case "\\": #"\\"#
      default:
        character.unicodeScalars.first!.value < 0x20
          ? String(format: "\\u%04X", character.unicodeScalars.first!.value) : character
      }
    for base in ["ab:1234", "detail:1", "detail:12", "search:swift%20te", "thread:3:reply:7"] {
      for place in 0..<base.count {
        var characters = Array(base)
        characters[place] = Character(character)
        let token = String(characters)
        let spelled = token.replacingOccurrences(of: character, with: escaped)
        let text =
          #"{"format":"workspace","version":3,"root":{"id":1,"kind":"pane","router":"#
          + #"{"kind":"k","stack":["a",""# + spelled + #"","b"]}}}"#
        let agreement = OnePassDecoderTests.expectAgreement(Array(text.utf8), text)
        guard agreement.isPlain else { continue }
        #expect(agreement.isOnePass, "\(text)")
        let state = try WorkspaceFile.decode(Array(text.utf8)).state
        let stack = state.nodes[state.rootID]?.router?.stack.stack
        #expect(stack == ["a", try RouteToken(parsing: token), "b"], "\(text)")
      }
    }
  }

  /// The document cut inside or just after a token, at every byte of its last sixteen: the
  /// scan never reads past the end, and the file is refused alike.
  @Test func aDocumentCutInATokenIsRefusedAlike() {
    let text =
      #"{"format":"workspace","version":3,"root":{"id":1,"kind":"pane","router":"#
      + #"{"kind":"k","stack":["search:swift%20testing""#
    let bytes = Array(text.utf8)
    for cut in (bytes.count - 16)...bytes.count {
      let prefix = Array(bytes[..<cut])
      let comment = String(decoding: prefix, as: UTF8.self)
      #expect(!OnePassDecoderTests.expectAgreement(prefix, comment).isOnePass, "\(comment)")
    }
  }

  /// Router kinds of every length around the seven bytes one load holds: read alike on both
  /// paths, a router's kind kept as its text.
  @Test(arguments: 0...26)
  func namesOfEveryLengthReadAlike(length: Int) throws {
    let kind = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
    let text =
      #"{"format":"workspace","version":3,"root":{"id":1,"kind":"pane","router":{"kind":""#
      + kind + #"","stack":["a"]}}}"#
    let agreement = OnePassDecoderTests.expectAgreement(Array(text.utf8), text)
    if agreement.isPlain {
      #expect(agreement.isOnePass, "\(text)")
      let state = try WorkspaceFile.decode(Array(text.utf8)).state
      #expect(state.nodes[state.rootID]?.router?.kind == kind, "\(text)")
    }
  }

  /// Node kinds, axes and router kinds a byte short or long, escaped, with a byte beyond
  /// ASCII, or with a space, `!` or `#` (the first byte the straight-line path takes): read
  /// alike on both paths.
  @Test func kindsAndAxesSpelledNearlyReadAlike() {
    for (name, spelling) in [
      ("pane", "pan"), ("pane", "panes"), ("pane", #"p\u0061ne"#), ("pane", "pané"),
      ("vertical", "vertica"), ("vertical", "verticals"), ("vertical", "tabs"),
      ("pane", "pane "), ("pane", "pa!e"), ("pane", "pa#e"), ("pane", " pane"), ("k", "k k"),
      ("k", "k!"), ("k", "#"),
    ] {
      let text =
        #"{"format":"workspace","version":3,"root":{"id":1,"kind":"split","#
        + #""axis":"vertical","weights":[0.5,0.5],"children":[{"id":2,"kind":"pane","#
        + #""router":{"kind":"k","stack":["a"]}},{"id":3,"kind":"pane","router":{"#
        + #""kind":"k","stack":["b"]}}]}}"#
      let changed = text.replacingOccurrences(of: "\"" + name + "\"", with: "\"" + spelling + "\"")
      OnePassDecoderTests.expectAgreement(Array(changed.utf8), changed)
    }
  }

  /// A split's weights spelled every way JSON allows and some it does not, next to a plain
  /// `0.5`: read alike on both paths, the plain decimals (and the other numbers that sum
  /// to one) in one pass.
  @Test(
    arguments: [
      ("0.5", true), ("0.50", true), ("0.500000000000000000", true), ("5e-1", true),
      ("0.5e0", true), ("0.5E0", true), ("00.5", false), ("0.", false), (".5", false),
      ("-0.5", false), ("0.4999999999999999999", true), ("0.49999999999999999999999", true),
      ("0.5000000000000000000000001", true), ("0.5 ", true), ("0.5\n", true), ("0.5.", false),
      ("0.5-", false), ("+0.5", false), ("0.05", false), ("1", false), ("0", false),
      ("0.0", false), ("0.4999999999", true), ("0.50000000001", true),
    ] as [(String, Bool)])
  func everySpellingOfAWeightReadsAlike(weight: String, isOnePass: Bool) {
    let text =
      #"{"format":"workspace","version":3,"root":{"id":1,"kind":"split","axis":"vertical","#
      + #""weights":[0.5,"# + weight + #"],"children":[{"id":2,"kind":"pane","router":{"#
      + #""kind":"k","stack":["a"]}},{"id":3,"kind":"pane","router":{"kind":"k","#
      + #""stack":["b"]}}]}}"#
    #expect(OnePassDecoderTests.expectAgreement(Array(text.utf8), text).isOnePass == isOnePass)
  }

  /// Plain decimals of every length up to and past the 19 digits the straight-line path
  /// takes, and significands on both sides of 2^53: the same weights on both paths (the
  /// reference reads each with the general reader).
  @Test(arguments: 1...22)
  func plainDecimalsOfEveryLengthReadAsTheReaderReadsThem(digits: Int) throws {
    var random = SeededGenerator(seed: UInt64(digits))
    for round in 0..<20 {
      var fraction = ""
      for _ in 0..<digits { fraction.append(Character(String(random.next() % 10))) }
      let first = "0." + fraction
      let value = try #require(Double(first))
      let second = String(1 - value)
      let text =
        #"{"format":"workspace","version":3,"root":{"id":1,"kind":"split","#
        + #""axis":"vertical","weights":["# + first + "," + second + #"],"children":[{"id":2,"#
        + #""kind":"pane","router":{"kind":"k","stack":["a"]}},{"id":3,"kind":"pane","#
        + #""router":{"kind":"k","stack":["b"]}}]}}"#
      let agreement = OnePassDecoderTests.expectAgreement(Array(text.utf8), text)
      if value > 0, value < 1 { #expect(agreement.isOnePass, "round \(round): \(text)") }
    }
    // Significands just below, at and above 2^53, as fractions of 10^16.
    for significand in ["9007199254740991", "9007199254740992", "9007199254740993"] {
      let text =
        #"{"format":"workspace","version":3,"root":{"id":1,"kind":"split","#
        + #""axis":"vertical","weights":[0."# + significand + #",0.0992800745259008],"#
        + #""children":[{"id":2,"kind":"pane","router":{"kind":"k","stack":["a"]}},"#
        + #"{"id":3,"kind":"pane","router":{"kind":"k","stack":["b"]}}]}}"#
      OnePassDecoderTests.expectAgreement(Array(text.utf8), text)
    }
  }
}
