import PaneRouter

/// Where a writer of a JSON document puts it, in document order: the bytes of the file
/// (``JSONWriter/ByteSink``), or a ``JSONValue`` (``JSONValueSink``) for tools that embed
/// part of a document in their own output.
///
/// A container is opened, its members (each a key then a value) or elements written, then
/// closed.
protocol JSONSink: ~Copyable {
  mutating func openObject()
  mutating func openArray()
  mutating func close()
  /// The key of the next member of the open object.
  mutating func key(_ key: StaticString)
  /// The key of the next member of the open object, from data.
  mutating func key(_ key: String)
  mutating func string(_ text: String)
  /// A route token, as its canonical text.
  mutating func token(_ token: RouteToken)
  /// An array of route tokens, each as its canonical text.
  mutating func tokens(_ tokens: [RouteToken])
  mutating func number(_ value: Int)
  mutating func number(_ value: Double)
  mutating func bool(_ value: Bool)
  mutating func null()
  /// A value kept as it was read.
  mutating func value(_ value: JSONValue)
}

extension JSONSink where Self: ~Copyable {
  mutating func tokens(_ tokens: [RouteToken]) {
    openArray()
    for token in tokens { self.token(token) }
    close()
  }
}

/// The sink that builds a ``JSONValue``.
struct JSONValueSink: JSONSink {
  /// The open containers, innermost last, each with the key it will be stored under.
  private var open: [(key: String?, value: JSONValue)] = []
  private var pendingKey: String?
  /// The finished top-level value.
  private(set) var result: JSONValue = .null

  mutating func openObject() {
    open.append((pendingKey, .object(JSONObject())))
    pendingKey = nil
  }

  mutating func openArray() {
    open.append((pendingKey, .array([])))
    pendingKey = nil
  }

  mutating func close() {
    let (key, value) = open.removeLast()
    pendingKey = key
    add(value)
  }

  mutating func key(_ key: StaticString) { pendingKey = key.description }
  mutating func key(_ key: String) { pendingKey = key }
  mutating func string(_ text: String) { add(.string(text)) }
  mutating func token(_ token: RouteToken) { add(.string(token.description)) }
  mutating func number(_ value: Int) { add(.number(Double(value))) }
  mutating func number(_ value: Double) { add(.number(value)) }
  mutating func bool(_ value: Bool) { add(.bool(value)) }
  mutating func null() { add(.null) }
  mutating func value(_ value: JSONValue) { add(value) }

  /// Adds a finished value to the innermost open container, or makes it the result.
  private mutating func add(_ value: JSONValue) {
    guard !open.isEmpty else {
      result = value
      return
    }
    switch open[open.count - 1].value {
    case .object(var object):
      open[open.count - 1].value = .null  // keeps the members uniquely referenced
      object.append(key: pendingKey ?? "", value: value)
      open[open.count - 1].value = .object(object)
    case .array(var elements):
      open[open.count - 1].value = .null
      elements.append(value)
      open[open.count - 1].value = .array(elements)
    default:
      preconditionFailure("a value outside a container")
    }
    pendingKey = nil
  }
}

/// Where a ``JSONWriter/ByteSink`` hands a long document's bytes, a piece at a time, so that
/// the sink's buffer stays small however long the document is.
protocol JSONByteStream: AnyObject {
  /// Takes the next piece of the document, in order; the bytes are valid only during the call.
  func write(_ piece: UnsafeBufferPointer<UInt8>)
}

extension JSONWriter {
  /// The sink that writes the bytes of a document as ``JSONWriter/write(_:style:)`` writes its
  /// value: the same layout, escapes and numbers, straight into one buffer, or through a
  /// buffer of about `pieceSize` bytes into a ``JSONByteStream``.
  struct ByteSink: JSONSink, ~Copyable {
    private(set) var emitter: Emitter
    private let pretty: Bool
    /// Whether each open container is an array, innermost last.
    private var isArray: [Bool] = []
    /// Whether the innermost open container has nothing in it yet.
    private var isEmpty = false
    /// Where full pieces go, or `nil` to keep the whole document in the buffer.
    private let stream: (any JSONByteStream)?
    /// The buffered bytes past which the next member or element drains them to `stream`.
    private let pieceSize: Int

    /// Creates a sink that keeps the document in its buffer, with room for `capacity` bytes
    /// before the buffer grows.
    init(style: Style, capacity: Int) {
      pretty = style == .pretty
      emitter = Emitter(pretty: pretty, capacity: capacity)
      isArray.reserveCapacity(64)
      stream = nil
      pieceSize = .max
    }

