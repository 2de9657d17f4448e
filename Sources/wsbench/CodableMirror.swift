/// The workspace file format as plain `Codable` types, so the toolchain's `JSONDecoder` and
/// `JSONEncoder` can read and write the same bytes for comparison.
struct FileMirror: Codable {
  var format: String
  var version: Int
  var nextId: Int
  var focus: Int
  var mru: [Int]
  var root: NodeMirror
  var history: HistoryMirror?
}

struct NodeMirror: Codable {
  var id: Int
  var kind: String
  var title: String?
  var axis: String?
  var active: Int?
  var weights: [Double]?
  var titles: [String]?
  var router: RouterMirror?
  var children: [NodeMirror]?
}

struct RouterMirror: Codable {
  var kind: String
  var stack: [String]
  var maxDepth: Int?
}

struct HistoryMirror: Codable {
  var limit: Int
  var undo: [EntryMirror]
  var redo: [EntryMirror]
}

struct EntryMirror: Codable {
  var label: String
}
