// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation

// TEST-ONLY STAND-IN FOR SWIFTUI. NOT SWIFTUI, AND NOT FOR HOSTS.
//
// Linux has no SwiftUI, yet the README and the DocC articles show SwiftUI code. So that it
// cannot rot, the examples are type-checked (never run) against these declarations, which
// copy the signatures of the SwiftUI API the docs use, as Apple documents them, and nothing
// more: every body is empty or traps. A doc example that needs more SwiftUI adds the real
// signature here.
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
}

// MARK: Modifiers

extension View {
  public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> StandIn { StandIn() }

  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> StandIn { StandIn() }

  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> StandIn { StandIn() }

  public func environment<T: AnyObject & Observable>(_ object: T?) -> StandIn { StandIn() }

  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
    -> StandIn
  { StandIn() }

  public func overlay<V: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> V
  ) -> StandIn { StandIn() }

  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
  ) -> StandIn { StandIn() }

  public func task(_ action: @escaping @MainActor () async -> Void) -> StandIn { StandIn() }

  public func onOpenURL(perform action: @escaping (URL) -> Void) -> StandIn { StandIn() }
}

extension Scene {
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
  ) -> StandIn { StandIn() }
}

// MARK: State and the environment

/// SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
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
}

/// SwiftUI's `ScenePhase`.
public enum ScenePhase: Equatable, Sendable {
  case background, inactive, active
}
