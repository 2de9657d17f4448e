extension JSONReader {
  /// The builder behind ``JSONReader/parse(_:limits:)``: a ``JSONValue`` for every value read.
  ///
  /// Finished values wait on a ``MoveStack`` until their container closes, then move into an
  /// array of the right size; keys wait on a second stack beside them.
  struct ValueBuilder: JSONReaderBuilder, ~Copyable {
    /// The value-stack and key-stack heights when each open container opened.
    private var frames: [(valueStart: Int, keyStart: Int)] = []
    private var values = MoveStack<JSONValue>(initialCapacity: 256)
    private var keys = MoveStack<String>(initialCapacity: 64)

    init() {
      frames.reserveCapacity(32)
    }

    mutating func string(_ reader: inout JSONReader) throws(JSONParseError) -> JSONValue {
      .string(try reader.parseString())
    }

    mutating func number(_ reader: inout JSONReader) throws(JSONParseError) -> JSONValue {
      try reader.parseNumber()
    }

    mutating func key(_ reader: inout JSONReader) throws(JSONParseError) {
      keys.push(try reader.parseString())
    }

    func literal(_ literal: JSONValue) -> JSONValue {
      literal
    }

    func empty(isObject: Bool, from start: Int, to end: Int) -> JSONValue {
      isObject ? .object(JSONObject()) : .array([])
    }

    mutating func open(isObject: Bool, at start: Int) {
      frames.append((values.count, keys.count))
    }

    mutating func append(_ value: consuming JSONValue) {
      values.push(value)
    }

    mutating func close(isObject: Bool, at end: Int) -> JSONValue {
      let frame = frames.removeLast()
      guard isObject else { return .array(values.popArray(from: frame.valueStart)) }
      let members = values.popMembers(from: frame.valueStart, keys: &keys, from: frame.keyStart)
      return .object(JSONObject(members: members))
    }
  }
}
