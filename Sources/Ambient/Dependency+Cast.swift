extension Dependency {
  /// Reads the dependency at `keyPath` as the concrete type behind its existential, to reach
  /// a test double's recorded state.
  ///
  /// ```swift
  /// extension DependencyValues {
  ///   var analytics: any Analytics { … }
  /// }
  ///
  /// @Test(.dependency(\.analytics, MockAnalytics()))
  /// func buyingTracksAnEvent() throws {
  ///   @Dependency(\.analytics, as: MockAnalytics.self) var analytics
  ///   CheckoutModel().buy()
  ///   #expect(try #require(analytics).events == ["buy"])
  /// }
  /// ```
  ///
  /// The value is optional: when the dependency is not a `Concrete` (the override is missing,
  /// or installed as another type), the read reports an issue naming both types and how to
  /// fix the override, and gives `nil`. In live, preview and test contexts alike it never
  /// crashes, because Swift cannot make a `Concrete` out of nothing and a crash would hide the
  /// report that explains it.
  ///
  /// - Parameters:
  ///   - keyPath: The `DependencyValues` property to read.
  ///   - type: The concrete type the dependency is expected to be.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public init<Base, Concrete>(
    _ keyPath: any KeyPath<DependencyValues, Base> & Sendable,
    as type: Concrete.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == Concrete? {
    self.init(
      read: { DependencyCast.cast($0[keyPath: keyPath], declaredAs: Base.self, to: Concrete.self, values: $0) },
      key: nil, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Reads the dependency that `key` identifies as the concrete type behind its existential,
  /// as in `@Dependency(AnalyticsKey.self, as: MockAnalytics.self)`.
  ///
  /// Behaves like the key path form, `@Dependency(\.keyPath, as:)`:
  /// `nil`, after reporting an issue, when the dependency is not a `Concrete`.
  ///
  /// - Parameters:
  ///   - key: The dependency key to read.
  ///   - type: The concrete type the dependency is expected to be.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public init<Key: TestDependencyKey, Concrete>(
    _ key: Key.Type,
    as type: Concrete.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == Concrete? {
    self.init(
      read: { DependencyCast.cast($0[Key.self], declaredAs: Key.Value.self, to: Concrete.self, values: $0) },
      key: Key.self, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The checked cast behind `@Dependency(_:as:)`.
enum DependencyCast {
  static func cast<Base, Concrete>(
    _ value: Base, declaredAs _: Base.Type, to _: Concrete.Type, values: DependencyValues
  ) -> Concrete? {
    if let concrete = value as? Concrete { return concrete }
    // The wrapper reads through values that point at its declaration site.
    guard let site = ReadSite.at(values._site) else { return nil }
    let message = IssueMessage.failedCast(
      dependency: site.dependencyDescription(key: Base.self),
      declared: typeName(Base.self),
      found: typeName(type(of: value as Any)),
      expected: typeName(Concrete.self),
      context: values.context,
      site: site
    )
    reportIssue(message.description, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    return nil
  }
}

extension IssueMessage {
  static func failedCast(
    dependency: String, declared: String, found: String, expected: String, context: DependencyContext, site: ReadSite
  ) -> IssueMessage {
    let override = dependency.hasPrefix("\\.")
      ? "withDependencies { $0\(dependency.dropFirst()) = \(expected)(…) }, or .dependency(\(dependency), \(expected)(…)) on the test"
      : "withDependencies { $0[\(dependency)] = \(expected)(…) }"
    return IssueMessage(
      headline: "@Dependency(\(dependency), as: \(expected).self) is a \(found), not a \(expected), in the \(context.rawValue) context.",
      facts: [("Declared at", site.location), ("Declared type", declared), ("Found", found), ("Expected", expected)],
      why: "The read gives nil, because the override this code expects was not installed, or was installed as another type.",
      fixes: [
        "Install a \(expected) before the code under test reads it: \(override).",
        "Or ask for the type that is installed: @Dependency(\(dependency), as: \(found).self).",
      ]
    )
  }
}
