/// Whether the test that a root's default values belong to has ended, when AmbientTesting
/// knows it: for XCTest methods and for Swift Testing tests under a `.dependencies` trait.
///
/// Work that outlives its test (an escaped task, a model kept in a static, a
/// `withEscapedDependencies` continuation run later) still reads through the values it captured.
/// Once the test has ended, ``end(testName:)`` sets the word that the sets of overrides over its
/// root check, so those reads take the watched path, which reports them (once per dependency and
/// place), to whichever test runs then or on standard error.
final class TestLifetime: @unchecked Sendable {
  // @unchecked: `testName` and `reported` are guarded by `lock`; `watch` is an atomic word.
  let watch = WatchWord(word: WatchWord.allocateWord())
  /// One lock for every lifetime, not one each: a test process holds a root (and a lifetime) per
  /// recent test, and the lock is taken only once a test has ended.
  private static let lock = Lock()
  private var lock: Lock { Self.lock }
  private var testName: String?
  private var reported: Set<String> = []

  /// Marks the test ended; reads through its values are reported from now on.
  func end(testName: String) {
    lock.withLock { self.testName = testName }
    watch.set()
  }

  /// The name of the ended test, or `nil` while it runs.
  var endedTestName: String? { lock.withLock { testName } }

  /// Whether a read of `dependency` at `place` is the first since the end to be reported.
  func isFirstReport(of dependency: String, at place: String) -> Bool {
    lock.withLock { reported.insert(dependency + "@" + place).inserted }
  }

  deinit { watch.word.deallocate() }
}
