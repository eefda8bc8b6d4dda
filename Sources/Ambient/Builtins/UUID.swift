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
        override: ".incrementing"
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
      UUID(
        next.withValue { count in
          defer { count += 1 }
          return count
        })
    }
  }
}

extension UUID {
  /// The UUID that spells `intValue` in its last sixteen hexadecimal digits, for writing the
  /// identifiers a test expects from ``UUIDGenerator/incrementing``:
  /// `UUID(1)` is `00000000-0000-0000-0000-000000000001`, `UUID(255)` is `…0000000000FF`.
  ///
  /// Every `Int` gives a UUID, and different numbers give different UUIDs, with the same
  /// mapping as swift-dependencies:
  ///
  /// - A number from 0 to `Int.max` is written in hexadecimal, padded with zeros, in the last
  ///   sixteen digits: `UUID(Int.max)` is `00000000-0000-0000-7FFF-FFFFFFFFFFFF`.
  /// - A negative number is written as its magnitude, with a `1` in the sixteenth digit
  ///   marking the sign: `UUID(-16)` is `00000000-0000-0001-0000-000000000010`.
  /// - `Int.min`, whose magnitude no `Int` holds (swift-dependencies stops the process there),
  ///   follows the same rule: `UUID(Int.min)` is `00000000-0000-0001-8000-000000000000`.
  ///
  /// - Parameter intValue: Any number.
  public init(_ intValue: Int) {
    let magnitude = UInt64(intValue.magnitude)
    func byte(_ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: magnitude >> (8 * (7 - index))) }
    let sign: UInt8 = intValue < 0 ? 1 : 0
    self.init(
      uuid: (0, 0, 0, 0, 0, 0, 0, sign, byte(0), byte(1), byte(2), byte(3), byte(4), byte(5), byte(6), byte(7))
    )
  }
}
