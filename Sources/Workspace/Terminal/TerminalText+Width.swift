/// Display width: how many terminal columns text takes.
extension TerminalText {
  /// The columns a character (an extended grapheme cluster) takes on a terminal: 2 for East
  /// Asian Wide and Fullwidth characters and emoji shown as pictures, 0 for a lone combining
  /// mark or a zero-width format character, else 1.
  ///
  /// A cluster takes the width of its first scalar, so a base letter with combining accents
  /// takes 1 and an emoji ZWJ sequence, a flag or a keycap takes 2. A character with an
  /// emoji variation selector (U+FE0F) is shown as a picture, 2 columns wide.
  ///
  /// - Parameter character: The character.
  /// - Returns: 0, 1 or 2.
  /// - Complexity: O(*s*) for *s* scalars in the cluster.
  public static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    let properties = first.properties
    if properties.isEmojiPresentation { return 2 }
    if scalars.count > 1, properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    return isWide(first) ? 2 : 1
  }

  /// The columns text takes on a terminal: the sum of its characters' widths.
  ///
  ///     TerminalText.width(of: "日本語")  // 6
  ///     TerminalText.width(of: "e\u{301}")  // 1
  ///
  /// - Parameter text: Text without control characters (escape it first).
  /// - Returns: The width in columns.
  /// - Complexity: O(*n*) for *n* scalars.
  public static func width(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + width(of: $1) }
  }

  /// The text cut to at most `columns` columns, with `ellipsis` marking a cut; a wide
  /// character that would straddle the edge is left out and its place filled with a space,
  /// so the result is exactly `columns` wide whenever `text` is wider.
  ///
  ///     TerminalText.fitted("日本語", to: 4, ellipsis: "…")  // "日… " is 4 columns: "日" "…" " "
  ///
  /// - Parameters:
  ///   - text: Text without control characters (escape it first).
  ///   - columns: The columns available; none for 0 or less.
  ///   - ellipsis: The one-column mark of a cut, such as `…` or `~`.
  /// - Returns: The text, whole if it fits.
  /// - Complexity: O(*n*) for *n* scalars.
  public static func fitted(
    _ text: some StringProtocol, to columns: Int, ellipsis: Character = "…"
  ) -> String {
    guard columns > 0 else { return "" }
    var result = ""
    var used = 0
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let characterWidth = width(of: character)
      if used + characterWidth > columns { break }
      result.append(character)
      used += characterWidth
      index = text.index(after: index)
    }
    guard index < text.endIndex else { return result }
    // Cut: make room for the mark, dropping whole characters from the end.
    while used > columns - 1, let last = result.last {
      result.removeLast()
      used -= width(of: last)
    }
    result.append(ellipsis)
    used += 1
    return result + String(repeating: " ", count: max(0, columns - used))
  }

  /// Whether a scalar is East Asian Wide or Fullwidth (Unicode's `EastAsianWidth.txt`, `W`
  /// and `F`), for the blocks that are not emoji; emoji come from their properties.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// The East Asian Wide and Fullwidth ranges outside the emoji blocks, sorted.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x231A...0x231B, 0x2329...0x232A,
    0x2E80...0x303E,  // CJK radicals, Kangxi radicals, ideographic description, CJK symbols
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compat.
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4, 0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251,
    0x1F260...0x1F265,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G–H
  ]
}
