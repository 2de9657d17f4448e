// libFuzzer target: loading workspace files (parse → migrate → validate and repair), saving
// them, and applying commands to what was loaded.
//
// Checks, for arbitrary bytes:
// - `WorkspaceFile.decode` never crashes or hangs: it throws or returns a state;
// - restore's two paths agree: where the one-pass decoder returns a state, the reference
//   decoder returns an equal one (same revision, same bytes when saved) with no diagnostics
//   and no migration; and a load gives exactly what the reference alone gives (the same
//   state and diagnostics, or the same error);
// - a returned state satisfies every invariant (`invariantViolations()` is empty);
// - encode → decode gives an equal state with no diagnostics and no migration, and encoding
//   that state again gives the same bytes; the root node as a value (`nodeValue`, for tools)
//   equals the root member of the bytes;
// - a few commands derived from the input (by a hash, so they are reproducible) each either
//   apply — leaving a valid state that still round-trips — or throw and change nothing.
//
// Built by scripts/fuzz.sh; see Fuzz/README.md.
import PaneRouter
import Workspace
import WorkspaceJSON

/// Small limits keep every input fast; the limits themselves are exercised too.
private let limits = WorkspaceFileLimits(
  maximumFileBytes: 1 << 16, maximumTreeDepth: 24, maximumNodes: 2_000,
  maximumStringBytes: 1 << 12, maximumStackDepth: 200)

private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fatalError("FuzzWorkspaceLoader: \(message())") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: count == 0 ? nil : start, count: count))
  guard let loaded = checkBothPaths(bytes) else { return 0 }
  var state = loaded.state
  checkSaved(state, "after loading")

  var random = SplitMix(seed: fnv1a(bytes))
  for _ in 0..<(1 + random.next() % 6) {
    let command = randomCommand(&random, in: state)
    let before = state
    do {
      try state.apply(command)
    } catch {
      require(state == before, "failed command \(command) (\(error)) changed the state")
      continue
    }
    checkSaved(state, "after \(command)")
  }
  return 0
}

/// Loads `bytes` by both of restore's paths and checks they agree; returns what a load gives.
private func checkBothPaths(_ bytes: [UInt8]) -> LoadedWorkspace? {
  let fast = WorkspaceFile.decodeInOnePass(bytes, path: "fuzz.json", limits: limits)
  let reference = Result { () throws(WorkspaceFileError) in
    try WorkspaceFile.decodeByReference(bytes, path: "fuzz.json", limits: limits)
  }
  let loaded = Result { () throws(WorkspaceFileError) in
    try WorkspaceFile.decode(bytes, path: "fuzz.json", limits: limits)
  }
  switch (reference, loaded) {
  case (.success(let reference), .success(let loaded)):
    require(
      loaded.state == reference.state && loaded.state.revision == reference.state.revision
        && loaded.diagnostics == reference.diagnostics
        && loaded.migratedFromVersion == reference.migratedFromVersion,
      "a load differs from the reference path")
    if let fast {
      require(
        reference.diagnostics.isEmpty && reference.migratedFromVersion == nil,
        "read in one pass, but the reference reports \(reference.diagnostics)")
      require(
        fast == reference.state && fast.revision == reference.state.revision
          && WorkspaceFile.encode(fast) == WorkspaceFile.encode(reference.state),
        "the one-pass state differs from the reference's")
    }
    return loaded
  case (.failure(let reference), .failure(let loaded)):
    require("\(loaded)" == "\(reference)", "a load fails unlike the reference: \(loaded)")
    require(fast == nil, "read in one pass, but the reference refuses: \(reference)")
    return nil
  default:
    fatalError("FuzzWorkspaceLoader: the reference gives \(reference), a load \(loaded)")
  }
}

