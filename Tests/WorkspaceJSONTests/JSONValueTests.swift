import Testing

@testable import WorkspaceJSON

/// The object member API and the value accessors.
@Suite("JSONObject and JSONValue")
struct JSONValueTests {
  @Test("setting a key replaces the last member in place or appends")
  func subscriptSet() {
    var object: JSONObject = ["a": 1, "b": 2, "a": 3]
    object["a"] = 4
    #expect(object.members.map(\.key) == ["a", "b", "a"])
    #expect(object.members[0].value == 1)
    #expect(object.members[2].value == 4)
    object["c"] = 5
    #expect(object.keys == ["a", "b", "a", "c"])
    #expect(object["c"] == 5)
    #expect(object["missing"] == nil)
  }

  @Test("removing a key removes every member with it")
  func removal() {
    var object: JSONObject = ["a": 1, "b": 2, "a": 3]
    #expect(object.removeValue(forKey: "a") == 3)
    #expect(object == ["b": 2])
    #expect(object.removeValue(forKey: "a") == nil)
    object["b"] = nil
    #expect(object.isEmpty)
    #expect(!object.contains(key: "b"))
  }

  @Test("duplicate keys are reported once each, in order of first occurrence")
  func duplicates() {
    let object: JSONObject = ["x": 1, "y": 2, "y": 3, "x": 4, "x": 5, "z": 6]
    #expect(object.duplicateKeys() == ["y", "x"])
    #expect(JSONObject().duplicateKeys().isEmpty)
    #expect(object.lastIndex(ofKey: "x") == 4)
  }

  @Test("equality is order-sensitive and compares keys and values")
  func equality() {
    let object: JSONObject = ["a": 1, "b": 2]
    #expect(object == ["a": 1, "b": 2])
    #expect(object != ["b": 2, "a": 1])
    #expect(object != ["a": 1, "b": 3])
    #expect(object != ["a": 1])
    #expect(JSONValue.number(0) == .number(-0.0))
  }

  @Test("accessors return payloads of the matching case only")
  func accessors() {
    let value: JSONValue = ["n": 2.5, "i": 7, "s": "x", "b": true, "a": [1], "z": .null]
    #expect(value["n"]?.numberValue == 2.5)
    #expect(value["n"]?.intValue == nil)
    #expect(value["i"]?.intValue == 7)
    #expect(value["s"]?.stringValue == "x")
    #expect(value["b"]?.boolValue == true)
    #expect(value["a"]?[0] == 1)
    #expect(value["a"]?[1] == nil)
    #expect(value["z"]?.isNull == true)
    #expect(value["s"]?.numberValue == nil)
    #expect(value.arrayValue == nil)
    #expect(value.objectValue?.values.count == 6)
    #expect(JSONValue.number(1e300).intValue == nil)
  }
}
