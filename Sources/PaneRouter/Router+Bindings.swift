/// Writable properties shaped for SwiftUI's `@Bindable`, so that what a view dismisses (a
/// swipe down on a sheet, a back swipe) writes back to the router, and through it to the
/// workspace that owns it.
///
///     @Bindable var router = router
///     NavigationStack(path: $router.path) { … }
///       .sheet(isPresented: $router.isSheetPresented) {
///         NavigationStack(path: $router.modalPath) { … }
///       }
///       #if os(macOS)
///         .sheet(isPresented: $router.isCoverPresented) { … }  // no full-screen cover on macOS
///       #else
///         .fullScreenCover(isPresented: $router.isCoverPresented) { … }
///       #endif
///
/// The package does not import SwiftUI: these are plain properties, which `$router.…`
/// turns into bindings.
extension Router {
  /// Whether a sheet is presented; setting it to `false` dismisses the sheet with its whole
  /// flow (as a swipe down does).
  ///
  /// Setting it to `true` cannot present anything, since presenting needs a route: use
  /// ``present(_:style:)``. That write, and `false` while no sheet is up, change nothing.
  public var isSheetPresented: Bool {
    get { modal?.style == .sheet }
    set { setPresented(newValue, style: .sheet) }
  }

  /// Whether a full-screen cover is presented; setting it to `false` dismisses the cover with
  /// its whole flow. As ``isSheetPresented``, setting it to `true` changes nothing.
  public var isCoverPresented: Bool {
    get { modal?.style == .cover }
    set { setPresented(newValue, style: .cover) }
  }

  /// The presented modal's root, for a view that picks its content by route (a sheet's
  /// `content` closure); `nil` when no modal is presented.
  public var modalRoot: R? { modal?.root }

  private func setPresented(_ isPresented: Bool, style: ModalStyle) {
    guard !isPresented, modal?.style == style else { return }
    perform(.dismissModals)
  }
}
