import Testing
import Workspace

/// ``Size/drawableLengths``: the one bound on every drawing's size.
@Suite struct DrawableSizeTests {
  @Test(arguments: [
    (Size(width: 80, height: 24), true, Size(width: 80, height: 24)),
    (Size(width: 1000, height: 1000), true, Size(width: 1000, height: 1000)),
    (Size(width: 1001, height: 5), false, Size(width: 1000, height: 5)),
    (Size(width: 100_000, height: 100_000), false, Size(width: 1000, height: 1000)),
    (Size(width: 0, height: -3), false, Size(width: 1, height: 1)),
  ])
  func sizesAreCheckedAndClamped(size: Size, isDrawable: Bool, clamped: Size) {
    #expect(size.isDrawable == isDrawable)
    #expect(size.clampedToDrawable == clamped)
  }
}
