// libFuzzer target: route tokens, `RouteToken(parsing:)` and `description`.
//
// The input is decoded as UTF-8 with `String(decoding:)` (ill-formed bytes become U+FFFD).
// Checks:
// - the parser never crashes and agrees with a plain reference parser written from the
//   grammar in RouteToken.swift (`[A-Za-z_][A-Za-z0-9_.-]*` then `:argument`s of allowed
//   characters and `%XX` escapes decoding to UTF-8, at most 4096 bytes, and so is the
//   canonical text): same acceptance, the same name and arguments (compared scalar by scalar),
//   the same error offset;
// - a parsed token's `description` is canonical: only unreserved ASCII, `/`, `%` and `:`
//   (a `/` inside an argument prints as itself, as a path reads); it parses
//   back to an equal token that prints the same text;
// - with NUL bytes in the input, the pieces are a name and raw arguments for
//   `RouteToken(name:arguments:)`, whose `description` must parse back to an equal token
//   unless it is longer than `RouteToken.maximumLength` (tokens built in code are not bounded);
// - `RouteToken(parsingUTF8:)`, which the file decoder calls on a file's bytes, gives the same
//   token or the same error, and `forEachCanonicalPiece` writes exactly the description.
//
// Built by scripts/fuzz.sh; see Fuzz/README.md.
import PaneRouter

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzRouteToken: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count == 0 ? nil : start, count: count)
  let text = String(decoding: bytes, as: UTF8.self)

  let expected = Reference.parse(text)
  // The file decoder's entry point, from the text's UTF-8, must agree exactly.
  var utf8 = text
  let fromBytes = utf8.withUTF8 { buffer in
    Result { () throws(PaneRouterError) in try RouteToken(parsingUTF8: buffer) }
  }
  do {
    let token = try RouteToken(parsing: text)
    require(
      (try? fromBytes.get()).map { $0 == token && $0.name == token.name } == true,
      "\(text.debugDescription): parsingUTF8 gave \(fromBytes)")
    guard case .success(let name, let arguments) = expected else {
      fatalError("FuzzRouteToken: accepted \(text.debugDescription), expected \(expected)")
    }
    require(
      same(token.name, name) && token.arguments.count == arguments.count
        && zip(token.arguments, arguments).allSatisfy(same),
      "\(text.debugDescription) parsed as \(token.name) \(token.arguments), expected \(expected)")
    checkCanonical(token, parsed: true)
  } catch {
    guard case .malformedToken(let echoed, let offset, _) = error else {
      fatalError("FuzzRouteToken: unexpected error \(error)")
    }
    guard case .failure(let bytesError) = fromBytes, bytesError == error else {
      fatalError("FuzzRouteToken: \(text.debugDescription): parsingUTF8 gave \(fromBytes)")
    }
    require(echoed == text, "the error does not echo the text")
    guard case .failure(let expectedOffset) = expected else {
      fatalError(
        "FuzzRouteToken: rejected \(text.debugDescription) (\(error)), expected \(expected)")
    }
    require(
      offset == expectedOffset,
      "\(text.debugDescription): error \(error) at \(offset), expected offset \(expectedOffset)")
  }

  if bytes.contains(0) {
    let pieces = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
      String(decoding: $0, as: UTF8.self)
    }
    if RouteToken.isValidName(pieces[0]) {
      checkCanonical(
        RouteToken(name: pieces[0], arguments: Array(pieces.dropFirst())), parsed: false)
    }
  }
  return 0
}

/// Exact equality, scalar by scalar (String's `==` is canonical equivalence).
private func same(_ lhs: String, _ rhs: String) -> Bool {
  lhs.unicodeScalars.elementsEqual(rhs.unicodeScalars)
}

