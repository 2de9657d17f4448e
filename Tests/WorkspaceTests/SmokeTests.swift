import PaneRouter
import Testing

@testable import Workspace

@Suite struct SmokeTests {
  @Test func exampleIsValid() throws {
    var state = WorkspaceState.example
    #expect(state.invariantViolations() == [])
    #expect(state.numberedPanes.count == 2)
    try state.apply(.split(.vertical))
    #expect(state.invariantViolations() == [])
    #expect(state.numberedPanes.count == 3)
    try state.apply(.focus(.direction(.right)))
    #expect(state.invariantViolations() == [])
    try state.apply(.close())
    #expect(state.invariantViolations() == [])
    try state.apply(.undo())
    #expect(state.invariantViolations() == [])
    #expect(state.numberedPanes.count == 3)
    try state.apply(.redo())
    #expect(state.numberedPanes.count == 2)
    #expect(state.invariantViolations() == [])
    let before = state
    #expect(throws: WorkspaceError.self) {
      try state.apply([.split(.horizontal), .focus(.pane(.number(9)))])
    }
    #expect(state == before)
  }
}
