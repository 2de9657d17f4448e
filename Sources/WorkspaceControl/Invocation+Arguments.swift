import PaneRouter

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension Invocation {
  /// The process's arguments after the program name, each checked to be valid UTF-8.
  ///
  /// `CommandLine.arguments` repairs invalid bytes silently (a title `$'\xff'` would be saved
  /// as `U+FFFD`, a file name would name another file), so the bytes are read from `argv`.
  ///
  /// - Throws: A usage ``Failure`` naming the first argument that is not UTF-8 (1-based, as
  ///   the `at word N` of other errors counts) and the offset of its first invalid byte.
  static func processArguments() throws(Failure) -> [String] {
    var arguments: [String] = []
    for position in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[position] else { break }
      let bytes = UnsafeBufferPointer(
        start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
        count: strlen(pointer))
      arguments.append(try decode(bytes, argument: position))
    }
    return arguments
  }

  /// The text of one argument's bytes.
  ///
  /// - Throws: A usage ``Failure`` for bytes that are not UTF-8.
  static func decode(
    _ bytes: some Collection<UInt8>, argument position: Int
  ) throws(Failure) -> String {
    if let offset = Unicode.UTF8.firstInvalidByte(in: bytes) {
      throw .usage("argument \(position) is not valid UTF-8: invalid byte at offset \(offset)")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
