/// Conformances without boilerplate for route types whose cases take no arguments.
///
/// An enum with a `String` raw value, or a `CaseIterable` one, conforms with a ``Route/kind``
/// and nothing else; its token is the case's raw value (or name), with no arguments:
///
///     enum SettingsRoute: String, Route {
///       case general, accounts, privacy
///       static let kind = "settings"
///     }
///     SettingsRoute.accounts.token               // accounts
///     try SettingsRoute(token: "privacy")        // .privacy
///
/// A raw value or case name must be a valid route name (`[A-Za-z_][A-Za-z0-9_.-]*`); one
/// that is not traps when its token is made. Routes with arguments list their tokens by
/// hand, as ``Route`` shows.
extension Route where Self: RawRepresentable, RawValue == String {
  /// The route as a token: its raw value as the name, no arguments.
  public var token: RouteToken { RouteToken(name: rawValue) }

  /// Creates the route whose raw value is the token's name.
  ///
  /// - Throws: ``PaneRouterError/unknownRoute(_:kind:)`` when no case has that raw value, or
  ///   ``PaneRouterError/invalidArguments(_:kind:expected:)`` when the token has arguments.
  public init(token: RouteToken) throws {
    self = try routeWithoutArguments(token, named: Self.init(rawValue:))
  }
}

extension Route where Self: CaseIterable {
  /// The route as a token: the case's name, no arguments.
  public var token: RouteToken { RouteToken(name: String(describing: self)) }

  /// Creates the case whose name is the token's name.
  ///
  /// - Throws: ``PaneRouterError/unknownRoute(_:kind:)`` when no case has that name, or
  ///   ``PaneRouterError/invalidArguments(_:kind:expected:)`` when the token has arguments.
  /// - Complexity: O(*n*), for *n* cases.
  public init(token: RouteToken) throws {
    self = try routeWithoutArguments(token) { name in
      Self.allCases.first { String(describing: $0) == name }
    }
  }
}

extension Route where Self: RawRepresentable & CaseIterable, RawValue == String {
  /// The route as a token: its raw value as the name, no arguments.
  public var token: RouteToken { RouteToken(name: rawValue) }

  /// Creates the route whose raw value is the token's name.
  ///
  /// - Throws: As the conformance of `RawRepresentable` routes.
  public init(token: RouteToken) throws {
    self = try routeWithoutArguments(token, named: Self.init(rawValue:))
  }
}

/// The route a token without arguments names, found by `lookup` from the token's name.
private func routeWithoutArguments<R: Route>(
  _ token: RouteToken, named lookup: (String) -> R?
) throws(PaneRouterError) -> R {
  guard let route = lookup(token.name) else { throw .unknownRoute(token, kind: R.kind) }
  try token.arguments(as: R.self)
  return route
}
