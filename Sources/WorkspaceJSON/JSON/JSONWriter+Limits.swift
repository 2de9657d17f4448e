extension JSONWriter {
  /// Where a written document would break a limit of ``JSONLimits``, so that
  /// ``JSONReader`` would refuse it.
  package struct LimitViolation: Hashable, Sendable, Error {
    /// The limit that is broken.
    package enum Kind: Hashable, Sendable {
      /// Arrays and objects open at once (``JSONLimits/maxDepth``).
      case nestingDepth
      /// Encoded bytes between a string's quotes (``JSONLimits/maxStringBytes``).
      case stringLength
      /// Bytes in the whole document (``JSONLimits/maxDocumentBytes``).
      case documentSize
    }

    /// The limit that is broken.
    package let kind: Kind
    /// The JSON path of the first offending value in document order, such as
    /// `$.root.children[1].title`; `$` for the document's size.
    package let location: String
    /// The offending measure: the depth, the string's encoded bytes or the document's bytes.
    package let size: Int
    /// The limit.
    package let limit: Int
  }

  /// Writes `value` as ``write(_:style:)`` does and checks the bytes against the limits that
  /// ``JSONReader`` enforces, so that nothing is written that the reader would refuse.
  ///
  /// The writer measures the longest string (escapes at their full length) and the deepest
  /// nesting as it writes; only when one is over its limit is the value walked again to name
  /// the JSON path of the first offender.
  ///
  /// - Parameters:
  ///   - value: The value to write; its numbers must be finite.
  ///   - style: ``Style/pretty`` (the default) or ``Style/compact``.
  ///   - limits: The limits the bytes must meet.
  /// - Returns: The document bytes.
  /// - Throws: The ``LimitViolation`` of the first broken limit: nesting, then strings, then
  ///   the document's size.
  /// - Complexity: O(*n*), where *n* is the size of the output.
  package static func write(
    _ value: JSONValue, style: Style = .pretty, checking limits: JSONLimits
  ) throws(LimitViolation) -> [UInt8] {
    var emitter = Emitter(pretty: style == .pretty)
    emitter.writeValue(value, depth: 0)
    if style == .pretty { emitter.appendByte(0x0A) }
    try check(emitter, against: limits) { value }
    return emitter.makeArray()
  }

  /// Checks the bytes an emitter wrote against the limits that ``JSONReader`` enforces.
  ///
  /// Only when the deepest nesting or the longest string is over its limit is the written
  /// value built (by `value`) and walked, to name the JSON path of the first offender.
  ///
  /// - Throws: The ``LimitViolation`` of the first broken limit: nesting, then strings, then
  ///   the document's size.
  static func check(
    _ emitter: borrowing Emitter, against limits: JSONLimits, value: () -> JSONValue
  ) throws(LimitViolation) {
    if emitter.deepestNesting > limits.maxDepth || emitter.longestString > limits.maxStringBytes {
      var finder = ViolationFinder(limits: limits)
      finder.visit(value(), at: "$", depth: 0)
      let isTooDeep = emitter.deepestNesting > limits.maxDepth
      throw finder.found
        ?? LimitViolation(
          kind: isTooDeep ? .nestingDepth : .stringLength, location: "$",
          size: isTooDeep ? emitter.deepestNesting : emitter.longestString,
          limit: isTooDeep ? limits.maxDepth : limits.maxStringBytes)
    }
    guard emitter.byteCount <= limits.maxDocumentBytes else {
      throw LimitViolation(
        kind: .documentSize, location: "$", size: emitter.byteCount,
        limit: limits.maxDocumentBytes)
    }
  }

  /// The number of bytes `text` takes between quotes as the writer escapes it.
  ///
  /// - Complexity: O(*n*), where *n* is the length of `text` in UTF-8 bytes.
  static func encodedLength(of text: String) -> Int {
    var length = 0
    for byte in text.utf8 {
      switch byte {
      case 0x22, 0x5C, 0x08, 0x0C, 0x0A, 0x0D, 0x09: length += 2
      case ..<0x20: length += 6
      default: length += 1
      }
    }
    return length
  }
}

/// The walk that names the first value, in document order, past a nesting or string limit.
private struct ViolationFinder {
  let limits: JSONLimits
  var found: JSONWriter.LimitViolation?

  mutating func visit(_ value: JSONValue, at location: String, depth: Int) {
    guard found == nil else { return }
    switch value {
    case .string(let text):
      check(text, at: location)
    case .array(let elements):
      guard opens(at: location, depth: depth) else { return }
      for (index, element) in elements.enumerated() where found == nil {
        visit(element, at: "\(location)[\(index)]", depth: depth + 1)
      }
    case .object(let object):
      guard opens(at: location, depth: depth) else { return }
      for (key, member) in object.members where found == nil {
        check(key, at: "\(location).\(key)")
        visit(member, at: "\(location).\(key)", depth: depth + 1)
      }
    case .null, .bool, .number, .bigInteger:
      break
    }
  }

  /// Whether a container at `depth` may open; records the violation if not.
  private mutating func opens(at location: String, depth: Int) -> Bool {
    guard depth + 1 > limits.maxDepth else { return true }
    found = .init(kind: .nestingDepth, location: location, size: depth + 1, limit: limits.maxDepth)
    return false
  }

  private mutating func check(_ text: String, at location: String) {
    guard found == nil, text.utf8.count * 6 > limits.maxStringBytes else { return }
    let length = JSONWriter.encodedLength(of: text)
    guard length > limits.maxStringBytes else { return }
    found = .init(
      kind: .stringLength, location: location, size: length, limit: limits.maxStringBytes)
  }
}
