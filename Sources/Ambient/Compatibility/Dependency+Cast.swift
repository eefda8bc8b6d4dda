extension Dependency {
  /// Reads the dependency at `keyPath` as the concrete type behind its existential, to reach
  /// a test double's recorded state.
  ///
  /// ```swift
  /// nonisolated extension DependencyValues {
  ///   var analytics: any Analytics { … }
  /// }
  ///
  /// @Test(.dependency(\.analytics, MockAnalytics()))
  /// func buyingTracksAnEvent() {
  ///   @Dependency(\.analytics, as: MockAnalytics.self) var analytics
  ///   CheckoutModel().buy()
  ///   #expect(analytics.events == ["buy"])
  /// }
  /// ```
  ///
  /// - Important: When the dependency is not a `Concrete` (the override is missing, or was
  ///   installed as another type), the read reports an issue naming both types and how to fix
  ///   the override, then stops the process, in live, preview and test contexts alike: Swift
  ///   cannot make a `Concrete` out of nothing. The report is also written to standard error,
  ///   so a test run that stops shows why. swift-dependencies behaves the same way.
  ///
  /// - Parameters:
  ///   - keyPath: The `DependencyValues` property to read.
  ///   - type: The concrete type the dependency is expected to be.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public init<Base>(
    _ keyPath: any KeyPath<DependencyValues, Base> & Sendable,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      read: { DependencyCast.cast($0[keyPath: keyPath], declaredAs: Base.self, to: Value.self, values: $0) },
      key: nil, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Reads the dependency that `key` identifies as the concrete type behind its existential,
  /// as in `@Dependency(AnalyticsKey.self, as: MockAnalytics.self)`.
  ///
  /// Behaves like the key path form, `@Dependency(\.keyPath, as:)`: when the dependency is not
  /// a `Value`, the read reports an issue naming both types, then stops the process.
  ///
  /// - Parameters:
  ///   - key: The dependency key to read.
  ///   - type: The concrete type the dependency is expected to be.
  ///   - fileID: Where the dependency is declared, for failure messages.
  ///   - filePath: Where the dependency is declared, for failure messages.
  ///   - line: Where the dependency is declared, for failure messages.
  ///   - column: Where the dependency is declared, for failure messages.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    as type: Value.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      read: { DependencyCast.cast($0[Key.self], declaredAs: Key.Value.self, to: Value.self, values: $0) },
      key: Key.self, fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}

/// The checked cast behind `@Dependency(_:as:)`.
enum DependencyCast {
  static func cast<Base, Concrete>(
    _ value: Base, declaredAs _: Base.Type, to _: Concrete.Type, values: DependencyValues
  ) -> Concrete {
    if let concrete = value as? Concrete { return concrete }
    // The wrapper reads through values that point at its declaration site.
    let site = ReadSite.at(values._site)
    let message = IssueMessage.failedCast(
      dependency: site?.dependencyDescription(key: Base.self) ?? "\(typeName(Base.self)).self",
      declared: typeName(Base.self),
      found: typeName(type(of: value as Any)),
      expected: typeName(Concrete.self),
      context: values.context,
      site: site
    )
    reportIssue(message.description, at: site?.declaration ?? .here())
    fatalError(message.description)
  }
}

extension IssueMessage {
  static func failedCast(
    dependency: String, declared: String, found: String, expected: String, context: DependencyContext, site: ReadSite?
  ) -> IssueMessage {
    var facts: [(label: String, value: String)] = []
    if let site { facts.append(("Declared at", site.location)) }
    facts += [("Declared type", declared), ("Found", found), ("Expected", expected)]
    return IssueMessage(
      headline:
        "@Dependency(\(dependency), as: \(expected).self) is a \(found), not a \(expected), in the \(context.rawValue) context.",
      facts: facts,
      why:
        "Swift cannot make a \(expected) out of nothing, so the process stops after this report. The override this code expects was not installed, or was installed as another type.",
      fixes: [
        "Install a \(expected) before the code under test reads it: \(overrideOptions(dependency, with: "\(expected)(…)")).",
        "Or ask for the type that is installed: @Dependency(\(dependency), as: \(found).self).",
      ]
    )
  }
}
