extension SwiftTestingTracker {
  /// The cases most recently asked about, each by its copy (``CaseCopy``) and with its token, and
  /// which of them to forget to make room for a new one.
  ///
  /// An entry's copy holds the very `Test.Case` its first ask copied to compare, moved: a case's
  /// first ask copies it once (a copy costs a call per field, its type being resilient). A
  /// replaced entry is handed back whole, so that its copy, which may hold an argument's last
  /// reference, is released outside the tracker's lock.
  struct RecognizedCases {
    struct Entry {
      let copy: CaseCopy
      /// The case's token, in the run of its test that a `.dependencies` trait scopes (see
      /// ``SwiftTestingTracker/beginRun(of:)``), or run 0.
      var token: UInt = 0
      var run: UInt = 0
      /// The number of cases added before the case last asked again (0: never): a case that
      /// asked while the newest ``recentlyAsked`` cases were added is running, and kept.
      var askedAgain: UInt = 0
    }

    /// How many entries are kept before one is replaced; it grows only when every entry is
    /// still in use (see ``victim(isInUse:)``), by half, so that a sweep finding none is rare.
    private var capacity = retainedTests
    /// How many cases were ever added: the clock that ``Entry/askedAgain`` reads.
    private(set) var added: UInt = 0
    /// A case that asked again while this many newer cases were added is kept: half the
    /// capacity, so that cases which each ask a few times are replaced without the capacity
    /// growing.
    static let recentlyAsked = UInt(retainedTests / 2)

    /// The entries, in no order: a replaced entry's place is taken by the new one. In an array
    /// rather than as a dictionary's values, whose buckets are twice as many as entries.
    private(set) var entries: [Entry] = []
    /// Where the next sweep for an entry to replace starts (a clock's hand).
    private var hand = 0
    /// Each entry's index in `entries`, by its copy's key.
    private var indexByKey: [Int: Int] = [:]

    /// The index of the entry of the running case `asked`, if one is kept.
    func index(of asked: CaseCopy.Asked) -> Int? {
      guard let index = indexByKey[asked.key], entries[index].copy.isSameCase(as: asked) else { return nil }
      return index
    }

    /// The entry at `index`, in place.
    subscript(index: Int) -> Entry {
      _read { yield entries[index] }
      _modify { yield &entries[index] }
    }

    /// Adds the running case `asked`, taking its copy, in the place of one whose case is done
    /// with its values (`isInUse` says it is not) if as many are kept as fit. Returns the new
    /// entry's index and the entry it replaced, whose copy the caller releases outside the lock.
    mutating func insert(
      _ asked: inout CaseCopy.Asked, isInUse: (Entry) -> Bool
    ) -> (index: Int, replaced: Entry?) {
      let copy = CaseCopy(taking: &asked)
      var entry = Entry(copy: copy)
      added += 1
      let index: Int
      if let taken = indexByKey[copy.key] {
        // Another case with the same hash (about 2^-64 a pair): the newer case takes the place.
        index = taken
      } else if entries.count >= capacity, let victim = victim(isInUse: isInUse) {
        index = victim
        indexByKey[entries[victim].copy.key] = nil
      } else {
        entries.append(entry)
        indexByKey[copy.key] = entries.count - 1
        return (entries.count - 1, nil)
      }
      indexByKey[copy.key] = index
      swap(&entries[index], &entry)
      return (index, entry)
    }

    /// An entry whose case is done with its values, found by sweeping from the hand (a clock's):
    /// a case that asked again while the newest ``recentlyAsked`` cases were added is running,
    /// and so is a case still in use (see ``SwiftTestingTracker/isInUse(_:)``); both are kept.
    /// One round at most; if every entry is kept, `nil`, and the capacity grows by half, so the
    /// next sweeps wait as long (a sweep costs a round only when most entries are kept).
    private mutating func victim(isInUse: (Entry) -> Bool) -> Int? {
      for _ in 0..<entries.count {
        let index = hand
        hand = (hand + 1) % entries.count
        let askedRecently = entries[index].askedAgain > 0 && added - entries[index].askedAgain <= Self.recentlyAsked
        if !askedRecently, !isInUse(entries[index]) { return index }
      }
      capacity = entries.count + entries.count / 2
      return nil
    }
  }
}
