public import Testing

/// The time limit of every test that could block: one minute where Swift Testing offers time
/// limits (Linux; macOS 13, iOS 16, tvOS 16, watchOS 9 and later), nothing older Apple systems
/// can run. A trait value rather than `.timeLimit(…)` in each attribute, because the package's
/// deployment targets are older than the time-limit API.
///
/// ```swift
/// @Test(oneMinuteLimit) func concurrentFirstReadsBuildOnce() async { … }
/// @Suite(oneMinuteLimit) struct BuildCoordinatorTests { … }
/// ```
public let oneMinuteLimit: any TestTrait & SuiteTrait = {
  if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
    return TimeLimitTrait.timeLimit(.minutes(1))
  }
  return ConditionTrait.enabled(if: true)
}()
