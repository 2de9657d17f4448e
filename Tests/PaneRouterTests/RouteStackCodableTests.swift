import Foundation
import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteStackCodableTests {
  static func encode<R>(_ stack: RouteStack<R>) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(stack), as: UTF8.self)
  }

  static func decode<R>(_ json: String, as type: R.Type = MailRoute.self) throws -> RouteStack<R> {
    try JSONDecoder().decode(RouteStack<R>.self, from: Data(json.utf8))
  }

  /// The coding path (indices as numbers) and the underlying error of a corrupted-data failure.
  static func corruption(_ json: String) -> (path: [String], error: PaneRouterError?)? {
    do {
      _ = try decode(json, as: MailRoute.self)
      return nil
    } catch DecodingError.dataCorrupted(let context) {
      let path = context.codingPath.map { key in key.intValue.map(String.init) ?? key.stringValue }
      return (path, context.underlyingError as? PaneRouterError)
    } catch {
      return nil
    }
  }

  static let samples: [RouteStack<MailRoute>] = {
    var simple = RouteStack(root: MailRoute.inbox)
    simple.push(.detail(7))
    var modal = RouteStack(root: MailRoute.inbox, maxDepth: 5)
    modal.rejectsDuplicateTop = false
    modal.push(.search("swift testing"), .search("swift testing"))
    modal.present(.compose, style: .cover)
    modal.push(.attachments, .move(7, "Über/Ordner"))
    var sheetAtRoot = RouteStack(root: MailRoute.settings, maxDepth: 1)
    sheetAtRoot.present(.search("café 🦊"), style: .sheet)
    return [RouteStack(root: .inbox), simple, modal, sheetAtRoot]
  }()

  @Test(arguments: samples)
  func roundTrips(stack: RouteStack<MailRoute>) throws {
    let json = try Self.encode(stack)
    let decoded = try Self.decode(json)
    #expect(decoded == stack)
    #expect(decoded.modal == stack.modal)
    #expect(decoded.maxDepth == stack.maxDepth)
    #expect(decoded.rejectsDuplicateTop == stack.rejectsDuplicateTop)
    #expect(try Self.encode(decoded) == json)
  }

  @Test func encodesASimpleStackAsTokens() throws {
    var stack = RouteStack(root: MailRoute.inbox)
    stack.push(.detail(7))
    #expect(try Self.encode(stack) == #"{"stack":["inbox","detail:7"]}"#)
  }

  @Test func encodesTheModalAndNonDefaultSettings() throws {
    var stack = RouteStack(root: MailRoute.inbox, maxDepth: 5)
    stack.rejectsDuplicateTop = false
    stack.push(.search("swift testing"))
    stack.present(.compose, style: .sheet)
    stack.push(.attachments)
    #expect(
      try Self.encode(stack)
        == #"{"maxDepth":5,"modal":{"stack":["compose","attachments"],"style":"sheet"},"#
        + #""rejectsDuplicateTop":false,"stack":["inbox","search:swift%20testing"]}"#)
  }

  @Test func decodesDefaultsForMissingKeys() throws {
    let stack = try Self.decode(#"{"stack":["inbox","detail:7"]}"#)
    #expect(stack.stack == [.inbox, .detail(7)])
    #expect(stack.maxDepth == 30)
    #expect(stack.rejectsDuplicateTop == true)
    #expect(stack.modal == nil)
  }

  @Test func decodesNonCanonicalTokensAndWritesThemCanonically() throws {
    let stack = try Self.decode(#"{"stack":["inbox","search:caf\u00e9","search:a%2fb"]}"#)
    #expect(stack.stack == [.inbox, .search("café"), .search("a/b")])
    #expect(try Self.encode(stack) == #"{"stack":["inbox","search:caf%C3%A9","search:a/b"]}"#)
  }

  @Test func decodesAsTokensWithoutKnowingTheRouteType() throws {
    let json = #"{"modal":{"stack":["compose"],"style":"cover"},"stack":["inbox","detail:7"]}"#
    let tokens = try Self.decode(json, as: RouteToken.self)
    #expect(tokens.stack == ["inbox", "detail:7"])
    #expect(tokens.modal?.stack == ["compose"])
    #expect(try Self.encode(tokens) == json)
  }

  @Test func decodingClampsMaxDepthToOne() throws {
    let stack = try Self.decode(#"{"maxDepth":0,"stack":["inbox"]}"#)
    #expect(stack.maxDepth == 1)
    #expect(try Self.encode(stack) == #"{"maxDepth":1,"stack":["inbox"]}"#)
  }

  // MARK: Rejected input

  @Test func rejectsAnEmptyStack() throws {
    let failure = try #require(Self.corruption(#"{"stack":[]}"#))
    #expect(failure.path == ["stack"])
    #expect(failure.error == .emptyStack)
  }

  @Test func rejectsAMalformedTokenAtItsIndex() throws {
    let failure = try #require(Self.corruption(#"{"stack":["inbox","detail:7","7up"]}"#))
    #expect(failure.path == ["stack", "2"])
    #expect(failure.error == .malformedToken("7up", offset: 0, reason: .invalidNameCharacter("7")))
  }

  @Test func rejectsAnUnknownRouteAtItsIndex() throws {
    let failure = try #require(Self.corruption(#"{"stack":["inbox","outbox"]}"#))
    #expect(failure.path == ["stack", "1"])
    #expect(failure.error == .unknownRoute("outbox", kind: "mail"))
  }

  @Test func rejectsArgumentsThatDoNotFitAtTheirIndex() throws {
    let failure = try #require(Self.corruption(#"{"stack":["detail:x"]}"#))
    #expect(failure.path == ["stack", "0"])
    #expect(failure.error == .invalidArguments("detail:x", kind: "mail", expected: "one Int"))
  }

  @Test func rejectsAnUnknownModalStyle() throws {
    let json = #"{"modal":{"stack":["compose"],"style":"popover"},"stack":["inbox"]}"#
    let failure = try #require(Self.corruption(json))
    #expect(failure.path == ["modal", "style"])
    #expect(failure.error == .unknownModalStyle("popover"))
    #expect(
      failure.error?.description == "unknown modal style 'popover' (expected 'sheet' or 'cover')")
  }

  @Test func rejectsAStackDeeperThanMaxDepth() throws {
    let failure = try #require(
      Self.corruption(#"{"maxDepth":2,"stack":["inbox","detail:1","detail:2"]}"#))
    #expect(failure.path == ["stack"])
    #expect(failure.error == .stackTooDeep(depth: 3, maximumDepth: 2))
  }

  @Test func rejectsAStackDeeperThanTheDefaultMaxDepth() throws {
    let tokens = ["\"inbox\""] + (1...30).map { "\"detail:\($0)\"" }
    let failure = try #require(
      Self.corruption(#"{"stack":["# + tokens.joined(separator: ",") + "]}"))
    #expect(failure.path == ["stack"])
    #expect(failure.error == .stackTooDeep(depth: 31, maximumDepth: 30))
  }

  @Test func rejectsAnEmptyModalStack() throws {
    let failure = try #require(
      Self.corruption(#"{"modal":{"stack":[],"style":"sheet"},"stack":["inbox"]}"#))
    #expect(failure.path == ["modal", "stack"])
    #expect(failure.error == .emptyStack)
  }

  @Test func rejectsAModalStackDeeperThanMaxDepth() throws {
    let json =
      #"{"maxDepth":1,"modal":{"stack":["compose","inbox"],"style":"sheet"},"stack":["inbox"]}"#
    let failure = try #require(Self.corruption(json))
    #expect(failure.path == ["modal", "stack"])
    #expect(failure.error == .stackTooDeep(depth: 2, maximumDepth: 1))
  }

  @Test func rejectsABadTokenInTheModalStackAtItsIndex() throws {
    let json = #"{"modal":{"stack":["compose","a b"],"style":"sheet"},"stack":["inbox"]}"#
    let failure = try #require(Self.corruption(json))
    #expect(failure.path == ["modal", "stack", "1"])
    #expect(failure.error == .malformedToken("a b", offset: 1, reason: .invalidNameCharacter(" ")))
  }

  @Test(arguments: [
    #"{}"#,
    #"{"stack":"inbox"}"#,
    #"{"stack":[7]}"#,
    #"{"stack":["inbox"],"maxDepth":"5"}"#,
    #"{"stack":["inbox"],"modal":{"stack":["compose"]}}"#,
    #"["inbox"]"#,
  ])
  func rejectsWrongShapes(json: String) {
    #expect(throws: DecodingError.self) { try Self.decode(json) }
  }
}
