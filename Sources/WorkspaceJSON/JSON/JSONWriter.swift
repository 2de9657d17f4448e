/// A deterministic JSON writer: the same value always produces the same UTF-8 bytes.
///
/// Output rules:
/// - **Pretty** style (the default): 2-space indentation, one member or element per line,
///   `"key": value` with one space after the colon, `[]` and `{}` for empty containers, and a
///   line feed at the end of the document. **Compact** style writes everything on one line with
///   no insignificant whitespace and no final line feed.
/// - Object members are written in their stored order, duplicates included; nothing is sorted.
/// - Strings escape `"`, `\` and control characters below 0x20 (`\b \f \n \r \t` in short
///   form, the rest as `\u00xx` with lower-case hex), and, so that neither a file nor `--json`
///   output can drive a terminal, DEL, the C1 controls, the bidirectional controls and the line
///   and paragraph separators (``Workspace/TerminalText/needsEscape(_:)``) as `\uxxxx`. `/`
///   and every other non-ASCII character are written as raw UTF-8.
/// - Integral numbers with magnitude below 2^53 are written as integers (`3`, not `3.0`);
///   negative zero is written as `0`. Every other number is written in Swift's shortest
///   round-trip form (`0.1`, `1e-07`, `1e+300`, `9007199254740992.0`), all of which are valid
///   JSON and read back to the same `Double`.
/// - Non-finite numbers (`nan`, `inf`) have no JSON form: writing one is a precondition
///   failure. ``JSONReader`` never produces them.
///
/// The writer recurses once per nesting level, so its stack use is bounded by the depth of the
/// value: values from ``JSONReader`` are bounded by ``JSONLimits/maxDepth``, and values built in
/// code are as deep as the code makes them.
package struct JSONWriter {
  /// The layout of the output.
  package enum Style: Sendable {
    /// Indented, one member or element per line, with a final line feed.
    case pretty
    /// A single line without insignificant whitespace or final line feed.
    case compact
  }

  /// Writes `value` as a UTF-8 JSON document.
  ///
  /// - Parameters:
  ///   - value: The value to write; its numbers must be finite.
  ///   - style: ``Style/pretty`` (the default) or ``Style/compact``.
  /// - Returns: The document bytes; in pretty style they end with a line feed.
  /// - Complexity: O(*n*), where *n* is the size of the output.
  package static func write(_ value: JSONValue, style: Style = .pretty) -> [UInt8] {
    var emitter = Emitter(pretty: style == .pretty)
    emitter.writeValue(value, depth: 0)
    if style == .pretty { emitter.appendByte(0x0A) }
    return emitter.makeArray()
  }

  /// Writes `value` as a JSON document and returns it as a string.
  ///
  /// - Complexity: O(*n*), where *n* is the size of the output.
  package static func string(_ value: JSONValue, style: Style = .pretty) -> String {
    var emitter = Emitter(pretty: style == .pretty)
    emitter.writeValue(value, depth: 0)
    if style == .pretty { emitter.appendByte(0x0A) }
    return emitter.makeString()
  }
}
