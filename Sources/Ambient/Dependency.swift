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
    (capturedOverrides, site) = DependencyValues.captureForDeclaration(
      fileID: fileID, filePath: filePath, line: line, column: column, key: key
    )
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
    Self.read(reader.unretained, captured: capturedOverrides.map { Unmanaged.passUnretained($0) }, site: site)
  }

  /// The read behind ``wrappedValue``, given the wrapper's reader, overrides and site as plain
  /// data.
  ///
  /// Why the borrowed overrides stay valid for the whole read: the wrapper owns them, and it
  /// stays where it was read from while the read runs. Its owner is kept alive by the caller,
  /// and the only code a read runs is the key path's getters and, when a default is missing,
  /// that value's build. A getter (a `DependencyValues` property) could replace the wrapper
  /// only by assigning its owner's private overrides (`_name`) from inside the read of that very
  /// wrapper; a build binds the values it reads (a copy, retained by the binding), so even a
  /// build that replaced this very wrapper could not free what the read still uses. What the
  /// read returns is the reader's own copy, owned by the caller.
  @inlinable @inline(never)
  static func read(
    _ reader: DependencyReader<Value>.Unretained, captured: Unmanaged<Overrides>?, site: SitePointer?
  ) -> Value {
    // The same read twice: with a reader whose context is known to be `nil` (the common case),
    // the copy of the reader calls nothing; otherwise it retains the context for the call.
    if reader.isContextFree { return read(reader.contextFreeReader, captured: captured, site: site) }
    return read(reader.reader, captured: captured, site: site)
  }

  /// The read behind ``wrappedValue``, with the reader rebuilt.
  @inlinable @inline(__always)
  static func read(
    _ reader: DependencyReader<Value>, captured: Unmanaged<Overrides>?, site: SitePointer?
  ) -> Value {
    // The common cases (nothing overridden at the read, or the same scope as at creation)
    // read the captured values as they are: no allocation, no lock, and the current values
    // are only looked at, in place, or not at all while no overrides are bound anywhere in the
    // process (`BoundOverrides.swift` says why that needs no lookup).
    if DependencyValues.noOverridesBound { return read(reader, captured, over: nil, site: site) }
    guard let bound = DependencyValues.boundValues,
      let current = bound.pointee._overrides.map({ Unmanaged.passUnretained($0) }),
      current.toOpaque() != captured?.toOpaque()
    else {
      return read(reader, captured, over: nil, site: site)
    }
    // Another scope is current: its overrides win, then the captured ones; no merged copy.
    // The current ones are borrowed from their binding, which outlives this read.
    // (Unless values read through `@Dependency(\.self)` were bound with `$_current.withValue`
    // as they were, with a layer of their own: merged then, as they are rare.)
    if bound.pointee._captured != nil {
      let flattened = bound.pointee.flattenedOverrides
      return withExtendedLifetime(flattened) {
        read(reader, flattened.map { Unmanaged.passUnretained($0) }, over: captured, site: site)
      }
    }
    return read(reader, current, over: captured, site: site)
  }

  /// Reads through `reader` the values made of `overrides` over `captured`, each borrowed, not
  /// retained: the caller keeps both alive.
  @inlinable
  static func read(
    _ reader: DependencyReader<Value>,
    _ overrides: Unmanaged<Overrides>?,
    over captured: Unmanaged<Overrides>?,
    site: SitePointer?
  ) -> Value {
    let read = reader.read
    guard let overrides else {
      guard let captured else { return read(DependencyValues(overrides: nil, site: site)) }
      return captured._withUnsafeGuaranteedRef { read(DependencyValues(overrides: $0, site: site)) }
    }
    return overrides._withUnsafeGuaranteedRef { overrides in
      guard let captured else { return read(DependencyValues(overrides: overrides, site: site)) }
      return captured._withUnsafeGuaranteedRef { captured in
        read(DependencyValues(reading: overrides, over: captured, site: site))
      }
    }
  }

  /// The values this wrapper captured, for `withDependencies(from:)`.
  var capturedValues: DependencyValues { DependencyValues(overrides: capturedOverrides) }
}

extension DependencyValues {
  /// What a `@Dependency` keeps of the current values: their overrides pinned to their root,
  /// and the declaration's site. Not generic and not inlined, so every wrapper shares one copy.
  @usableFromInline
  static func captureForDeclaration(
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt, key: (any Any.Type)?
  ) -> (Overrides?, SitePointer) {
    let site = ReadSite.interned(fileID: fileID, filePath: filePath, line: line, column: column, key: key)
    return (current.pinnedToRoot.flattenedOverrides, site)
  }
}

/// Lets `withDependencies(from:)` find the values a model captured, whatever their `Value`.
protocol CapturedDependencies {
  var capturedValues: DependencyValues { get }
}

extension Dependency: CapturedDependencies {}
