import Ambient
import AmbientTestSupport
import AmbientTesting
import Testing

private func rolls(_ generator: WithRandomNumberGenerator, count: Int = 20) -> [Int] {
  (0..<count).map { _ in generator { Int.random(in: 1...6, using: &$0) } }
}

@Suite struct WithRandomNumberGeneratorTests {
  @Test func liveDrawsFromTheSystemGenerator() {
    let generator = withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.withRandomNumberGenerator) var generator
      return generator
    }
    let values = (0..<8).map { _ in generator { $0.next() } }
    #expect(Set(values).count == values.count)
  }

  @Test func theTestValueReportsAndIsSeededWithZero() {
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    var drawn: [Int] = []
    let issues = recordedIssues { drawn = rolls(withRandomNumberGenerator, count: 3) }
    #expect(drawn == rolls(WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 0)), count: 3))
    #expect(issues.count == 3)
    #expect(
      issues.first?.hasPrefix(
        #"Unimplemented: @Dependency(\.withRandomNumberGenerator) was called in the test context."#) == true)
  }

  @Test func theSameSeedGivesTheSameSequence() {
    let first = rolls(WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 42)))
    let second = rolls(WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 42)))
    let other = rolls(WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 43)))
    #expect(first == second)
    #expect(first != other)
    #expect(Set(first).count > 1)
  }

  @Test func copiesShareOneGeneratorThatAdvances() {
    let generator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 1))
    let copy = generator
    var reference = SeededRandomNumberGenerator(seed: 1)
    #expect(generator { $0.next() } == reference.next())
    #expect(copy { $0.next() } == reference.next())
  }

  @Test(oneMinuteLimit) func concurrentCallsNeverDrawTheSameState() async {
    let generator = WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 7))
    let drawn = await withTaskGroup(of: UInt64.self) { group in
      for _ in 0..<200 { group.addTask { generator { $0.next() } } }
      return await group.reduce(into: Set<UInt64>()) { $0.insert($1) }
    }
    var reference = SeededRandomNumberGenerator(seed: 7)
    #expect(drawn == Set((0..<200).map { _ in reference.next() }))
  }

  @Test(.dependency(\.withRandomNumberGenerator, WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 3))))
  func anOverrideIsUsedWithoutAReport() {
    @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
    #expect(rolls(withRandomNumberGenerator) == rolls(WithRandomNumberGenerator(SeededRandomNumberGenerator(seed: 3))))
  }
}
