extension DependencyScope {
  /// Builds what needs the required dependency `key` (a screen, a model) with its installed
  /// value, or reports that none was installed and builds the fallback: the logic behind
  /// AmbientUI's [`DependencyProvider`](/documentation/ambientui/dependencyprovider) and
  /// [`UIDependencyProvider`](/documentation/ambientui/uidependencyprovider), usable anywhere.
  ///
  /// ```swift
  /// let screen = scope.provide(AppDependency.self) { deps in
  ///   Screen.detail(ItemDetailModel(item: item, database: deps.database))
  /// } fallback: { fallback in
  ///   Screen.notSet(fallback.text)
  /// }
  /// ```
  ///
  /// `body` runs with the scope's values bound (see ``withValues(_:)``), so models it creates
  /// capture them. When nothing was installed, in any context, an issue naming the type, the
  /// context and how to install it is reported (failing the running test) and `fallback`
  /// receives the ``ProviderFallback`` to show; no live value is built in its place.
  ///
  /// - Parameters:
  ///   - key: The required dependency, such as `AppDependency.self`.
  ///   - body: Builds what needs it.
  ///   - fallback: Builds what to show instead.
  ///   - fileID: Where it was asked for, for the report.
  ///   - filePath: Where it was asked for, for the report.
  ///   - line: Where it was asked for, for the report.
  ///   - column: Where it was asked for, for the report.
  /// - Returns: What `body` or `fallback` returns.
  public func provide<Key: RequiredDependencyKey, R>(
    _ key: Key.Type,
    _ body: (Key) throws -> R,
    fallback: (ProviderFallback) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try withValues {
      let required = DependencyValues.current[Key.self]
      if let value = required.installedValue { return try body(value) }
      required.reportMissing(fileID: fileID, filePath: filePath, line: line, column: column)
      return try fallback(ProviderFallback(missing: Key.self))
    }
  }

  /// The required dependency `key` as this scope has it, installed or not; asking reports
  /// nothing (``Required/resolve(_:fallback:fileID:filePath:line:column:)`` does).
  package func required<Key: RequiredDependencyKey>(_ key: Key.Type) -> Required<Key> {
    withValues { DependencyValues.current[Key.self] }
  }
}
