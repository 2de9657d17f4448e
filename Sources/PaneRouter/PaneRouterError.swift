/// An error from the router library: malformed route text, a token that names no route of
/// a route type, or a stored stack that breaks the stack's rules.
///
/// Every case carries the offending token or text. A refused *operation* (a duplicate top, a
/// pop at the root) is not an error of this kind but a ``RouteRejection``.
public enum PaneRouterError: Error, Hashable, Sendable {
  /// The text is not a valid token; `offset` is the 0-based position, in Unicode scalars, of
  /// the first character that cannot stand where it is.
  case malformedToken(String, offset: Int, reason: TokenProblem)
  /// The token is well formed but names no route of the route type of `kind`.
  case unknownRoute(RouteToken, kind: String)
  /// The token names a route but its arguments do not fit it (`expected` describes the
  /// arguments the route takes, such as `one Int`).
  case invalidArguments(RouteToken, kind: String, expected: String)
  /// A stored stack is empty; a stack always holds its root.
  case emptyStack
  /// A stored stack is deeper than its maximum depth.
  case stackTooDeep(depth: Int, maximumDepth: Int)
  /// A stored modal style is not `sheet` or `cover`.
  case unknownModalStyle(String)

  /// What is wrong at the offset of a ``PaneRouterError/malformedToken(_:offset:reason:)``.
  public enum TokenProblem: Hashable, Sendable {
    /// The text is empty.
    case empty
    /// The text, or the canonical text of the token it holds, is longer than
    /// ``RouteToken/maximumLength`` bytes.
    case tooLong
    /// A character that cannot appear in a route name at that position.
    case invalidNameCharacter(Unicode.Scalar)
    /// A character that must be percent-encoded inside an argument.
    case invalidArgumentCharacter(Unicode.Scalar)
    /// A `%` not followed by two hexadecimal digits.
    case invalidPercentEscape
    /// Percent escapes that do not decode to UTF-8 text.
    case invalidUTF8
  }
}

extension PaneRouterError: CustomStringConvertible {
  /// A short, lower-case message that quotes the offending text.
  public var description: String {
    switch self {
    case .malformedToken(let text, let offset, let reason):
      "malformed route token '\(text)' at offset \(offset): \(reason)"
    case .unknownRoute(let token, let kind):
      "unknown \(kind) route '\(token)'"
    case .invalidArguments(let token, let kind, let expected):
      "\(kind) route '\(token)' takes \(expected)"
    case .emptyStack:
      "a route stack must hold at least its root"
    case .stackTooDeep(let depth, let maximumDepth):
      "route stack depth \(depth) exceeds the maximum \(maximumDepth)"
    case .unknownModalStyle(let style):
      "unknown modal style '\(style)' (expected 'sheet' or 'cover')"
    }
  }
}

extension PaneRouterError.TokenProblem: CustomStringConvertible {
  /// A short, lower-case description of the problem.
  public var description: String {
    switch self {
    case .empty: "empty token"
    case .tooLong: "longer than \(RouteToken.maximumLength) bytes"
    case .invalidNameCharacter(let scalar):
      "'\(scalar.escaped(asASCII: false))' cannot appear in a route name here"
    case .invalidArgumentCharacter(let scalar):
      "'\(scalar.escaped(asASCII: false))' must be percent-encoded in an argument"
    case .invalidPercentEscape: "'%' must be followed by two hex digits"
    case .invalidUTF8: "percent escapes are not valid UTF-8"
    }
  }
}
