@testable import WorkspaceJSON

/// A small JSON Schema (draft 2020-12) checker for the keywords `docs/workspace.schema.json`
/// uses: `$ref` to `#/$defs/…`, `type`, `const`, `enum`, `required`, `properties`,
/// `additionalProperties`, `items`, `minItems`, `maxItems`, `minimum`, `maximum`,
/// `exclusiveMinimum`, `maxLength`,
/// `pattern`, `allOf`, `anyOf` and `if`/`then`. Any other keyword is reported, so the schema
/// cannot silently rely on one the checker ignores.
struct SchemaChecker {
  /// Keywords that only annotate.
  static let annotations: Set<String> = [
    "$schema", "$id", "$defs", "$comment", "title", "description",
  ]
  /// Keywords the checker applies.
  static let assertions: Set<String> = [
    "$ref", "type", "const", "enum", "required", "properties", "additionalProperties", "items",
    "minItems", "maxItems", "minimum", "maximum", "exclusiveMinimum", "maxLength", "pattern",
    "allOf", "anyOf", "if", "then",
  ]

  /// The schema document.
  let document: JSONValue

  /// The problems of `value`, each `path: message`, or an empty list if it is valid.
  func errors(in value: JSONValue) -> [String] {
    var errors: [String] = []
    check(value, against: document, at: "$", into: &errors)
    return errors
  }

  /// Every keyword of the schema, anywhere in it, that the checker does not know.
  func unsupportedKeywords() -> [String] {
    var found: [String] = []
    func walk(_ schema: JSONValue) {
      guard case .object(let object) = schema else { return }
      for (key, value) in object.members {
        if !Self.annotations.contains(key) && !Self.assertions.contains(key) { found.append(key) }
        switch key {
        case "properties", "$defs":
          for member in value.objectValue?.members ?? [] { walk(member.value) }
        case "allOf", "anyOf":
          for item in value.arrayValue ?? [] { walk(item) }
        case "items", "additionalProperties", "if", "then":
          walk(value)
        default: break
        }
      }
    }
    walk(document)
    return found
  }

  /// The schema a `$ref` names.
  func resolve(_ reference: String) -> JSONValue? {
    guard reference.hasPrefix("#/$defs/") else { return nil }
    return document["$defs"]?[String(reference.dropFirst("#/$defs/".count))]
  }

  private func check(
    _ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]
  ) {
    switch schema {
    case .bool(true): return
    case .bool(false):
      errors.append("\(path): no value is allowed")
      return
    case .object: break
    default:
      errors.append("\(path): the schema is not an object")
      return
    }
    if case .string(let reference)? = schema["$ref"] {
      if let target = resolve(reference) {
        check(value, against: target, at: path, into: &errors)
      } else {
        errors.append("\(path): unresolved reference \(reference)")
      }
    }
    if let type = schema["type"] {
      let names = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
      guard names.contains(where: { Self.value(value, hasType: $0) }) else {
        errors.append("\(path): expected \(names.joined(separator: " or "))")
        return
      }
    }
    if let constant = schema["const"], value != constant {
      errors.append("\(path): expected \(JSONWriter.string(constant, style: .compact))")
    }
    if let options = schema["enum"]?.arrayValue, !options.contains(value) {
      errors.append("\(path): not one of \(JSONWriter.string(.array(options), style: .compact))")
    }
    checkObject(value, against: schema, at: path, into: &errors)
    checkArray(value, against: schema, at: path, into: &errors)
    checkScalar(value, against: schema, at: path, into: &errors)
    for part in schema["allOf"]?.arrayValue ?? [] {
      check(value, against: part, at: path, into: &errors)
    }
    if let options = schema["anyOf"]?.arrayValue {
      let matches = options.contains { option in
        var ignored: [String] = []
        check(value, against: option, at: path, into: &ignored)
        return ignored.isEmpty
      }
      if !matches { errors.append("\(path): matches none of anyOf") }
    }
    if let condition = schema["if"], let then = schema["then"] {
      var ignored: [String] = []
      check(value, against: condition, at: path, into: &ignored)
      if ignored.isEmpty { check(value, against: then, at: path, into: &errors) }
    }
  }

  private func checkObject(
    _ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]
  ) {
    guard case .object(let object) = value else { return }
    for case .string(let key) in schema["required"]?.arrayValue ?? []
    where !object.contains(key: key) {
      errors.append("\(path): missing '\(key)'")
    }
    let properties = schema["properties"]?.objectValue ?? JSONObject()
    for (key, member) in object.members {
      if let property = properties[key] {
        check(member, against: property, at: "\(path).\(key)", into: &errors)
      } else if let additional = schema["additionalProperties"] {
        check(member, against: additional, at: "\(path).\(key)", into: &errors)
      }
    }
  }

  private func checkArray(
    _ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]
  ) {
    guard case .array(let items) = value else { return }
    if let minimum = schema["minItems"]?.intValue, items.count < minimum {
      errors.append("\(path): fewer than \(minimum) items")
    }
    if let maximum = schema["maxItems"]?.intValue, items.count > maximum {
      errors.append("\(path): more than \(maximum) items")
    }
    if let itemSchema = schema["items"] {
      for (index, item) in items.enumerated() {
        check(item, against: itemSchema, at: "\(path)[\(index)]", into: &errors)
      }
    }
  }

  private func checkScalar(
    _ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]
  ) {
    if case .number(let number) = value {
      if let minimum = schema["minimum"]?.numberValue, number < minimum {
        errors.append("\(path): less than \(minimum)")
      }
      if let minimum = schema["exclusiveMinimum"]?.numberValue, number <= minimum {
        errors.append("\(path): not greater than \(minimum)")
      }
      if let maximum = schema["maximum"]?.numberValue, number > maximum {
        errors.append("\(path): greater than \(maximum)")
      }
    }
    if case .string(let text) = value {
      if let maximum = schema["maxLength"]?.intValue, text.unicodeScalars.count > maximum {
        errors.append("\(path): longer than \(maximum)")
      }
      if let pattern = schema["pattern"]?.stringValue {
        if let regex = try? Regex(pattern) {
          if (try? regex.firstMatch(in: text)) == nil {
            errors.append("\(path): does not match the pattern")
          }
        } else {
          errors.append("\(path): the pattern does not compile")
        }
      }
    }
  }

  private static func value(_ value: JSONValue, hasType name: String) -> Bool {
    switch (name, value) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("number", .bigInteger),
      ("string", .string), ("array", .array), ("object", .object), ("integer", .bigInteger):
      true
    case ("integer", .number): value.intValue != nil
    default: false
    }
  }
}
