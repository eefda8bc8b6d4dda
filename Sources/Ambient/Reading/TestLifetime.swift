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
  /// Other words to set when the test ends, each with what owns it (weakly): the words of the
  /// derived defaults' builds in this test, which their values watch instead of this one's.
  private var alsoSet: [(word: WatchWord, owner: Weak)] = []

  /// Marks the test ended; reads through its values are reported from now on.
  func end(testName: String) {
    // Each word with its owner, held while the word is set: the owner frees the word.
    let others = lock.withLock {
      self.testName = testName
      return alsoSet.compactMap { entry in entry.owner.object.map { (entry.word, $0) } }
    }
    watch.set()
    for (word, _) in others { word.set() }
  }

  /// Sets `word` too when the test ends, if `owner`, which keeps the word allocated, is alive
  /// then; at once if the test has ended.
  func alsoSet(_ word: WatchWord, keptAliveBy owner: AnyObject) {
    let ended = lock.withLock {
      alsoSet.removeAll { $0.owner.object == nil }
      alsoSet.append((word, Weak(owner)))
      return testName != nil
    }
    if ended { word.set() }
  }

  struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  /// The name of the ended test, or `nil` while it runs.
  var endedTestName: String? { lock.withLock { testName } }

  /// Whether a read of `dependency` at `place` is the first since the end to be reported.
  func isFirstReport(of dependency: String, at place: String) -> Bool {
    lock.withLock { reported.insert(dependency + "@" + place).inserted }
  }

  deinit { watch.word.deallocate() }
}
