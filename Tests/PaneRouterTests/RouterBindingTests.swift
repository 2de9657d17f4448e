import PaneRouter
import Testing
import WorkspaceTestSupport

/// The properties a SwiftUI view binds to write back: a swipe down dismisses the sheet.
@MainActor
@Suite struct RouterBindingTests {
  @Test(arguments: ModalStyle.allCases)
  func settingPresentedToFalseDismissesTheModalWithItsFlow(style: ModalStyle) {
    let router = Router(root: MailRoute.inbox)
    router.present(.compose, style: style)
    router.push(.detail(1))
    #expect(router.isSheetPresented == (style == .sheet))
    #expect(router.isCoverPresented == (style == .cover))
    #expect(router.modalRoot == .compose)
    if style == .sheet { router.isSheetPresented = false } else { router.isCoverPresented = false }
    #expect(router.modal == nil)
    #expect(router.modalRoot == nil)
    #expect(router.stack == [.inbox])
  }

  @Test func writesThatCannotApplyChangeNothing() {
    let router = Router(root: MailRoute.inbox)
    var transitions = 0
    router.onChange = { _ in transitions += 1 }
    router.isSheetPresented = true  // presenting needs a route
    router.present(.compose, style: .sheet)
    router.isCoverPresented = false  // the modal is a sheet, not a cover
    #expect(router.isSheetPresented)
    #expect(transitions == 1)
  }

  @Test func modalPathWritesTheModalsOwnStack() {
    let router = Router(root: MailRoute.inbox)
    router.present(.compose, style: .sheet)
    router.modalPath = [.detail(1), .detail(2)]
    #expect(router.modal?.stack == [.compose, .detail(1), .detail(2)])
    router.modalPath = []
    #expect(router.modal?.stack == [.compose])
  }
}
