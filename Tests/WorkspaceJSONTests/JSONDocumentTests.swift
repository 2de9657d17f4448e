import Foundation
import Testing

@testable import WorkspaceJSON

/// ``JSONDocument`` reads values in place: it must accept exactly what ``JSONReader`` accepts,
/// fail with the same errors, and read back the same values through its accessors.
@Suite struct JSONDocumentTests {
  /// The value read through the document's accessors, member by member.
  static func rebuilt(_ value: JSONDocument.Value) -> JSONValue {
    if value.isNull { return .null }
    if let flag = value.boolValue { return .bool(flag) }
    if let digits = value.bigIntegerDigits { return .bigInteger(digits) }
    if let number = value.numberValue { return .number(number) }
    if let text = value.stringValue { return .string(text) }
    if let elements = value.arrayValue { return .array(elements.map(rebuilt)) }
    let object = value.objectValue!
    return .object(JSONObject(members: object.members.map { ($0.keyString, rebuilt($0.value)) }))
  }

  /// What the reader and the document make of `bytes`: the same value three ways, or the
  /// same error.
  static func compare(_ bytes: [UInt8]) {
    let parsed = Result { () throws(JSONParseError) in try JSONReader.parse(bytes) }
    let read = bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONDocument.ReadError<Never>) in
        try JSONDocument.read(buffer) { root in (rebuilt(root), root.jsonValue) }
      }
    }
    switch (parsed, read) {
    case (.success(let value), .success(let (rebuilt, built))):
      #expect(rebuilt == value)
      #expect(built == value)
    case (.failure(let error), .failure(.json(let documentError))):
      #expect(documentError == error)
    default:
      Issue.record("reader \(parsed) but document \(read)")
    }
  }

  @Test(arguments: [
    #"{"a": 1, "b": [true, false, null, "x"], "c": {"d": []}, "e": {}}"#,
    #"{"k\u0069nd": "pane", "kind": "split", "\u00e9": 1, "é": 2}"#,
    #"[1, -0, 0.5, 1e3, 12345678901234567890, -12345678901234567890, 1.5e-7]"#,
    #"  [ [ ] , { } , [ [ [ 1 ] ] ] , "\"\\\/\b\f\n\r\t\u0041\ud83d\ude00" ]  "#,
    #""text""#, "true", " null ", "-12", "[]", "{}",
    #"{"a": 1,}"#, #"[1 2]"#, #"{"a" 1}"#, "[", "", " ", #""\ud800""#, "01", "[1] x",
    "\u{FEFF}{}", #"{"a":"\#u{01}"}"#, #"{"a": [1, {"b": tru}]}"#,
  ])
  func readsWhatTheReaderReads(text: String) {
    Self.compare(Array(text.utf8))
  }

  @Test func readsEveryFileOfJSONTestSuiteAsTheReaderDoes() throws {
    let folder = JSONTestSuiteTests.folder.path
    for name in try FileManager.default.contentsOfDirectory(atPath: folder)
    where name.hasSuffix(".json") {
      let bytes = Array(FileManager.default.contents(atPath: folder + "/" + name)!)
      Self.compare(bytes)
    }
  }

  @Test func duplicateKeysAreListedAsTheObjectListsThem() throws {
    let text = #"{"a": 1, "b": 2, "a": 3, "\u0062": 4, "c": 5, "é": 6, "e\u0301": 7}"#
    let keys = try Array(text.utf8).withUnsafeBytes { buffer in
      try JSONDocument.read(buffer) { root in root.objectValue!.duplicateKeys() }
    }
    #expect(try keys == JSONReader.parse(text).objectValue!.duplicateKeys())
    #expect(keys == ["a", "b", "é"])
  }
}
