// The examples of MainActorAppTargets.md, compiled in a plain Swift 6 target, as printed there
// inside a namespace; Tests/Fixtures/MainActorApp compiles them in a main-actor app target.
import Ambient
import AmbientTesting
import Foundation
import Testing

enum MainActorAppTargetsExamples {
  nonisolated struct Item: Equatable, Sendable {
    var name: String
    static let samples = [Item(name: "sample")]
  }

  struct APIClient: DependencyKey {
    var fetchItems: @Sendable () async throws -> [Item]
  }

  @MainActor final class Haptics {
    private(set) var taps = 0
    func tap() { taps += 1 }
  }

  enum HapticsKey: DependencyKey {
    static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics() } }
    static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics() } }
  }

  @MainActor final class CheckoutModel {
    @Dependency(\.mainActorArticleHaptics) var haptics
    func pay() { haptics.value.tap() }
  }
}

extension MainActorAppTargetsExamples.APIClient {
  static let liveValue = Self(fetchItems: { [] })
  static let previewValue = Self(fetchItems: { MainActorAppTargetsExamples.Item.samples })
  static let testValue = Self(fetchItems: unimplemented("APIClient.fetchItems"))
}

nonisolated extension DependencyValues {
  fileprivate var mainActorArticleAPIClient: MainActorAppTargetsExamples.APIClient {
    get { self[MainActorAppTargetsExamples.APIClient.self] }
    set { self[MainActorAppTargetsExamples.APIClient.self] = newValue }
  }

  fileprivate var mainActorArticleHaptics: MainActorValue<MainActorAppTargetsExamples.Haptics> {
    get { self[MainActorAppTargetsExamples.HapticsKey.self] }
    set { self[MainActorAppTargetsExamples.HapticsKey.self] = newValue }
  }
}

@Suite(oneMinuteLimit) struct MainActorAppTargetsExamplesTests {
  typealias Haptics = MainActorAppTargetsExamples.Haptics

  @Test func theClientReadsItsPreviewValueInPreviews() async throws {
    let items = try await withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.mainActorArticleAPIClient) var apiClient
      return try await apiClient.fetchItems()
    }
    #expect(items == MainActorAppTargetsExamples.Item.samples)
  }

  @MainActor @Test func payingTapsOnce() {
    let haptics = Haptics()
    withDependencies {
      $0.mainActorArticleHaptics = MainActorValue(haptics)
    } operation: {
      MainActorAppTargetsExamples.CheckoutModel().pay()
    }
    #expect(haptics.taps == 1)
  }
}
