#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CommandParser {
  /// Parses a deep link given as a `URL`, as the system hands it to an app
  /// (`onOpenURL`, `application(_:open:)`).
  ///
  ///     try CommandParser.parse(link: URL(string: "myapp://workspace/focus/2/push/detail:7")!)
  ///
  /// - Parameter link: The link.
  /// - Returns: The commands in order.
  /// - Throws: As ``parse(link:)-(String)``, given the link's absolute text.
  /// - Complexity: O(*n*), where *n* is the length of the link.
  public static func parse(link: URL) throws(CommandSyntaxError) -> [WorkspaceCommand] {
    try parse(link: link.absoluteString)
  }
}
