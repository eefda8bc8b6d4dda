extension DependencyValues {
  /// Gives access to a random number generator, as a dependency, so a test can make
  /// randomness repeatable.
  ///
  /// Live and preview: `SystemRandomNumberGenerator`. Test: each use reports an issue and then
  /// draws from a ``SeededRandomNumberGenerator`` seeded with 0 (a fresh one in every test), so
  /// a test that forgot to choose still sees the same numbers on every run.
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  /// let tip = withRandomNumberGenerator { tips.randomElement(using: &$0)! }
  ///
  /// // In a test:
  /// @Test(.dependency(\.withRandomNumberGenerator, WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 42))))
  /// func showsATip() { … }
  /// ```
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[WithRandomNumberGeneratorKey.self] }
    set { self[WithRandomNumberGeneratorKey.self] = newValue }
  }
}

private enum WithRandomNumberGeneratorKey: DependencyKey {
  static let liveValue = WithRandomNumberGenerator(SystemRandomNumberGenerator())
  static var testValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0), reportingEachUse: true)
  }
}

/// Runs code with exclusive use of one random number generator, so that a shared generator
/// (say, a seeded one in a test) gives a repeatable sequence even when called from many tasks.
///
/// ```swift
/// let withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))
/// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
/// ```
///
/// - Important: Only calls are serialised: which task draws first is still up to the
///   scheduler, so a test that wants exact numbers should draw from one task.
public struct WithRandomNumberGenerator: Sendable {
  private let box: GeneratorBox

  /// Guards `generator` for use through ``callAsFunction(_:)``.
  ///
  /// - Parameter generator: The generator every call draws from; it is copied, and the copy
  ///   advances with each use.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    box = GeneratorBox(generator, reportingEachUse: false)
  }

  init(_ generator: some RandomNumberGenerator & Sendable, reportingEachUse: Bool) {
    box = GeneratorBox(generator, reportingEachUse: reportingEachUse)
  }

  /// Runs `work` with the generator, holding its lock, so no other call draws in between.
  ///
  /// - Parameter work: Draws from the generator, for example `Int.random(in: 1...6, using: &$0)`.
  /// - Returns: What `work` returns.
  /// - Important: Don't call the same `WithRandomNumberGenerator` from inside `work`: the lock
  ///   is not reentrant, and it would wait for itself.
  public func callAsFunction<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
    if box.reportingEachUse {
      reportUnimplementedBuiltin(
        #"\.withRandomNumberGenerator"#,
        returned: "numbers from SeededRandomNumberGenerator(seed: 0)",
        override: "WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0))"
      )
    }
    return try box.withGenerator(work)
  }
}

/// The generator and its lock, shared by copies of one ``WithRandomNumberGenerator``.
private final class GeneratorBox: @unchecked Sendable {
  // @unchecked: `generator` is used only under `lock`.
  private let lock = Lock()
  private var generator: any RandomNumberGenerator
  let reportingEachUse: Bool

  init(_ generator: some RandomNumberGenerator & Sendable, reportingEachUse: Bool) {
    self.generator = generator
    self.reportingEachUse = reportingEachUse
  }

  func withGenerator<R>(_ work: (inout any RandomNumberGenerator) throws -> R) rethrows -> R {
    try lock.withLock { try work(&generator) }
  }
}
