/// One window of a workspace template of several windows (``WorkspaceTemplate/windows``): its
/// title, the identifier a host maps to its scene, and its tree (tabs, splits, stacks and
/// floating panes).
///
///     let mail = try WorkspaceTemplate(name: "mail", title: "mail", windows: [
///       WindowTemplate(title: "Inbox", identifier: "inbox", root: .tabs([("Inbox", inbox)])),
///       WindowTemplate(title: "Compose", identifier: "compose", root: .pane("Draft", root: MailRoute.draft)),
///     ], activeWindow: 0)
public struct WindowTemplate: Equatable, Sendable {
  /// The window's title, which may hold placeholders (may be empty).
  public let title: String
  /// The window's identifier (valid by ``Window/isValidIdentifier(_:)``), or `nil` for one
  /// given when the window is built: `main` for the first window, else one made from its
  /// first pane's id, as `window new` makes one.
  public let identifier: String?
  /// The window's whole tree.
  public let root: NodeTemplate
  /// Members of a stored window this version does not understand, kept with it.
  package var unknownMembers = UnknownMembers()

  /// A window of a template.
  ///
  /// - Parameters:
  ///   - title: The window's title; placeholders allowed.
  ///   - identifier: Its identifier; `nil` for one given when it is built.
  ///   - root: Its tree, holding at least one pane.
  public init(title: String = "", identifier: String? = nil, root: NodeTemplate) {
    self.title = title
    self.identifier = identifier
    self.root = root
  }

  /// The window with its title and tree replaced.
  package func with(title: String, root: NodeTemplate) -> WindowTemplate {
    var window = WindowTemplate(title: title, identifier: identifier, root: root)
    window.unknownMembers = unknownMembers
    return window
  }

  /// Why a list of windows cannot make a template, or `nil`: none, over
  /// ``WorkspaceState/windowLimit``, an active index out of range, an invalid or duplicate
  /// identifier.
  static func problem(of windows: [WindowTemplate], active: Int) -> String? {
    guard !windows.isEmpty else { return "a template of windows holds at least one" }
    guard windows.count <= WorkspaceState.windowLimit else {
      return "\(windows.count) windows, over the limit of \(WorkspaceState.windowLimit)"
    }
    guard windows.indices.contains(active) else {
      return "active window \(active) is not from 0 to \(windows.count - 1)"
    }
    var seen: Set<String> = []
    for (index, window) in windows.enumerated() {
      guard let identifier = window.identifier else { continue }
      guard Window.isValidIdentifier(identifier) else {
        return "window \(index) has an invalid identifier '\(identifier)'"
      }
      guard seen.insert(identifier).inserted else {
        return "window \(index) repeats the identifier '\(identifier)'"
      }
    }
    return nil
  }
}
