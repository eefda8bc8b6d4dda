import Ambient
import AmbientTesting
import Testing

@testable import MainActorApp

@Test func payingTapsOnce() {
  let haptics = Haptics()
  withDependencies {
    $0.haptics = MainActorValue(haptics)
  } operation: {
    CheckoutModel().pay()
  }
  #expect(haptics.taps == 1)
}

@Test func theDefaultIsBuiltOnceAndKept() {
  let model = CheckoutModel()
  model.pay()
  model.pay()
  #expect(model.haptics.value.taps == 2)
}

@Test(.dependencies { $0.haptics = MainActorValue { Haptics() } })
func aTraitCanReplaceIt() {
  @Dependency(\.haptics) var haptics
  #expect(!haptics.isBuilt)
  CheckoutModel().pay()
  #expect(haptics.value.taps == 1)
}
