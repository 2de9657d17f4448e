/// What a pure function of a few recent inputs came to, kept to answer the same input again
/// without working it out: a control session's script repeats its lines (`focus 1`, `focus 2`,
/// …), and reading one costs its parse each time.
///
/// At most ``capacity`` results are kept; once that many are, the next new one starts the set
/// afresh, so a script of ever-new lines costs one hash and one insertion a line, never a
/// growing table.
///
///     var parsed = RecentResults<[UInt8], Invocation>(capacity: 16)
///     let invocation = parsed[line] ?? parsed.keep(try parse(line), for: line)
struct RecentResults<Input: Hashable, Output> {
  /// The most results kept at once.
  let capacity: Int
  private var results: [Input: Output] = [:]

  /// Keeps up to `capacity` results (at least one).
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// The result kept for `input`, or `nil`.
  ///
  /// - Complexity: O(*n*) for an input of *n* bytes (its hash).
  subscript(_ input: Input) -> Output? {
    results[input]
  }

  /// How many results are kept.
  var count: Int { results.count }

  /// Keeps `output` as the result of `input` and returns it.
  ///
  /// - Complexity: O(*n*) for an input of *n* bytes; O(``capacity``) when the set starts
  ///   afresh.
  @discardableResult
  mutating func keep(_ output: Output, for input: Input) -> Output {
    if results.count >= capacity, results[input] == nil {
      results.removeAll(keepingCapacity: true)
    }
    results[input] = output
    return output
  }
}
