// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

// TEST-ONLY STAND-IN FOR SWIFTUI. NOT SWIFTUI, AND NOT FOR HOSTS.
//
// Linux has no SwiftUI, yet the README and the DocC articles show SwiftUI code. So that it
// cannot rot, the examples are type-checked (never run) against these declarations, which
// copy the signatures of the SwiftUI API the docs use, as Apple documents them, and nothing
// more: every body is empty or traps. A doc example that needs more SwiftUI adds the real
// signature here, with its real availability and the real isolation of its closures
// (`@Sendable`, `@isolated(any)`, `@MainActor`), so that an example that captures what the
// SDK would refuse fails here too.
//
// Linux enforces no Apple availability, so DocExamplesTests reads the `@available(PLATFORM,
// unavailable)` lines of this file and checks that every use of such an API in the docs is
// in a branch that excludes the platform (`#if os(macOS) … #else .fullScreenCover … #endif`).
// The floors (`@available(iOS 17.0, macOS 14.0, …)`) are at or below the package's platforms
// (docs/ARCHITECTURE.md, "Apple platforms").
import Foundation
import Observation

// MARK: Views and scenes

/// SwiftUI's `View`.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

/// SwiftUI's `Scene`.
@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder var body: Body { get }
}

/// SwiftUI's `App`.
@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  @SceneBuilder var body: Body { get }
  init()
}

extension Never: View, Scene {
  public var body: Never { return fatalError("stand-in") }
}

/// A view or scene of the stand-in: what every container and modifier returns.
public struct StandIn: View, Scene {
  public var body: Never { return fatalError("stand-in") }
  nonisolated init() {}
}

/// SwiftUI's `ViewBuilder`, every result erased to the stand-in.
@resultBuilder
public enum ViewBuilder {
  public static func buildExpression<V: View>(_ view: V) -> StandIn { StandIn() }
  public static func buildBlock(_ views: StandIn...) -> StandIn { StandIn() }
  public static func buildOptional(_ view: StandIn?) -> StandIn { StandIn() }
  public static func buildEither(first view: StandIn) -> StandIn { StandIn() }
  public static func buildEither(second view: StandIn) -> StandIn { StandIn() }
}

/// SwiftUI's `SceneBuilder`.
@resultBuilder
public enum SceneBuilder {
  public static func buildExpression<S: Scene>(_ scene: S) -> StandIn { StandIn() }
  public static func buildBlock(_ scenes: StandIn...) -> StandIn { StandIn() }
}

/// SwiftUI's `WindowGroup`.
public struct WindowGroup<Content: View>: Scene {
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { return fatalError("stand-in") }
}

extension WindowGroup {
  /// SwiftUI's `WindowGroup(for:content:)`: a window per presented value, which the scene
  /// keeps in its storage and restores.
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
  nonisolated public init<D: Decodable & Encodable & Hashable, C: View>(
    for type: D.Type, @ViewBuilder content: @escaping (Binding<D?>) -> C
  ) where Content == PresentedWindowContent<D, C> {}
}

