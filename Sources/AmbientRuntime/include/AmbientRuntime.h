#ifndef AMBIENT_RUNTIME_H
#define AMBIENT_RUNTIME_H

// The few things Ambient needs below Swift: acquire/release atomics for the lock-free read
// path (plain C, so every supported Apple deployment target and Linux share one path), a
// thread-local for the read in progress, and the hooks AmbientTesting installs.

#include <stdbool.h>
#include <stddef.h>

// Word atomics, for the slots and flags the Swift side shares between threads. Each is one atomic
// builtin on one pointer-sized word, which every caller passes naturally aligned (a `const void *`
// in memory allocated for such words, or a C global), so a load returns a whole value that some
// store wrote. Why each word outlives the call, and what each ordering publishes, is argued at
// each call.

// Sound because acquire pairs with the release (or sequentially consistent) store that wrote the
// value loaded: whatever the storer wrote before that store is visible after this load.
static inline const void *_Nullable ambient_atomic_load_acquire(const void *_Nullable const *_Nonnull word) {
  return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

/// For flags that only choose a slower path, where whatever the flag guards is read under a lock.
// Sound because relaxed orders nothing else and a caller relies on the value alone: a flag seen
// late only delays the slower path, which reads what the flag guards under a lock.
static inline const void *_Nullable ambient_atomic_load_relaxed(const void *_Nullable const *_Nonnull word) {
  return __atomic_load_n(word, __ATOMIC_RELAXED);
}

// Sound because release orders every earlier write of this thread before the store, for a thread
// that loads the value with acquire (ambient_atomic_load_acquire).
static inline void ambient_atomic_store_release(const void *_Nullable *_Nonnull word, const void *_Nullable value) {
  __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

// Sound because a sequentially consistent load is also an acquire, and takes part in the one
// total order the reclamation handshake relies on: a reader's mark, then its load of a slot; a
// writer's store to that slot, then its scan of the marks (see ambient_reader_record).
static inline const void *_Nullable ambient_atomic_load_seq_cst(const void *_Nullable const *_Nonnull word) {
  return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

// Sound because a sequentially consistent store is also a release, and is the writer's half of
// the handshake above (ambient_atomic_load_seq_cst).
static inline void ambient_atomic_store_seq_cst(const void *_Nullable *_Nonnull word, const void *_Nullable value) {
  __atomic_store_n(word, value, __ATOMIC_SEQ_CST);
}

/// Reader activity, for freeing what lock-free readers may still be looking at (the old tables
/// and values a reset leaves behind). Each thread that reads owns one record whose sequence is
/// odd while the thread is inside a read and even otherwise: a read makes it odd with a
/// sequentially consistent store before it loads a table slot, and even again when it is done.
/// A writer that has unpublished something (sequentially consistent store) waits for every read
/// it saw in flight to finish (``ambient_wait_for_reads_in_flight``), so it frees
/// deterministically, however busy the readers are (see ConcurrentTable.swift).
///
/// The mark is a sequentially consistent store, a full fence between it and the slot load that
/// follows. (Having writers fence for readers with Linux's `membarrier(2)` instead, so that a
/// mark is a plain store, saved less than 5% of a live or overridden read, and was removed.)
typedef struct ambient_reader_record {
  unsigned long sequence;
  struct ambient_reader_record *_Nullable next;
} ambient_reader_record;

/// This thread's record, or null before its first read.
#if defined(__linux__)
// Initial-exec: one load from the thread pointer instead of a call to __tls_get_addr.
extern _Thread_local ambient_reader_record *_Nullable ambient_thread_reader_record
    __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local ambient_reader_record *_Nullable ambient_thread_reader_record;
#endif

/// Registers this thread's record on its first read.
ambient_reader_record *_Nonnull ambient_register_reader_record(void);

/// Marks this thread as inside a read. Reads never nest (no user code runs inside one).
static inline ambient_reader_record *_Nonnull ambient_read_begin(void) {
  ambient_reader_record *record = ambient_thread_reader_record;
  if (__builtin_expect(record == 0, 0)) record = ambient_register_reader_record();
  // Sound because only this thread writes its record's sequence (a writer only loads it), so a
  // relaxed load of it returns this thread's own last store.
  unsigned long sequence = __atomic_load_n(&record->sequence, __ATOMIC_RELAXED);
  // Sound because sequentially consistent: ordered before the slot load that follows (also
  // sequentially consistent), against a writer's unpublishing store and its scan of the
  // records (the two sides of a Dekker handshake): the writer sees this mark, or this read
  // loads the block the writer published.
  __atomic_store_n(&record->sequence, sequence + 1, __ATOMIC_SEQ_CST);
  return record;
}

/// Marks this thread's read as finished.
///
/// Deliberately not inline (it is defined in AmbientRuntime.c): to Swift and to LLVM it is a
/// call they cannot see into, and such a call may release any object reachable from memory.
/// So every retain that makes the read's result owned (+1) must be done before the call, or a
/// single-threaded program could be miscompiled too; the rule no longer depends on where the
/// optimiser would like to put a retain. (Inlined, it was a plain store, and the optimiser
/// moved the result's retain after it: a reset could free the value in between.)
void ambient_read_end(ambient_reader_record *_Nonnull record);

/// Waits until every read that was in flight when it was called has finished. A writer calls
/// it after unpublishing something (sequentially consistent store) and before freeing it:
/// reads that start later cannot find what was unpublished, and the ones it waits for take
/// nanoseconds. Never call it from inside a read (the calling thread's own read is skipped).
void ambient_wait_for_reads_in_flight(void);

/// The `DependencyValues._current` task-local's key once a read looked it up, else null: a plain
/// global, so a read finds the key without the lazy-initialisation call of a static's accessor.
extern const void *_Nullable ambient_current_values_key_storage;

static inline const void *_Nullable ambient_current_values_key(void) {
  // Sound because relaxed suffices: every store writes the same address (the `TaskLocal` object
  // of a static, alive for the process), which the runtime only compares with the keys of
  // bindings; a reader that still loads null looks the key up and stores it itself.
  return __atomic_load_n(&ambient_current_values_key_storage, __ATOMIC_RELAXED);
}

// Sound because: see ambient_current_values_key; each store writes the one key there is.
static inline void ambient_publish_current_values_key(const void *_Nonnull key) {
  __atomic_store_n(&ambient_current_values_key_storage, key, __ATOMIC_RELAXED);
}

/// How many overrides that a scope has bound are alive in the process (see
/// `BoundOverrides.swift` for the ordering argument): while it is 0, no task or thread can see
/// bound overrides, so a `@Dependency` read skips the task-local lookup. Alone on its cache
/// line (two, for the adjacent-line prefetcher), so that scopes entered and left on one core do
/// not slow reads of other globals.
typedef struct __attribute__((aligned(128))) ambient_padded_count {
  long value;
  char padding[128 - sizeof(long)];
} ambient_padded_count;
extern ambient_padded_count ambient_bound_overrides_count;

// Sound because relaxed suffices: `BoundOverrides.swift` argues that a read that loads 0 can see
// no bound overrides, with the orderings coming from the handoff of the overrides to their binder,
// the binding and the creation of tasks, which the Swift runtime already provides.
static inline bool ambient_no_overrides_bound(void) {
  return __atomic_load_n(&ambient_bound_overrides_count.value, __ATOMIC_RELAXED) == 0;
}

// Sound because an atomic read-modify-write loses no update whatever its ordering, and relaxed
// suffices for the reason given above ambient_no_overrides_bound.
static inline void ambient_bound_overrides_add(long delta) {
  __atomic_fetch_add(&ambient_bound_overrides_count.value, delta, __ATOMIC_RELAXED);
}

/// The shared root's live table slot (the address of the word its live table publishes in,
/// which `ambient_live_slot` returns) once a read found the process reading live defaults, else
/// null: a plain global, so the live read path checks it without a lazy-initialisation call.
extern const void *_Nullable ambient_live_slot_storage;

// Sound because the slot is a word of the shared root, a static that is never freed, so its
// address stays valid for the process; and this acquire pairs with the release in
// ambient_publish_live_slot, made after the root initialised its slots, so a reader that finds
// the address finds the word initialised (it then loads the word itself atomically).
static inline const void *_Nullable ambient_live_slot(void) {
  return __atomic_load_n(&ambient_live_slot_storage, __ATOMIC_ACQUIRE);
}

// Sound because: the release half of ambient_live_slot's argument.
static inline void ambient_publish_live_slot(const void *_Nonnull slot) {
  __atomic_store_n(&ambient_live_slot_storage, slot, __ATOMIC_RELEASE);
}

/// The read-site registry's current block, in static storage (its address, which
/// `ambient_site_registry_slot` returns, is the registry's slot), so interning a site
/// (every `@Dependency` initialisation) reaches it without a lazy-initialisation check.
extern const void *_Nullable ambient_site_registry_block;

static inline const void *_Nullable *_Nonnull ambient_site_registry_slot(void) {
  return &ambient_site_registry_block;
}

/// A direct-mapped cache in front of the read-site registry: 256 words, each the last site
/// interned whose key maps there (or null), written with release and read with acquire. Sites
/// are immutable and live for the process, so a reader that finds one may use it as long as
/// it checks that it is the declaration it asked for; an entry another site took is a miss.
/// Every `@Dependency` initialisation looks here first: one load, no call into the registry
/// (what that buys is measured beside `ReadSite.interned`).
extern const void *_Nullable ambient_site_cache[256];

static inline const void *_Nullable *_Nonnull ambient_site_cache_entry(unsigned long key) {
  return &ambient_site_cache[key & 255];
}

/// The `@Dependency` declaration being read on this thread, so that a default value built
/// on a cache miss can name where it was used. Set and restored around each read.
const void *_Nullable ambient_read_site_exchange(const void *_Nullable site);
const void *_Nullable ambient_read_site_get(void);

/// A number for the calling thread, unique in the process and fixed for the thread's life
/// (assigned on first call), so that the default values being built, and the waits between
/// builds, can be recorded per thread and named in a deadlock report.
long ambient_thread_number(void);

/// Writes `count` bytes to `fd`, retrying interrupted and partial writes, and drops them on any
/// other error. A broken pipe does not raise SIGPIPE: it is blocked on the calling thread for
/// the write only, and the one the write raised is consumed, so the process's signal
/// disposition is never changed. `errno` is preserved.
void ambient_write_or_drop(int fd, const void *_Nonnull bytes, size_t count);

/// Whether this thread is running a synchronous `withDependencies` update closure, which reads
/// values only to change them: issues reported meanwhile are dropped. Set and restored around
/// each closure.
#if defined(__linux__)
extern _Thread_local bool ambient_thread_updating __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local bool ambient_thread_updating;
#endif

static inline bool ambient_updating_exchange(bool updating) {
  bool previous = ambient_thread_updating;
  ambient_thread_updating = updating;
  return previous;
}

static inline bool ambient_updating_get(void) { return ambient_thread_updating; }

/// This thread's spare set of overrides: a Swift object (one retain, or null) that a finished
/// synchronous `withDependencies` scope emptied and left for the next one on this thread, so
/// that it allocates, initialises and frees no object of its own (SpareOverrides.swift). A
/// thread-local, so no other thread ever sees it and nothing needs a lock; at most one per
/// thread, given back when the thread exits (``ambient_spare_overrides_keep``).
#if defined(__linux__)
extern _Thread_local void *_Nullable ambient_thread_spare_overrides __attribute__((tls_model("initial-exec")));
extern _Thread_local bool ambient_thread_spare_release_registered __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local void *_Nullable ambient_thread_spare_overrides;
extern _Thread_local bool ambient_thread_spare_release_registered;
#endif

/// Takes this thread's spare set of overrides (with its retain), leaving none; null if none.
static inline void *_Nullable ambient_spare_overrides_take(void) {
  void *spare = ambient_thread_spare_overrides;
  ambient_thread_spare_overrides = 0;
  return spare;
}

/// Whether this thread has a spare set of overrides.
static inline bool ambient_spare_overrides_present(void) { return ambient_thread_spare_overrides != 0; }

/// Gives back a spare set of overrides: releases the object (Swift's release, passed in by the
/// Swift side, which knows the object's type).
typedef void (*ambient_spare_release)(void *_Nonnull object);

/// Arranges, once per thread, that the thread's spare is given back with `release` when the
/// thread exits. Out of line: a thread does it on its first spare only.
void ambient_register_spare_release(ambient_spare_release _Nonnull release);

/// Keeps `object` (with its retain) as this thread's spare, which must be empty; `release` gives
/// it back when the thread exits.
static inline void ambient_spare_overrides_keep(void *_Nonnull object, ambient_spare_release _Nonnull release) {
  if (__builtin_expect(!ambient_thread_spare_release_registered, 0)) ambient_register_spare_release(release);
  ambient_thread_spare_overrides = object;
}

/// Entry points AmbientTesting installs when a test bundle loads, so that Ambient reaches the
/// test frameworks without linking them. Either may be null.
typedef unsigned long (*ambient_current_test_hook)(void);
typedef bool (*ambient_record_issue_hook)(const char *_Nonnull message, const char *_Nonnull fileID,
                                          const char *_Nonnull filePath, long line, long column);

void ambient_install_test_hooks(ambient_current_test_hook _Nullable currentTest,
                                ambient_record_issue_hook _Nullable recordIssue);
ambient_current_test_hook _Nullable ambient_installed_current_test_hook(void);
ambient_record_issue_hook _Nullable ambient_installed_record_issue_hook(void);

#endif
