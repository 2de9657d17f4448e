import Foundation
import Testing

@testable import PaneRouter

/// The one underscored standard-library call (NFC bytes for a token's text) against
/// Foundation's ICU normalization, on the cases where normalization is hard.
@Suite struct CanonicalUTF8Tests {
  static let hardCases: [String] = [
    "",
    "plain ascii",
    "cafe\u{301}",  // combining acute composes
    "caf\u{E9}",  // already composed
    "a\u{301}\u{323}",  // marks out of canonical order: dot below (220) before acute (230)
    "a\u{323}\u{301}",
    "\u{212B}",  // ANGSTROM SIGN: a singleton, becomes U+00C5
    "\u{2126}",  // OHM SIGN becomes GREEK CAPITAL OMEGA
    "\u{0958}",  // DEVANAGARI QA: a composition exclusion, stays decomposed
    "\u{0915}\u{093C}",
    "\u{1100}\u{1161}\u{11A8}",  // Hangul jamo compose to U+AC01
    "\u{AC01}",
    "\u{1E9B}\u{323}",  // long s with dot above, then dot below
    "e\u{301}\u{301}",  // a second acute cannot compose
    "\u{301}e",  // a leading mark stays
    "🇨🇭 e\u{301} 🦊",
    "\u{FB2C}",  // a Hebrew presentation form with a composition exclusion
    "ǖ",
    "u\u{308}\u{304}",
  ]

  @Test(arguments: hardCases)
  func nfcBytesAreFoundationsCanonicalComposition(text: String) {
    var bytes: [UInt8] = []
    text.forEachNFCByte { bytes.append($0) }
    #expect(bytes == Array(text.precomposedStringWithCanonicalMapping.utf8))
  }

  @Test(arguments: hardCases)
  func aTokenPrintsTheSameTextAsItsCanonicalEquivalent(text: String) throws {
    let decomposed = text.decomposedStringWithCanonicalMapping
    let token = RouteToken(name: "a", arguments: [text])
    let equivalent = RouteToken(name: "a", arguments: [decomposed])
    #expect(token == equivalent)
    #expect(token.description == equivalent.description)
    #expect(try RouteToken(parsing: token.description) == token)
  }
}
