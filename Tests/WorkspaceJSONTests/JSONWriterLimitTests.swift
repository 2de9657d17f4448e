import Testing

@testable import WorkspaceJSON

/// ``JSONWriter/write(_:style:checking:)`` refuses exactly the documents ``JSONReader`` refuses
/// under the same limits, at every boundary, and names the first offender's JSON path.
@Suite struct JSONWriterLimitTests {
  static let limits = JSONLimits(maxDepth: 4, maxDocumentBytes: 200, maxStringBytes: 12)

  /// `value` nested in `levels` arrays.
  static func nested(_ value: JSONValue, levels: Int) -> JSONValue {
    (0..<levels).reduce(value) { inner, _ in .array([inner]) }
  }

  static let values: [JSONValue] = {
    var values: [JSONValue] = []
    for length in 10...13 {
      values.append(.string(String(repeating: "a", count: length)))
      values.append(.string(String(repeating: "\u{01}", count: length / 6 + 1)))
      values.append(.string(String(repeating: "\"", count: length / 2)))
      values.append(["k": .string(String(repeating: "é", count: length / 2))])
      values.append([String(repeating: "k", count: length): 1])
    }
    for levels in 2...5 {
      values.append(nested(1, levels: levels))
      values.append(nested([], levels: levels))
      values.append(nested(.object(JSONObject()), levels: levels))
      values.append(nested(["a": 1], levels: levels - 1))
    }
    values.append(.array((0..<60).map { _ in 1 }))
    values.append(.array((0..<40).map { _ in 1 }))
    return values
  }()

  @Test(arguments: values)
  func writerRefusesWhatTheReaderRefuses(_ value: JSONValue) {
    let isReadable = (try? JSONReader.parse(JSONWriter.write(value), limits: Self.limits)) != nil
    let written = try? JSONWriter.write(value, checking: Self.limits)
    #expect((written != nil) == isReadable)
    if let written { #expect(written == JSONWriter.write(value)) }
  }

  @Test(
    arguments: [
      (["a": ["b": [1, .string(String(repeating: "\n", count: 7))]]], "$.a.b[1]", 14),
      ([String(repeating: "x", count: 13): 1], "$.xxxxxxxxxxxxx", 13),
    ] as [(JSONValue, String, Int)])
  func aLongStringIsNamedByItsPath(_ value: JSONValue, location: String, size: Int) {
    #expect(
      throws: JSONWriter.LimitViolation(
        kind: .stringLength, location: location, size: size, limit: 12)
    ) { try JSONWriter.write(value, checking: Self.limits) }
  }

  @Test func tooDeepANestingIsNamedByItsPath() {
    let value: JSONValue = ["a": [1, Self.nested([], levels: 3)]]
    #expect(
      throws: JSONWriter.LimitViolation(
        kind: .nestingDepth, location: "$.a[1][0][0]", size: 5, limit: 4)
    ) { try JSONWriter.write(value, checking: Self.limits) }
  }

  @Test func aLargeDocumentIsNamedAsAWhole() {
    let value = JSONValue.array((0..<60).map { _ in 1 })
    let size = JSONWriter.write(value).count
    #expect(
      throws: JSONWriter.LimitViolation(kind: .documentSize, location: "$", size: size, limit: 200)
    ) { try JSONWriter.write(value, checking: Self.limits) }
  }
}
