/// A random number generator that gives the same sequence for the same seed: for tests.
///
/// It is SplitMix64: fast, with every bit well mixed (unlike a bare linear congruential
/// generator, whose low bits repeat quickly), and not for cryptography.
///
/// ```swift
/// withDependencies {
///   $0.withRandomNumberGenerator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 42))
/// } operation: { … }
///
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// Int.random(in: 1...6, using: &generator)  // the same number on every run
/// ```
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  /// The generator's state; it advances with every number drawn.
  public private(set) var state: UInt64

  /// A generator whose sequence is fixed by `seed`.
  ///
  /// - Parameter seed: Any number; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next number of the sequence.
  ///
  /// - Returns: 64 random-looking bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
