/// Reads a dependency from the values captured when its owner was created.
///
/// ```swift
/// @Observable final class ItemListModel {
///   @ObservationIgnored @Dependency(\.apiClient) var apiClient
///   @ObservationIgnored @Dependency(\.date.now) var now
///   @ObservationIgnored @Dependency(Database.self) var database  // a type that is its own key
/// }
/// ```
///
/// ## Lifetime
///
/// The wrapper captures ``DependencyValues/_current`` when its owner is initialised, so a
/// model created inside `withDependencies { … } operation: { ItemListModel() }` keeps those
/// overrides for its whole life, even when its methods run later outside that scope. At each
/// read, overrides in scope at the read win over the captured ones. Dependencies read while a
/// default value is built (inside a `liveValue`) see the owner's captured values, so a live
/// client built from other dependencies uses the same ones as its owner.
///
/// Create child models inside ``withDependencies(from:operation:fileID:filePath:line:column:)``
/// so they inherit the parent's captured values.
///
/// - Important: A `@Dependency` declared as a global or static variable captures the values
///   of whichever scope first touches it; prefer declaring it on the type that uses it.
@propertyWrapper
public struct Dependency<Value>: @unchecked Sendable {
  // Sendable by construction: the captured values and key path are Sendable, and `Value`
  // only ever comes from `DependencyValues`, whose values are all `Sendable`.
  private let captured: DependencyValues
  private let resolve: Resolve
  private let site: ReadSite

  private enum Resolve: @unchecked Sendable {
    case keyPath(KeyPath<DependencyValues, Value>)
    case key((DependencyValues) -> Value)
  }

  /// Reads the dependency at `keyPath`, as in `@Dependency(\.apiClient)` or, for one part of
  /// a dependency, `@Dependency(\.apiClient.currentUser)`.
  ///
  /// - Parameters:
  ///   - keyPath: The `DependencyValues` property to read.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public init(
    _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    captured = DependencyValues._current
    resolve = .keyPath(keyPath)
    site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column, name: .keyPath(keyPath))
  }

  /// Reads the dependency that `key` identifies, as in `@Dependency(Database.self)` for a
  /// type that is its own key.
  ///
  /// - Parameters:
  ///   - key: The dependency key to read.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    captured = DependencyValues._current
    resolve = .key { $0[Key.self] }
    site = ReadSite(fileID: fileID, filePath: filePath, line: line, column: column, name: .key(Key.self))
  }

  /// Reads through `read`, for initialisers declared in other files (`Dependency+Cast.swift`).
  init(site: ReadSite, read: @escaping (DependencyValues) -> Value) {
    captured = DependencyValues._current
    resolve = .key(read)
    self.site = site
  }

  /// The dependency's value: the override in scope at this read, else the one captured when
  /// the owner was created, else the default for the current context.
  public var wrappedValue: Value {
    let values = captured.merging(DependencyValues._current)
    return site.publish {
      switch resolve {
      case let .keyPath(keyPath): values[keyPath: keyPath]
      case let .key(read): read(values)
      }
    }
  }

  /// The values this wrapper captured, for `withDependencies(from:)`.
  var capturedValues: DependencyValues { captured }
}

/// Lets `withDependencies(from:)` find the values a model captured, whatever their `Value`.
protocol CapturedDependencies {
  var capturedValues: DependencyValues { get }
}

extension Dependency: CapturedDependencies {}
