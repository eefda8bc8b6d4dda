#ifndef AMBIENT_RUNTIME_H
#define AMBIENT_RUNTIME_H

// The few things Ambient needs below Swift: acquire/release atomics for the lock-free read
// path (plain C, so every supported Apple deployment target and Linux share one path), a
// thread-local for the read in progress, and the slot where AmbientTesting installs its hooks.

#include <stdbool.h>
#include <stddef.h>

static inline const void *_Nullable ambient_atomic_load_acquire(const void *_Nullable const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

static inline void ambient_atomic_store_release(const void *_Nullable *_Nonnull slot, const void *_Nullable value) {
  __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

/// Reader activity, for freeing what lock-free readers may still be looking at (the old tables
/// and values a reset or a finished test leaves behind). Each thread that reads owns one record;
/// a read marks it active with a sequentially consistent exchange and clears it with a release
/// store, so a writer that has unpublished something and then sees every record inactive knows
/// no reader can still hold it (see ConcurrentTable.swift).
typedef struct ambient_reader_record {
  long active;
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

static inline ambient_reader_record *_Nonnull ambient_read_begin(void) {
  ambient_reader_record *record = ambient_thread_reader_record;
  if (__builtin_expect(record == 0, 0)) record = ambient_register_reader_record();
  __atomic_exchange_n(&record->active, 1, __ATOMIC_SEQ_CST);
  return record;
}

static inline void ambient_read_end(ambient_reader_record *_Nonnull record) {
  __atomic_store_n(&record->active, 0, __ATOMIC_RELEASE);
}

static inline const void *_Nullable ambient_atomic_load_seq_cst(const void *_Nullable const *_Nonnull slot) {
  return __atomic_load_n(slot, __ATOMIC_SEQ_CST);
}

static inline void ambient_atomic_store_seq_cst(const void *_Nullable *_Nonnull slot, const void *_Nullable value) {
  __atomic_store_n(slot, value, __ATOMIC_SEQ_CST);
}

/// Whether no thread is inside a read right now (after a sequentially consistent store that
/// unpublished something, `true` means nothing unpublished is still being read).
bool ambient_readers_quiescent(void);

/// The shared root's live table slot once a read found the process reading live defaults, else
/// null: a plain global, so the live read path checks it without a lazy-initialisation call.
extern const void *_Nullable ambient_live_slot_storage;

static inline const void *_Nullable ambient_live_slot(void) {
  return __atomic_load_n(&ambient_live_slot_storage, __ATOMIC_ACQUIRE);
}

static inline void ambient_publish_live_slot(const void *_Nonnull slot) {
  __atomic_store_n(&ambient_live_slot_storage, slot, __ATOMIC_RELEASE);
}

/// The slot of the read-site registry's current block: static storage, so interning a site
/// (every `@Dependency` initialisation) reaches it without a lazy-initialisation check.
extern const void *_Nullable ambient_site_registry_slot_storage;

static inline const void *_Nullable *_Nonnull ambient_site_registry_slot(void) {
  return &ambient_site_registry_slot_storage;
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
