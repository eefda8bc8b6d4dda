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
    for index in 3...10 { table!.insertInline(index, for: UInt(index) &* 4096) }
    table!.insert(ValueBox(counter.tracked()), for: 10 &* 4096)
    #expect(table!.entries == nil, "ten entries live in the table object")
    #expect(table!.count == 10 && table!.boxes.count == 3)
    #expect(table!.value(9 &* 4096, as: Int.self) == 9)
    #expect(table!.value(11 &* 4096, as: Int.self) == nil)
    table!.insertInline(11, for: 11 &* 4096)
    #expect(table!.entries != nil, "an eleventh entry moves them into the hash table")
    #expect(table!.count == 11 && table!.boxes.count == 3)
    #expect(table!.value(TypeTable.key(B.self), as: Tracked.self) != nil)
    #expect(table!.value(10 &* 4096, as: Tracked.self) != nil)
    #expect(table!.value(3 &* 4096, as: Int.self) == 3 && table!.value(11 &* 4096, as: Int.self) == 11)
    table = nil
    #expect(counter.deinits == 4)

    var linear: TypeTable? = TypeTable()
    for index in 1...6 { linear!.insertInline(index, for: UInt(index) &* 4096) }
    linear!.insert(ValueBox(counter.tracked()), for: 7 &* 4096)
    linear!.insert(ValueBox(counter.tracked()), for: 7 &* 4096)
    #expect(counter.deinits == 5, "a box replaced among the entries after the second")
    linear!.insertInline(7, for: 7 &* 4096)
    #expect(counter.deinits == 6, "a box replaced by a number among the entries after the second")
    linear!.insert(ValueBox(counter.tracked()), for: 8 &* 4096)
    #expect(linear!.entries == nil && linear!.count == 8 && linear!.boxes.count == 1)
    linear = nil
    #expect(counter.deinits == 7, "a box among the entries after the second is freed with its table")

    var small: TypeTable? = TypeTable()
    small!.insert(ValueBox(counter.tracked()), for: TypeTable.key(A.self))
    small!.insertInline(1, for: TypeTable.key(B.self))
    #expect(small!.value(TypeTable.key(B.self), as: Int.self) == 1)
    #expect(small!.value(3 &* 4096, as: Int.self) == nil)
    small = nil
    #expect(counter.deinits == 8)
  }

  @Test func tenKeysLiveInTheObjectAndEachIsReplacedInPlaceEvenWhenTheirBitsCollide() {
    // Ten keys of 64 bits share a bit about half the time: twenty tables of them take both
    // the append without a search and the search a shared bit forces.
    for round in 1...20 {
      let table = TypeTable()
      let keys = (1...10).map { UInt($0 &* round &* 4096 &+ round &* 64) }
      for (index, key) in keys.enumerated() { table.insertInline(index, for: key) }
      for (index, key) in keys.enumerated().reversed() { table.insertInline(index &+ 100, for: key) }
      #expect(table.entries == nil && table.count == 10)
      for (index, key) in keys.enumerated() { #expect(table.value(key, as: Int.self) == index &+ 100) }
      #expect(table.value(11 &* 4096 &+ 8, as: Int.self) == nil)
    }
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

/// A client as users write one: closures that capture state (here an object whose `deinit`
/// is counted), too big to store inline and small enough for the table's value in place.
private struct Client: Sendable {
  var name: @Sendable () -> String
  var tracked: @Sendable () -> Tracked

  init(_ name: String, _ tracked: Tracked) {
    self.name = { name }
    self.tracked = { tracked }
  }
}

/// A client too big for the value in place: five closures.
private struct BigClient: Sendable {
  var a, b, c, d, e: @Sendable () -> Tracked

  init(_ tracked: Tracked) {
    (a, b, c, d, e) = ({ tracked }, { tracked }, { tracked }, { tracked }, { tracked })
  }
}

/// Values kept in the table object itself (`valueInPlace`), read as a box's are.
@Suite struct TypeTableValueInPlaceTests {
  enum A {}
  enum B {}
  enum C {}

  @Test func aClientIsKeptInPlaceReadReplacedAndFreedWithTheTable() {
    #expect(TypeTable.fitsInPlace(Client.self) && !TypeTable.storesInline(Client.self))
    #expect(!TypeTable.fitsInPlace(BigClient.self))
    let counter = DeinitCounter()
    var table: TypeTable? = TypeTable()
    table!.insertValue(Client("first", counter.tracked()), for: TypeTable.key(A.self))
    #expect(table!.storage.keyInPlace == TypeTable.key(A.self) && table!.boxes.isEmpty, "no box")
    #expect(table!.value(TypeTable.key(A.self), as: Client.self)?.name() == "first")
    table!.insertValue(Client("second", counter.tracked()), for: TypeTable.key(A.self))
    #expect(counter.deinits == 1, "the replaced value")
    #expect(table!.value(TypeTable.key(A.self), as: Client.self)?.name() == "second")
    // A second such value is boxed; both survive the move into the hash table.
    table!.insertValue(Client("boxed", counter.tracked()), for: TypeTable.key(B.self))
    #expect(table!.boxes.count == 1)
    for index in 1...20 { table!.insertValue(index, for: UInt(index) &* 4096) }
    #expect(table!.entries != nil)
    #expect(table!.value(TypeTable.key(A.self), as: Client.self)?.name() == "second")
    #expect(table!.value(TypeTable.key(B.self), as: Client.self)?.name() == "boxed")
    table = nil
    #expect(counter.deinits == 3)
  }

  @Test func copiesAndOverlaysCopyTheValueAndFreeEachCopyWithItsTable() {
    let counter = DeinitCounter()
    var table: TypeTable? = TypeTable()
    table!.insertValue(Client("original", counter.tracked()), for: TypeTable.key(A.self))
    var copy: TypeTable? = table!.copy()
    #expect(copy!.storage.keyInPlace == TypeTable.key(A.self), "in place in the copy too")
    table!.insertValue(Client("changed", counter.tracked()), for: TypeTable.key(A.self))
    #expect(counter.deinits == 0, "the copy still holds the original's closures")
    #expect(copy!.value(TypeTable.key(A.self), as: Client.self)?.name() == "original")
    // Overlaid on a table whose place is taken, the value is boxed there.
    var other: TypeTable? = TypeTable()
    other!.insertValue(Client("other's", counter.tracked()), for: TypeTable.key(C.self))
    other!.overlay(copy!)
    #expect(other!.value(TypeTable.key(A.self), as: Client.self)?.name() == "original")
    #expect(other!.value(TypeTable.key(C.self), as: Client.self)?.name() == "other's")
    #expect(other!.boxes.count == 1)
    table = nil
    #expect(counter.deinits == 1, "the changed value")
    copy = nil
    #expect(counter.deinits == 1, "the overlaid table still holds the original's closures")
    other = nil
    #expect(counter.deinits == 3)
  }

  @Test func aValueInPlaceReplacedByABoxIsFreed() {
    let counter = DeinitCounter()
    let table = TypeTable()
    table.insertValue(Client("in place", counter.tracked()), for: TypeTable.key(A.self))
    table.insert(ValueBox(Client("boxed", counter.tracked())), for: TypeTable.key(A.self))
    #expect(counter.deinits == 1 && table.storage.keyInPlace == 0)
    #expect(table.value(TypeTable.key(A.self), as: Client.self)?.name() == "boxed")
    table.insertValue(BigClient(counter.tracked()), for: TypeTable.key(B.self))
    #expect(table.boxes.count == 2, "too big for the place")
  }

  @Test func anOverrideOfAClientAllocatesNoBoxAndIsReadThroughDependency() {
    let values = withDependencies {
      $0[ClientKey.self] = Client("overridden", DeinitCounter().tracked())
    } operation: {
      DependencyValues._current
    }
    #expect(values._overrides?.storage.keyInPlace == TypeTable.key(ClientKey.self))
    #expect(values[ClientKey.self].name() == "overridden")
  }
}

private enum ClientKey: DependencyKey {
  static let liveValue = Client("live", DeinitCounter().tracked())
}

/// One scope's overrides over a root.
@Suite struct OverridesTests {
  enum A {}

  @Test func overlayingKeepsTheRootAndLetsTheOtherWin() {
    let root = DefaultValueRoot()
    let base = Overrides(root: root)
    base.insert(ValueBox(1), for: TypeTable.key(A.self))
    base.context = .preview
    let top = Overrides(root: DefaultValueRoot())
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
    let scratch = Overrides(root: DefaultValueRoot())
    scratch.preparedKeyNames = [:]
    var values = DependencyValues(overrides: scratch)
    let shared = values  // the first change copies the set of overrides
    values[Small.self] = 3
    let copy = values._overrides!
    #expect(copy !== scratch && shared._overrides === scratch)
    #expect(copy.preparedKeyNames?[TypeTable.key(Small.self)] == "Small")
    #expect(copy.boxes.count == 1, "an Int, boxed here, so it can be handed to a cache")
    #expect(copy.value(TypeTable.key(Small.self), as: Int.self) == 3)
  }

  @Test func overlayingNothingIsFree() {
    let base = Overrides(root: DefaultValueRoot())
    #expect(base.overlaid(with: Overrides(root: base.root)) === base)
  }
}
