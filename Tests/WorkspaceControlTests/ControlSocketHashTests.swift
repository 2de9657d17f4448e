import Testing

@testable import WorkspaceControl

/// A socket's name is the FNV-1a hash of its file's path, sixteen lowercase hexadecimal
/// digits: a host and every `wsctl` must agree on it, across runs and builds.
@Suite struct ControlSocketHashTests {
  @Test(arguments: [
    // The hash's starting value (no byte), one byte, and hashes with leading zeros.
    ("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("baa", "0039231913392937"),
  ])
  func theHashIsSixteenHexadecimalDigits(text: String, hash: String) {
    #expect(ControlSocket.hash(text) == hash)
  }
}
