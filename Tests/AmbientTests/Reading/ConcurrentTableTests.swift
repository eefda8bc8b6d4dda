import AmbientTestSupport
import Foundation
import Testing

@testable import Ambient

/// The lock-free table behind default values and read sites.
@Suite(oneMinuteLimit) struct ConcurrentTableTests {
  final class Element: Sendable {
    let id: UInt
    let tracked: Tracked?
    init(_ id: UInt, tracked: Tracked? = nil) {
      self.id = id
      self.tracked = tracked
    }
  }

  /// Memory for one table slot, freed when the last table using it goes, as a root's slots are.
  final class SlotMemory: @unchecked Sendable {
    // @unchecked: the table loads and stores the slot atomically; the pointer itself is a `let`.
    let pointer = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 1)
    init() { pointer.initialize(to: nil) }
    deinit { pointer.deallocate() }
  }

  func makeTable() -> ConcurrentTable<Element> {
    let memory = SlotMemory()
    return ConcurrentTable(slot: memory.pointer, keepingAlive: memory)
  }

  @Test func aSlotWithNoTableYetReadsAsEmpty() {
    let memory = SlotMemory()
    #expect(ConcurrentTable<Element>.rawElement(7, in: memory.pointer) == nil)
    let table = ConcurrentTable<Element>(slot: memory.pointer, keepingAlive: memory)
    table.insert(Element(7), for: 7)
    #expect(read(table, 7) == 7)
  }

  func read(_ table: ConcurrentTable<Element>, _ key: UInt) -> UInt? {
    ConcurrentTable<Element>.withReading {
      ConcurrentTable<Element>.rawElement(key, in: table.slot).map {
        Unmanaged<Element>.fromOpaque($0).takeUnretainedValue().id
      }
    }
  }

  @Test func findsWhatWasInsertedAndNothingElse() {
    let table = makeTable()
    #expect(table.insert(Element(7), for: 7))
    #expect(!table.insert(Element(8), for: 7), "a taken key is kept")
    #expect(read(table, 7) == 7)
    #expect(read(table, 8) == nil)
    #expect(table.lookup(7)?.id == 7)
  }

  @Test func growingKeepsEveryEntry() {
    let table = makeTable()
    for key in UInt(1)...5_000 { table.insert(Element(key), for: key &* 0x1000) }
    for key in UInt(1)...5_000 { #expect(read(table, key &* 0x1000) == key) }
    #expect(table.count == 5_000)
  }

  @Test func elementForKeyCreatesOnce() {
    let table = makeTable()
    let made = LockIsolated(0)
    let first = table.element(for: 3) {
      made.withValue { $0 += 1 }
      return Element(3)
    }
    let second = table.element(for: 3) {
      made.withValue { $0 += 1 }
      return Element(4)
    }
    #expect(first === second)
    #expect(made.value == 1)
  }

  @Test func removedEntriesAreFreedWhenTheRemovalReturns() {
    let counter = DeinitCounter()
    let table = makeTable()
    for key in UInt(1)...10 { table.insert(Element(key, tracked: counter.tracked()), for: key) }
    // Other tests' threads may be mid-read at that instant: the removal waits for them.
    table.removeAll { $0 <= 4 }
    #expect(counter.deinits == 4)
    #expect(read(table, 2) == nil)
    #expect(read(table, 5) == 5)
    table.removeAll { _ in true }
    #expect(counter.deinits == 10)
  }

  /// A read in flight on another thread keeps what a removal unpublished alive until it ends;
  /// the removal returns only after that, having freed it.
  @Test func aRemovalWaitsForTheReadInFlight() async {
    let counter = DeinitCounter()
    let table = makeTable()
    table.insert(Element(1, tracked: counter.tracked()), for: 1)
    let inRead = Barrier(count: 2)
    let endRead = Barrier(count: 2)
    let removed = LockIsolated(false)
    let reader = Thread {
      ConcurrentTable<Element>.withReading {
        inRead.arriveAndWait()
        endRead.arriveAndWait()
      }
    }
    reader.start()
    inRead.arriveAndWait()
    let remover = Thread {
      table.removeAll { _ in true }
      removed.setValue(true)
    }
    remover.start()
    // Unpublished (a new read no longer finds it) but not freed while the reader is in its read.
    while read(table, 1) != nil {}
    #expect(counter.deinits == 0)
    #expect(!removed.value)
    endRead.arriveAndWait()
    while !removed.value { await Task.yield() }
    #expect(counter.deinits == 1)
  }

  /// Readers on other threads race a writer that grows the table: every key they look up is
  /// either absent or the right element, never another's or freed memory (ThreadSanitizer runs
  /// this too).
  @Test func readersRacingAGrowingTableSeeOnlyWholeEntries() async {
    let table = makeTable()
    let count: UInt = 4_000
    await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for key in 1...count { table.insert(Element(key), for: key) }
        return true
      }
      for _ in 0..<2 {
        group.addTask {
          var consistent = true
          for round in 0..<3 {
            for key in 1...count {
              if let found = read(table, key), found != key { consistent = false }
            }
            _ = round
          }
          return consistent
        }
      }
      for await consistent in group { #expect(consistent) }
    }
    for key in 1...count { #expect(read(table, key) == key) }
  }
}
