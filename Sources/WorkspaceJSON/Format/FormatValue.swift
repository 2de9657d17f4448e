/// A JSON value as the format's readers read it: built (``JSONValue``) or in place in the
/// bytes of a document (``JSONDocument/Value``), with the same results either way.
///
/// Templates are read through it once, for both files: in place from a workspace file's
/// document, and from the value of a templates file.
protocol FormatValue {
  associatedtype ObjectValue: FormatObject where ObjectValue.MemberValue == Self
  /// The members of an object, or `nil` when the value is not an object.
  var objectValue: ObjectValue? { get }
  /// The elements of an array, or `nil` when the value is not an array.
  var arrayValue: [Self]? { get }
  /// The string, or `nil` when the value is not a string.
  var stringValue: String? { get }
  /// The number as an `Int` when it is integral and representable, else `nil`.
  var intValue: Int? { get }
  /// The number (the nearest `Double` to a big integer), or `nil` when the value is not one.
  var numberValue: Double? { get }
  /// The Boolean, or `nil` when the value is not `true` or `false`.
  var boolValue: Bool? { get }
}

/// The members of an object a ``FormatValue`` holds, looked up by ``FormatKey``.
protocol FormatObject {
  associatedtype MemberValue: FormatValue
  /// The last value stored under `key`.
  subscript(key: FormatKey) -> MemberValue? { get }
  /// Whether a member's key is none of `known`.
  ///
  /// - Complexity: O(*n*·*k*) key comparisons, for *n* members and *k* known keys.
  func hasMember(notIn known: [FormatKey]) -> Bool
  /// The members built as a ``JSONObject``, for what is kept as it was read.
  var jsonObject: JSONObject { get }
}

extension JSONValue: FormatValue {}

extension JSONObject: FormatObject {
  func hasMember(notIn known: [FormatKey]) -> Bool {
    members.contains { member in !known.contains { $0.description == member.key } }
  }

  var jsonObject: JSONObject { self }
}

extension JSONDocument.Value: FormatValue {}

extension JSONDocument.Object: FormatObject {
  func hasMember(notIn known: [FormatKey]) -> Bool {
    members.contains { member in !known.contains { member.hasKey($0) } }
  }
}
