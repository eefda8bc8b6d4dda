extension DependencyScope {
  /// Builds what needs the required dependency `key` (a screen, a model) with its installed
  /// value, or reports that none was installed and builds the fallback: what AmbientUI's
  /// `UIDependencyProvider` does, tested here on every platform. Package-only: outside
  /// AmbientUI, ``Required/resolve(_:fallback:fileID:filePath:line:column:)`` inside
  /// ``withValues(_:)`` is the one way to say it.
  ///
  /// `body` runs with the scope's values bound (see ``withValues(_:)``), so models it creates
  /// capture them. When nothing was installed, in any context, an issue naming the type, the
  /// context and how to install it is reported (failing the running test) and `fallback`
  /// receives the ``ProviderFallback`` to show; no live value is built in its place.
  package func provide<Key: RequiredDependencyKey, R>(
    _ key: Key.Type,
    _ body: (Key) throws -> R,
    fallback: (ProviderFallback) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    try withValues {
      try DependencyValues.current[Key.self].resolve(
        body,
        fallback: { try fallback(ProviderFallback(missing: Key.self)) },
        fileID: fileID, filePath: filePath, line: line, column: column
      )
    }
  }

  /// The required dependency `key` as this scope has it, installed or not; asking reports
  /// nothing (``Required/resolve(_:fallback:fileID:filePath:line:column:)`` does).
  package func required<Key: RequiredDependencyKey>(_ key: Key.Type) -> Required<Key> {
    withValues { DependencyValues.current[Key.self] }
  }
}
