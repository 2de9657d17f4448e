import Foundation
import Testing

/// Every fenced Swift block of README.md and the DocC articles is compiled as part of this
/// target (`Generated/`, written by `scripts/doc-examples.sh`); this suite checks that the
/// compiled copy is the docs' current text, so an edited example cannot escape the compiler.
@Suite struct DocExamplesTests {
  /// The package's root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func generatedExamplesAreTheDocsCurrentText() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", Self.root.path + "/scripts/doc-examples.sh", "--check"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(message)")
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