/// SwiftUI's `PresentedWindowContent`.
public struct PresentedWindowContent<Data, Content: View>: View {
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `OpenWindowAction`.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
@MainActor @preconcurrency
public struct OpenWindowAction {
  public func callAsFunction<D: Decodable & Encodable & Hashable>(value: D) {}
}

/// SwiftUI's `Text`.
public struct Text: View {
  public init(_ content: String) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `Button`.
public struct Button: View {
  public init(_ title: String, action: @escaping @MainActor () -> Void) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `HStack`.
public struct HStack<Content: View>: View {
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `VStack`.
public struct VStack<Content: View>: View {
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View {
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `TabView`.
public struct TabView<Content: View>: View {
  public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `NavigationStack`, with a path of one `Hashable` type.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
public struct NavigationStack<Data, Root: View>: View {
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection,
    Data.Element: Hashable
  {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `GeometryReader`.
public struct GeometryReader<Content: View>: View {
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
  public var body: Never { return fatalError("stand-in") }
}

/// SwiftUI's `GeometryProxy`.
public struct GeometryProxy {
  public var size: CGSize { fatalError("stand-in") }
}

/// SwiftUI's `Alignment`.
public struct Alignment: Sendable {
  public static let top = Alignment()
  public static let bottom = Alignment()
  public static let center = Alignment()
  public static let topLeading = Alignment()
}

// MARK: Modifiers

extension View {
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
  public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> StandIn { StandIn() }

  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> StandIn { StandIn() }

  /// Unavailable on macOS: a Mac app shows a cover as a sheet.
  @available(iOS 14.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
  @available(macOS, unavailable)
  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> StandIn { StandIn() }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  public func environment<T: AnyObject & Observable>(_ object: T?) -> StandIn { StandIn() }

  public func frame(width: CGFloat? = nil, height: CGFloat? = nil) -> StandIn { StandIn() }

  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> StandIn { StandIn() }

  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
    -> StandIn
  { StandIn() }

  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
  public func overlay<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> StandIn { StandIn() }

  /// The action is not `@Sendable`: it runs where the view's body runs, on the main actor.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
  ) -> StandIn { StandIn() }

  /// As the Xcode 16 SDK declares it: a `@Sendable` action that inherits the view's actor
  /// (the Xcode 26 SDK's `sending @isolated(any)` accepts everything this one does).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
  nonisolated public func task(
    priority: TaskPriority = .userInitiated,
    @_inheritActorContext _ action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> StandIn { StandIn() }

  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, visionOS 1.0, *)
  public func onOpenURL(perform action: @escaping (URL) -> Void) -> StandIn { StandIn() }
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> StandIn { StandIn() }
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> StandIn { StandIn() }
}

extension Scene {
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  nonisolated public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
  ) -> StandIn { StandIn() }
}

// MARK: State and the environment

/// SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}
  public var wrappedValue: Value {
    get { fatalError("stand-in") }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { self }
  public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> Binding<T> {
    fatalError("stand-in")
  }
}

/// SwiftUI's `State`.
@propertyWrapper
public struct State<Value> {
  public init(wrappedValue: Value) {}
  public var wrappedValue: Value {
    get { fatalError("stand-in") }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { fatalError("stand-in") }
}

/// SwiftUI's `Bindable`, for `@Observable` objects.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
  public init(wrappedValue: Value) {}
  public init(_ wrappedValue: Value) {}
  public var wrappedValue: Value { fatalError("stand-in") }
  public var projectedValue: Bindable<Value> { self }
  public subscript<T>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, T>) -> Binding<T> {
    fatalError("stand-in")
  }
}

/// SwiftUI's `Environment`: a value of `EnvironmentValues` or an `@Observable` object.
@propertyWrapper
public struct Environment<Value> {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  public init(_ objectType: Value.Type) where Value: AnyObject & Observable {}
  public var wrappedValue: Value { fatalError("stand-in") }
}

/// SwiftUI's `EnvironmentKey`.
public protocol EnvironmentKey {
  associatedtype Value
  static var defaultValue: Value { get }
}

/// SwiftUI's `EnvironmentValues`.
public struct EnvironmentValues {
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
    get { fatalError("stand-in") }
    set {}
  }
  public var scenePhase: ScenePhase { fatalError("stand-in") }
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
  public var openWindow: OpenWindowAction { fatalError("stand-in") }
}

/// SwiftUI's `ScenePhase`.
public enum ScenePhase: Equatable, Sendable {
  case background, inactive, active
}

// MARK: Foundation on Apple platforms only

extension URL {
  /// Foundation's `URL.applicationSupportDirectory`, which swift-corelibs-foundation lacks:
  /// the app's Application Support directory (in its container when sandboxed, and on iOS).
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
  public static var applicationSupportDirectory: URL { fatalError("stand-in") }
}

extension ProcessInfo {
  /// Foundation's `performExpiringActivity(withReason:using:)`, which swift-corelibs-foundation
  /// lacks: `block` runs on a background queue, and the app is not suspended until it returns
  /// (it runs again with `true` when the system will suspend the app anyway). Not on macOS,
  /// where an app in the background is not suspended.
  @available(iOS 8.2, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
  @available(macOS, unavailable)
  public func performExpiringActivity(
    withReason reason: String, using block: @escaping @Sendable (Bool) -> Void
  ) {}
}
