/// A workspace's templates by name, sorted by name, each name once.
///
/// A ``WorkspaceState`` keeps one (``WorkspaceState/templates``), saved in its file; a
/// templates file holds another (`TemplatesFile` in `WorkspaceJSON`).
public struct TemplateLibrary: Hashable, Sendable {
  /// The templates, sorted by name.
  public private(set) var templates: [WorkspaceTemplate]

  /// An empty library.
  public init() {
    templates = []
  }

  /// A library of templates with distinct names.
  ///
  /// - Parameter templates: The templates, in any order.
  /// - Throws: ``WorkspaceError/templateExists(_:)`` for a name given twice.
  /// - Complexity: O(*n* log *n*), for *n* templates.
  public init(_ templates: [WorkspaceTemplate]) throws(WorkspaceError) {
    self.templates = templates.sorted { $0.name < $1.name }
    for (earlier, later) in zip(self.templates, self.templates.dropFirst())
    where earlier.name == later.name {
      throw .templateExists(later.name)
    }
  }

  /// Whether the library holds no template.
  public var isEmpty: Bool { templates.isEmpty }

  /// The templates' names, sorted.
  public var names: [String] { templates.map(\.name) }

  /// The template with a name, or `nil`.
  ///
  /// - Complexity: O(log *n*), for *n* templates.
  public subscript(name: String) -> WorkspaceTemplate? {
    let index = insertionIndex(of: name)
    return index < templates.count && templates[index].name == name ? templates[index] : nil
  }

  /// The template with a name.
  ///
  /// - Throws: ``WorkspaceError/noSuchTemplate(_:existing:)`` naming the templates there are.
  public func template(named name: String) throws(WorkspaceError) -> WorkspaceTemplate {
    guard let template = self[name] else { throw .noSuchTemplate(name, existing: names) }
    return template
  }

  /// Adds a template, or replaces the one of the same name when `replacing` is `true`.
  ///
  /// - Throws: ``WorkspaceError/templateExists(_:)`` if the name is taken and `replacing` is
  ///   `false`.
  /// - Complexity: O(*n*), for *n* templates.
  public mutating func insert(
    _ template: WorkspaceTemplate, replacing: Bool = false
  ) throws(WorkspaceError) {
    let index = insertionIndex(of: template.name)
    if index < templates.count, templates[index].name == template.name {
      guard replacing else { throw .templateExists(template.name) }
      templates[index] = template
    } else {
      templates.insert(template, at: index)
    }
  }

  /// Removes the template with a name.
  ///
  /// - Returns: The removed template.
  /// - Throws: ``WorkspaceError/noSuchTemplate(_:existing:)``.
  /// - Complexity: O(*n*), for *n* templates.
  @discardableResult
  public mutating func remove(named name: String) throws(WorkspaceError) -> WorkspaceTemplate {
    let index = insertionIndex(of: name)
    guard index < templates.count, templates[index].name == name else {
      throw .noSuchTemplate(name, existing: names)
    }
    return templates.remove(at: index)
  }

  /// The index of the first template whose name is not below `name`.
  private func insertionIndex(of name: String) -> Int {
    var low = 0
    var high = templates.count
    while low < high {
      let middle = (low + high) / 2
      if templates[middle].name < name { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
