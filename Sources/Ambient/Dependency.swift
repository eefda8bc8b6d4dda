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
/// The wrapper captures the current values when its owner is initialised, so a
/// model created inside `withDependencies { … } operation: { ItemListModel() }` keeps those
/// overrides for its whole life, even when its methods run later outside that scope. At each
/// read, overrides in scope at the read win over the captured ones. Dependencies read while a
/// default value is built (inside a `liveValue`) see the owner's captured values, so a live
/// client built from other dependencies uses the same ones as its owner.
///
/// Create child models inside ``withDependencies(from:_:operation:fileID:filePath:line:column:)``
/// so they inherit the parent's captured values.
///
/// - Important: A `@Dependency` declared as a global or static variable captures the values
///   of whichever scope first touches it; prefer declaring it on the type that uses it.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  /// How to read the dependency from a set of values: for a key path literal, a direct call
  /// of the property's getter.
  @usableFromInline let reader: DependencyReader<Value>
  /// The overrides in scope when the owner was created, pinned to their root (see
  /// `DependencyValues.pinnedToRoot`), and the declaration's site. Kept in the wrapper itself,
  /// so creating a model allocates nothing per property. The wrapper owns the overrides; a read
  /// borrows them (see ``wrappedValue``), so reads of one model from many threads touch no
  /// shared reference count, whatever was overridden.
  @usableFromInline let capturedOverrides: Overrides?
  @usableFromInline let site: SitePointer?

  /// Reads the dependency at a key path, as in `@Dependency(\.apiClient)` or, for one part of
  /// a dependency, `@Dependency(\.apiClient.currentUser)`.
  ///
  /// A key path literal converts to this reader, which the compiler turns into a direct call
  /// of the property's getter: the fastest read there is.
  ///
  /// - Parameters:
  ///   - read: The key path literal of the `DependencyValues` property to read.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  @inlinable
  public init(
    _ read: @escaping @Sendable (DependencyValues) -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(read: read, key: nil, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads the dependency at `keyPath` when the key path is a value rather than a literal.
  ///
  /// - Parameters:
  ///   - keyPath: The `DependencyValues` property to read.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  @_disfavoredOverload
  public init(
    _ keyPath: any KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init({ $0[keyPath: keyPath] }, fileID: fileID, filePath: filePath, line: line, column: column)
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
  @inlinable
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    self.init(read: { $0[Key.self] }, key: Key.self, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Reads through `read`; every public initialiser ends here, including those in
  /// `Dependency+Cast.swift`.
  @inlinable
  init(
    read: @escaping @Sendable (DependencyValues) -> Value,
    key: (any Any.Type)?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    reader = DependencyReader(read)
    let isInDerivedBuild: Bool
    (capturedOverrides, site, isInDerivedBuild) = DependencyValues.captureForDeclaration(
      fileID: fileID, filePath: filePath, line: line, column: column, key: key
    )
    // A derived default's build records what it reads as its inputs; a declaration made in the
    // build is read once here, so it counts even when only a closure of the built value reads it,
    // after the recording ended. Read through the wrapper, not by handing `read` to a function:
    // a closure that escapes into unspecialised code keeps its key path, which every read of
    // every wrapper would then project (the live read row: 139 -> 961 instructions).
    if isInDerivedBuild { _ = wrappedValue }
  }

  /// The dependency's value: the override in scope at this read, else the one captured when
  /// the owner was created, else the default for the current context.
  @inlinable
  public var wrappedValue: Value {
    // Only plain data leaves the wrapper, and nothing else is called here: read out of a
    // class's stored property, the wrapper is copied first, and a copy still in use while
    // anything runs would retain and release the overrides, which every model of a scope
    // shares, on every read from every thread. Used only for these plain copies, the copy is
    // dropped by the optimiser and the wrapper is read in place. (With any call between these
    // loads and the read, even one that cannot see the wrapper, the optimiser kept the copy
    // across it once the code was inlined into another module: so the whole read is one call.)
    // Sound because the wrapper, which owns the reader and the overrides these unretained copies
    // name, stays in place and alive until the read returns (`Dependency.read` argues it).
    Self.read(reader.unretained, captured: capturedOverrides.map { Unmanaged.passUnretained($0) }, site: site)
  }

  /// The values this wrapper captured, for `withDependencies(from:)`.
  var capturedValues: DependencyValues { DependencyValues(overrides: capturedOverrides) }
}
