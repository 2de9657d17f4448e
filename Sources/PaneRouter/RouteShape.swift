/// One route of a route type as a schema describes it: its name and the types of its
/// arguments, so that a program without the type (`wsctl` on a file) can check and complete
/// tokens as the type reads them.
///
///     RouteShape("line", String.self, Int.self).description   // "line:String:Int"
///     RouteShape("line", String.self, Int.self).problem(reading: "line:a:x", kind: "files")
///     // "files route 'line:a:x': argument 2 'x' is not an Int (line takes 2 arguments (String, Int))"
///
/// Arguments of the types `String`, `Substring`, `Character`, `Bool`, `Int`, `UInt` (and their
/// sized forms), `Double`, `Float` are checked as their `LosslessStringConvertible`
/// initialisers read them; any other type name is taken on trust (any text).
public struct RouteShape: Hashable, Sendable, CustomStringConvertible {
  /// The route's name, such as `line`.
  public let name: String
  /// The names of its arguments' types in order, such as `["String", "Int"]`.
  public let argumentTypes: [String]

  /// A route taking arguments of the given types.
  ///
  /// - Parameters:
  ///   - name: A valid route name; an invalid one traps.
  ///   - types: The arguments' types, as the type's `init(token:)` reads them with
  ///     ``RouteToken/arguments(as:_:)``.
  public init<each Value: LosslessStringConvertible>(
    _ name: String, _ types: repeat (each Value).Type
  ) {
    var names: [String] = []
    for type in repeat each types { names.append(String(describing: type)) }
    self.init(name: name, argumentTypes: names)
  }

  /// A route taking arguments of the named types.
  ///
  /// - Parameters:
  ///   - name: A valid route name; an invalid one traps.
  ///   - argumentTypes: The types' names, such as `["String", "Int"]`.
  public init(name: String, argumentTypes: [String] = []) {
    precondition(RouteToken.isValidName(name), "invalid route name '\(name)'")
    self.name = name
    self.argumentTypes = argumentTypes
  }

  /// The shape spelled as a token whose arguments are the type names: `line:String:Int`.
  ///
  /// - Throws: ``PaneRouterError/malformedToken(_:offset:reason:)`` for malformed text.
  public init(parsing text: String) throws(PaneRouterError) {
    let token = try RouteToken(parsing: text)
    self.init(name: token.name, argumentTypes: token.arguments)
  }

  /// `line:String:Int`: the name, then each argument's type after a `:`.
  public var description: String {
    RouteToken(name: name, arguments: argumentTypes).description
  }

  /// What the arguments are, as a route type's error says it: `no arguments`, `one Int`,
  /// `2 arguments (String, Int)`.
  public var expected: String { RouteToken.describe(argumentTypes) }

  /// Why a token of this route's name does not fit the shape, or `nil` when it does.
  ///
  /// - Parameters:
  ///   - token: A token whose name is ``name``.
  ///   - kind: The route type's kind, for the message.
  /// - Returns: The reason, naming the argument: `files route 'line:a:x': argument 2 'x' is not
  ///   an Int (line takes 2 arguments (String, Int))`.
  public func problem(reading token: RouteToken, kind: String) -> String? {
    let arguments = token.arguments
    guard arguments.count == argumentTypes.count else {
      return PaneRouterError.invalidArguments(token, kind: kind, expected: expected).description
    }
    for (index, (argument, type)) in zip(arguments, argumentTypes).enumerated()
    where !Self.reads(argument, as: type) {
      return "\(kind) route '\(token)': argument \(index + 1) '\(argument)' is not "
        + "\(Self.article(type)) \(type) (\(name) takes \(expected))"
    }
    return nil
  }

  /// Whether `text` is a value of the named type, as its `LosslessStringConvertible`
  /// initialiser reads it; `true` for a type this check does not know.
  static func reads(_ text: String, as type: String) -> Bool {
    switch type {
    case "String", "Substring": true
    case "Character": text.count == 1
    case "Bool": Bool(text) != nil
    case "Int": Int(text) != nil
    case "Int8": Int8(text) != nil
    case "Int16": Int16(text) != nil
    case "Int32": Int32(text) != nil
    case "Int64": Int64(text) != nil
    case "UInt": UInt(text) != nil
    case "UInt8": UInt8(text) != nil
    case "UInt16": UInt16(text) != nil
    case "UInt32": UInt32(text) != nil
    case "UInt64": UInt64(text) != nil
    case "Double": Double(text) != nil
    case "Float": Float(text) != nil
    default: true
    }
  }

  private static func article(_ type: String) -> String {
    guard let first = type.lowercased().first else { return "a" }
    return "aeiou".contains(first) ? "an" : "a"
  }
}

extension Route where Self: CaseIterable {
  /// Every case's route, named as its token is, once per name; a case written with
  /// arguments (a hand-written `allCases`) takes that many of any text.
  public static var routeShapes: [RouteShape]? {
    var seen: Set<String> = []
    return allCases.compactMap { route in
      let token = route.token
      guard seen.insert(token.name).inserted else { return nil }
      return RouteShape(name: token.name, argumentTypes: token.arguments.map { _ in "String" })
    }
  }
}
