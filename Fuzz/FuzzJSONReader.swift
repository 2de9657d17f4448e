// libFuzzer target: the strict JSON reader and the deterministic writer.
//
// Checks, for arbitrary bytes:
// - the reader never crashes, hangs or reads out of bounds (ASan), and an error's location is
//   inside the document;
// - a document it accepts is valid UTF-8;
// - write → parse gives an equal value, and writing that value again gives the same bytes, in
//   both the pretty and the compact style;
// - the checking writer refuses exactly the documents the reader refuses under the same limits;
// - JSONDocument (the in-place reading the workspace decoder uses) accepts exactly what the
//   reader accepts, fails with the same error, and reads the same value through its
//   accessors and as a built value.
//
// Built by scripts/fuzz.sh; see Fuzz/README.md.
import WorkspaceJSON

/// Small limits keep every input fast and are reachable within scripts/fuzz.sh's -max_len of
/// 4096, so the limit paths are exercised too.
private let limits = JSONLimits(
  maxDepth: 64, maxDocumentBytes: 3_000, maxStringBytes: 1_000, maxNumberLength: 64)

/// Re-reading written output: the same depth, anything else as large as it may grow.
private let rereadLimits = JSONLimits(maxDepth: 64)

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzJSONReader: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: count == 0 ? nil : start, count: count)
  let value: JSONValue
  let read = Result { () throws(JSONDocument.ReadError<Never>) in
    try JSONDocument.read(bytes, limits: limits) { root in (rebuilt(root), root.jsonValue) }
  }
  do {
    value = try JSONReader.parse(bytes, limits: limits)
  } catch {
    require(error.offset >= 0 && error.offset <= count, "error offset \(error) out of range")
    require(error.line >= 1 && error.column >= 1, "error location \(error)")
    guard case .failure(.json(let documentError)) = read, documentError == error else {
      fatalError("FuzzJSONReader: the reader failed with \(error), the document with \(read)")
    }
    return 0
  }
  guard case .success(let (rebuilt, built)) = read else {
    fatalError("FuzzJSONReader: the reader accepted what the document refused: \(read)")
  }
  require(rebuilt == value, "the document's accessors read another value")
  require(built == value, "the document built another value")
  require(
    String(validating: bytes, as: UTF8.self) != nil, "accepted a document that is not UTF-8")

  let checked = try? JSONWriter.write(value, checking: limits)
  let isReadable = (try? JSONReader.parse(JSONWriter.write(value), limits: limits)) != nil
  require((checked != nil) == isReadable, "the checking writer and the reader disagree")

  for style in [JSONWriter.Style.pretty, .compact] {
    let written = JSONWriter.write(value, style: style)
    let reread: JSONValue
    do {
      reread = try JSONReader.parse(written, limits: rereadLimits)
    } catch {
      fatalError(
        "FuzzJSONReader: written \(style) output does not parse: \(error)\n"
          + String(decoding: written, as: UTF8.self))
    }
    require(reread == value, "\(style) round trip changed the value")
    let rewritten = JSONWriter.write(reread, style: style)
    require(rewritten == written, "\(style) writing is not stable")
    require(
      JSONWriter.string(value, style: style) == String(decoding: written, as: UTF8.self),
      "string(_:) differs from write(_:)")
  }
  return 0
}

/// The value read through the document's accessors, member by member.
private func rebuilt(_ value: JSONDocument.Value) -> JSONValue {
  if value.isNull { return .null }
  if let flag = value.boolValue { return .bool(flag) }
  if let digits = value.bigIntegerDigits { return .bigInteger(digits) }
  if let number = value.numberValue { return .number(number) }
  if let text = value.stringValue { return .string(text) }
  if let elements = value.arrayValue {
    require(elements.count == value.arrayCount, "the element count differs")
    return .array(elements.map(rebuilt))
  }
  guard let object = value.objectValue else { fatalError("FuzzJSONReader: a value of no kind") }
  for member in object.members {
    require(member.hasKey(member.keyString), "a key differs from itself")
  }
  let members = object.members.map { (key: $0.keyString, value: rebuilt($0.value)) }
  let built = JSONObject(members: members)
  require(object.duplicateKeys() == built.duplicateKeys(), "the duplicate keys differ")
  return .object(built)
}
