/// Resource limits that bound the work and memory of a single ``JSONReader`` call.
///
/// Each limit turns a hostile or corrupt document into a ``JSONParseError`` instead of an
/// unbounded allocation or a crash. The defaults are generous for workspace files.
package struct JSONLimits: Sendable, Equatable {
  /// The maximum number of arrays and objects that may be open at the same time.
  ///
  /// A document whose nesting goes deeper fails with
  /// ``JSONParseError/Reason/depthLimitExceeded(_:)``. The reader is iterative, so this limit
  /// protects the caller's own recursive code, not the reader's stack: releasing, comparing and
  /// writing a ``JSONValue`` recurse once per level, so keep the limit in the hundreds.
  package var maxDepth: Int

  /// The maximum size of a whole document, in bytes.
  ///
  /// Larger inputs fail with ``JSONParseError/Reason/documentTooLarge(_:)`` before any parsing.
  package var maxDocumentBytes: Int

  /// The maximum size of one string or key, in encoded bytes between its quotes.
  ///
  /// The limit is measured on the document text (escapes count with their full length), which
  /// is never shorter than the decoded UTF-8 string. Longer strings fail with
  /// ``JSONParseError/Reason/stringTooLong(_:)``.
  package var maxStringBytes: Int

  /// The maximum length of one number literal, in characters (bytes).
  ///
  /// Longer numbers fail with ``JSONParseError/Reason/numberTooLong(_:)``; this keeps the cost
  /// of the exact decimal-to-binary conversion bounded.
  package var maxNumberLength: Int

  /// Creates limits; every parameter defaults to the value used by ``default``.
  package init(
    maxDepth: Int = 512,
    maxDocumentBytes: Int = 256 * 1024 * 1024,
    maxStringBytes: Int = 16 * 1024 * 1024,
    maxNumberLength: Int = 1000
  ) {
    self.maxDepth = maxDepth
    self.maxDocumentBytes = maxDocumentBytes
    self.maxStringBytes = maxStringBytes
    self.maxNumberLength = maxNumberLength
  }

  /// Depth 512, documents up to 256 MiB, strings up to 16 MiB, numbers up to 1000 characters.
  package static let `default` = JSONLimits()
}
