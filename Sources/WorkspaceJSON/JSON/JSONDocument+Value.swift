extension JSONDocument {
  /// A value of a validated document: where it starts, read on demand.
  ///
  /// The accessors mirror ``JSONValue``'s (``stringValue``, ``intValue``, ``arrayValue``…) with
  /// the same results, but build only what is asked for. A value is valid only inside the
  /// body given to ``JSONDocument/read(_:limits:_:)``.
  package struct Value {
    /// The document's bytes and container index.
    struct Document {
      let base: UnsafeRawPointer
      let count: Int
      let containers: UnsafeBufferPointer<Container>

      @inline(__always)
      func byte(at offset: Int) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
      }

      /// The offset of the first byte at or after `offset` that is not JSON whitespace.
      @inline(__always)
      func skipWhitespace(from offset: Int) -> Int {
        JSONReader.skipWhitespace(in: base, count: count, from: offset)
      }

      /// The offset of the closing quote of the string whose opening quote is at `quote`, and
      /// whether the string is plain: ASCII without escapes, so its bytes are its text.
      @inline(__always)
      func stringEnd(quote: Int) -> (end: Int, isPlain: Bool) {
        var position = quote + 1
        var seen: UInt64 = 0
        var isPlain = true
        while true {
          position = JSONReader.nextSpecialByte(in: base, count: count, from: position, seen: &seen)
          // A validated document holds no raw control byte: this is a quote or a backslash.
          guard byte(at: position) == 0x5C else { break }
          isPlain = false
          position += 2
        }
        return (position, isPlain && seen & JSONReader.highBits == 0)
      }

      /// The offset past the value at `offset`; `container` is its index entry if it is an
      /// array or object.
      @inline(__always)
      func end(of offset: Int, container: Int) -> Int {
        switch byte(at: offset) {
        case 0x22: return stringEnd(quote: offset).end + 1
        case 0x7B, 0x5B: return containers[container].end
        default:
          var position = offset + 1
          while position < count {
            switch byte(at: position) {
            case 0x2C, 0x5D, 0x7D, 0x20, 0x0A, 0x0D, 0x09: return position
            default: position += 1
            }
          }
          return position
        }
      }

      /// A reader at `offset` for reading part of the validated document again.
      func reader(at offset: Int) -> JSONReader {
        var reader = JSONReader(base: base, count: count, limits: .validated)
        reader.index = offset
        return reader
      }
    }

    let document: Document
    /// The offset of the value's first byte.
    let offset: Int
    /// The index entry of an array or object.
    let container: Int
    /// A string's closing quote and whether it is plain, when already known.
    private let string: (end: Int, isPlain: Bool)?

    init(
      _ document: Document, at offset: Int, container: Int,
      string: (end: Int, isPlain: Bool)? = nil
    ) {
      self.document = document
      self.offset = offset
      self.container = container
      self.string = string
    }

    @inline(__always)
    private var first: UInt8 { document.byte(at: offset) }

    /// Whether the value is the literal `null`.
    package var isNull: Bool { first == 0x6E }

    /// Whether the value is a string.
    var isString: Bool { first == 0x22 }

    /// The Boolean, or `nil` when the value is not `true` or `false`.
    package var boolValue: Bool? {
      switch first {
      case 0x74: true
      case 0x66: false
      default: nil
      }
    }

    /// The number as the reader reads it, or `nil` when the value is not a number.
    private var number: JSONValue? {
      guard first == 0x2D || first &- 0x30 < 10 else { return nil }
      var reader = document.reader(at: offset)
      return try? reader.parseNumber()
    }

    /// The number (the nearest `Double` to a big integer), as ``JSONValue/numberValue``.
    package var numberValue: Double? { number?.numberValue }

    /// The number as an `Int` when it is integral and representable, as
    /// ``JSONValue/intValue``.
    package var intValue: Int? { number?.intValue }

    /// The number as written, as ``JSONValue/numberText``.
    var numberText: String? { number?.numberText }

    /// The digits of an integer literal above 2^53 in magnitude, or `nil`.
    package var bigIntegerDigits: String? {
      if case .bigInteger(let digits)? = number { return digits }
      return nil
    }

    /// The string, or `nil` when the value is not a string.
    package var stringValue: String? {
      guard isString else { return nil }
      var reader = document.reader(at: offset)
      return try? reader.parseString()
    }

    /// Calls `body` with the string's bytes when the value is a plain string (ASCII without
    /// escapes, so its bytes are its text); `nil` for any other value.
    ///
    /// - Complexity: O(*n*), where *n* is the string's length, plus what `body` does.
    func withPlainString<Result>(
      _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
      guard isString else { return nil }
      let (end, isPlain) = string ?? document.stringEnd(quote: offset)
      guard isPlain else { return nil }
      return try body(
        UnsafeBufferPointer(
          start: (document.base + offset + 1).assumingMemoryBound(to: UInt8.self),
          count: end - offset - 1))
    }

    /// Whether the value is the string `text`.
    func isString(_ text: StaticString) -> Bool {
      if let equal = withPlainString({ Self.equal($0, text) }) { return equal }
      return stringValue == text.description
    }

    /// Whether two byte sequences are equal.
    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
      bytes.count == text.utf8CodeUnitCount
        && (bytes.isEmpty || memoryEqual(bytes.baseAddress!, text.utf8Start, bytes.count))
    }

    /// The elements of an array, or `nil` when the value is not an array.
    ///
    /// - Complexity: O(*n*), where *n* is the array's length in bytes (nested arrays and
    ///   objects are stepped over).
    package var arrayValue: [Value]? {
      guard let elements else { return nil }
      var values: [Value] = []
      values.reserveCapacity(document.containers[container].count)
      for (_, value) in elements { values.append(value) }
      return values
    }

    /// The number of elements of an array, or `nil` when the value is not an array.
    ///
    /// - Complexity: O(1).
    package var arrayCount: Int? {
      first == 0x5B ? document.containers[container].count : nil
    }

    /// The elements of an array, read one by one; `nil` when the value is not an array.
    package var elements: Members? {
      first == 0x5B ? Members(self) : nil
    }

    /// The members of an object, or `nil` when the value is not an object.
    ///
    /// - Complexity: O(*n*), where *n* is the object's length in bytes (nested arrays and
    ///   objects are stepped over).
    package var objectValue: Object? {
      guard first == 0x7B else { return nil }
      var members: [Object.Member] = []
      members.reserveCapacity(document.containers[container].count)
      for (key, value) in Members(self) {
        members.append(Object.Member(document: document, key: key, value: value))
      }
      return Object(members: members)
    }

    /// The values of an array or object, in order, each with the offset of its key's opening
    /// quote (-1 in an array).
    package struct Members: Sequence, IteratorProtocol {
      private let document: Document
      private let isObject: Bool
      /// The offset of the next member's key or value.
      private var position: Int
      /// The index entry of the next nested array or object.
      private var nested: Int
      private var remaining: Int

      init(_ container: Value) {
        document = container.document
        isObject = document.byte(at: container.offset) == 0x7B
        position = document.skipWhitespace(from: container.offset + 1)
        nested = container.container + 1
        remaining = document.containers[container.container].count
      }

      package mutating func next() -> (key: Int, value: Value)? {
        guard remaining > 0 else { return nil }
        remaining -= 1
        var key = -1
        if isObject {
          key = position
          position = document.skipWhitespace(from: document.stringEnd(quote: key).end + 1)
          position = document.skipWhitespace(from: position + 1)  // past the colon
        }
        let value: Value
        let end: Int
        switch document.byte(at: position) {
        case 0x22:
          let string = document.stringEnd(quote: position)
          value = Value(document, at: position, container: nested, string: string)
          end = string.end + 1
        case 0x7B, 0x5B:
          value = Value(document, at: position, container: nested)
          end = document.containers[nested].end
          nested = document.containers[nested].next
        default:
          value = Value(document, at: position, container: nested)
          end = document.end(of: position, container: nested)
        }
        if remaining > 0 {
          // Past the value, the comma and the whitespace after it.
          position = document.skipWhitespace(from: document.skipWhitespace(from: end) + 1)
        }
        return (key, value)
      }
    }

    /// The value built as a ``JSONValue``, for what is kept as it was read.
    ///
    /// - Complexity: O(*n*), where *n* is the value's length in bytes.
    package var jsonValue: JSONValue {
      let end = document.end(of: offset, container: container)
      // The document was validated, under limits at least as strict.
      return try! JSONReader.parse(
        UnsafeRawBufferPointer(start: document.base + offset, count: end - offset),
        limits: .validated)
    }
  }
}

/// Whether `count` bytes at `left` and `right` are equal.
@inline(__always)
private func memoryEqual(
  _ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ count: Int
) -> Bool {
  for index in 0..<count where left[index] != right[index] { return false }
  return true
}

extension JSONLimits {
  /// No limits: for reading again part of a document already validated under real ones.
  static let validated = JSONLimits(
    maxDepth: .max, maxDocumentBytes: .max, maxStringBytes: .max, maxNumberLength: .max)
}
