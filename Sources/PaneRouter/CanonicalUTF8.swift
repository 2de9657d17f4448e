extension String {
  /// Calls `body` with each byte of the string's UTF-8 in Unicode normalization form C, the
  /// form in which canonically equivalent strings (which compare equal, like `é` and
  /// `e` + U+0301) have the same bytes.
  ///
  /// This is the one place the package reaches for an underscored standard-library entry
  /// point: the toolchain has no public normalization on Linux except Foundation's
  /// `precomposedStringWithCanonicalMapping`, which needs ICU and would put Foundation in
  /// every program that prints a route. The standard library's own NFC is what `==` and
  /// hashing use, so printing through it keeps "equal tokens, equal text" exact;
  /// `CanonicalUTF8Tests` checks it against Foundation's on the hard cases (reordering of
  /// combining marks, singletons, composition exclusions, Hangul), so a change in either
  /// fails a test rather than a file.
  ///
  /// - Parameter body: Called once per byte, in order.
  /// - Complexity: O(*n*), where *n* is the length of the string.
  func forEachNFCByte(_ body: (UInt8) -> Void) {
    _withNFCCodeUnits(body)
  }
}
