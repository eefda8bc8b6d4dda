import Testing

/// A Swift Testing test function, by its name and source location: no two test functions share
/// both, and both are public properties of `Test`, the same in every task of the test.
///
/// Not `Test.ID`, which adds the names of the types around the test: making and hashing it on each
/// ask took 13,300 instructions, against 8,300 for the whole of a `@Dependency` declared in a
/// function and read in a parameterised case (callgrind). Its strings are the test's own, shared,
/// not copied.
struct TestIdentity: Hashable {
  let name: String
  let location: SourceLocation

  init(_ test: Test) {
    (name, location) = (test.name, test.sourceLocation)
  }
}
