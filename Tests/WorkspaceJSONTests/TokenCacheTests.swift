import PaneRouter
import Testing

@testable import WorkspaceJSON

/// The decoder's cache of route tokens: a repeated text gives the first token without a new
/// parse, and the cache stays bounded and exact past its capacity.
@Suite struct TokenCacheTests {
  /// Looks `text` up, counting the parses.
  static func token(_ cache: TokenCache, _ text: String, parses: inout Int) -> RouteToken? {
    var text = text
    return text.withUTF8 { utf8 in
      cache.token(utf8) { bytes in
        parses += 1
        return try? RouteToken(parsingUTF8: bytes)
      }
    }
  }

  @Test func aRepeatedTextIsParsedOnce() {
    let cache = TokenCache()
    var parses = 0
    let texts = ["inbox", "detail:7", "search:swift%20testing", "inbox", "detail:7", "detail:8"]
    for text in texts + texts {
      #expect(Self.token(cache, text, parses: &parses) == (try? RouteToken(parsing: text)))
    }
    #expect(parses == 4)
  }

  @Test(arguments: [TokenCache.capacity * 3])
  func pastItsCapacityEveryTokenIsStillExact(count: Int) {
    let cache = TokenCache()
    var parses = 0
    for round in 0..<2 {
      for index in 0..<count {
        let text = "detail:\(index)"
        #expect(Self.token(cache, text, parses: &parses) == RouteToken("detail", index))
      }
      // The first pass parses every text; the second only those past the capacity.
      #expect(parses == count + round * (count - TokenCache.capacity))
    }
  }

  @Test(arguments: [
    String(repeating: "a", count: TokenCache.longestText + 1), "7up", "", "a:%zz",
  ])
  func longOrMalformedTextsAreNotRemembered(text: String) {
    let cache = TokenCache()
    var parses = 0
    let first = Self.token(cache, text, parses: &parses)
    #expect(Self.token(cache, text, parses: &parses) == first)
    #expect(first == (try? RouteToken(parsing: text)))
    #expect(parses == 2)
  }

  /// A reader that scans a text eight bytes at a time builds the same hash the cache makes of
  /// the text's bytes, so a token it looks up by that hash is found.
  @Test(arguments: ["a", "inbox", "detail:7", "thread:42:reply", "search:swift%20testing"])
  func aHashBuiltWhileScanningIsTheCachesHash(text: String) {
    let bytes = Array(text.utf8)
    var hash = TokenCache.Hash()
    var offset = 0
    while offset + 8 <= bytes.count {
      hash.add(bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) })
      offset += 8
    }
    let tail = bytes[offset...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    let cached = bytes.withUnsafeBufferPointer { TokenCache.hash($0.baseAddress!, $0.count) }
    #expect(hash.finished(tail: tail, count: bytes.count) == cached.hash)
    #expect(tail == cached.tail)
    let cache = TokenCache()
    var parses = 0
    let first = Self.token(cache, text, parses: &parses)
    let found = bytes.withUnsafeBufferPointer { utf8 in
      cache.token(utf8, hash: hash.finished(tail: tail, count: bytes.count), tail: tail) { _ in
        nil
      }
    }
    #expect(found == first)
    #expect(parses == 1)
  }
}
