import Testing

@testable import Ambient

/// The memory layouts the read path relies on, each checked where it is relied on: if a compiler
/// or runtime changes one, the test that fails names the assumption and the code that makes it.
@Suite struct LayoutAssumptionsTests {
  enum Key: TestDependencyKey {
    static let testValue = 7
  }

  /// `DependencyReader.unretained` copies a reader as two words, its function and its context,
  /// and `isContextFree` reads a context word of 0 as "no context".
  @Test func aReaderIsAFunctionAndAContextWord() {
    #expect(
      MemoryLayout<DependencyReader<Int>>.size == 2 * MemoryLayout<UInt>.size,
      "DependencyReader.unretained assumes a closure is two words (function, context)"
    )
    let contextFree = DependencyReader<Int> { $0[Key.self] }
    #expect(
      contextFree.unretained.isContextFree,
      "DependencyReader.isContextFree assumes a closure that captures nothing has a context word of 0"
    )
    let captured = [1, 2, 3]
    let capturing = DependencyReader<Int> { _ in captured.count }
    #expect(
      !capturing.unretained.isContextFree,
      "DependencyReader.isContextFree assumes a closure that captures has a context word other than 0"
    )
  }

  /// The two words turned back into a reader call the same closure with the same context.
  @Test func aReaderRebuiltFromItsWordsReadsAsTheOriginal() {
    let values = DependencyValues()
    let contextFree = DependencyReader<Int> { $0[Key.self] }
    #expect(
      contextFree.unretained.contextFreeReader.read(values) == 7,
      "DependencyReader.contextFreeReader assumes the function word alone calls a context-free closure"
    )
    let offset = Int.random(in: 1...100)
    let capturing = DependencyReader<Int> { $0[Key.self] + offset }
    #expect(
      capturing.unretained.reader.read(values) == 7 + offset,
      "DependencyReader.Unretained.reader assumes the two words rebuild the closure with its context"
    )
  }

  private func expectReadAsMemory<Value: Sendable & Equatable>(_ value: Value) {
    let box = ValueBox(value)
    let address = UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque())
    #expect(
      address.valueWhereABoxKeepsIt(as: Value.self) == value,
      "valueWhereABoxKeepsIt assumes a box keeps its value right after its two-word header, aligned for it"
    )
    #expect(
      UnsafeRawPointer(_getUnsafePointerToStoredProperties(box)) == address + 2 * MemoryLayout<UInt>.size,
      "valueWhereABoxKeepsIt assumes an object's stored properties start after a two-word header"
    )
  }

  @Test func aBoxKeepsItsValueRightAfterItsHeaderAlignedForIt() {
    expectReadAsMemory(42)
    expectReadAsMemory(true)
    expectReadAsMemory("a string that is stored out of line, not in the string itself")
    expectReadAsMemory(SIMD4<Double>(1, 2, 3, 4))  // aligned to 16 bytes
    expectReadAsMemory([1, 2, 3])
  }

  /// A table keeps one value in place where a box keeps its value, so a read reads both alike.
  @Test func aTablesValueInPlaceIsWhereABoxKeepsItsValue() {
    let table = TypeTable()
    let address = UnsafeRawPointer(Unmanaged.passUnretained(table).toOpaque())
    #expect(
      UnsafeRawPointer(table.memoryInPlace) == address + 2 * MemoryLayout<UInt>.size,
      "TypeTable's value in place assumes its first stored property starts right after the header"
    )
    let isFirstField = withUnsafePointer(to: &table.storage.valueInPlace) {
      UnsafeRawPointer($0) == UnsafeRawPointer(table.memoryInPlace)
    }
    #expect(
      isFirstField,
      "TypeTable's value in place assumes `storage.valueInPlace` is its first stored property's first field"
    )
    table.insertValue("in place, as a client of closures is", for: TypeTable.key(Key.self))
    #expect(table.storage.keyInPlace == TypeTable.key(Key.self))
    #expect(
      table.value(TypeTable.key(Key.self), as: String.self) == "in place, as a client of closures is",
      "TypeTable's value in place assumes a read through the table's address finds it as a box's value"
    )
  }

  /// The end of a scope checks its overrides' reference count through their address, with the
  /// word rebound as a reference: one reference is the only one, two are not.
  @Test func anObjectsAddressReadAsAReferenceCountsItsReferences() {
    let overrides = Overrides(root: .shared, countedAsBound: false)
    let address = Overrides.address(of: overrides)
    #expect(
      Overrides.isOnlyReference(toObjectAt: address),
      "Overrides.isOnlyReference assumes a word holding an object's address is a reference to it"
    )
    // A retain the optimiser cannot drop, as it may a second `let` of the same object.
    let second = Unmanaged.passRetained(overrides)
    #expect(
      !Overrides.isOnlyReference(toObjectAt: address),
      "Overrides.isOnlyReference assumes the rebound word reads the object's own reference count"
    )
    second.release()
  }
}