/// The state is valid and survives a save and a load unchanged.
private func checkSaved(_ state: WorkspaceState, _ when: String) {
  let problems = state.invariantViolations()
  require(problems.isEmpty, "\(when): \(problems.joined(separator: "; "))")
  // Ids are exact JSON numbers only up to 2^53. The loader accepts ids up to 2^53 - 1, so a
  // command after loading such a file may allocate ids that no file can hold: a known limit.
  guard state.nextID <= 1 << 53 else { return }
  let encoded = WorkspaceFile.encode(state)
  let reloaded: LoadedWorkspace
  do {
    reloaded = try WorkspaceFile.decode(encoded, path: "saved.json")
  } catch {
    fatalError(
      "FuzzWorkspaceLoader: \(when): a saved state does not load: \(error)\n"
        + String(decoding: encoded, as: UTF8.self))
  }
  require(
    reloaded.diagnostics.isEmpty,
    "\(when): loading a saved state repaired: \(reloaded.diagnostics)\n"
      + String(decoding: encoded, as: UTF8.self))
  require(reloaded.migratedFromVersion == nil, "\(when): a saved state was migrated")
  require(
    reloaded.state == state,
    "\(when): a saved state loads differently\n" + String(decoding: encoded, as: UTF8.self))
  require(WorkspaceFile.encode(reloaded.state) == encoded, "\(when): saving is not stable")
  // The encoder's value form (for tools) is what its bytes say.
  require(
    (try? JSONReader.parse(encoded))?["root"] == WorkspaceFile.nodeValue(state.rootID, in: state),
    "\(when): the root as a value differs from the root as written")
}

// MARK: Commands from a seed

private func fnv1a(_ bytes: [UInt8]) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
  }
  return hash
}

private struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9e37_79b9_7f4a_7c15
    var z = state
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}

private let tokens: [RouteToken] = [
  RouteToken("inbox"), RouteToken("detail", 1), RouteToken("detail", 7), RouteToken("settings"),
  RouteToken(name: "search", arguments: ["swift testing", "é"]),
]

/// A command in the grammar's domain, plus a few values outside it (count or number 0, ids
/// that do not exist) that must be rejected cleanly.
private func randomCommand(_ random: inout SplitMix, in state: WorkspaceState) -> WorkspaceCommand {
  let number = random.below(6)  // 0 is out of range
  let id = NodeID(random.below(state.nextID + 1))  // 0 and nextID do not exist
  let direction = random.pick(Direction.allCases)
  let axis = random.pick(Axis.allCases)
  let token = random.pick(tokens)
  let pane: PaneReference = random.below(2) == 0 ? .number(number) : .id(id)
  let ratio = random.pick([0.5, 0.25, 0.9, 1e-9, 0.999_999])
  let operations: [RouteOperation<RouteToken>] = [
    .push([token]), .push([token, random.pick(tokens)]), .pop(count: max(1, number)),
    .popTo(token), .popToLast(token), .popToRoot, .replace([token]), .replaceCurrent(token),
    .present(token, style: random.pick([.sheet, .cover])), .dismiss, .dismissModals,
    .setPath([token]), .setPath([]), .setModalPath([token]), .setModalPath([]),
    .finish(token),
  ]
  switch random.below(24) {
  case 0: return .focus(.pane(pane))
  case 1: return .focus(.direction(direction))
  case 2: return .focus(random.pick([.next, .previous, .last]))
  case 3, 4:
    return .split(axis, ratio: random.pick([nil, ratio]), root: random.pick([nil, token]))
  case 5: return .close(random.pick([nil, pane]))
  case 6:
    return .newTab(title: random.pick([nil, "", "T", "tab"]), root: random.pick([nil, token]))
  case 7: return .selectTab(random.pick([.number(number), .next, .previous, .last]))
  case 8: return .closeTab(random.pick([nil, number]))
  case 9: return .moveTab(to: number)
  case 10: return .renameTab(random.pick(["", "Mail", "=x", "a b"]))
  case 11: return .swap(random.below(2) == 0 ? .direction(direction) : .pane(pane))
  case 12: return .move(direction)
  case 13: return .resize(direction, amount: ratio)
  case 14: return .equalize
  case 15: return .zoom
  case 16: return .rename(random.pick(["", "Notes", "=y"]))
  case 17, 18: return .route(random.pick(operations), at: nil)
  case 19: return .route(random.pick(operations), at: id)
  case 20, 21: return .undo(count: random.pick([1, 1, 2, 5, number]))
  default: return .redo(count: random.pick([1, 1, 2, number]))
  }
}
