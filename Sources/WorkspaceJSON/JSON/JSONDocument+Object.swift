extension JSONDocument {
  /// The members of an object of a validated document, in document order, duplicates
  /// included: the counterpart of ``JSONObject``, with keys compared in place.
  ///
  /// Lookups return the *last* value stored for a key, as ``JSONObject``'s do, and compare
  /// keys as Swift strings compare (a key written with escapes matches its text).
  package struct Object {
    /// One member: its key, read on demand, and its value.
    package struct Member {
      let document: Value.Document
      /// The offset of the key's opening quote.
      let key: Int
      /// The member's value.
      package let value: Value

      /// The key as a string.
      package var keyString: String {
        var reader = document.reader(at: key)
        // The document was validated: the key reads again.
        return try! reader.parseString()
      }

      /// Whether the key is `text`.
      package func hasKey(_ text: StaticString) -> Bool {
        Value(document, at: key, container: 0).isString(text)
      }

      /// Whether the key is `text`.
      package func hasKey(_ text: String) -> Bool {
        Value(document, at: key, container: 0).isString(text)
      }
    }

    /// The members in document order, including duplicate keys.
    package var members: [Member]

    /// The number of members, counting duplicate keys separately.
    package var count: Int { members.count }

    /// Whether the object has no members.
    package var isEmpty: Bool { members.isEmpty }

    /// The last value stored under `key`.
    ///
    /// - Complexity: O(*n*), where *n* is the number of members.
    package subscript(key: StaticString) -> Value? {
      members.last { $0.hasKey(key) }?.value
    }

    /// Whether at least one member has the key.
    package func contains(key: StaticString) -> Bool {
      members.contains { $0.hasKey(key) }
    }

    /// Removes every member with the key and returns the value that lookups returned.
    @discardableResult
    mutating func removeValue(forKey key: StaticString) -> Value? {
      let removed = self[key]
      if removed != nil { members.removeAll { $0.hasKey(key) } }
      return removed
    }

    /// The keys that occur more than once, each listed once, in order of first occurrence, as
    /// ``JSONObject/duplicateKeys()`` lists them.
    ///
    /// - Complexity: O(*n*²) for *n* members, comparing plain keys in place; keys are made
    ///   strings only when one is repeated or not plain.
    package func duplicateKeys() -> [String] {
      guard members.count > 1 else { return [] }
      let isRepeated = members.indices.contains { index in
        let key = members[index]
        return members[..<index].contains { $0.hasSameKey(as: key) }
      }
      guard isRepeated else { return [] }
      return JSONObject(members: members.map { ($0.keyString, JSONValue.null) }).duplicateKeys()
    }

    /// The value built as a ``JSONObject``, for what is kept as it was read.
    var jsonObject: JSONObject {
      JSONObject(members: members.map { ($0.keyString, $0.value.jsonValue) })
    }
  }
}

extension JSONDocument.Object.Member {
  /// Whether the two keys may be equal: equal bytes, or either not plain (then the caller
  /// compares them as strings).
  fileprivate func hasSameKey(as other: Self) -> Bool {
    let mine = JSONDocument.Value(document, at: key, container: 0)
    let theirs = JSONDocument.Value(document, at: other.key, container: 0)
    let compared = mine.withPlainString { left in
      theirs.withPlainString { right in
        left.count == right.count && left.elementsEqual(right)
      }
    }
    return (compared ?? nil) ?? true
  }
}

extension JSONDocument.Value {
  /// Whether the value is the string `text`.
  func isString(_ text: String) -> Bool {
    var text = text
    let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    // Plain bytes against ASCII text compare exactly; anything else as Swift strings do.
    if isASCII,
      let equal = text.withUTF8({ text in
        withPlainString { $0.count == text.count && $0.elementsEqual(text) }
      })
    {
      return equal
    }
    return stringValue == text
  }
}
