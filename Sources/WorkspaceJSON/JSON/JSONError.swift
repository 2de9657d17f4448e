/// A failure to read a JSON document, with the exact location of the offending byte.
///
/// The location is computed only when the error is created, by scanning the document up to
/// ``offset``; the reader does not track lines while it parses.
///
/// ``offset`` is the first byte that makes the document invalid. A few reasons point at the
/// start of a construct instead: `invalidUTF8` at the first byte of the ill-formed sequence,
/// `invalidUnicodeEscape` at the backslash of the escape that cannot be paired,
/// `stringTooLong` at the opening quote, `numberTooLong` and `numberOutOfRange` at the first
/// character of the number, and `documentTooLarge` at the first byte past the limit.
/// `unexpectedEnd` and `emptyDocument` point at the end of the document.
package struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Why a document was rejected.
  package enum Reason: Equatable, Sendable {
    /// The document ended in the middle of a value; the offset is the document length.
    case unexpectedEnd
    /// A byte that cannot start or continue the current construct (the offending byte).
    case unexpectedByte(UInt8)
    /// The document is empty or contains only whitespace.
    case emptyDocument
    /// The document starts with a UTF-8 byte order mark, which RFC 8259 forbids.
    case byteOrderMark
    /// An ill-formed UTF-8 sequence in a string; the offset is the sequence's first byte.
    case invalidUTF8
    /// A backslash escape that is not one of the JSON escapes, or a bad hex digit in `\u`.
    ///
    /// The offset is the letter after the backslash, or the first non-hexadecimal digit.
    case invalidEscape
    /// A `\u` escape that encodes a lone or unpaired UTF-16 surrogate.
    case invalidUnicodeEscape
    /// An unescaped byte below 0x20 inside a string.
    case controlCharacterInString
    /// A number that does not follow the JSON number grammar (for example `01`, `1.` or `-x`).
    case invalidNumber
    /// A number whose magnitude is too large for a `Double` (for example `1e400`).
    case numberOutOfRange
    /// A number literal longer than the limit (the associated value) in characters.
    case numberTooLong(Int)
    /// Non-whitespace content after the end of the top-level value.
    case trailingContent
    /// Arrays and objects nested deeper than the limit (the associated value).
    case depthLimitExceeded(Int)
    /// A document larger than the limit (the associated value) in bytes.
    case documentTooLarge(Int)
    /// A string or key longer than the limit (the associated value) in encoded bytes.
    case stringTooLong(Int)

    /// A short lower-case description of the reason.
    package var message: String {
      switch self {
      case .unexpectedEnd: "unexpected end of input"
      case .unexpectedByte(let byte): "unexpected \(Self.describe(byte))"
      case .emptyDocument: "empty document"
      case .byteOrderMark:
        "a byte order mark is not allowed at the start of a JSON document (RFC 8259)"
      case .invalidUTF8: "invalid UTF-8 byte sequence"
      case .invalidEscape: "invalid escape sequence in string"
      case .invalidUnicodeEscape: "unpaired UTF-16 surrogate in \\u escape"
      case .controlCharacterInString: "unescaped control character in string"
      case .invalidNumber: "invalid number"
      case .numberOutOfRange: "number is too large for a 64-bit floating-point value"
      case .numberTooLong(let limit): "number is longer than the limit of \(limit) characters"
      case .trailingContent: "unexpected content after the end of the document"
      case .depthLimitExceeded(let limit): "nesting is deeper than the limit of \(limit)"
      case .documentTooLarge(let limit): "document is larger than the limit of \(limit) bytes"
      case .stringTooLong(let limit): "string is longer than the limit of \(limit) bytes"
      }
    }

    /// Names a byte as a quoted character when it is printable ASCII, otherwise in hex.
    private static func describe(_ byte: UInt8) -> String {
      if byte > 0x20 && byte < 0x7F {
        return "character '\(Character(Unicode.Scalar(byte)))'"
      }
      let digits = Array("0123456789ABCDEF".utf8)
      let hex = String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
      return "byte 0x\(hex)"
    }
  }

  /// Why the document was rejected.
  package var reason: Reason
  /// The 0-based byte offset of the offending byte (the document length for an early end).
  package var offset: Int
  /// The 1-based line of ``offset``; lines are separated by line feed (0x0A) bytes.
  package var line: Int
  /// The 1-based column of ``offset``, counted in bytes (not characters) from the line start.
  package var column: Int

  /// Creates an error with an explicit location.
  package init(reason: Reason, offset: Int, line: Int, column: Int) {
    self.reason = reason
    self.offset = offset
    self.line = line
    self.column = column
  }

  /// Creates an error for the byte at `offset` of `bytes`, computing its line and column.
  ///
  /// - Complexity: O(*offset*); only called on the error path.
  package init(reason: Reason, offset: Int, in bytes: UnsafeRawBufferPointer) {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var lineStart = 0
    for index in 0..<end where bytes[index] == 0x0A {
      line += 1
      lineStart = index + 1
    }
    self.init(reason: reason, offset: offset, line: line, column: offset - lineStart + 1)
  }

  /// The location and reason, e.g. `line 3, column 14: unexpected character '}' (byte offset 41)`.
  package var description: String {
    "line \(line), column \(column): \(reason.message) (byte offset \(offset))"
  }
}
