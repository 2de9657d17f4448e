import Workspace

/// The members of a stored object that the decoder does not understand, as the JSON values it
/// read: parsed once, at load, and written back as they are on save.
struct KeptJSONMembers: KeptMembers {
  /// The members in document order, each key once.
  let object: JSONObject

  var isEmpty: Bool { object.isEmpty }

  func isEqual(to other: any KeptMembers) -> Bool {
    (other as? KeptJSONMembers)?.object == object
  }
}

extension UnknownMembers {
  /// The kept members as JSON values, in document order.
  ///
  /// Only the decoder creates kept members, so any there are JSON values.
  var jsonMembers: [(key: String, value: JSONValue)] {
    guard let kept else { return [] }
    guard let json = kept as? KeptJSONMembers else {
      preconditionFailure("unknown members kept by another file layer: \(type(of: kept))")
    }
    return json.object.members
  }
}
