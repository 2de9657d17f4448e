/// A `console` block of the README as the `wsctl` calls it shows and what each prints.
enum ReadmeConsole {
  /// The steps of the first `console` block after `marker`: each `$ wsctl WORDS` line's words
  /// and the lines printed below it, up to the next call.
  static func steps(after marker: String) throws -> [(words: [String], printed: String)] {
    var steps: [(words: [String], printed: String)] = []
    let block = try ReadmeLayoutTourTests.block(after: marker, language: "console")
    for line in block.split(separator: "\n") {
      if line.hasPrefix("$ wsctl ") {
        steps.append((line.dropFirst("$ wsctl ".count).split(separator: " ").map(String.init), ""))
      } else if !steps.isEmpty {
        steps[steps.count - 1].printed += line + "\n"
      }
    }
    return steps
  }
}
