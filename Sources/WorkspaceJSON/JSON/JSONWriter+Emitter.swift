import Workspace

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
    /// The number of bytes in the buffer: written since the last ``drain(into:)``.
    private(set) var count: Int
    /// The number of bytes handed out by ``drain(into:)``.
    private var drainedCount = 0
    /// Whether to write the pretty layout.
    private let pretty: Bool
    /// The most encoded bytes between the quotes of any string or key written, escapes
    /// counted at their full length, as ``JSONReader`` measures them.
    var longestString = 0
    /// The most arrays and objects open at once, each counting itself (empty ones too), as
    /// ``JSONReader`` counts them against ``JSONLimits/maxDepth``.
    var deepestNesting = 0
    /// The number of bytes written so far, drained ones included.
    var byteCount: Int { drainedCount &+ count }

    /// Creates an empty emitter with room for `capacity` bytes before it grows.
    init(pretty: Bool, capacity: Int = 1024) {
      self.pretty = pretty
      self.capacity = max(capacity, 16)
      storage = .allocate(capacity: self.capacity)
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
      precondition(drainedCount == 0, "the bytes were drained")
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

    /// Hands the bytes in the buffer to `body` and empties the buffer, which keeps its
    /// allocation for the bytes that follow: for writing a long document in pieces.
    ///
    /// Call it only between two values or members, never inside one.
    mutating func drain(into body: (UnsafeBufferPointer<UInt8>) -> Void) {
      body(UnsafeBufferPointer(start: storage, count: count))
      drainedCount &+= count
      count = 0
    }

    /// Makes room for at least `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
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
    mutating func appendBytes(_ first: UInt8, _ second: UInt8) {
      reserve(2)
      storage[count] = first
      storage[count &+ 1] = second
      count &+= 2
    }

    /// Appends the bytes of an ASCII literal.
    @inline(__always)
    mutating func appendLiteral(_ text: StaticString) {
      appendBytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a run of bytes.
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
      let length = bytes.count
      reserve(length)
      let target = storage + count
      if length >= 8 && length <= 16 {
        // A route token or a key: two overlapping words instead of a call to memmove.
        let raw = UnsafeRawPointer(source)
        let first = raw.loadUnaligned(as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
        UnsafeMutableRawPointer(target).storeBytes(of: first, as: UInt64.self)
        UnsafeMutableRawPointer(target).storeBytes(
          of: last, toByteOffset: length &- 8, as: UInt64.self)
      } else {
        target.update(from: source, count: length)
      }
      count &+= length
    }

    /// Appends a line feed and the indentation for `depth` levels (pretty style only).
    @inline(__always)
    mutating func newline(depth: Int) {
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
    mutating func writeNumber(_ number: Double) {
      precondition(number.isFinite, "JSON cannot represent the non-finite number \(number)")
      if number.magnitude < 0x1p53, Double(Int64(number)) == number {
        writeInteger(Int64(number))
      } else {
        var text = number.description
        text.withUTF8 { appendBytes($0) }
      }
    }

    /// Appends the decimal digits of an integer, with a leading `-` when negative.
    mutating func writeInteger(_ integer: Int64) {
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
    mutating func writeString(_ text: String) {
      var text = text
      text.withUTF8 { utf8 in
        reserve(utf8.count &+ 2)
        appendByte(0x22)
        let start = count
        var runStart = 0
        var position = 0
        while position < utf8.count {
          let byte = utf8[position]
          if byte < 0x20 || byte == 0x22 || byte == 0x5C {
            appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
            appendEscape(for: byte)
            position &+= 1
            runStart = position
          } else if byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2,
            let (scalar, length) = Self.terminalControl(in: utf8, at: position)
          {
            appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
            appendUnicodeEscape(scalar)
            position &+= length
            runStart = position
          } else {
            position &+= 1
          }
        }
        appendBytes(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        longestString = max(longestString, count &- start)
        appendByte(0x22)
      }
    }

    /// The DEL, C1 control, bidirectional control or line separator whose UTF-8 encoding
    /// starts at `position` (see ``Workspace/TerminalText/needsEscape(_:)``), with its length
    /// in bytes; `nil` for any other character.
    private static func terminalControl(
      in utf8: UnsafeBufferPointer<UInt8>, at position: Int
    ) -> (scalar: UInt32, length: Int)? {
      let lead = UInt32(utf8[position])
      let value: UInt32
      let length: Int
      switch lead {
      case 0x7F:
        (value, length) = (lead, 1)
      case 0xC2, 0xD8:
        guard position + 1 < utf8.count else { return nil }
        (value, length) = ((lead & 0x1F) << 6 | UInt32(utf8[position + 1]) & 0x3F, 2)
      default:
        guard position + 2 < utf8.count else { return nil }
        let middle = UInt32(utf8[position + 1]) & 0x3F
        (value, length) = ((lead & 0x0F) << 12 | middle << 6 | UInt32(utf8[position + 2]) & 0x3F, 3)
      }
      guard let scalar = Unicode.Scalar(value), TerminalText.needsEscape(scalar) else {
        return nil
      }
      return (value, length)
    }

    /// Appends `\u` and four lower-case hex digits for a scalar below U+10000.
    private mutating func appendUnicodeEscape(_ value: UInt32) {
      let hexDigits: StaticString = "0123456789abcdef"
      appendBytes(0x5C, 0x75)
      for shift in stride(from: 12, through: 0, by: -4) {
        appendByte(hexDigits.utf8Start[Int(value >> UInt32(shift) & 0xF)])
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
