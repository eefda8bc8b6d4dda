/// Runs `operation` with every task the process starts queued on the main thread, one job at a
/// time in the order they are enqueued, so an async test sees the same interleaving on every
/// run: swift-concurrency-extras' `withMainSerialExecutor`.
///
/// ```swift
/// @MainActor @Test func searchShowsTheLatestResults() async {
///   await withMainSerialExecutor {
///     let model = SearchModel()
///     let search = Task { await model.search("kettle") }
///     await Task.yield()  // the search task runs up to its first suspension, every time
///     #expect(model.isSearching)
///     await search.value
///   }
/// }
/// ```
///
/// It works by installing a hook the Swift concurrency runtime consults before it enqueues a
/// job on the global executor (`swift_task_enqueueGlobal_hook`), found at run time:
///
/// - **Works** on Apple platforms and on Linux (glibc and musl), where the runtime exports the
///   hook and the main thread runs the main queue: under `swift test`, Xcode, and any process
///   whose main thread is in the main run loop or `dispatchMain()`.
/// - **Does not work** on Windows, WASI and Android, where Ambient does not look the hook up,
///   nor on a runtime that does not export it. There `operation` runs on the default executor
///   and Ambient reports an issue saying so, so a test that relies on the order fails by name.
///
/// - Important: The hook is process-wide, not scoped to your task: while `operation` runs,
///   *every* task in the process, including other tests that Swift Testing runs in parallel,
///   is queued on the main thread. Code that blocks the main thread waiting for another task
///   deadlocks under it. Use it in tests only, in a `.serialized` suite or an XCTest case.
///
/// - Parameter operation: The work to run serially on the main thread.
// Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
@MainActor
public func withMainSerialExecutor(
  @_implicitSelfCapture operation: @MainActor @Sendable () async throws -> Void
) async rethrows {
  let wasSerial = MainSerialExecutor.install(true)
  defer { _ = MainSerialExecutor.install(wasSerial) }
  try await operation()
}

/// Runs synchronous `operation` (typically `super.invokeTest()`) with every task the process
/// starts queued on the main thread, one job at a time: the form for an XCTest base class.
///
/// ```swift
/// class BaseTestCase: XCTestCase {
///   override func invokeTest() {
///     withMainSerialExecutor { super.invokeTest() }
///   }
/// }
/// ```
///
/// Where it works and where not, and its process-wide effect, are described on the `async` form.
///
/// - Parameter operation: The work to run with the main serial executor installed.
// Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
public func withMainSerialExecutor(@_implicitSelfCapture operation: () throws -> Void) rethrows {
  let wasSerial = MainSerialExecutor.install(true)
  defer { _ = MainSerialExecutor.install(wasSerial) }
  try operation()
}

/// Whether tasks are queued on the main serial executor now, process-wide; setting it installs
/// or removes the hook without a scope (prefer `withMainSerialExecutor`, which restores it).
///
/// Reads `false`, and setting it reports an issue, where the runtime offers no hook (see
/// `withMainSerialExecutor`).
// Disfavoured: beside `import ConcurrencyExtras`, its declaration wins instead of an ambiguity.
@_disfavoredOverload
public var uncheckedUseMainSerialExecutor: Bool {
  get { MainSerialExecutor.isInstalled }
  set { _ = MainSerialExecutor.install(newValue) }
}

/// The runtime's global-enqueue hook, reached through the symbols the Swift runtime exports.
enum MainSerialExecutor {
  /// The runtime calls hooks with the Swift calling convention, hence `thin`.
  // Sound because these are the runtime's own types, in `swift/Runtime/Concurrency.h`:
  // `SWIFT_CC(swift) void swift_task_enqueueMainExecutor(Job *job)`, and the hook variable
  // `SWIFT_CC(swift) void (*swift_task_enqueueGlobal_hook)(Job *job,
  // swift_task_enqueueGlobal_original original)`: a job is an opaque pointer here, passed on as is.
  typealias Enqueue = @convention(thin) (UnsafeMutableRawPointer) -> Void
  typealias Hook = @convention(thin) (UnsafeMutableRawPointer, Enqueue) -> Void

  private struct Runtime: @unchecked Sendable {
    // @unchecked: both point into the runtime's own data and code, which live as long as the
    // process; the hook variable is only written by `install`, under `lock`.
    // Sound because the hook variable is the runtime's (`swift_task_enqueueGlobal_hook`, found
    // by its exported name), of the type `Hook?` stands for, and lives for the process.
    let hookVariable: UnsafeMutablePointer<Hook?>
    let enqueueOnMain: Enqueue
  }

  private static let lock = Lock()

  private static let runtime: Runtime? = {
    #if os(Windows) || os(WASI) || os(Android)
    return nil
    #else
    guard let hook = SymbolLookup.address(of: "swift_task_enqueueGlobal_hook"),
      let main = SymbolLookup.address(of: "swift_task_enqueueMainExecutor")
    else { return nil }
    return Runtime(
      hookVariable: hook.assumingMemoryBound(to: Hook?.self),
      // Sound because the symbol is swift_task_enqueueMainExecutor, whose signature `Enqueue` is.
      enqueueOnMain: unsafeBitCast(main, to: Enqueue.self)
    )
    #endif
  }()

  static var isInstalled: Bool {
    guard let runtime else { return false }
    return lock.withLock { runtime.hookVariable.pointee != nil }
  }

  /// Installs (or removes) the hook; returns whether it was installed before.
  static func install(_ serial: Bool) -> Bool {
    guard let runtime else {
      if serial {
        reportIssue(
          "withMainSerialExecutor: this Swift runtime does not export swift_task_enqueueGlobal_hook, so tasks run on the default executor, in no fixed order."
        )
      }
      return false
    }
    return lock.withLock {
      let was = runtime.hookVariable.pointee != nil
      runtime.hookVariable.pointee = serial ? { job, _ in MainSerialExecutor.enqueueOnMain(job) } : nil
      return was
    }
  }

  /// What the hook does with each job: the main executor's queue instead of the global pool.
  // Sound because the job is the runtime's, handed over by the hook, and goes back to the runtime.
  private static func enqueueOnMain(_ job: UnsafeMutableRawPointer) {
    runtime?.enqueueOnMain(job)
  }
}