    /// Creates a sink that hands its bytes to `stream` in pieces of about `pieceSize` bytes
    /// (more when one string is longer), from one buffer it reuses, with room for `capacity`
    /// bytes before that buffer grows: a document expected to be shorter than a piece needs
    /// no more (a short save then allocates a few pages, not a piece's worth, which glibc
    /// would map and unmap for each process's first save).
    init(style: Style, streamingTo stream: any JSONByteStream, pieceSize: Int, capacity: Int) {
      pretty = style == .pretty
      emitter = Emitter(pretty: pretty, capacity: min(capacity, pieceSize + pieceSize / 4))
      isArray.reserveCapacity(64)
      self.stream = stream
      self.pieceSize = pieceSize
    }

    /// The bytes written, with the final line feed of the pretty style; a streaming sink has
    /// handed them all to its stream, and the emitter keeps only the measures
    /// (``Emitter/byteCount``, ``Emitter/longestString``, ``Emitter/deepestNesting``).
    consuming func finish() -> Emitter {
      if pretty { emitter.appendByte(0x0A) }
      if let stream { emitter.drain(into: stream.write) }
      return emitter
    }

    /// Hands the buffered bytes to the stream once they fill a piece; called between values.
    @inline(__always)
    private mutating func drainIfFull() {
      if emitter.count >= pieceSize { drain() }
    }

    @inline(never)
    private mutating func drain() {
      emitter.drain(into: stream!.write)
    }

    /// Before a value: in an array, the comma and line break that separate it.
    @inline(__always)
    private mutating func beforeValue() {
      drainIfFull()
      guard isArray.last == true else { return }
      if !isEmpty { emitter.appendByte(0x2C) }
      emitter.newline(depth: isArray.count)
      isEmpty = false
    }

    private mutating func open(_ bracket: UInt8, isArray array: Bool) {
      beforeValue()
      emitter.appendByte(bracket)
      isArray.append(array)
      emitter.deepestNesting = max(emitter.deepestNesting, isArray.count)
      isEmpty = true
    }

    mutating func openObject() { open(0x7B, isArray: false) }
    mutating func openArray() { open(0x5B, isArray: true) }

    mutating func close() {
      drainIfFull()
      let array = isArray.removeLast()
      if !isEmpty { emitter.newline(depth: isArray.count) }
      emitter.appendByte(array ? 0x5D : 0x7D)
      isEmpty = false
    }

    @inline(__always)
    mutating func key(_ key: StaticString) {
      drainIfFull()
      if !isEmpty { emitter.appendByte(0x2C) }
      emitter.newline(depth: isArray.count)
      // Known keys are plain ASCII: written as they are.
      emitter.appendByte(0x22)
      emitter.appendLiteral(key)
      emitter.appendByte(0x22)
      emitter.longestString = max(emitter.longestString, key.utf8CodeUnitCount)
      separateKey()
    }

    mutating func key(_ key: String) {
      drainIfFull()
      if !isEmpty { emitter.appendByte(0x2C) }
      emitter.newline(depth: isArray.count)
      emitter.writeString(key)
      separateKey()
    }

    @inline(__always)
    private mutating func separateKey() {
      if pretty { emitter.appendBytes(0x3A, 0x20) } else { emitter.appendByte(0x3A) }
      isEmpty = false
    }

    mutating func string(_ text: String) {
      beforeValue()
      emitter.writeString(text)
    }

    mutating func token(_ token: RouteToken) {
      beforeValue()
      write(token)
    }

    mutating func tokens(_ tokens: [RouteToken]) {
      openArray()
      // Each token is read where the array stores it, and only after the buffer may have
      // been drained: nothing it holds is counted (retained) on the way.
      tokens.withUnsafeBufferPointer { tokens in
        for index in tokens.indices {
          beforeValue()
          write(tokens[index])
        }
      }
      close()
    }

    /// A token's canonical text, quoted: ASCII that needs no escape, copied as it is.
    @inline(__always)
    private mutating func write(_ token: RouteToken) {
      token.forEachCanonicalPiece { piece in
        emitter.reserve(piece.count &+ 2)
        emitter.appendByte(0x22)
        emitter.appendBytes(piece)
        emitter.appendByte(0x22)
        emitter.longestString = max(emitter.longestString, piece.count)
      }
    }

    mutating func number(_ value: Int) {
      beforeValue()
      emitter.writeNumber(Double(value))
    }

    mutating func number(_ value: Double) {
      beforeValue()
      emitter.writeNumber(value)
    }

    mutating func bool(_ value: Bool) {
      beforeValue()
      emitter.appendLiteral(value ? "true" : "false")
    }

    mutating func null() {
      beforeValue()
      emitter.appendLiteral("null")
    }

    mutating func value(_ value: JSONValue) {
      beforeValue()
      emitter.writeValue(value, depth: isArray.count)
    }
  }
}
