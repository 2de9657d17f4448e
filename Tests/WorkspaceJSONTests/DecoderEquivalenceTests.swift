import Foundation
import Testing

@testable import WorkspaceJSON

/// Temporary: the in-place decoder against the value-tree decoder, on every file of the
/// package and seeded mutations of them.
@Suite struct DecoderEquivalenceTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func files() -> [[UInt8]] {
    let enumerator = FileManager.default.enumerator(atPath: root.path)!
    var files: [[UInt8]] = []
    while let path = enumerator.nextObject() as? String {
      guard path.hasSuffix(".json"), !path.hasPrefix(".build"), !path.contains("JSONTestSuite")
      else { continue }
      files.append(Array(FileManager.default.contents(atPath: root.path + "/" + path)!))
    }
    return files
  }

  static func check(_ bytes: [UInt8], limits: WorkspaceFileLimits) -> Bool {
    let old = Result { () throws(WorkspaceFileError) in
      try oldDecode(bytes, path: "x.json", limits: limits)
    }
    let new = Result { () throws(WorkspaceFileError) in
      try DocumentDecoder.decode(bytes, path: "x.json", limits: limits)
    }
    switch (old, new) {
    case (.success(let a), .success(let b)):
      let same =
        a.state == b.state && a.diagnostics == b.diagnostics
        && a.migratedFromVersion == b.migratedFromVersion
        && DocumentEncoder.bytes(a.state).makeArray()
          == JSONWriter.write(WorkspaceEncoder.encode(a.state))
      if !same {
        Issue.record(
          "differ:\n\(a.diagnostics)\n\(b.diagnostics)\n\(String(decoding: bytes, as: UTF8.self))"
        )
      }
      return same
    case (.failure(let a), .failure(let b)):
      if "\(a)" != "\(b)" {
        Issue.record("errors differ: \(a) / \(b)\n\(String(decoding: bytes, as: UTF8.self))")
        return false
      }
      return true
    default:
      Issue.record("\(old) / \(new)\n\(String(decoding: bytes, as: UTF8.self))")
      return false
    }
  }

  @Test func everyFileDecodesAlike() {
    for file in Self.files() { _ = Self.check(file, limits: .default) }
  }

  @Test func mutationsDecodeAlike() {
    let limits = WorkspaceFileLimits(
      maximumFileBytes: 1 << 16, maximumTreeDepth: 24, maximumNodes: 2_000,
      maximumStringBytes: 1 << 12, maximumStackDepth: 200)
    let pieces = Array(
      [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "null", "1", "-0", "1e400", "\"kind\"",
        "\"id\"", "\"type\"", "\"parent\"", "\"router\"", "\"children\"", "\"pane\"", "\"tabs\"",
        "\"split\"", "\"stack\"", "\"modal\"", "\"\\u006bind\"", "9007199254740993", "0.5", "é",
        "\"history\"", "\"undo\"", "\"nodes\"", "true", "\"version\": 0", "\"version\": 1",
      ].map { Array($0.utf8) })
    var state: UInt64 = 20_261_201
    func next() -> Int {
      state &+= 0x9e37_79b9_7f4a_7c15
      var z = state
      z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
      z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
      return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
    }
    let files = Self.files().filter { $0.count < 60_000 }
    var failures = 0
    let rounds = Int(ProcessInfo.processInfo.environment["EQUIVALENCE_ROUNDS"] ?? "") ?? 3000
    for round in 0..<rounds where failures < 5 {
      var bytes = files[round % files.count]
      for _ in 0..<(1 + next() % 4) where !bytes.isEmpty {
        let at = next() % bytes.count
        switch next() % 4 {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(contentsOf: pieces[next() % pieces.count], at: at)
        case 2: bytes[at] = UInt8(truncatingIfNeeded: next())
        default:
          let end = min(bytes.count, at + next() % 40)
          let chunk = Array(bytes[at..<end])
          bytes.insert(contentsOf: chunk, at: next() % bytes.count)
        }
      }
      if !Self.check(bytes, limits: limits) { failures += 1 }
    }
  }
}

/// Temporary: the sink encoder against the value-tree encoder.
@Suite struct EncoderEquivalenceTests {
  @Test func everyFileEncodesAlike() throws {
    var checked = 0
    for file in DecoderEquivalenceTests.files() {
      guard let loaded = try? WorkspaceFile.decode(file) else { continue }
      let state = loaded.state
      #expect(
        DocumentEncoder.bytes(state).makeArray()
          == JSONWriter.write(WorkspaceEncoder.encode(state)))
      #expect(
        DocumentEncoder.bytes(state, style: .compact).makeArray()
          == JSONWriter.write(WorkspaceEncoder.encode(state), style: .compact))
      #expect(DocumentEncoder.value(state) == WorkspaceEncoder.encode(state))
      for id in state.nodes.keys {
        #expect(
          DocumentEncoder.nestedNodeValue(id, in: state)
            == WorkspaceEncoder.nestedNode(id, in: state)
        )
        if let router = state.nodes[id]?.router {
          #expect(DocumentEncoder.routerValue(router) == WorkspaceEncoder.router(router))
        }
      }
      checked += 1
    }
    #expect(checked > 20)
  }
}

/// The value-tree decoding, as WorkspaceFile.decode did it.
func oldDecode(
  _ bytes: [UInt8], path: String, limits: WorkspaceFileLimits
) throws(WorkspaceFileError) -> LoadedWorkspace {
  guard bytes.count <= limits.maximumFileBytes else {
    throw .fileTooLarge(path, size: bytes.count, limit: limits.maximumFileBytes)
  }
  let value: JSONValue
  do {
    value = try JSONReader.parse(bytes, limits: WorkspaceFile.jsonLimits(limits))
  } catch {
    throw WorkspaceFileError(error, path: path)
  }
  guard case .object(let object) = value else {
    throw .invalid(path: path, location: "$", reason: "expected an object")
  }
  guard object["format"] == .string(WorkspaceFormat.name) else {
    throw .invalid(
      path: path, location: "$.format",
      reason: "expected \"format\": \"\(WorkspaceFormat.name)\"")
  }
  guard let version = object["version"]?.intValue else {
    throw .invalid(path: path, location: "$.version", reason: "expected an integer version")
  }
  guard version <= WorkspaceFormat.currentVersion else {
    throw .newerVersion(path: path, found: version, supported: WorkspaceFormat.currentVersion)
  }
  guard version >= WorkspaceFormat.oldestVersion else {
    throw .invalid(path: path, location: "$.version", reason: "unknown version \(version)")
  }
  let (migrated, _) = Migration.migrate(object, from: version)
  var decoder = WorkspaceDecoder(file: path, limits: limits)
  let state = try decoder.decode(migrated)
  return LoadedWorkspace(
    state: state, diagnostics: decoder.diagnostics,
    migratedFromVersion: version == WorkspaceFormat.currentVersion ? nil : version,
    isDefault: false)
}
