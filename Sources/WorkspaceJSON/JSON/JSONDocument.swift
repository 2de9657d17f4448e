/// A validated JSON document, read in place: values are read from its bytes when asked for,
/// with no value tree built first.
///
/// ``read(_:limits:_:)`` runs the same scan as ``JSONReader/parse(_:limits:)`` (so it accepts
/// exactly the documents the reader accepts and fails with the same errors), and keeps only an
/// index of the arrays and objects: where each starts and ends and how many values it holds.
/// A ``Value`` is then a position in the bytes; strings, numbers and members are read from
/// there on demand, and a container is stepped over by its index entry.
///
///     try JSONDocument.read(bytes) { root in
///       root.objectValue?["version"]?.intValue
///     }
package enum JSONDocument {
  /// One array or object of the document, in the order their opening brackets appear.
  struct Container {
    /// The offset of the opening bracket.
    var start: Int
    /// The offset past the closing bracket.
    var end: Int
    /// The index of the first container after this one and everything in it.
    var next: Int
    /// The number of elements or members.
    var count: Int
  }

  /// Validates and indexes `bytes`, then calls `body` with the document's top-level value.
  ///
  /// The value, and every value read from it, is valid only inside `body`.
  ///
  /// - Parameters:
  ///   - bytes: The complete document.
  ///   - limits: The reader's limits.
  ///   - body: Reads what it needs from the top-level value.
  /// - Returns: What `body` returns.
  /// - Throws: The reader's ``JSONParseError``, or what `body` throws.
  /// - Complexity: O(*n*) for *n* bytes, with memory proportional to the number of arrays and
  ///   objects; then what `body` reads.
  package static func read<Result, Failure: Error>(
    _ bytes: UnsafeRawBufferPointer, limits: JSONLimits = .default,
    _ body: (Value) throws(Failure) -> Result
  ) throws(ReadError<Failure>) -> Result {
    if bytes.count > limits.maxDocumentBytes {
      throw .json(
        JSONParseError(
          reason: .documentTooLarge(limits.maxDocumentBytes), offset: limits.maxDocumentBytes,
          in: bytes))
    }
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw .json(JSONParseError(reason: .emptyDocument, offset: 0, line: 1, column: 1))
    }
    var reader = JSONReader(base: base, count: bytes.count, limits: limits)
    var builder = IndexBuilder()
    do {
      try reader.read(into: &builder)
    } catch {
      throw .json(error)
    }
    let start = JSONReader.skipWhitespace(in: base, count: bytes.count, from: 0)
    return try read(builder.containers, base: base, count: bytes.count, at: start, body)
  }

  /// Validates and indexes the one value that starts at `offset` of `bytes` (whitespace
  /// before it skipped), then calls `body` with it: for a decoder that walks a document
  /// itself and hands one member's value to code that reads values.
  ///
  /// The value, and every value read from it, is valid only inside `body`.
  ///
  /// - Parameters:
  ///   - bytes: The document the value is part of.
  ///   - offset: Where the value starts.
  ///   - limits: The reader's limits; the depth limit counts from the value.
  ///   - body: Reads what it needs from the value.
  /// - Returns: What `body` returns, and the offset just past the value.
  /// - Throws: The reader's ``JSONParseError``, or what `body` throws.
  /// - Complexity: O(*n*) for the *n* bytes of the value; then what `body` reads.
  static func readValue<Result, Failure: Error>(
    in bytes: UnsafeRawBufferPointer, at offset: Int, limits: JSONLimits,
    _ body: (Value) throws(Failure) -> Result
  ) throws(ReadError<Failure>) -> (result: Result, end: Int) {
    guard let base = bytes.baseAddress, offset < bytes.count else {
      throw .json(
        JSONParseError(reason: .unexpectedEnd, offset: bytes.count, in: bytes))
    }
    var reader = JSONReader(base: base, count: bytes.count, limits: limits)
    reader.index = offset
    var builder = IndexBuilder()
    do {
      _ = try reader.readValue(into: &builder)
    } catch {
      throw .json(error)
    }
    let result = try read(builder.containers, base: base, count: bytes.count, at: offset, body)
    return (result, reader.index)
  }

  /// Calls `body` with the value at `offset`, the first that `containers` indexes.
  private static func read<Result, Failure: Error>(
    _ containers: [Container], base: UnsafeRawPointer, count: Int, at offset: Int,
    _ body: (Value) throws(Failure) -> Result
  ) throws(ReadError<Failure>) -> Result {
    do {
      return try containers.withUnsafeBufferPointer { containers throws(Failure) in
        let document = Value.Document(base: base, count: count, containers: containers)
        return try body(Value(document, at: offset, container: 0))
      }
    } catch {
      throw .body(error)
    }
  }

  /// Why ``read(_:limits:_:)`` failed: the bytes are not JSON within the limits, or the
  /// reading of the values failed.
  package enum ReadError<Failure: Error>: Error {
    /// The document is not JSON, or breaks a limit.
    case json(JSONParseError)
    /// What the body threw.
    case body(Failure)
  }

  /// The builder that keeps only the containers: strings are validated and skipped, numbers
  /// validated, and nothing is made of either.
  private struct IndexBuilder: JSONReaderBuilder {
    private(set) var containers: [Container] = []
    /// The indexes of the open containers, and the number of values each held when the next
    /// one opened.
    private var open: [(index: Int, count: Int)] = []
    /// The number of values read so far in the innermost open container.
    private var count = 0

    init() {
      containers.reserveCapacity(1024)
      open.reserveCapacity(32)
    }

    func string(_ reader: inout JSONReader) throws(JSONParseError) {
      try reader.skipString()
    }

    func number(_ reader: inout JSONReader) throws(JSONParseError) {
      _ = try reader.parseNumber()
    }

    func key(_ reader: inout JSONReader) throws(JSONParseError) {
      try reader.skipString()
    }

    func literal(_ literal: JSONValue) {}

    mutating func empty(isObject: Bool, from start: Int, to end: Int) {
      containers.append(Container(start: start, end: end, next: containers.count + 1, count: 0))
    }

    mutating func open(isObject: Bool, at start: Int) {
      open.append((containers.count, count))
      count = 0
      containers.append(Container(start: start, end: start, next: 0, count: 0))
    }

    mutating func append(_ value: consuming ()) {
      count &+= 1
    }

    mutating func close(isObject: Bool, at end: Int) {
      let (index, outer) = open.removeLast()
      containers[index].end = end
      containers[index].next = containers.count
      containers[index].count = count
      count = outer
    }
  }
}
