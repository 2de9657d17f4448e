import PaneRouter
import Workspace

/// The published route schema as a workspace file stores it (`docs/FORMAT.md`, "Route
/// types"): the top-level `routeTypes` member, an object of each described kind's routes,
/// each spelled as a token whose arguments are type names, and the default kind.
///
///     "routeTypes": {
///       "default": "files",
///       "kinds": {"files": ["file:String", "line:String:Int"], "settings": ["general"]}
///     }
///
/// The schema is advice for programs without the host's types, so a part that cannot be read
/// is dropped with a diagnostic and the rest of the file is read as usual.
enum RouteSchemaFormat {
  /// The schema's value, kinds in order of their names.
  static func value(_ schema: RouteSchema) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let defaultKind = schema.defaultKind {
      members.append((FormatKey.defaultKind.description, .string(defaultKind)))
    }
    let kinds = schema.kinds.keys.sorted().map { kind in
      (key: kind, value: JSONValue.array(schema.kinds[kind]!.map { .string($0.description) }))
    }
    members.append((FormatKey.kinds.description, .object(JSONObject(members: kinds))))
    members += schema.unknownMembers.jsonMembers
    return .object(JSONObject(members: members))
  }
}

extension WorkspaceDecoder {
  /// The schema of a workspace file's `routeTypes` member: a kind whose routes cannot be read
  /// is dropped with a diagnostic naming its JSON path, and so is a default kind the schema
  /// does not describe.
  mutating func decodeRouteSchema(_ value: JSONValue, at location: String) -> RouteSchema {
    guard let object = value.objectValue else {
      note(location, "not an object of route types; ignored")
      return RouteSchema()
    }
    var schema = RouteSchema()
    switch object[.kinds] {
    case .object(let kinds)?:
      for (kind, routes) in kinds.members {
        let kindLocation = location + ".kinds" + Self.member(kind)
        if let shapes = decodeShapes(routes, at: kindLocation) {
          schema.kinds[kind] = shapes
        }
      }
    case nil:
      break
    case .some:
      note(location + ".kinds", "not an object of kinds; ignored")
    }
    switch object[.defaultKind] {
    case .string(let kind)? where schema.kinds[kind] != nil:
      schema.defaultKind = kind
    case .string(let kind)?:
      note(location + ".default", "'\(kind)' is not a kind of the schema; ignored")
    case nil, .null?:
      break
    case .some:
      note(location + ".default", "not a string; ignored")
    }
    schema.unknownMembers = unknown(object, known: FormatKey.routeTypesMembers)
    return schema
  }

  /// One kind's routes: an array of shapes such as `line:String:Int`, each name once; `nil`
  /// (with a diagnostic) when any cannot be read, since a kind described in part would refuse
  /// the routes left out.
  private mutating func decodeShapes(_ value: JSONValue, at location: String) -> [RouteShape]? {
    guard let items = value.arrayValue else {
      note(location, "not an array of routes; kind ignored")
      return nil
    }
    var shapes: [RouteShape] = []
    var names: Set<String> = []
    for (index, item) in items.enumerated() {
      let itemLocation = "\(location)[\(index)]"
      guard let text = item.stringValue else {
        note(itemLocation, "not a string such as 'line:String:Int'; kind ignored")
        return nil
      }
      let shape: RouteShape
      do {
        shape = try RouteShape(parsing: text)
      } catch {
        note(itemLocation, "\(error); kind ignored")
        return nil
      }
      guard names.insert(shape.name).inserted else {
        note(itemLocation, "route '\(shape.name)' described twice; kind ignored")
        return nil
      }
      shapes.append(shape)
    }
    return shapes
  }

  /// `.name`, or `["name"]` for a key that is not a route name, as JSON paths write members.
  private static func member(_ key: String) -> String {
    RouteToken.isValidName(key) && !key.contains(".") && !key.contains("-")
      ? "." + key : "[\(JSONWriter.string(.string(key), style: .compact))]"
  }
}
