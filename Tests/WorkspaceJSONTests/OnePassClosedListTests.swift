import Foundation
import PaneRouter
import Testing

@testable import Workspace
@testable import WorkspaceJSON

/// The one-pass decoder on the `closed` member: a plain closed list is read in the same pass,
/// to what the reference reads; anything else is left to the reference's closed-list code
/// (which keeps or drops it as before), and both paths always agree.
@Suite struct OnePassClosedListTests {
  /// The closed pane 3 of ``ClosedListFormatTests/closedState()`` with `place` and `extra`
  /// members after its node.
  static func entry(place: String, _ extra: String = #","siblings":[2,4]"#) -> String {
    #"{"node":{"id":3,"kind":"pane","title":"B","router":{"kind":"token","stack":["b"]}},"#
      + #""place":\#(place)\#(extra)}"#
  }

  static let splitStep = #"[{"parent":1,"index":1,"axis":"horizontal","weight":0.3}]"#

  /// A closed list, whether the file is read in one pass, and whether its closed list is.
  static let cases: [(String, Bool, Bool)] = [
    // Plain: each shape of step, no siblings, an empty list, a tree of its own (marks
    // and ids counted apart from the top-level tree's), members in another order.
    ("[]", true, true),
    ("[\(entry(place: splitStep))]", true, true),
    ("[\(entry(place: #"[{"parent":1,"index":0,"title":"T\n\u00e9"}]"#))]", true, true),
    (
      "[\(entry(place: #"[{"axis":"vertical","index":0,"parent":1,"kind":"stack"}]"#))]", true, true
    ),
    ("[\(entry(place: "[]", ""))]", true, true),
    (
      #"[{"siblings":[],"place":[],"node":{"id":3,"kind":"split","axis":"vertical","#
        + #""weights":[0.5,0.5],"children":[{"id":2,"kind":"pane","mark":"m","router":"#
        + #"{"kind":"k","stack":["a"]}},{"id":4,"kind":"pane","router":{"kind":"k","#
        + #""stack":["b","c"]}}]}}]"#, true, true
    ),
    // Read by the reference as it is, without a diagnostic: members the plain case does not
    // read (kept as unknown, or ignored), a step whose axis is not a string.
    ("[\(entry(place: splitStep, #","closedAt":"2026-12-02""#))]", true, false),
    ("[\(entry(place: #"[{"parent":1,"index":0,"title":"T","pinned":true}]"#))]", true, false),
    ("[\(entry(place: #"[{"parent":1,"index":0,"axis":5,"title":"T"}]"#))]", true, false),
    (
      "[\(entry(place: #"[{"parent":1,"index":0,"axis":"vertical","weight":0.5,"title":"T"}]"#))]",
      true, false
    ),
    // Dropped by the reference with a diagnostic: an id or sibling at or above the next id,
    // a sibling or parent of 0, a weight out of range, a step of another kind, a repeated
    // key, a mark held twice in an entry's tree, more entries than the limit, not a list.
    (
      #"[{"node":{"id":7,"kind":"pane","router":{"kind":"k","stack":["a"]}},"place":[]}]"#,
      false, false
    ),
    ("[\(entry(place: "[]", #","siblings":[2,5]"#))]", false, false),
    ("[\(entry(place: "[]", #","siblings":[0]"#))]", false, false),
    ("[\(entry(place: #"[{"parent":0,"index":0,"title":"T"}]"#))]", false, false),
    ("[\(entry(place: #"[{"parent":1,"index":0,"axis":"vertical","weight":0}]"#))]", false, false),
    (
      "[\(entry(place: #"[{"parent":1,"index":0,"kind":"pane","axis":"vertical"}]"#))]", false,
      false
    ),
    ("[\(entry(place: #"[{"parent":1,"index":0.5,"title":"T"}]"#))]", false, false),
    ("[\(entry(place: "[]", #","place":[]"#))]", false, false),
    (
      #"[{"place":[],"node":{"id":3,"kind":"split","axis":"vertical","weights":[0.5,0.5],"#
        + #""children":[{"id":2,"kind":"pane","mark":"m","router":{"kind":"k","stack":["a"]}},"#
        + #"{"id":4,"kind":"pane","mark":"m","router":{"kind":"k","stack":["b"]}}]}}]"#,
      false, false
    ),
    (
      "["
        + Array(repeating: entry(place: "[]"), count: ClosedList.limit + 1)
        .joined(separator: ",") + "]", false, false
    ),
    ("[\(entry(place: "[]")),\(entry(place: "[]"))]", false, false),
    ("null", false, false),
    ("[\(entry(place: "{}"))]", false, false),
  ]

  @Test(arguments: cases)
  func aClosedListAtTheEdgeOfThePlainCase(closed: String, isOnePass: Bool, readsClosed: Bool)
    throws
  {
    let bytes = try ClosedListFormatTests.file(closed: closed)
    #expect(OnePassDecoderTests.expectAgreement(bytes, closed).isOnePass == isOnePass)
    let read = OnePassDecoder.read(bytes, path: "workspace.json", limits: .default)
    #expect((read?.readsClosed ?? false) == readsClosed, "\(closed)")
  }

  /// Every malformed entry the reference drops leaves the whole file to it.
  @Test(arguments: ClosedListFormatTests.repairs)
  func aMalformedEntryLeavesTheFileToTheReference(
    closed: String, location: String, phrase: String
  ) throws {
    let bytes = try ClosedListFormatTests.file(closed: closed)
    #expect(!OnePassDecoderTests.expectAgreement(bytes, closed).isOnePass)
  }

  /// A closed list cut short or broken anywhere: never read in one pass, the same error or
  /// repair on both paths.
  @Test func aTruncatedClosedListAgrees() throws {
    let text = String(
      decoding: try ClosedListFormatTests.file(closed: "[\(Self.entry(place: Self.splitStep))]"),
      as: UTF8.self)
    let start = try #require(text.range(of: "\"closed\"")).upperBound
    for cut in text[start...].indices.dropLast(3) {
      let broken = String(text[..<cut]) + "}"
      #expect(!OnePassDecoderTests.expectAgreement(Array(broken.utf8), broken).isOnePass)
    }
  }

  /// Files after random commands, closes among them: the closed list (with the history) is
  /// read in this pass, to the state saved.
  @Test(arguments: 0..<12)
  func savedClosedListsAreReadInThisPass(seed: UInt64) throws {
    var generator = WorkspaceGenerator(seed: seed)
    var state = generator.state()
    for _ in 0..<40 {
      _ = try? state.apply(generator.command(in: state))
      if state.closed.isEmpty, state.nodes.values.filter(\.isPane).count > 1 {
        _ = try? state.apply(.close(nil))
      }
    }
    let bytes = WorkspaceFile.encode(state)
    #expect(OnePassDecoderTests.expectAgreement(bytes, "seed \(seed)").isOnePass)
    let read = try #require(OnePassDecoder.read(bytes, path: "workspace.json", limits: .default))
    #expect(read.state == state)
    let isPlain = state.closed.entries.allSatisfy {
      $0.window == nil && $0.floating == nil && $0.layer.isEmpty
        && $0.unknownMembers == UnknownMembers()
    }
    #expect(read.readsClosed == isPlain, "seed \(seed)")
  }
}
