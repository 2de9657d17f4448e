import PaneRouter
import Testing
import Workspace

@testable import WorkspaceJSON

@Suite struct WorkspaceFileRoundTripTests {
  @Test func exampleRoundTripsByteForByte() throws {
    var state = WorkspaceState.example
    try state.apply(.split(.vertical, root: "search:swift%20testing"))
    try state.apply(.route(.present("compose", style: .sheet)))
    try state.apply(.route(.push(["attach:1"])))
    let bytes = WorkspaceFile.encode(state)
    let loaded = try WorkspaceFile.decode(bytes)
    #expect(loaded.diagnostics == [])
    #expect(loaded.state == state)
    #expect(WorkspaceFile.encode(loaded.state) == bytes)
  }
}
