extension [String] {
  /// The strings with `separator` between them, as `joined(separator:)` gives them.
  ///
  /// A loop over the array: the tables every `wsctl` start builds (the grammar's, the tool's)
  /// use it, and the generic `joined(separator:)` makes the runtime instantiate metadata by
  /// name and scan the binary's protocol conformances on its first call (~0.15 M instructions
  /// of a start-up, callgrind).
  package func separated(by separator: String) -> String {
    var text = ""
    for (index, word) in enumerated() {
      if index > 0 { text += separator }
      text += word
    }
    return text
  }
}
