extension OnePassDecoder {
  /// The weights of the last two splits of the tree read at different places, each with the
  /// text it was read from: a layout's splits are most often even, the same weights spelled
  /// alike at the same depth, so a split whose weights' text is, byte for byte, one of theirs
  /// at their depth shares their array, neither read nor allocated again (in the bench's file
  /// of 100 panes, 22 of its 24 splits: each row of panes and each tab's column of rows).
  ///
  /// Two, without arrays of their own: a split's rows and the splits of the rows alternate
  /// (a kept list that grew as it was filled cost a small file more allocations than it
  /// saved). As with ``RecentValues``, a JSON array ends at its closing bracket, so text equal
  /// to a whole value's, from the same first byte, is that value and nothing more.
  struct TreeWeights {
    /// Weights and where their text lies in the document, and the depth they were read at.
    private struct Kept {
      let weights: [Double]
      let start: Int
      let count: Int
      let depth: Int

      /// Whether the text at `start` of `reader`'s document, read at `depth`, is this one's.
      func isText(at start: Int, depth: Int, in reader: JSONReader) -> Bool {
        depth == self.depth && count <= reader.count &- start
          && OnePassDecoder.bytesMatch(reader.base, self.start, start, count: count)
      }
    }

    /// The weights kept last, and the ones before them.
    private var newest: Kept?
    private var older: Kept?

    /// The weights kept whose text stands at `start` of `reader`'s document, read at
    /// `depth`, with the length of their text in `count`; `nil` if none is kept. Weights found
    /// in the older place become the newest.
    mutating func weightsAgain(
      at start: Int, depth: Int, in reader: JSONReader, count: inout Int
    ) -> [Double]? {
      if let newest, newest.isText(at: start, depth: depth, in: reader) {
        count = newest.count
        return newest.weights
      }
      guard let older, older.isText(at: start, depth: depth, in: reader) else { return nil }
      count = older.count
      swap(&self.older, &self.newest)
      return older.weights
    }

    /// Keeps `weights`, read at `depth` from the `count` bytes at `start`, as the newest; the
    /// newest before them become the older.
    mutating func keep(_ weights: [Double], start: Int, count: Int, depth: Int) {
      older = newest.take()
      newest = Kept(weights: weights, start: start, count: count, depth: depth)
    }
  }

  /// A split's weights in the tree, taken from ``treeWeights`` when their text is that of
  /// weights kept there, else read and kept as the newest.
  mutating func splitWeights(depth: Int) throws(NeedsReference) -> [Double] {
    let start = reader.index
    var count = 0
    if let weights = treeWeights.weightsAgain(at: start, depth: depth, in: reader, count: &count) {
      reader.index = start &+ count
      return weights
    }
    let weights = try self.weights()
    treeWeights.keep(weights, start: start, count: reader.index &- start, depth: depth)
    return weights
  }
}
