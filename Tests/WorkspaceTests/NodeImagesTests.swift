import PaneRouter
import Testing

@testable import Workspace

/// A journal's before-images, kept in one array in the order of their ids: set, found,
/// replaced and removed wherever an id falls among the others, and compared as a table is.
@Suite struct NodeImagesTests {
  /// Pane `id` as an image.
  private static func image(_ id: Int, title: String = "") -> Node {
    .pane(NodeID(id), title: title, router: RouterState(root: RouteToken(name: "inbox")))
  }

  /// The ids set in every order a few ids can come in end ascending, each with its image,
  /// and each found, whatever its place (first, last, between) and whether it was appended
  /// or inserted.
  @Test(arguments: [[1, 2, 3, 4], [4, 3, 2, 1], [2, 4, 1, 3], [3, 1, 4, 2]])
  func idsSetInAnyOrderAreKeptAscending(order: [Int]) {
    var images = NodeImages()
    for id in order { images[NodeID(id)] = .some(id == 3 ? nil : Self.image(id)) }
    #expect(images.keys == [1, 2, 3, 4].map(NodeID.init(_:)))
    #expect(images.map(\.key) == images.keys)
    #expect(images.count == 4)
    for id in [1, 2, 4] {
      #expect(images.contains(NodeID(id)))
      #expect(images[NodeID(id)] == .some(Self.image(id)))
    }
    // A node the change created: an image that is `nil`, not a missing one.
    #expect(images.contains(NodeID(3)))
    #expect(images[NodeID(3)] == .some(nil))
    for missing in [0, 5, 9] {
      #expect(!images.contains(NodeID(missing)))
      #expect(images[NodeID(missing)] == nil)
    }
  }

  /// An id below, between and above the others is missing, and setting `nil` for it changes
  /// nothing; setting `nil` for one held removes it wherever it is; a second image of an
  /// id replaces the first.
  @Test func imagesAreReplacedAndRemovedInPlace() {
    var images: NodeImages = [NodeID(2): Self.image(2), NodeID(4): nil, NodeID(6): Self.image(6)]
    let before = images
    for missing in [1, 3, 7] { images[NodeID(missing)] = nil }
    #expect(images == before)
    images[NodeID(4)] = .some(Self.image(4, title: "again"))
    #expect(images[NodeID(4)] == .some(Self.image(4, title: "again")))
    images[NodeID(6)] = .some(nil)
    #expect(images[NodeID(6)] == .some(nil))
    images[NodeID(4)] = nil
    #expect(images.keys == [NodeID(2), NodeID(6)])
    images[NodeID(2)] = nil
    images[NodeID(6)] = nil
    #expect(images.isEmpty)
    #expect(images == NodeImages())
    // Empty: nothing is found, and setting `nil` changes nothing.
    #expect(!images.contains(NodeID(2)))
    #expect(images[NodeID(2)] == nil)
    images[NodeID(2)] = nil
    #expect(images.isEmpty)
  }

  /// Two sets of images are equal when they hold the same ids with the same images, however
  /// they were set; a literal that names an id twice keeps the last image, as a stored
  /// entry's does.
  @Test func equalityIsOfIdsAndImagesNotOfTheirOrder() {
    var forward = NodeImages()
    var backward = NodeImages()
    for id in 1...5 { forward[NodeID(id)] = .some(Self.image(id)) }
    for id in (1...5).reversed() { backward[NodeID(id)] = .some(Self.image(id)) }
    #expect(forward == backward)
    backward[NodeID(3)] = .some(nil)
    #expect(forward != backward)
    backward[NodeID(3)] = nil
    #expect(forward != backward)
    let repeated: NodeImages = [NodeID(1): nil, NodeID(1): Self.image(1)]
    #expect(repeated == [NodeID(1): Self.image(1)])
  }

  /// Removing by a condition keeps the others in order.
  @Test func removingByAConditionKeepsTheRestInOrder() {
    var images = NodeImages()
    for id in 1...6 { images[NodeID(id)] = .some(id.isMultiple(of: 2) ? Self.image(id) : nil) }
    images.removeAll { $0.value == nil }
    #expect(images.keys == [2, 4, 6].map(NodeID.init(_:)))
    #expect(images[NodeID(4)] == .some(Self.image(4)))
  }
}
