import Testing
import Workspace

@testable import WorkspaceJSON

/// A split of the tree whose weights' text is that of one of the last two splits' weights at
/// its depth shares their array; weights of other text, or at another depth, are read for
/// themselves, and every split holds exactly the weights its own text spells.
@Suite struct OnePassTreeWeightsTests {
  /// A vertical split of two panes with ids `id + 1` and `id + 2`, its weights spelled
  /// `weights`.
  static func row(_ id: Int, _ weights: String) -> String {
    #"{"id":\#(id),"kind":"split","axis":"vertical","weights":\#(weights),"children":["#
      + #"{"id":\#(id + 1),"kind":"pane","router":{"kind":"k","stack":["a"]}},"#
      + #"{"id":\#(id + 2),"kind":"pane","router":{"kind":"k","stack":["b"]}}]}"#
  }

  /// A file whose root splits its rows horizontally, its weights spelled `weights`.
  static func file(_ weights: String, rows: [String]) -> [UInt8] {
    let text =
      #"{"format":"workspace","version":3,"root":{"id":1,"kind":"split","axis":"horizontal","#
      + #""weights":\#(weights),"children":[\#(rows.joined(separator: ","))]}}"#
    return Array(text.utf8)
  }

  /// Rows of the same weights spelled alike (shared), spelled with a space or a digit more
  /// (read for themselves), weights seen two rows back (from the older place), and weights
  /// whose text differs from the last row's only past its first word or in its last digit.
  @Test func eachSplitHoldsTheWeightsOfItsOwnText() throws {
    let rows: [(text: String, weights: [Double])] = [
      ("[0.5,0.5]", [0.5, 0.5]), ("[0.5,0.5]", [0.5, 0.5]), ("[0.5, 0.5]", [0.5, 0.5]),
      ("[0.50,0.50]", [0.5, 0.5]), ("[0.25,0.75]", [0.25, 0.75]), ("[0.5,0.5]", [0.5, 0.5]),
      ("[0.25,0.75]", [0.25, 0.75]), ("[0.250001,0.749999]", [0.250001, 0.749999]),
      ("[0.250002,0.749998]", [0.250002, 0.749998]),
      ("[0.5,0.5000000001]", [0.5, 0.5000000001]), ("[0.5,0.5000000002]", [0.5, 0.5000000002]),
    ]
    // Eleven rows: the root's weights spelled out, summing to 1.
    let rootWeights = "[0.5" + String(repeating: ",0.05", count: rows.count - 1) + "]"
    let bytes = Self.file(
      rootWeights,
      rows: rows.enumerated().map { index, row in Self.row(2 + 3 * index, row.text) })
    #expect(OnePassDecoderTests.expectAgreement(bytes, "rows").isOnePass)
    let state = try #require(WorkspaceFile.decodeInOnePass(bytes))
    #expect(state.node(NodeID(1))?.weights == [0.5] + Array(repeating: 0.05, count: 10))
    for (index, row) in rows.enumerated() {
      #expect(state.node(NodeID(2 + 3 * index))?.weights == row.weights, "row \(index)")
    }
  }

  /// Two roots of two rows: the root's weights spelled `[0.5,0.5]` as its rows' are, read at
  /// the root's depth first, are not taken for the rows', and the rows' not for the root's.
  @Test func weightsAtAnotherDepthAreReadForThemselves() throws {
    let bytes = Self.file("[0.5,0.5]", rows: [Self.row(2, "[0.5,0.5]"), Self.row(5, "[0.5,0.5]")])
    #expect(OnePassDecoderTests.expectAgreement(bytes, "depths").isOnePass)
    let state = try #require(WorkspaceFile.decodeInOnePass(bytes))
    for id in [1, 2, 5] {
      #expect(state.node(NodeID(id))?.weights == [0.5, 0.5])
    }
    let uneven = Self.file(
      "[0.25,0.75]", rows: [Self.row(2, "[0.5,0.5]"), Self.row(5, "[0.25,0.75]")])
    #expect(OnePassDecoderTests.expectAgreement(uneven, "uneven").isOnePass)
    let read = try #require(WorkspaceFile.decodeInOnePass(uneven))
    #expect(read.node(NodeID(1))?.weights == [0.25, 0.75])
    #expect(read.node(NodeID(2))?.weights == [0.5, 0.5])
    #expect(read.node(NodeID(5))?.weights == [0.25, 0.75])
  }
}
