import Foundation
import Testing

/// A copy of a Swift Testing case's values, whose bits say which case it is: the running test's
/// `Test`, and the case's `Test.Case` when the test is parameterised (a test without arguments
/// has one case, named by the test alone). ``SwiftTestingTracker`` recognizes a case by them.
///
/// Swift Testing gives a case no public identity: `Test.Case` offers `isParameterized` and
/// `current`, nothing else (Swift 6.2 and 6.3). A test has one, `Test.ID`, but making and hashing
/// it on each ask took 13,300 instructions, against 8,300 for the whole of a `@Dependency`
/// declared in a function and read in a parameterised case (callgrind). So a case is recognized by
/// the bits of a copy of its values, on two assumptions about them, which `CaseCopyTests` checks
/// and names when one stops holding:
///
/// - Every copy of one case's values has the same bits. A copy is made field by field into
///   zeroed memory, so the bytes between fields are zeros in every copy, and every task of the
///   case sees values copied from the ones Swift Testing made for it.
/// - Two cases' values differ in their bits while a copy of one of them is alive. The copy keeps
///   every object its bits refer to alive (the arguments, the body's context, the names'
///   storage), so no other object is given one of those addresses, and two cases of one test
///   differ at least in their arguments' storage.
///
/// No size, offset or alignment is assumed: the copies are placed as `MemoryLayout` says.
///
/// An ask copies the values into memory of its own on the stack (``withAsked(of:_:_:)``); only a
/// case asked about for the first time moves them into a `CaseCopy`, which the tracker keeps.
final class CaseCopy: @unchecked Sendable {
  // @unchecked: immutable once made (its memory is written only in `init` and `deinit`), and
  // what it holds, a `Test` and a `Test.Case`, is `Sendable`.

  /// The hash of the copy's bits.
  let key: Int
  /// Whether a `Test.Case` follows the `Test`.
  let hasCase: Bool
  // Sound because this object owns `memory`: allocated and zeroed in `init`, which moves the
  // values in; they are destroyed and the memory freed in `deinit`, when no reference to the
  // object, and so no reader of `memory`, is left.
  private let memory: UnsafeMutableRawPointer

  /// The running case's values, copied for one ask into zeroed memory of the ask's own.
  struct Asked {
    /// Where the values are: a `Test`, and a `Test.Case` after it if `hasCase`.
    // Sound because an `Asked` is used only inside the `withAsked(of:_:_:)` call that made it,
    // whose memory this is, and which destroys the values when it ends unless `init(taking:)`
    // took them (`isTaken`).
    fileprivate let memory: UnsafeMutableRawPointer
    /// The hash of their bits.
    let key: Int
    let hasCase: Bool
    /// Whether a `CaseCopy` took the values (``CaseCopy/init(taking:)``): the memory holds none.
    fileprivate(set) var isTaken = false
  }

  /// Calls `body` with a copy of `test`, and of `testCase` if there is one, made in zeroed memory
  /// of the call's own, and destroys the copy when `body` returns, unless `body` took it.
  static func withAsked<Result>(
    of test: Test, _ testCase: Test.Case?, _ body: (inout Asked) -> Result
  ) -> Result {
    let byteCount = byteCount(hasCase: testCase != nil)
    return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) { buffer in
      // Sound because the memory is this call's, `byteCount` bytes aligned for both types; each
      // value is bound and initialized at its own stride-aligned offset, destroyed below (or
      // moved out by `init(taking:)`, which marks it so) before the memory goes. From memory to
      // memory, so that the copy is made field by field where it lands: a value passed in would
      // be copied to a temporary first and moved in whole, with whatever the temporary's
      // padding held.
      let memory = buffer.baseAddress!
      memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
      withUnsafePointer(to: test) { memory.bindMemory(to: Test.self, capacity: 1).initialize(from: $0, count: 1) }
      if let testCase {
        withUnsafePointer(to: testCase) {
          (memory + caseOffset).bindMemory(to: Test.Case.self, capacity: 1).initialize(from: $0, count: 1)
        }
      }
      var asked = Asked(memory: memory, key: hash(memory, hasCase: testCase != nil), hasCase: testCase != nil)
      defer { if !asked.isTaken { destroyValues(at: memory, hasCase: asked.hasCase) } }
      return body(&asked)
    }
  }

  /// Moves the values `asked` holds into a copy of their own, with the same bits.
  init(taking asked: inout Asked) {
    precondition(!asked.isTaken, "the values of an ask were taken twice")
    (key, hasCase) = (asked.key, asked.hasCase)
    let byteCount = Self.byteCount(hasCase: hasCase)
    // Sound because the memory is this object's (see `memory`), and `asked`'s values are moved
    // out of its memory, bound to their types there, which is then marked as holding none. A
    // move writes each field's bits as they were onto zeros, so the copy's bits stay the ask's
    // (the `assert` below checks it).
    let memory = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: Self.alignment)
    memory.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    memory.bindMemory(to: Test.self, capacity: 1)
      .moveInitialize(from: asked.memory.assumingMemoryBound(to: Test.self), count: 1)
    if hasCase {
      (memory + Self.caseOffset).bindMemory(to: Test.Case.self, capacity: 1)
        .moveInitialize(from: (asked.memory + Self.caseOffset).assumingMemoryBound(to: Test.Case.self), count: 1)
    }
    asked.isTaken = true
    self.memory = memory
    assert(Self.hash(memory, hasCase: hasCase) == key, "a move changed the bits of a case's values")
  }

  deinit {
    Self.destroyValues(at: memory, hasCase: hasCase)
    // Sound because `memory` is this object's and its values were just destroyed.
    memory.deallocate()
  }

  /// Whether `asked` holds a copy of the same case's values: whether their bits are equal.
  func hasSameBits(as asked: Asked) -> Bool {
    // Sound because both memories are alive (this object's, and the ask's for its call), as long
    // as their `hasCase` says, and initialized in full.
    hasCase == asked.hasCase && memcmp(memory, asked.memory, Self.byteCount(hasCase: hasCase)) == 0
  }

  /// The copied test.
  var test: Test {
    // Sound because `init` moved a `Test` there, alive until `deinit`.
    memory.assumingMemoryBound(to: Test.self).pointee
  }

  private static let caseOffset = MemoryLayout<Test>.stride
  private static let alignment = max(MemoryLayout<Test>.alignment, MemoryLayout<Test.Case>.alignment)

  /// How many bytes a copy's bits take: its `Test`'s, and its `Test.Case`'s after them.
  private static func byteCount(hasCase: Bool) -> Int {
    hasCase ? caseOffset + MemoryLayout<Test.Case>.stride : caseOffset
  }

  /// The hash of the bits of the values at `memory`.
  // Sound because each caller passes memory it owns that holds a copy's values, initialized over
  // all of these bytes.
  private static func hash(_ memory: UnsafeMutableRawPointer, hasCase: Bool) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(start: memory, count: byteCount(hasCase: hasCase)))
    return hasher.finalize()
  }

  /// Destroys the values at `memory`, leaving it uninitialized.
  // Sound because each caller passes memory it owns that holds a `Test`, and a `Test.Case` after
  // it if `hasCase`, bound and initialized by this type, and reads them no more.
  private static func destroyValues(at memory: UnsafeMutableRawPointer, hasCase: Bool) {
    memory.assumingMemoryBound(to: Test.self).deinitialize(count: 1)
    if hasCase { (memory + caseOffset).assumingMemoryBound(to: Test.Case.self).deinitialize(count: 1) }
  }
}
