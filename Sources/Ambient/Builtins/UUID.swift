public import Foundation

extension DependencyValues {
  /// Makes UUIDs, as a dependency, so a test can predict them.
  ///
  /// Live and preview: `UUID()` at each call. Test: each call reports an issue and returns the
  /// next of `00000000-0000-0000-0000-000000000000`, `…0001`, … (counting from zero in every
  /// test), so identifiers stay distinct and repeatable even in a test that forgot to choose.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let item = Item(id: uuid(), title: title)
  ///
  /// // In a test:
  /// @Test(.dependency(\.uuid, .incrementing))
  /// func addsAnItem() {
  ///   …
  ///   #expect(model.items == [Item(id: UUID(0), title: "Milk")])
  /// }
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
  static var testValue: UUIDGenerator {
    let incrementing = UUIDGenerator.incrementing
    return UUIDGenerator {
      let uuid = incrementing()
      reportUnimplementedBuiltin(
        #"\.uuid"#,
        returned: uuid.uuidString,
        overrides: [#".dependency(\.uuid, .incrementing) on the test"#, #"or withDependencies { $0.uuid = .constant(UUID(0)) }"#]
      )
      return uuid
    }
  }
}

/// Produces UUIDs: random ones in the app, predictable ones in tests.
///
/// ```swift
/// let generate = UUIDGenerator.incrementing
/// generate()  // 00000000-0000-0000-0000-000000000000
/// generate()  // 00000000-0000-0000-0000-000000000001
/// ```
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate` for each UUID.
  ///
  /// - Parameter generate: Returns a UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// The next UUID.
  ///
  /// - Returns: The UUID the generator produces.
  public func callAsFunction() -> UUID {
    generate()
  }

  /// A generator that always returns `uuid`.
  ///
  /// - Parameter uuid: The UUID to return.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }

  /// A new generator that counts from `UUID(0)`: `00000000-0000-0000-0000-000000000000`,
  /// then `…0001`, and so on.
  ///
  /// Each read of this property makes a generator with its own counter, safe to call from any
  /// thread; copies of one generator share its counter.
  public static var incrementing: Self {
    let next = LockIsolated(0)
    return Self {
      UUID(next.withValue { count in
        defer { count += 1 }
        return count
      })
    }
  }
}

extension UUID {
  /// The UUID whose last twelve hexadecimal digits spell `intValue`:
  /// `UUID(1)` is `00000000-0000-0000-0000-000000000001`, `UUID(255)` is `…0000000000FF`.
  ///
  /// For writing the identifiers a test expects from ``UUIDGenerator/incrementing``.
  ///
  /// - Parameter intValue: A number from 0 to 2⁴⁸ − 1.
  /// - Precondition: `intValue` fits in 48 bits and is not negative.
  public init(_ intValue: Int) {
    precondition((0..<(1 << 48)).contains(intValue), "UUID(_:) takes a number from 0 to 2^48 - 1, not \(intValue)")
    let value = UInt64(intValue)
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (8 * (5 - index))) }
    self.init(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, byte(0), byte(1), byte(2), byte(3), byte(4), byte(5)))
  }
}
