/// A host's route type: a value that converts to and from a ``RouteToken``.
///
/// Conform an enum by listing each case's token and decoding the token back with the
/// ``RouteToken/arguments(as:_:)`` helper, which checks the argument count and types:
///
///     enum MailRoute: Route {
///       case inbox
///       case detail(Int)
///       case search(String)
///
///       static let kind = "mail"
///
///       var token: RouteToken {
///         switch self {
///         case .inbox: RouteToken("inbox")
///         case .detail(let id): RouteToken("detail", id)
///         case .search(let query): RouteToken("search", query)
///         }
///       }
///
///       init(token: RouteToken) throws {
///         switch token.name {
///         case "inbox": try token.arguments(as: Self.self); self = .inbox
///         case "detail": self = .detail(try token.arguments(as: Self.self, Int.self))
///         case "search": self = .search(try token.arguments(as: Self.self, String.self))
///         default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
///         }
///       }
///     }
public protocol Route: Hashable, Sendable {
  /// A stable name for the route type, such as `"mail"`, stored with each router so one
  /// workspace can hold routers of several route types.
  static var kind: String { get }

  /// The route as a token.
  var token: RouteToken { get }

  /// Creates the route a token names.
  ///
  /// - Throws: An error, typically ``PaneRouterError/unknownRoute(_:kind:)`` or
  ///   ``PaneRouterError/invalidArguments(_:kind:expected:)``, if the token names no route
  ///   of this type.
  init(token: RouteToken) throws

  /// Every route of the type, with its arguments' types, for programs that check and complete
  /// tokens without the type (a host publishes them in its workspace file, for `wsctl`); `nil`
  /// when the type does not say. Derived for a `CaseIterable` type; a type with arguments
  /// declares it once:
  ///
  ///     static let routeShapes: [RouteShape]? = [
  ///       RouteShape("inbox"), RouteShape("detail", Int.self), RouteShape("search", String.self),
  ///     ]
  static var routeShapes: [RouteShape]? { get }
}

extension Route {
  /// `nil`: the type does not describe its routes.
  public static var routeShapes: [RouteShape]? { nil }
}

extension RouteToken: Route {
  /// The kind of untyped routers, such as those `wsctl` edits.
  public static var kind: String { "token" }

  /// The token itself.
  public var token: RouteToken { self }

  /// Creates a copy of `token`; never throws.
  public init(token: RouteToken) {
    self = token
  }
}

extension RouteToken {
  /// Decodes the token's arguments as values of the given types, checking their count.
  ///
  ///     let (id, folder) = try token.arguments(as: MailRoute.self, Int.self, String.self)
  ///
  /// - Parameters:
  ///   - route: The route type being decoded, named in errors.
  ///   - types: The type of each argument, in order; none for a route without arguments.
  /// - Returns: The converted arguments.
  /// - Throws: ``PaneRouterError/invalidArguments(_:kind:expected:)`` when the count differs
  ///   or an argument does not convert (`Int("x")` is `nil`).
  /// - Complexity: O(*n*), where *n* is the number of arguments.
  @discardableResult
  public func arguments<R: Route, each Value: LosslessStringConvertible>(
    as route: R.Type, _ types: repeat (each Value).Type
  ) throws(PaneRouterError) -> (repeat each Value) {
    var typeNames: [String] = []
    for type in repeat each types {
      typeNames.append(String(describing: type))
    }
    let expected = RouteToken.describe(typeNames)
    guard argumentCount == typeNames.count else {
      throw .invalidArguments(self, kind: R.kind, expected: expected)
    }
    var start = argumentsStart
    func next<V: LosslessStringConvertible>(_ type: V.Type) -> V? {
      V(nextArgument(from: &start))
    }
    let values = (repeat next(each types))
    for value in repeat each values {
      guard value != nil else {
        throw .invalidArguments(self, kind: R.kind, expected: expected)
      }
    }
    return (repeat (each values)!)
  }

  static func describe(_ typeNames: [String]) -> String {
    switch typeNames.count {
    case 0: "no arguments"
    case 1: "one \(typeNames[0])"
    default: "\(typeNames.count) arguments (\(typeNames.joined(separator: ", ")))"
    }
  }
}
