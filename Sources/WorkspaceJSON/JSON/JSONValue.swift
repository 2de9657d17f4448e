/// A JSON value as defined by RFC 8259.
///
/// Numbers are stored as `Double`, so every number the reader accepts is the correctly rounded
/// binary64 value of its decimal text. Objects keep their members in document order, including
/// duplicate keys (see ``JSONObject``).
///
/// An integer literal above 2^53 in magnitude, which a `Double` may not hold exactly, is kept
/// as written (``bigInteger(_:)``): it is written back digit for digit, and a message about it
/// quotes the file's own digits rather than the nearest `Double`.
///
/// Equality is structural: arrays and objects compare element by element and in order, and
/// numbers compare with `Double` semantics (so `0` equals `-0`); big integers by their text.
package enum JSONValue: Equatable, Sendable {
  /// The literal `null`.
  case null
  /// The literal `true` or `false`.
  case bool(Bool)
  /// A finite number.
  case number(Double)
  /// An integer literal whose magnitude is above 2^53, as written (`-?[1-9][0-9]*`).
  case bigInteger(String)
  /// A string of Unicode scalars.
  case string(String)
  /// An ordered list of values.
  case array([JSONValue])
  /// An ordered list of key/value members.
  case object(JSONObject)
}

extension JSONValue {
  /// Whether the value is the literal `null`.
  package var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The Boolean payload, or `nil` when the value is not a Boolean.
  package var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The numeric payload (the nearest `Double` to a big integer), or `nil` when the value is
  /// not a number.
  package var numberValue: Double? {
    switch self {
    case .number(let value): value
    case .bigInteger(let text): Double(text)
    default: nil
    }
  }

  /// The numeric payload as an `Int` when it is integral and representable (a big integer
  /// exactly, from its digits), otherwise `nil`.
  package var intValue: Int? {
    if case .bigInteger(let text) = self { return Int(text) }
    guard case .number(let value) = self, value.magnitude < 0x1p63 else { return nil }
    let integer = Int(value)
    return Double(integer) == value ? integer : nil
  }

  /// The number as written in the file: a big integer's own digits, else the writer's form.
  var numberText: String? {
    switch self {
    case .bigInteger(let text): text
    case .number: JSONWriter.string(self, style: .compact)
    default: nil
    }
  }

  /// The string payload, or `nil` when the value is not a string.
  package var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements of an array, or `nil` when the value is not an array.
  package var arrayValue: [JSONValue]? {
    if case .array(let value) = self { return value }
    return nil
  }

  /// The members of an object, or `nil` when the value is not an object.
  package var objectValue: JSONObject? {
    if case .object(let value) = self { return value }
    return nil
  }

  /// The last value stored under `key` when the value is an object, otherwise `nil`.
  ///
  /// - Complexity: O(*n*), where *n* is the number of members of the object.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let object) = self else { return nil }
    return object[key]
  }

  /// The element at `index` when the value is an array and the index is valid, otherwise `nil`.
  package subscript(index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// Creates a Boolean value from a literal.
  package init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// Creates a number from an integer literal.
  package init(integerLiteral value: Int) {
    self = .number(Double(value))
  }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// Creates a number from a floating-point literal.
  package init(floatLiteral value: Double) {
    self = .number(value)
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// Creates a string value from a literal.
  package init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// Creates an array value from a literal, keeping the element order.
  package init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// Creates an object value from a literal, keeping the member order and any duplicate keys.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(members: elements.map { (key: $0.0, value: $0.1) }))
  }
}