private func checkCanonical(_ token: RouteToken, parsed: Bool) {
  let text = token.description
  var pieces: [UInt8] = []
  token.forEachCanonicalPiece { pieces += $0 }
  require(
    pieces.elementsEqual(text.utf8), "the canonical pieces of \(text.debugDescription) differ")
  require(
    text.utf8.allSatisfy { byte in
      byte < 0x80
        && (Unicode.Scalar(byte).properties.isASCIIHexDigit || Reference.isUnreserved(byte)
          || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: ":"))
    }, "description \(text.debugDescription) is not canonical")
  // A token built in code may print longer than any text the parser accepts.
  guard parsed || text.utf8.count <= RouteToken.maximumLength else { return }
  do {
    let reparsed = try RouteToken(parsing: text)
    require(reparsed == token, "\(text.debugDescription) parses to a different token")
    require(reparsed.description == text, "\(text.debugDescription) does not print itself")
  } catch {
    fatalError("FuzzRouteToken: the description \(text.debugDescription) does not parse: \(error)")
  }
}

/// The grammar, written plainly from the documentation, for differential checking.
private enum Reference {
  enum Outcome: CustomStringConvertible {
    case success(String, [String])
    case failure(offset: Int)

    var description: String {
      switch self {
      case .success(let name, let arguments): "\(name) \(arguments)"
      case .failure(let offset): "an error at \(offset)"
      }
    }
  }

  static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && (isLetter(UInt8(scalar.value)) || scalar == "_")
  }

  static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII
      && (isLetter(UInt8(scalar.value)) || "0123456789_.-".unicodeScalars.contains(scalar))
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  static func isUnreserved(_ byte: UInt8) -> Bool {
    isNameContinuation(Unicode.Scalar(byte)) || byte == UInt8(ascii: "~")
  }

  static func isArgumentCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xA0
      || (scalar.isASCII && isUnreserved(UInt8(scalar.value)))
      || "!$&'()*+,;=@{}/".unicodeScalars.contains(scalar)
  }

  static func hex(_ scalar: Unicode.Scalar) -> UInt8? {
    guard scalar.properties.isASCIIHexDigit else { return nil }
    return UInt8(String(scalar), radix: 16)
  }

  static func parse(_ text: String) -> Outcome {
    let scalars = Array(text.unicodeScalars)
    if text.utf8.count > 4096 {
      var bytes = 0
      for (offset, scalar) in scalars.enumerated() {
        bytes += String(scalar).utf8.count
        if bytes > 4096 { return .failure(offset: offset) }
      }
    }
    guard let first = scalars.first, isNameStart(first) else { return .failure(offset: 0) }
    var index = 1
    while index < scalars.count && scalars[index] != ":" {
      guard isNameContinuation(scalars[index]) else { return .failure(offset: index) }
      index += 1
    }
    let name = String(String.UnicodeScalarView(scalars[0..<index]))
    var arguments: [String] = []
    var starts: [Int] = []
    while index < scalars.count {
      index += 1  // the ":"
      starts.append(index)
      var bytes: [UInt8] = []
      var escapeAt: [Int] = []  // the scalar offset each byte came from
      while index < scalars.count && scalars[index] != ":" {
        let scalar = scalars[index]
        if scalar == "%" {
          guard index + 2 < scalars.count, let high = hex(scalars[index + 1]),
            let low = hex(scalars[index + 2])
          else { return .failure(offset: index) }
          bytes.append(high * 16 + low)
          escapeAt.append(index)
          index += 3
        } else if isArgumentCharacter(scalar) {
          for byte in String(scalar).utf8 {
            bytes.append(byte)
            escapeAt.append(index)
          }
          index += 1
        } else {
          return .failure(offset: index)
        }
      }
      guard let argument = String(validating: bytes, as: UTF8.self) else {
        // The first byte that is not part of a valid prefix: the longest valid prefix ends
        // where decoding with repair first produces U+FFFD that the bytes did not hold.
        var valid = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        loop: while true {
          switch decoder.decode(&iterator) {
          case .scalarValue(let scalar): valid += String(scalar).utf8.count
          case .emptyInput, .error: break loop
          }
        }
        return .failure(offset: escapeAt[valid])
      }
      arguments.append(argument)
    }
    // The canonical text must fit too; its escapes are checked by checkCanonical.
    var length = name.utf8.count
    for (argument, start) in zip(arguments, starts) {
      length += RouteToken(name: "a", arguments: [argument]).description.utf8.count - 1
      if length > 4096 { return .failure(offset: start) }
    }
    return .success(name, arguments)
  }
}
