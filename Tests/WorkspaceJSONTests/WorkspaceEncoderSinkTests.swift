import Foundation
import Testing
import Workspace

@testable import WorkspaceJSON

/// The encoder writes the file once, into either sink: the file's bytes must be exactly what
/// writing its value form gives, so `--json` output and the file never disagree.
@Suite struct WorkspaceEncoderSinkTests {
  /// The sample workspaces, seeded random states with history and templates, and the
  /// example.
  static func states() throws -> [WorkspaceState] {
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Samples/Workspaces")
    var states = [WorkspaceState.example]
    for name in try FileManager.default.contentsOfDirectory(atPath: samples.path)
    where name.hasSuffix(".json") {
      let bytes = Array(FileManager.default.contents(atPath: samples.path + "/" + name)!)
      // A templates file sits beside the workspaces.
      guard let loaded = try? WorkspaceFile.decode(bytes) else { continue }
      states.append(loaded.state)
    }
    for seed in 1...20 {
      var generator = WorkspaceGenerator(seed: UInt64(seed))
      var state = generator.state()
      for _ in 0..<20 { _ = try? state.apply(generator.command(in: state)) }
      states.append(state)
    }
    return states
  }

  @Test func theBytesAreTheValueWritten() throws {
    for state in try Self.states() {
      let value = WorkspaceEncoder.value(state)
      #expect(WorkspaceEncoder.bytes(state).makeArray() == JSONWriter.write(value))
      #expect(
        WorkspaceEncoder.bytes(state, style: .compact).makeArray()
          == JSONWriter.write(value, style: .compact))
      #expect(value["root"] == WorkspaceFile.nodeValue(state.rootID, in: state))
    }
  }
}
