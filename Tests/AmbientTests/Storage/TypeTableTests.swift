import Foundation
import Testing

@testable import Ambient

/// The override table: a copy-on-write map from key type to value.
@Suite struct TypeTableTests {
  enum A {}
  enum B {}

  @Test func storesAndReplacesByKeyType() {
    let table = TypeTable()
    table.insert(ValueBox(1), for: TypeTable.key(A.self))
    table.insert(ValueBox("b"), for: TypeTable.key(B.self))
    table.insert(ValueBox(2), for: TypeTable.key(A.self))
    #expect(table.value(TypeTable.key(A.self), as: Int.self) == 2)
    #expect(table.value(TypeTable.key(B.self), as: String.self) == "b")
    #expect(table.count == 2)
  }

  @Test func aCopyIsIndependent() {
    let table = TypeTable()
    table.insert(ValueBox(1), for: TypeTable.key(A.self))
    let copy = table.copy()
    copy.insert(ValueBox(2), for: TypeTable.key(A.self))
    copy.insert(ValueBox("b"), for: TypeTable.key(B.self))
    #expect(table.value(TypeTable.key(A.self), as: Int.self) == 1)
    #expect(table.value(TypeTable.key(B.self), as: String.self) == nil)
    #expect(copy.value(TypeTable.key(A.self), as: Int.self) == 2)
  }

  @Test func growsPastItsFirstCapacity() {
    let table = TypeTable()
    for index in 1...100 { table.insert(ValueBox(index), for: UInt(index) &* 4096) }
    for index in 1...100 { #expect(table.value(UInt(index) &* 4096, as: Int.self) == index) }
  }

  @Test func smallTrivialValuesAreStoredInTheEntryAndSurviveCopiesAndGrowth() {
    let table = TypeTable()
    for index in 1...40 { table.insertInline(index - 20, for: UInt(index) &* 4096) }
    table.insertInline(true, for: TypeTable.key(A.self))
    let copy = table.copy()
    table.insertInline(false, for: TypeTable.key(A.self))
    for index in 1...40 { #expect(copy.value(UInt(index) &* 4096, as: Int.self) == index - 20) }
    #expect(copy.value(TypeTable.key(A.self), as: Bool.self) == true)
    #expect(table.value(TypeTable.key(A.self), as: Bool.self) == false)
    #expect(TypeTable.storesInline(Int.self) && TypeTable.storesInline(Bool.self))
    #expect(!TypeTable.storesInline(String.self), "not trivial")
    #expect(!TypeTable.storesInline(UUID.self), "larger than a word")
  }

  @Test func boxesAreFreedWithTheTableBeforeAndAfterTheyMoveToTheHashTable() {
    let counter = DeinitCounter()
    var table: TypeTable? = TypeTable()
    table!.insert(ValueBox(counter.tracked()), for: TypeTable.key(A.self))
    table!.insert(ValueBox(counter.tracked()), for: TypeTable.key(B.self))
    #expect(table!.entries == nil, "two entries live in the table object")
    table!.insert(ValueBox(counter.tracked()), for: TypeTable.key(A.self))
    #expect(counter.deinits == 1, "the replaced box")
    table!.insertInline(3, for: 3 &* 4096)
    #expect(table!.entries != nil, "a third entry moves them into the hash table")
    #expect(table!.count == 3 && table!.boxes.count == 2)
    #expect(table!.value(TypeTable.key(B.self), as: Tracked.self) != nil)
    #expect(table!.value(3 &* 4096, as: Int.self) == 3)
    table = nil
    #expect(counter.deinits == 3)

    var small: TypeTable? = TypeTable()
    small!.insert(ValueBox(counter.tracked()), for: TypeTable.key(A.self))
    small!.insertInline(1, for: TypeTable.key(B.self))
    #expect(small!.value(TypeTable.key(B.self), as: Int.self) == 1)
    #expect(small!.value(3 &* 4096, as: Int.self) == nil)
    small = nil
    #expect(counter.deinits == 4)
  }

  @Test func aBoxReplacedByAnInlineValueIsFreed() {
    let counter = DeinitCounter()
    let table = TypeTable()
    table.insert(ValueBox(counter.tracked()), for: TypeTable.key(A.self))
    table.insertInline(1, for: TypeTable.key(A.self))
    #expect(counter.deinits == 1)
    #expect(table.value(TypeTable.key(A.self), as: Int.self) == 1)
  }
}

/// One scope's overrides over a root.
@Suite struct OverrideStorageTests {
  enum A {}

  @Test func overlayingKeepsTheRootAndLetsTheOtherWin() {
    let root = DefaultValueRoot()
    let base = OverrideStorage(root: root)
    base.insert(ValueBox(1), for: TypeTable.key(A.self))
    base.context = .preview
    let top = OverrideStorage(root: DefaultValueRoot())
    top.insert(ValueBox(2), for: TypeTable.key(A.self))
    let merged = base.overlaid(with: top)
    #expect(merged.root === root)
    #expect(merged.context == .preview)
    #expect(merged.value(TypeTable.key(A.self), as: Int.self) == 2)
    #expect(base.value(TypeTable.key(A.self), as: Int.self) == 1, "the base is untouched")
  }

  enum Small: TestDependencyKey {
    static let testValue = 0
  }

  @Test func preparationScratchBoxesEveryValueAndNamesItsKeysEvenWhenCopied() {
    let scratch = OverrideStorage(root: DefaultValueRoot())
    scratch.preparedKeyNames = [:]
    var values = DependencyValues(storage: scratch)
    let shared = values  // the first change copies the storage
    values[Small.self] = 3
    let copy = values._storage!
    #expect(copy !== scratch && shared._storage === scratch)
    #expect(copy.preparedKeyNames?[TypeTable.key(Small.self)] == "Small")
    #expect(copy.boxes.count == 1, "an Int, boxed here, so it can be handed to a cache")
    #expect(copy.value(TypeTable.key(Small.self), as: Int.self) == 3)
  }

  @Test func overlayingNothingIsFree() {
    let base = OverrideStorage(root: DefaultValueRoot())
    #expect(base.overlaid(with: OverrideStorage(root: base.root)) === base)
  }
}
