/// A dependency built on the main actor: a `@MainActor` class, such as a UI-bound service, that
/// a dependency key can hand out from any thread and that is built the first time main-actor
/// code asks for it.
///
/// A key's `liveValue` is built on whichever thread reads the dependency first, so a
/// `@MainActor` class cannot be one without `MainActor.assumeIsolated`, which crashes when that
/// thread is not the main one. Declare the key's values as `MainActorValue`s instead: reading the
/// dependency anywhere only hands out this box, and ``value`` builds the object on the main actor,
/// once per box:
///
/// ```swift
/// @MainActor final class Haptics {
///   private let play: () -> Void
///   init(play: @escaping () -> Void) { self.play = play }
///   func tap() { play() }
/// }
///
/// enum HapticsKey: DependencyKey {
///   static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics(play: { /* UIKit */ }) } }
///   static var previewValue: MainActorValue<Haptics> { MainActorValue { Haptics(play: {}) } }
///   static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics(play: {}) } }
/// }
///
/// nonisolated extension DependencyValues {
///   var haptics: MainActorValue<Haptics> {
///     get { self[HapticsKey.self] }
///     set { self[HapticsKey.self] = newValue }
///   }
/// }
///
/// @MainActor final class CheckoutModel {
///   @Dependency(\.haptics) var haptics
///   func pay() { haptics.value.tap() }  // built here, on the main actor, the first time
/// }
/// ```
///
/// The box is the dependency's default value, so, like any default value, it is built once per
/// key, per context and per test, and each test gets a new one (declare the key's values with
/// `static var`, not `static let`, so that each box is new). Reading ``value`` off the main actor
/// does not compile, which is what keeps the object on it: code off the main actor can hold the box
/// and `await` main-actor work that reads it.
///
/// Override it for a test or a preview with a box of your own, built from main-actor code around
/// an object you already have, or from a closure that builds one:
///
/// ```swift
/// @MainActor @Test func payingTaps() {
///   let haptics = Haptics(play: {})
///   withDependencies {
///     $0.haptics = MainActorValue(haptics)
///   } operation: {
///     CheckoutModel().pay()
///   }
/// }
/// ```
///
/// `MainActorValue` is `Sendable`: the object lives behind the main actor, and the box only hands
/// it out there.
public final class MainActorValue<Value: Sendable>: Sendable {
  private let build: @MainActor @Sendable () -> Value
  @MainActor private var built: Value?

  /// A box that builds its object with `build`, on the main actor, the first time ``value`` is
  /// read; `build` runs at most once.
  ///
  /// Nothing is built when the box is: a key's `liveValue` may create the box on any thread.
  ///
  /// - Parameter build: Builds the object; it runs on the main actor.
  public init(_ build: @escaping @MainActor @Sendable () -> Value) {
    self.build = build
  }

  /// A box around an object that main-actor code has already built, for overriding the
  /// dependency in a test or a preview.
  ///
  /// - Parameter value: The object ``value`` returns.
  @MainActor
  public init(_ value: Value) {
    self.build = { value }
    self.built = value
  }

  /// The object, built on the main actor the first time it is read and the same object after
  /// that.
  ///
  /// If building it reads `value` of the same box again, the inner read builds its own object,
  /// which the outer one then replaces: don't read a dependency from inside its own build.
  @MainActor
  public var value: Value {
    if let built { return built }
    let value = build()
    built = value
    return value
  }

  /// Whether ``value`` has built its object yet; `false` until main-actor code first reads it.
  @MainActor
  public var isBuilt: Bool { built != nil }
}
