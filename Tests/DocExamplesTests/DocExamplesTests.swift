import Foundation
import Testing
import WorkspaceTestSupport

/// Every fenced Swift block of README.md and the DocC articles is compiled as part of this
/// target (`Generated/`, written by `scripts/doc-examples.sh`); this suite checks that the
/// compiled copy is the docs' current text, so an edited example cannot escape the compiler.
@Suite struct DocExamplesTests {
  /// The package's root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func generatedExamplesAreTheDocsCurrentText() async throws {
    let result = try await ProcessRunner(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["bash", Self.root.path + "/scripts/doc-examples.sh", "--check"],
      in: FileManager.default.currentDirectoryPath
    ).run()
    let message = result.stderr
    #expect(result.status == 0, "\(message)")
  }

  /// Linux enforces no Apple availability, so this does: every API the stand-in marks
  /// `@available(PLATFORM, unavailable)` (`fullScreenCover` on macOS) is used in the docs
  /// only in a branch that excludes the platform (`#if os(macOS) … #else … #endif`).
  @Test func anAPIUnavailableOnAPlatformIsUsedOnlyWhereThePlatformIsExcluded() throws {
    let standIn = try String(
      contentsOfFile: Self.root.path + "/Tests/DocExamplesSupport/SwiftUIStandIn.swift",
      encoding: .utf8)
    let unavailable = UnavailableUse.apis(declaredIn: standIn)
    #expect(unavailable.contains { $0 == ("fullScreenCover", "macOS") })
    #expect(unavailable.contains { $0 == ("performExpiringActivity", "macOS") })
    let directory = Self.root.path + "/Tests/DocExamplesTests/Generated"
    for name in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() {
      let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
      for use in UnavailableUse.uses(of: unavailable, in: text) {
        Issue.record("\(name):\(use.line): '\(use.api)' is unavailable on \(use.platform)")
      }
    }
  }

  @Test func theAvailabilityCheckFindsAnUnguardedUseAndOnlyThat() {
    let apis = [(name: "fullScreenCover", platform: "macOS")]
    let unguarded = "view\n  .fullScreenCover(isPresented: x) { y }\n"
    #expect(UnavailableUse.uses(of: apis, in: unguarded).map(\.line) == [2])
    let guarded = """
      #if os(macOS)
        .sheet(isPresented: x) { y }
      #elseif os(iOS) || os(visionOS)
        .fullScreenCover(isPresented: x) { y }
      #else
        .fullScreenCover(isPresented: x) { y }
      #endif
      #if !os(macOS)
        .fullScreenCover(isPresented: x) { y }
      #endif
      #if os(iOS)
        .fullScreenCover(isPresented: x) { y }
      #endif
      """
    #expect(UnavailableUse.uses(of: apis, in: guarded).isEmpty)
    let wrong = "#if os(iOS)\n#else\n  .fullScreenCover(isPresented: x) { y }\n#endif\n"
    #expect(UnavailableUse.uses(of: apis, in: wrong).map(\.line) == [3])
  }

  @Test func everyDocumentWithSwiftBlocksHasItsGeneratedFile() throws {
    let generated = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.path + "/Tests/DocExamplesTests/Generated")
    #expect(
      Set(generated).isSuperset(of: [
        "README.swift", "PaneRouter-GettingStarted.swift", "Workspace-GettingStarted.swift",
        "WorkspaceJSON-GettingStarted.swift", "WorkspaceSession-GettingStarted.swift",
      ]))
  }
}

/// Uses of an API in a platform where it is unavailable, by the `#if os(…)` branches around
/// each line.
enum UnavailableUse {
  /// The Apple platforms a branch can exclude.
  static let platforms = ["macOS", "iOS", "tvOS", "watchOS", "visionOS"]

  /// The APIs a source marks `@available(PLATFORM, unavailable)`: the name of the `func`,
  /// `var` or `init` the attribute's declaration declares.
  static func apis(declaredIn source: String) -> [(name: String, platform: String)] {
    var found: [(name: String, platform: String)] = []
    var pending: [String] = []
    for line in source.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
      if line.hasPrefix("@available("), line.hasSuffix(", unavailable)") {
        pending.append(String(line.dropFirst("@available(".count).prefix { $0 != "," }))
      } else if !pending.isEmpty, !line.hasPrefix("@"), !line.hasPrefix("//") {
        let words = line.split(whereSeparator: { " (<:".contains($0) })
        if let index = words.firstIndex(where: { ["func", "var", "init"].contains($0) }) {
          let name = words[index] == "init" ? "init" : String(words[index + 1])
          found += pending.map { (name, $0) }
        }
        pending = []
      }
    }
    return found
  }

  /// Every line of `text` that calls one of `apis` (`name(`) outside a branch that excludes
  /// its platform.
  static func uses(
    of apis: [(name: String, platform: String)], in text: String
  ) -> [(line: Int, api: String, platform: String)] {
    // Per open `#if`: the platforms the earlier conditions of its chain named, and the
    // platforms the current branch excludes.
    var frames: [(named: Set<String>, excluded: Set<String>)] = []
    var found: [(line: Int, api: String, platform: String)] = []
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if ") {
        let condition = String(line.dropFirst(4))
        frames.append((named(condition), excluded(by: condition, after: [])))
      } else if line.hasPrefix("#elseif "), let frame = frames.popLast() {
        let condition = String(line.dropFirst(8))
        frames.append(
          (frame.named.union(named(condition)), excluded(by: condition, after: frame.named)))
      } else if line == "#else", let frame = frames.popLast() {
        frames.append((frame.named, frame.named))
      } else if line == "#endif" {
        _ = frames.popLast()
      } else {
        let excluded = frames.reduce(into: Set<String>()) { $0.formUnion($1.excluded) }
        for api in apis where line.contains(api.name + "(") && !excluded.contains(api.platform) {
          found.append((index + 1, api.name, api.platform))
        }
      }
    }
    return found
  }

  /// The platforms a condition made only of `os(A) || os(B) …` names; empty for any other.
  private static func named(_ condition: String) -> Set<String> {
    let terms = condition.components(separatedBy: "||").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let names = terms.compactMap { term -> String? in
      guard term.hasPrefix("os("), term.hasSuffix(")") else { return nil }
      return String(term.dropFirst(3).dropLast())
    }
    return names.count == terms.count ? Set(names) : []
  }

  /// What a branch excludes: the platforms earlier conditions of its chain named, every
  /// platform its own `os(…) || …` condition does not name, and `P` for `!os(P)`.
  private static func excluded(by condition: String, after earlier: Set<String>) -> Set<String> {
    var result = earlier
    let own = named(condition)
    if !own.isEmpty { result.formUnion(Set(platforms).subtracting(own)) }
    if condition.hasPrefix("!os("), condition.hasSuffix(")") {
      result.insert(String(condition.dropFirst(4).dropLast()))
    }
    return result
  }
}
