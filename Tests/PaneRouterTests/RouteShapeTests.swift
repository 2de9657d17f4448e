import PaneRouter
import Testing

/// A route type's routes described for programs without the type: derived for `CaseIterable`
/// types, declared by others, spelled as tokens of type names, and checked as the type reads.
@Suite struct RouteShapeTests {
  enum Pane: String, Route, CaseIterable {
    case general, accounts
    static let kind = "settings"
  }

  enum Mail: Route {
    case inbox
    case message(Int)
    case line(String, Int)

    static let kind = "mail"
    static let routeShapes: [RouteShape]? = [
      RouteShape("inbox"), RouteShape("message", Int.self),
      RouteShape("line", String.self, Int.self),
    ]

    var token: RouteToken {
      switch self {
      case .inbox: RouteToken("inbox")
      case .message(let id): RouteToken("message", id)
      case .line(let file, let line): RouteToken("line", file, line)
      }
    }

    init(token: RouteToken) throws {
      switch token.name {
      case "inbox":
        try token.arguments(as: Self.self)
        self = .inbox
      case "message": self = .message(try token.arguments(as: Self.self, Int.self))
      case "line":
        let (file, line) = try token.arguments(as: Self.self, String.self, Int.self)
        self = .line(file, line)
      default: throw PaneRouterError.unknownRoute(token, kind: Self.kind)
      }
    }
  }

  /// A type that says nothing of its routes.
  enum Silent: Route {
    case only
    static let kind = "silent"
    var token: RouteToken { "only" }
    init(token: RouteToken) { self = .only }
  }

  /// A `CaseIterable` type whose hand-written cases carry arguments, one name twice.
  enum Listed: Route, CaseIterable {
    case list
    case item(Int)
    static let kind = "listed"
    static let allCases: [Listed] = [.list, .item(1), .item(2)]
    var token: RouteToken {
      switch self {
      case .list: "list"
      case .item(let id): RouteToken("item", id)
      }
    }
    init(token: RouteToken) throws { self = .list }
  }

  @Test func aCaseIterableTypeDescribesEveryCase() {
    #expect(Pane.routeShapes == [RouteShape("general"), RouteShape("accounts")])
    #expect(
      Listed.routeShapes == [
        RouteShape("list"), RouteShape(name: "item", argumentTypes: ["String"]),
      ])
  }

  @Test func otherTypesSayNothingUnlessTheyDeclare() {
    #expect(Silent.routeShapes == nil)
    #expect(RouteToken.routeShapes == nil)
    #expect(Mail.routeShapes?.map(\.description) == ["inbox", "message:Int", "line:String:Int"])
  }

  @Test(arguments: ["inbox", "message:Int", "line:String:Int", "x:Optional%3CInt%3E"])
  func aShapeIsSpelledAsATokenOfTypeNamesAndReadBack(text: String) throws {
    let shape = try RouteShape(parsing: text)
    #expect(shape.description == text)
    #expect(try RouteShape(parsing: shape.description) == shape)
  }

  @Test func aMalformedShapeIsAMalformedToken() {
    #expect(throws: PaneRouterError.self) { try RouteShape(parsing: "9x:Int") }
    #expect(throws: PaneRouterError.self) { try RouteShape(parsing: "") }
  }

  @Test(
    arguments: [
      ("message:7", nil),
      ("message:-7", nil),
      (
        "message:abc",
        "mail route 'message:abc': argument 1 'abc' is not an Int (message takes one Int)"
      ),
      ("message", "mail route 'message' takes one Int"),
      ("message:1:2", "mail route 'message:1:2' takes one Int"),
      ("line:a/b.swift:3", nil),
      (
        "line:a:x",
        "mail route 'line:a:x': argument 2 'x' is not an Int (line takes 2 arguments (String, Int))"
      ),
      ("inbox:1", "mail route 'inbox:1' takes no arguments"),
    ] as [(RouteToken, String?)])
  func aShapeReadsWhatTheTypeReads(token: RouteToken, problem: String?) throws {
    let shape = try #require(Mail.routeShapes?.first { $0.name == token.name })
    #expect(shape.problem(reading: token, kind: Mail.kind) == problem)
    // The type itself agrees on what it reads.
    #expect(((try? Mail(token: token)) == nil) == (problem != nil))
  }

  @Test(arguments: [
    ("Bool", "true", true), ("Bool", "yes", false), ("Double", "1.5e3", true),
    ("Double", "x", false), ("UInt8", "255", true), ("UInt8", "256", false),
    ("Int64", "-9223372036854775808", true), ("Character", "é", true), ("Character", "ab", false),
    ("Float", "nan", true), ("UUID", "anything", true), ("String", "", true),
  ])
  func argumentsOfKnownTypesAreCheckedAndOthersTrusted(type: String, text: String, reads: Bool) {
    let shape = RouteShape(name: "r", argumentTypes: [type])
    let token = RouteToken(name: "r", arguments: [text])
    #expect((shape.problem(reading: token, kind: "k") == nil) == reads)
  }
}
