import PaneRouter
import Testing
import WorkspaceTestSupport

@Suite struct RouteOperationTests {
  static let described: [(RouteOperation<MailRoute>, String)] = [
    (.push([.detail(7)]), "push detail:7"),
    (.push([.detail(7), .compose]), "push detail:7 compose"),
    (.push([.search("swift testing")]), "push search:swift%20testing"),
    (.push([.inbox, .detail(7), .search("a b")]), "push inbox detail:7 search:a%20b"),
    (.push([]), "push"),
    (.pop(count: 1), "pop"),
    (.pop(count: 2), "pop 2"),
    (.pop(count: 0), "pop 0"),
    (.pop(count: -1), "pop -1"),
    (.popTo(.inbox), "pop-to inbox"),
    (.popToLast(.detail(7)), "pop-to-last detail:7"),
    (.popToRoot, "root"),
    (.replace([.inbox, .detail(7)]), "replace inbox detail:7"),
    (.replace([]), "replace"),
    (.replaceCurrent(.move(7, "a/b")), "replace-top move:7:a/b"),
    (.present(.compose, style: .sheet), "present sheet compose"),
    (.present(.settings, style: .cover), "present cover settings"),
    (.dismiss, "dismiss"),
    (.dismissModals, "dismiss-all"),
    (.finish(.detail(7)), "finish detail:7"),
    (.setPath([.detail(1), .detail(2)]), "set-path detail:1 detail:2"),
    (.setPath([]), "set-path"),
    (.setModalPath([.attachments]), "set-modal-path attachments"),
  ]

  @Test(arguments: described)
  func descriptionUsesTheCommandWords(operation: RouteOperation<MailRoute>, text: String) {
    #expect(operation.description == text)
  }

  @Test(arguments: described)
  func mapToTokensAndBack(operation: RouteOperation<MailRoute>, text: String) throws {
    let tokens = operation.map(\.token)
    #expect(tokens.description == text)
    #expect(try tokens.map(MailRoute.init(token:)) == operation)
  }

  @Test func mapConvertsEveryRoute() {
    let operation = RouteOperation<MailRoute>.present(.detail(7), style: .cover)
    #expect(operation.map(\.token) == .present("detail:7", style: .cover))
    #expect(RouteOperation<MailRoute>.pop(count: 3).map(\.token) == .pop(count: 3))
  }

  @Test func mapRethrows() {
    let operation = RouteOperation<RouteToken>.push(["inbox", "detail:x"])
    #expect(
      throws: PaneRouterError.invalidArguments("detail:x", kind: "mail", expected: "one Int")
    ) {
      try operation.map(MailRoute.init(token:))
    }
  }

  @Test func modalStyles() {
    #expect(ModalStyle.allCases == [.sheet, .cover])
    #expect(ModalStyle.sheet.description == "sheet")
    #expect(ModalStyle.cover.description == "cover")
    #expect(ModalStyle(rawValue: "cover") == .cover)
    #expect(ModalStyle(rawValue: "popover") == nil)
  }
}
