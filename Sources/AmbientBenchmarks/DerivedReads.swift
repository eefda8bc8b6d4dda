import Ambient

/// A derived default (`BenchDerived`, which opts in to being built again where its input is
/// overridden) read where nothing is overridden: the default every scope shares, read as any
/// other default. Its ratio is to the live read measured in the same state, just before.
@inline(never)
func measureDerivedRead(nothingOverridden liveRead: Measurement) -> Measurement {
  let model = BenchDerivedModel()
  return measure("@Dependency read of a derived default, nothing overridden", floor: liveRead) { model.derived.value }
}

/// Models made in scopes: a default read through a scope that overrides another dependency, then
/// a derived default there (whose input is not overridden, so the shared one), then a derived
/// default in a scope that overrides its input (built again once, for that scope).
@inline(never)
func measureDerivedReadsInScopes(floor: Measurement) -> [Measurement] {
  let unrelated = withDependencies {
    $0[Key1.self] = 1
  } operation: {
    BenchDerivedModel()
  }
  let input = withDependencies {
    $0.benchNumber = BenchNumber(value: 7)
  } operation: {
    BenchDerivedModel()
  }
  let plain = measure("@Dependency read of a default, another dependency overridden", floor: floor) {
    unrelated.number.value
  }
  return [
    plain,
    measure("@Dependency read of a derived default, another dependency overridden", floor: plain) {
      unrelated.derived.value
    },
    measure("@Dependency read of a derived default, its input overridden", floor: plain) { input.derived.value },
  ]
}

/// Stops the run if a `withDependencies` row left its values bound.
@inline(never)
func checkThatNoScopeIsLeftBound() {
  precondition(
    DependencyValues._current.benchNumber.value == 42 && DependencyValues._current[Key1.self] == 0,
    "a withDependencies row left its values bound"
  )
}
