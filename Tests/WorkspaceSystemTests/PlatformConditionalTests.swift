import Foundation
import Testing

/// Every platform conditional of the package lives in the system layer, and each of its
/// platform branches has a twin: a file elsewhere that imports a C library or branches on the
/// platform fails here, and so does a `#if canImport(Darwin)` (or `os(Linux)`, …) in the layer
/// with neither an `#elseif` nor an `#else`, unless the line after it gives the reason
/// (`// No twin: …`).
@Suite struct PlatformConditionalTests {
  /// The package's root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

  /// The system layer: the one place a platform conditional may be.
  static let systemLayer = "Sources/WorkspaceSystem/"

  /// What else may hold one: the docs' examples, compiled as a host's code, which branches on
  /// its platform as the README shows (`#if os(macOS)` `.sheet` `#else` `.fullScreenCover`).
  static let hostCode = ["Tests/DocExamplesTests/Generated/"]

  /// Every Swift file of the package's targets, relative to the root.
  static func swiftFiles() throws -> [String] {
    var files: [String] = []
    for top in ["Sources", "Samples", "Tests"] {
      let enumerator = FileManager.default.enumerator(atPath: root + "/" + top)
      while let path = enumerator?.nextObject() as? String {
        if path.hasSuffix(".swift") { files.append(top + "/" + path) }
      }
    }
    return files.sorted()
  }

  @Test func noFileOutsideTheSystemLayerImportsACLibraryOrBranchesOnThePlatform() throws {
    let files = try Self.swiftFiles()
    #expect(files.contains(Self.systemLayer + "Platform.swift"))
    #expect(files.count > 100)
    for file in files
    where !file.hasPrefix(Self.systemLayer) && !Self.hostCode.contains(where: file.hasPrefix) {
      let text = try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8)
      for finding in PlatformScan.platformLines(in: text) {
        Issue.record("\(file):\(finding.line): \(finding.text)")
      }
    }
  }

  @Test func everyPlatformBranchOfTheSystemLayerHasATwinOrItsReason() throws {
    let files = try Self.swiftFiles().filter { $0.hasPrefix(Self.systemLayer) }
    var chains = 0
    for file in files {
      let text = try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8)
      let scan = PlatformScan.chains(in: text)
      chains += scan.count
      for chain in scan where !chain.isTwinned && !chain.hasReason {
        Issue.record("\(file):\(chain.line): '#if \(chain.conditions[0])' has no twin")
      }
    }
    #expect(chains >= 10)
  }

  @Test func theScanFindsWhatItLooksFor() {
    let outside = """
      import Foundation
      @_exported import Darwin
      import Glibc.stdio
        #if canImport(Musl)
        #elseif os(Linux)
      #if canImport(FoundationEssentials)
      let text = "#if os(macOS)"
      """
    #expect(PlatformScan.platformLines(in: outside).map(\.line) == [2, 3, 4, 5])
    let layer = """
      #if canImport(Darwin)
        a()
      #endif
      #if os(Linux)
        // No twin: nothing to do elsewhere.
      #endif
      #if canImport(Glibc)
      #elseif canImport(Darwin)
      #endif
      #if os(iOS)
        #if targetEnvironment(simulator)
        #else
        #endif
      #endif
      #if DEBUG
      #endif
      """
    let chains = PlatformScan.chains(in: layer)
    #expect(chains.map(\.line) == [1, 4, 7, 11, 10])
    #expect(chains.map(\.isTwinned) == [false, false, true, true, false])
    #expect(chains.map(\.hasReason) == [false, true, false, false, false])
  }
}

/// Reads the platform conditionals and C library imports of a Swift source, outside its
/// multi-line string literals.
enum PlatformScan {
  /// The C libraries and system modules a file may import only in the system layer.
  static let systemModules = ["Glibc", "Musl", "Darwin", "Android", "WASILibc", "ucrt", "WinSDK"]

  /// Whether a condition names a platform (`os(…)`, `canImport` of a system module,
  /// `targetEnvironment(…)`); `canImport(FoundationEssentials)` picks a Foundation, not a
  /// platform.
  static func isPlatform(_ condition: Substring) -> Bool {
    condition.contains("os(") || condition.contains("targetEnvironment(")
      || systemModules.contains { condition.contains("canImport(\($0)") }
  }

  /// The source's lines as code: each trimmed, with its number, outside `"""` literals.
  static func codeLines(_ text: String) -> [(number: Int, text: Substring)] {
    var lines: [(number: Int, text: Substring)] = []
    var isInLiteral = false
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = raw.drop { $0 == " " || $0 == "\t" }
      let quotes = line.components(separatedBy: "\"\"\"").count - 1
      if !isInLiteral { lines.append((index + 1, line)) }
      if quotes % 2 == 1 { isInLiteral.toggle() }
    }
    return lines
  }

  /// The lines that import a system module or branch on the platform.
  static func platformLines(in text: String) -> [(line: Int, text: String)] {
    codeLines(text).compactMap { number, line in
      let words = line.split(whereSeparator: { $0 == " " || $0 == "." })
      if let index = words.firstIndex(of: "import"), index + 1 < words.count,
        words[..<index].allSatisfy({ $0.hasPrefix("@") }),
        systemModules.contains(String(words[index + 1]))
          || (index + 2 < words.count && systemModules.contains(String(words[index + 2])))
      {
        return (number, String(line))
      }
      for directive in ["#if ", "#elseif "] where line.hasPrefix(directive) {
        if isPlatform(line.dropFirst(directive.count)) { return (number, String(line)) }
      }
      return nil
    }
  }

  /// One `#if … #endif` chain that names a platform.
  struct Chain {
    /// The line of its `#if`.
    var line: Int
    /// Its `#if` and `#elseif` conditions.
    var conditions: [Substring]
    /// Whether it has an `#elseif` or an `#else`: a branch for the other platforms.
    var isTwinned: Bool
    /// Whether the line after its `#if` says why it needs no twin (`// No twin: …`).
    var hasReason: Bool
  }

  /// The chains that name a platform, in the order their `#endif`s close them.
  static func chains(in text: String) -> [Chain] {
    let lines = codeLines(text)
    var open: [Chain] = []
    var closed: [Chain] = []
    for (position, (number, line)) in lines.enumerated() {
      if line.hasPrefix("#if ") {
        let next = position + 1 < lines.count ? lines[position + 1].text : ""
        open.append(
          Chain(
            line: number, conditions: [line.dropFirst(4)], isTwinned: false,
            hasReason: next.hasPrefix("// No twin: ")))
      } else if line.hasPrefix("#elseif "), !open.isEmpty {
        open[open.count - 1].conditions.append(line.dropFirst(8))
        open[open.count - 1].isTwinned = true
      } else if line.hasPrefix("#else"), !open.isEmpty {
        open[open.count - 1].isTwinned = true
      } else if line.hasPrefix("#endif"), let chain = open.popLast() {
        if chain.conditions.contains(where: isPlatform) { closed.append(chain) }
      }
    }
    return closed
  }
}
