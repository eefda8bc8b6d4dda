import Foundation
import Testing

/// Which Swift Testing case is running, as ``SwiftTestingTracker`` keeps it: its test, by name and
/// source location (``TestIdentity``), and, when the test is parameterised, a copy of the case's
/// `Test.Case`, whose bits say which of the test's cases it is.
///
/// Swift Testing gives a case no public identity: `Test.Case` offers `isParameterized` and
/// `current`, nothing else (Swift 6.2 and 6.3). So the case of a parameterised test is told apart
/// by the bits of a copy of its `Test.Case`, on two assumptions about that value, which
/// `CaseCopyTests` checks and names when one stops holding:
///
/// - Every copy of one case's `Test.Case` has the same bits. A copy is made field by field into
///   zeroed memory, so the bytes between fields are zeros in every copy, and every task of the
///   case sees a value copied from the one Swift Testing made for it.
/// - Two cases' `Test.Case` values differ in their bits while a copy of one of them is alive. The
///   copy keeps every object its bits refer to alive (the arguments' storage, the body's
///   context), so no other object is given one of those addresses, and two cases of one test
///   differ at least in their arguments' storage.
///
/// No size, offset or alignment is assumed: the copy is placed as `MemoryLayout` says. A test
/// without arguments has one case, named by its test alone, and its values' layout plays no part.
///
/// An ask copies the `Test.Case` into memory of its own on the stack (``withAsked(of:_:_:)``);
/// only a case asked about for the first time moves it into a `CaseCopy`, which the tracker keeps.
final class CaseCopy: @unchecked Sendable {
  // @unchecked: immutable once made (its memory is written only in `init` and `deinit`), and
  // what it holds, a test's name and location and a `Test.Case`, is `Sendable`.

  /// The hash of the test and of the case's bits.
  let key: Int
  let test: TestIdentity
  // Sound because this object owns `caseMemory`: allocated and zeroed in `init`, which moves the
  // `Test.Case` in; it is destroyed and the memory freed in `deinit`, when no reference to the
  // object, and so no reader of `caseMemory`, is left.
  private let caseMemory: UnsafeMutableRawPointer?

  /// The running case, copied for one ask.
  struct Asked {
    let key: Int
    let test: TestIdentity
    // Sound because an `Asked` is used only inside the `withAsked(of:_:_:)` call that made it,
    // whose memory this is, and which destroys the `Test.Case` there when it ends unless
    // `init(taking:)` took it (`isTaken`).
    fileprivate let caseMemory: UnsafeMutableRawPointer?
    /// Whether a `CaseCopy` took the `Test.Case` (``CaseCopy/init(taking:)``): the memory holds none.
    fileprivate(set) var isTaken = false
  }

  /// Calls `body` with the running case: `test`, and a copy of `testCase`, if there is one, made
  /// in zeroed memory of the call's own, which is destroyed when `body` returns unless `body`
  /// took it.
  static func withAsked<Result>(of test: Test, _ testCase: Test.Case?, _ body: (inout Asked) -> Result) -> Result {
    let identity = TestIdentity(test)
    var hasher = Hasher()
    hasher.combine(identity)
    guard let testCase else {
      var asked = Asked(key: hasher.finalize(), test: identity, caseMemory: nil)
      return body(&asked)
    }
    return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) { buffer in
      // Sound because the memory is this call's, sized and aligned for a `Test.Case`, which is
      // bound and initialized there and destroyed below (or moved out by `init(taking:)`, which
      // marks it so) before the memory goes. From memory to memory, so that the copy is made
      // field by field where it lands: a value passed in would be copied to a temporary first and
      // moved in whole, with whatever the temporary's padding held.
      let memory = buffer.baseAddress!
      memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
      let copy = memory.bindMemory(to: Test.Case.self, capacity: 1)
      withUnsafePointer(to: testCase) { copy.initialize(from: $0, count: 1) }
      hasher.combine(bytes: UnsafeRawBufferPointer(start: memory, count: byteCount))
      var asked = Asked(key: hasher.finalize(), test: identity, caseMemory: memory)
      defer { if !asked.isTaken { copy.deinitialize(count: 1) } }
      return body(&asked)
    }
  }

  /// Keeps the running case `asked` holds, moving its `Test.Case` into memory of its own.
  init(taking asked: inout Asked) {
    precondition(!asked.isTaken, "the running case of an ask was taken twice")
    (key, test) = (asked.key, asked.test)
    guard let askedCase = asked.caseMemory else {
      caseMemory = nil
      return
    }
    // Sound because the memory is this object's (see `caseMemory`), and the ask's `Test.Case` is
    // moved out of its memory, bound to it there, which is then marked as holding none. A move
    // writes each field's bits as they were onto zeros, so the bits stay the ask's.
    let memory = UnsafeMutableRawPointer.allocate(byteCount: Self.byteCount, alignment: Self.alignment)
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: Self.byteCount)
    memory.bindMemory(to: Test.Case.self, capacity: 1)
      .moveInitialize(from: askedCase.assumingMemoryBound(to: Test.Case.self), count: 1)
    asked.isTaken = true
    caseMemory = memory
  }

  deinit {
    guard let caseMemory else { return }
    // Sound because `init` moved a `Test.Case` into this object's memory, and nothing reads it
    // any more.
    caseMemory.assumingMemoryBound(to: Test.Case.self).deinitialize(count: 1)
    caseMemory.deallocate()
  }

  /// Whether `asked` is the same case: the same test, and a `Test.Case` with the same bits.
  func isSameCase(as asked: Asked) -> Bool {
    guard test == asked.test else { return false }
    switch (caseMemory, asked.caseMemory) {
    case (nil, nil): return true
    case (let kept?, let askedCase?):
      // Sound because both memories are alive (this object's, and the ask's for its call) and
      // hold an initialized `Test.Case` over all of these bytes.
      return memcmp(kept, askedCase, Self.byteCount) == 0
    default: return false
    }
  }

  private static let byteCount = MemoryLayout<Test.Case>.stride
  private static let alignment = MemoryLayout<Test.Case>.alignment
}
