import PaneRouter
import WorkspaceSystem

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
    // ASCII, nearly every argument, is UTF-8 as it is: only an argument with other bytes is
    // validated, by a generic function of another module that this call cannot specialise
    // (the runtime looked its associated types up, 10,000 instructions for three arguments).
    if !bytes.allSatisfy({ $0 < 0x80 }), let offset = Unicode.UTF8.firstInvalidByte(in: bytes) {
      throw .usage("argument \(position) is not valid UTF-8: invalid byte at offset \(offset)")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension Invocation {
  /// The arguments as a live host receives them: the FILE of `--from` and the LAYOUT of
  /// `load-layout` made absolute, since the host reads them from its own working directory.
  ///
  /// - Parameter arguments: The call's arguments after the program name.
  /// - Returns: The same arguments, `--from FILE`, `--from=FILE` and `load-layout LAYOUT` with
  ///   an absolute path.
  static func forHost(_ arguments: [String]) -> [String] {
    var result = arguments
    for index in result.indices where result[index] == "load-layout" {
      // Its LAYOUT: the first word after it that is not one of its options.
      if let file = result[(index + 1)...].firstIndex(where: {
        !ToolArguments.layoutOptions.contains($0)
      }) {
        result[file] = absolutePath(result[file])
      }
    }
    var index = 0
    while index < result.count, result[index] != "--" {
      if result[index] == "--from", index + 1 < result.count {
        result[index + 1] = absolutePath(result[index + 1])
        index += 1
      } else if result[index].hasPrefix("--from=") {
        result[index] = "--from=" + absolutePath(String(result[index].dropFirst("--from=".count)))
      }
      index += 1
    }
    return result
  }

  /// A path made absolute against the working directory; an absolute one as it is.
  static func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let directory = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }
}
