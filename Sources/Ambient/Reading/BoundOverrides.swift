public import AmbientRuntime

// Bound overrides: what lets a `@Dependency` read skip the task-local lookup.
//
// A wrapper's read needs the values bound by the innermost scope only to let overrides in scope
// at the read win over the ones its model captured; with nothing bound, it reads the captured
// ones. The lookup that finds out is the Swift runtime's walk of the task's bindings, and a test
// runner binds task-locals of its own, so inside a test the walk passes all of them: most of
// what a read in a test costs beyond the app's read.
//
// So the overrides are counted before anything can bind them: every set of overrides is
// counted when it is made (`Overrides.init`), in a process-wide count
// (`ambient_bound_overrides_count`, a C global), and leaves the count when it is freed
// (`Overrides.deinit`) or emptied to be its thread's spare, which only a scope's end does, when
// its reference is the only one left (`Overrides.keepAsSpare`; a spare enters the count again
// when a scope takes it, before anything can bind it, as a new set does). The only sets of overrides left out are ones that override nothing and
// are never handed to code that binds (the immortal `Overrides.empty`, a test's pinned
// `TestRoots` overrides, the copies `ObjectScopes` keeps): binding them would change nothing a
// wrapper reads. Counting when made rather than when bound is what lets `_current` be a public
// task-local, as code written for swift-dependencies expects (`$_current.withValue(values)`):
// whatever values that code binds, it got from Ambient, so they are counted already. Ambient's
// own bindings (`withBound` below, `bind` in WithDependencies.swift) still check, and bind a
// counted copy of anything uncounted. A read that loads 0 takes the captured values without a
// lookup.
//
// Why a read that loads 0 can see no bound overrides. Say task T reads while it sees a binding
// of overrides S (nil overrides are no overrides: the read takes the captured ones either way).
// - S was counted when it was made, before it could be bound; the binder got S from its maker
//   through a handoff that orders the making before the binding, and T sees that binding
//   through its own program order (it bound S) or through the creation of a task (child tasks
//   and `Task {}` inherit bindings), both of which order the count's increment before T's
//   load. By coherence, T's load returns the increment's result or a later one in the count's
//   modification order.
// - S leaves the count only in its `deinit`, after its last release, or when it is emptied as a
//   spare, while the only reference left is the emptier's; every binding retains S
//   (the runtime copies a binding into a `Task {}` that inherits it), so that release comes
//   after T's binding ends, which is after T's load. T's load cannot return the decrement or a
//   later value.
// - Every set of overrides' decrement follows its own increment in the modification order (its
//   increment happens before its `deinit`), so any prefix of that order sums to at least the
//   increments it holds whose sets of overrides are still alive: T loads at least 1.
// The count's operations can therefore be relaxed; the orderings come from the handoff, the
// binding and the task creation, which Swift's runtime already provides.
//
// Counting never depends on how many references a set of overrides has: a set of overrides is
// marked counted when it is made, or, for the few made uncounted, only while the binder holds its
// only reference (no other thread can look at the mark); one that is shared and not yet counted is
// bound as a counted copy instead. The mark is set before the set of overrides is shared and never
// changes after, so reading it needs no atomics.
//
// `.ci/check-task-local-bindings` fails when anything in Sources/ binds `_current` other than
// through the two functions that check the count first, or makes a set of overrides uncounted
// outside the places named above.

extension DependencyValues {
  /// Whether no task or thread in the process can see bound overrides (see the argument at the
  /// top of this file): one relaxed load of a global that changes only when scopes with
  /// overrides begin or their overrides are freed.
  @inlinable
  static var noOverridesBound: Bool { ambient_no_overrides_bound() }

  /// Counts these values' overrides in the process's bound overrides unless they are counted
  /// already (most are, from when they were made), replacing them with a counted copy when
  /// they are shared and not yet counted. Called on values about to be bound, by a binder that
  /// holds them (ideally alone).
  ///
  /// Also makes them values a scope binds: one layer of overrides and no read site. Values
  /// read through `@Dependency(\.self)` under another scope carry the model's captured
  /// overrides beside the current ones (`_captured`); bound as they were, reads of `_current`
  /// would see both layers, but a held model's read and `withDependencies(from:)`, which look
  /// at the bound overrides only, would miss the captured layer.
  mutating func countOverridesAsBound() {
    // Inline, the common case: overrides counted when made (or none), one layer, no read site.
    if !(_captured == nil && _site == nil && (_overrides == nil || _overrides!.isCountedAsBound)) {
      countOverridesAsBoundOutOfLine()
    }
  }

  /// The rest of ``countOverridesAsBound()``.
  @inline(never)
  private mutating func countOverridesAsBoundOutOfLine() {
    if _captured != nil || _site != nil { self = reading(at: nil) }
    // No named reference to the set of overrides: it would make the uniqueness check below fail.
    if _overrides == nil || _overrides!.isCountedAsBound { return }
    if !isKnownUniquelyReferenced(&_overrides) {
      _overrides = Overrides(copying: _overrides!)  // counted when made
      return
    }
    _overrides!.isCountedAsBound = true
    ambient_bound_overrides_add(1)
  }

  /// Runs `operation` with `values` bound to `_current`, their overrides counted first: the way
  /// every part of Ambient and its test glue binds values but `withDependencies` (`bind`, which
  /// counts its own).
  package static func withBound<R>(_ values: consuming DependencyValues, operation: () throws -> R) rethrows -> R {
    values.countOverridesAsBound()
    return try $_current.withValue(values, operation: operation)
  }

  /// Runs asynchronous `operation` with `values` bound to `_current`, on the caller's actor; see
  /// the synchronous form.
  package static func withBound<R>(
    _ values: consuming DependencyValues,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    values.countOverridesAsBound()
    return try await $_current.withValue(values, operation: operation)
  }
}
