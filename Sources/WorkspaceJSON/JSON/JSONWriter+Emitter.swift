extension JSONWriter {
  /// The output buffer and value walker behind ``JSONWriter/write(_:style:)``.
  ///
  /// It appends into its own growable allocation, which avoids the uniqueness and capacity
  /// checks of `Array.append` for every byte; the finished bytes are copied once into the
  /// result. It is noncopyable so its `deinit` owns the allocation.
  struct Emitter: ~Copyable {
    /// Eight ASCII spaces, for writing indentation a word at a time.
    private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020

    /// The start of the allocation; bytes `0..<count` are initialized.
    private var storage: UnsafeMutablePointer<UInt8>
    /// The size of the allocation in bytes.
    private var capacity: Int
    /// The number of bytes written.
    private var count: Int
    /// Whether to write the pretty layout.
    private let pretty: Bool
    /// The most encoded bytes between the quotes of any string or key written, escapes
    /// counted at their full length, as ``JSONReader`` measures them.
    private(set) var longestString = 0
    /// The most arrays and objects open at once, each counting itself (empty ones too), as
    /// ``JSONReader`` counts them against ``JSONLimits/maxDepth``.
    private(set) var deepestNesting = 0
    /// The number of bytes written so far.
    var byteCount: Int { count }

    /// Creates an empty emitter.
    init(pretty: Bool) {
      self.pretty = pretty
      capacity = 1024
      storage = .allocate(capacity: capacity)
      count = 0
    }

    /// Frees the output allocation.
    deinit {
      storage.deallocate()
    }

    /// The written bytes as a new array.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes written.
    consuming func makeArray() -> [UInt8] {
      let source = storage
      let length = count
      return [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
        buffer.baseAddress?.initialize(from: source, count: length)
        initialized = length
      }
    }

    /// The written bytes as a string; they are always well-formed UTF-8.
    ///
    /// - Complexity: O(*n*), where *n* is the number of bytes written.
    consuming func makeString() -> String {
      String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    /// Makes room for at least `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
      if count &+ extra > capacity { grow(minimum: count + extra) }
    }

    /// Reallocates with at least double the capacity, keeping the written bytes.
    @inline(never)
    private mutating func grow(minimum: Int) {
      let newCapacity = max(capacity * 2, minimum)
      let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
      newStorage.initialize(from: storage, count: count)
      storage.deallocate()
      storage = newStorage
      capacity = newCapacity
    }

    /// Appends one byte.
    @inline(__always)
    mutating func appendByte(_ byte: UInt8) {
      reserve(1)
      storage[count] = byte
      count &+= 1
    }

    /// Appends two bytes.
    @inline(__always)
    private mutating func appendBytes(_ first: UInt8, _ second: UInt8) {
      reserve(2)
      storage[count] = first
      storage[count &+ 1] = second
      count &+= 2
    }

    /// Appends the bytes of an ASCII literal.
    @inline(__always)
    private mutating func appendLiteral(_ text: StaticString) {
      appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a run of bytes.
    @inline(__always)
    private mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
      reserve(bytes.count)
      (storage + count).update(from: source, count: bytes.count)
      count &+= bytes.count
    }

    /// Appends a line feed and the indentation for `depth` levels (pretty style only).
    @inline(__always)
    private mutating func newline(depth: Int) {
      guard pretty else { return }
      let spaces = depth &* 2
      reserve(spaces &+ 8)
      storage[count] = 0x0A
      var position = count &+ 1
      let end = position &+ spaces
      while position < end {
        UnsafeMutableRawPointer(storage + position).storeBytes(
          of: Self.eightSpaces, as: UInt64.self)
        position &+= 8
      }
      count = end
    }

    /// Appends one value at nesting level `depth`.
    mutating func writeValue(_ value: JSONValue, depth: Int) {
      switch value {
      case .null:
        appendLiteral("null")
      case .bool(let flag):
        appendLiteral(flag ? "true" : "false")
      case .number(let number):
        writeNumber(number)
      case .bigInteger(let digits):
        var digits = digits
        digits.withUTF8 { appendBytes($0) }
      case .string(let text):
        writeString(text)
      case .array(let elements):
        deepestNesting = max(deepestNesting, depth &+ 1)
        guard !elements.isEmpty else { return appendBytes(0x5B, 0x5D) }
        appendByte(0x5B)
        elements.withUnsafeBufferPointer { elements in
          for position in elements.indices {
            if position > 0 { appendByte(0x2C) }
            newline(depth: depth &+ 1)
            writeValue(elements[position], depth: depth &+ 1)
          }
        }
        newline(depth: depth)
        appendByte(0x5D)
      case .object(let object):
        deepestNesting = max(deepestNesting, depth &+ 1)
        guard !object.members.isEmpty else { return appendBytes(0x7B, 0x7D) }
        appendByte(0x7B)
        object.members.withUnsafeBufferPointer { members in
          for position in members.indices {
            if position > 0 { appendByte(0x2C) }
            newline(depth: depth &+ 1)
            writeString(members[position].key)
            if pretty { appendBytes(0x3A, 0x20) } else { appendByte(0x3A) }
            writeValue(members[position].value, depth: depth &+ 1)
          }
        }
        newline(depth: depth)
        appendByte(0x7D)
      }
    }

    /// Appends a finite number: an integer when exact and below 2^53, else the shortest form.
    private mutating func writeNumber(_ number: Double) {
      precondition(number.isFinite, "JSON cannot represent the non-finite number \(number)")
      if number.magnitude < 0x1p53, Double(Int64(number)) == number {
        writeInteger(Int64(number))
      } else {
        var text = number.description
        text.withUTF8 { appendBytes($0) }
      }
    }

    /// Appends the decimal digits of an integer, with a leading `-` when negative.
    private mutating func writeInteger(_ integer: Int64) {
      reserve(20)
      if integer < 0 {
        storage[count] = 0x2D
        count &+= 1
      }
      var remaining = integer.magnitude
      var digits = 1
      var scale: UInt64 = 10
      while remaining >= scale && digits < 19 {
        digits &+= 1
        scale &*= 10
      }
      var position = count &+ digits
      count = position
      repeat {
        position &-= 1
        storage[position] = 0x30 &+ UInt8(truncatingIfNeeded: remaining % 10)
        remaining /= 10
      } while remaining > 0
    }

    /// Appends a quoted, escaped string.
    private mutating func writeString(_ text: String) {
      var text = text
      text.withUTF8 { utf8 in
        reserve(utf8.count &+ 2)
        appendByte(0x22)
        let start = count
        var runStart = 0
        for position in utf8.indices {
          let byte = utf8[position]
          guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
          appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
          runStart = position &+ 1
          appendEscape(for: byte)
        }
        appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        longestString = max(longestString, count &- start)
        appendByte(0x22)
      }
    }

    /// Appends the escape sequence for a quote, backslash or control byte.
    private mutating func appendEscape(for byte: UInt8) {
      switch byte {
      case 0x22: appendBytes(0x5C, 0x22)
      case 0x5C: appendBytes(0x5C, 0x5C)
      case 0x08: appendBytes(0x5C, 0x62)
      case 0x0C: appendBytes(0x5C, 0x66)
      case 0x0A: appendBytes(0x5C, 0x6E)
      case 0x0D: appendBytes(0x5C, 0x72)
      case 0x09: appendBytes(0x5C, 0x74)
      default:
        let hexDigits: StaticString = "0123456789abcdef"
        appendLiteral("\\u00")
        appendBytes(hexDigits.utf8Start[Int(byte >> 4)], hexDigits.utf8Start[Int(byte & 0xF)])
      }
    }
  }
}
