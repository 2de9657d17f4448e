import Testing
import Workspace

/// ``TerminalText``: what reaches a terminal of a title or token, and how wide it is.
@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("\u{1B}[2J\u{1B}[HPWNED", "\\u{1B}[2J\\u{1B}[HPWNED"),
    ("a\nb\tc\rd", "a\\nb\\tc\\rd"),
    ("nul\u{0}bel\u{7}", "nul\\u{0}bel\\u{7}"),
    ("del\u{7F}", "del\\u{7F}"),
    ("csi\u{9B}31m nel\u{85}", "csi\\u{9B}31m nel\\u{85}"),
    ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{202E}"),
    ("\u{2066}\u{2067}\u{2068}\u{2069}", "\\u{2066}\\u{2067}\\u{2068}\\u{2069}"),
    ("\u{200E}\u{200F}\u{61C}", "\\u{200E}\\u{200F}\\u{61C}"),
    ("line\u{2028}para\u{2029}", "line\\u{2028}para\\u{2029}"),
    ("Inbox 日本語 é 👨‍👩‍👧 \\u{1B}", "Inbox 日本語 é 👨‍👩‍👧 \\u{1B}"),
  ])
  func escapesEverythingThatDrivesATerminal(text: String, expected: String) {
    #expect(TerminalText.escaped(text) == expected)
    #expect(text.escapedForTerminal == expected)
    #expect(TerminalText.escaped(text).unicodeScalars.allSatisfy { !TerminalText.needsEscape($0) })
  }

  @Test func everyControlAndBidiScalarIsEscaped() {
    let flagged = (0...0x3000).compactMap(Unicode.Scalar.init).filter(TerminalText.needsEscape)
    let expected =
      Array(0..<0x20) + Array(0x7F...0x9F) + [0x61C, 0x200E, 0x200F] + Array(0x2028...0x202E)
      + Array(0x2066...0x2069)
    #expect(flagged.map(\.value) == expected.map(UInt32.init))
  }

  @Test(
    arguments: [
      ("a", 1), ("日", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2), ("e\u{301}", 1), ("\u{301}", 0),
      ("\u{200B}", 0), ("👍", 2), ("👍🏽", 2), ("👨‍👩‍👧", 2), ("🇯🇵", 2), ("❤️", 2), ("❤", 1),
      ("1️⃣", 2), ("─", 1), ("…", 1), ("𠀀", 2),
    ] as [(Character, Int)])
  func widthOfACharacter(character: Character, columns: Int) {
    #expect(TerminalText.width(of: character) == columns)
  }

  @Test(arguments: [
    ("日本語", 6), ("été", 3), ("a👨‍👩‍👧b", 4), ("", 0), ("Ｆｕｌｌ", 8),
  ])
  func widthOfText(text: String, columns: Int) {
    #expect(TerminalText.width(of: text) == columns)
  }

  @Test(arguments: [
    ("日本語", 6, "日本語"),
    ("日本語", 5, "日本…"),
    ("日本語", 4, "日… "),
    ("日本語", 3, "日…"),
    ("日本語", 2, "… "),
    ("日本語", 1, "…"),
    ("日本語", 0, ""),
    ("abcdef", 4, "abc…"),
    ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
    ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),
  ])
  func fittedNeverSplitsAWideCharacter(text: String, columns: Int, expected: String) {
    let fitted = TerminalText.fitted(text, to: columns)
    #expect(fitted == expected)
    #expect(TerminalText.width(of: fitted) == min(columns, TerminalText.width(of: text)))
  }
}
