// The examples of MainActorAppTargets.md, as printed there inside a namespace; its client and
// `Item` are the README's, compiled by ReadmeExamples.swift. Compiled in a plain Swift 6
// target here, and in a main-actor app target by Tests/Fixtures/MainActorApp, which builds
// this whole folder (`bash .ci/check-main-actor-target`).
import Ambient
import AmbientTestSupport
import AmbientTesting
import Foundation
import Testing

enum MainActorAppTargetsExamples {
  @MainActor final class Haptics {
    private(set) var taps = 0
    func tap() { taps += 1 }
  }

  enum HapticsKey: DependencyKey {
    static var liveValue: MainActorValue<Haptics> { MainActorValue { Haptics() } }
    static var testValue: MainActorValue<Haptics> { MainActorValue { Haptics() } }
  }

  @MainActor final class CheckoutModel {
    @Dependency(\.haptics) var haptics
    func pay() { haptics.value.tap() }
  }
}

nonisolated extension DependencyValues {
  fileprivate var apiClient: ReadmeExamples.APIClient {
    get { self[ReadmeExamples.APIClient.self] }
    set { self[ReadmeExamples.APIClient.self] = newValue }
  }

  fileprivate var haptics: MainActorValue<MainActorAppTargetsExamples.Haptics> {
    get { self[MainActorAppTargetsExamples.HapticsKey.self] }
    set { self[MainActorAppTargetsExamples.HapticsKey.self] = newValue }
  }
}

@Suite(oneMinuteLimit) struct MainActorAppTargetsExamplesTests {
  typealias Haptics = MainActorAppTargetsExamples.Haptics
  typealias CheckoutModel = MainActorAppTargetsExamples.CheckoutModel

  @Test func theClientReadsItsPreviewValueInPreviews() async throws {
    let items = try await withDependencies {
      $0.context = .preview
    } operation: {
      @Dependency(\.apiClient) var apiClient
      return try await apiClient.fetchItems()
    }
    #expect(items == ReadmeExamples.Item.samples)
  }

  @MainActor @Test func payingTapsOnce() {
    let haptics = Haptics()
    withDependencies {
      $0.haptics = MainActorValue(haptics)
    } operation: {
      CheckoutModel().pay()
    }
    #expect(haptics.taps == 1)
  }

  @MainActor @Test func theDefaultIsBuiltOnceAndKept() {
    let model = CheckoutModel()
    model.pay()
    model.pay()
    #expect(model.haptics.value.taps == 2)
  }

  @MainActor @Test(.dependencies { $0.haptics = MainActorValue { Haptics() } })
  func aTraitCanReplaceIt() {
    @Dependency(\.haptics) var haptics
    #expect(!haptics.isBuilt)
    CheckoutModel().pay()
    #expect(haptics.value.taps == 1)
  }
}
