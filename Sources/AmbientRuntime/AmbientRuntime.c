#include "AmbientRuntime.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

// Every reader record ever made; the record of a thread that exited goes on `free_nodes` for the
// next new thread, so the list grows only with the number of threads alive at once.
static pthread_mutex_t records_lock = PTHREAD_MUTEX_INITIALIZER;
static ambient_reader_record *all_records;
static pthread_key_t record_key;
static pthread_once_t record_key_once = PTHREAD_ONCE_INIT;
#if defined(__linux__)
_Thread_local ambient_reader_record *ambient_thread_reader_record __attribute__((tls_model("initial-exec")));
#else
_Thread_local ambient_reader_record *ambient_thread_reader_record;
#endif

typedef struct free_node {
  ambient_reader_record *record;
  struct free_node *next;
} free_node;
static free_node *free_nodes;

static void release_record(void *record) {
  ambient_thread_reader_record = NULL;  // a later read on this exiting thread registers again
  free_node *node = malloc(sizeof(free_node));
  if (!node) return;  // the record stays unused; harmless
  pthread_mutex_lock(&records_lock);
  node->record = record;
  node->next = free_nodes;
  free_nodes = node;
  pthread_mutex_unlock(&records_lock);
}

static void make_record_key(void) { pthread_key_create(&record_key, release_record); }

ambient_reader_record *ambient_register_reader_record(void) {
  ambient_reader_record *record;
  pthread_once(&record_key_once, make_record_key);
  pthread_mutex_lock(&records_lock);
  if (free_nodes) {
    free_node *node = free_nodes;
    free_nodes = node->next;
    record = node->record;
    free(node);
  } else {
    // A cache line of its own (128 bytes covers adjacent-line prefetching too): two threads
    // marking their reads must not write to the same line.
    void *memory = NULL;
    if (posix_memalign(&memory, 128, 128) != 0) abort();
    record = memory;
    record->sequence = 0;
    record->next = all_records;
    all_records = record;
  }
  pthread_mutex_unlock(&records_lock);
  ambient_thread_reader_record = record;
  pthread_setspecific(record_key, record);
  return record;
}

void ambient_read_end(ambient_reader_record *record) {
  // Sound because only this thread writes its record's sequence, so the relaxed load returns its
  // own last store; and the release store pairs with the acquire load a waiting writer spins on
  // (ambient_wait_for_reads_in_flight): everything the read loaded, and the retains that made
  // its result its own, happen before that writer frees what the read found.
  unsigned long sequence = __atomic_load_n(&record->sequence, __ATOMIC_RELAXED);
  __atomic_store_n(&record->sequence, sequence + 1, __ATOMIC_RELEASE);
}

void ambient_wait_for_reads_in_flight(void) {
  // Records are never freed and are only ever pushed at the head, so the list from this head
  // on can be walked without the lock. A thread whose record is added later takes the lock
  // after this writer's unpublishing store, so its reads find what was published instead.
  pthread_mutex_lock(&records_lock);
  ambient_reader_record *head = all_records;
  pthread_mutex_unlock(&records_lock);
  ambient_reader_record *own = ambient_thread_reader_record;
  for (ambient_reader_record *record = head; record; record = record->next) {
    if (record == own) continue;
    // Sound because sequentially consistent: the scan is the writer's second half of the
    // handshake (see ambient_reader_record), after its unpublishing store and, where writers
    // fence, after the process-wide barrier that made every earlier mark visible. Records are
    // never freed, so this one is valid however long its thread has been gone.
    unsigned long seen = __atomic_load_n(&record->sequence, __ATOMIC_SEQ_CST);
    if ((seen & 1) == 0) continue;  // not in a read: any read it starts finds the new block
    // Sound because acquire pairs with the release in ambient_read_end: once the sequence
    // changes, all that read loaded happens before the caller frees. (Any change will do: a
    // later read of that thread starts after the unpublishing store, so finds the new block.)
    for (unsigned spins = 0; __atomic_load_n(&record->sequence, __ATOMIC_ACQUIRE) == seen; spins++) {
      // A read takes nanoseconds unless its thread was preempted in it: yield after a while.
      if (spins >= 64) sched_yield();
    }
  }
}

const void *ambient_site_registry_block;

const void *ambient_site_cache[256];

const void *ambient_live_slot_storage;

const void *ambient_current_values_key_storage;

ambient_padded_count ambient_bound_overrides_count;

static _Thread_local const void *ambient_read_site;

const void *ambient_read_site_exchange(const void *site) {
  const void *previous = ambient_read_site;
  ambient_read_site = site;
  return previous;
}

const void *ambient_read_site_get(void) {
  return ambient_read_site;
}

#if defined(__linux__)
_Thread_local bool ambient_thread_updating __attribute__((tls_model("initial-exec")));
#else
_Thread_local bool ambient_thread_updating;
#endif

#if defined(__linux__)
_Thread_local void *ambient_thread_spare_overrides __attribute__((tls_model("initial-exec")));
_Thread_local bool ambient_thread_spare_release_registered __attribute__((tls_model("initial-exec")));
#else
_Thread_local void *ambient_thread_spare_overrides;
_Thread_local bool ambient_thread_spare_release_registered;
#endif

// The release each thread registered (the same function for all), and a key whose destructor
// calls it on the thread's spare when the thread exits.
static ambient_spare_release spare_release;
static pthread_key_t spare_key;
static pthread_once_t spare_key_once = PTHREAD_ONCE_INIT;

static void release_spare_at_exit(void *unused) {
  (void)unused;
  void *spare = ambient_spare_overrides_take();
  // Whatever runs after this on the exiting thread and keeps a spare registers again (the
  // key's destructors then run once more).
  ambient_thread_spare_release_registered = false;
  // Sound because every thread that kept a spare registered first, storing (release) the one
  // release function there is, code that lives for the process: this thread's own store comes
  // before its exit in program order, so the load finds a whole pointer to that function.
  ambient_spare_release release = __atomic_load_n(&spare_release, __ATOMIC_ACQUIRE);
  if (spare && release) release(spare);
}

static void make_spare_key(void) { pthread_key_create(&spare_key, release_spare_at_exit); }

void ambient_register_spare_release(ambient_spare_release release) {
  // Sound because: the store that release_spare_at_exit's load pairs with (see there).
  __atomic_store_n(&spare_release, release, __ATOMIC_RELEASE);
  pthread_once(&spare_key_once, make_spare_key);
  // Any value but null makes the destructor run; the spare itself is in the thread-local.
  pthread_setspecific(spare_key, &spare_key);
  ambient_thread_spare_release_registered = true;
}

static ambient_current_test_hook current_test_hook;
static ambient_record_issue_hook record_issue_hook;

// Sound because a hook is a pointer to a function of AmbientTesting, code that stays loaded for
// the process, and each load (acquire) pairs with the store (release) that installed it: a
// thread that finds a hook also sees everything AmbientTesting did before installing it.
void ambient_install_test_hooks(ambient_current_test_hook currentTest, ambient_record_issue_hook recordIssue) {
  __atomic_store_n(&current_test_hook, currentTest, __ATOMIC_RELEASE);
  __atomic_store_n(&record_issue_hook, recordIssue, __ATOMIC_RELEASE);
}

// Sound because: see ambient_install_test_hooks.
ambient_current_test_hook ambient_installed_current_test_hook(void) {
  return __atomic_load_n(&current_test_hook, __ATOMIC_ACQUIRE);
}

// Sound because: see ambient_install_test_hooks.
ambient_record_issue_hook ambient_installed_record_issue_hook(void) {
  return __atomic_load_n(&record_issue_hook, __ATOMIC_ACQUIRE);
}

static long last_thread_number;
static _Thread_local long thread_number;

long ambient_thread_number(void) {
  // Sound because an atomic increment gives each caller a value no other caller gets, whatever
  // the ordering; the number is only compared, so relaxed suffices.
  if (thread_number == 0) thread_number = __atomic_add_fetch(&last_thread_number, 1, __ATOMIC_RELAXED);
  return thread_number;
}

#if defined(_WIN32)
#include <errno.h>
#include <io.h>

void ambient_write_or_drop(int fd, const void *bytes, size_t count) {
  int saved_errno = errno;
  const char *next = bytes;
  while (count > 0) {
    int written = _write(fd, next, count > 0x7fffffff ? 0x7fffffff : (unsigned int)count);
    if (written <= 0) break;
    next += written;
    count -= (size_t)written;
  }
  errno = saved_errno;
}
#else
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

void ambient_write_or_drop(int fd, const void *bytes, size_t count) {
  int saved_errno = errno;
  // SIGPIPE is blocked on this thread only, around this write only: ignoring it process-wide
  // (or setting SO_NOSIGPIPE / F_SETNOSIGPIPE on a descriptor the program owns) would change
  // the behaviour of the program's own writes, which is not a library's call to make.
  sigset_t pipe_only, previous, pending;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
  sigemptyset(&pending);
  sigpending(&pending);
  // A SIGPIPE that was pending before this write belongs to someone else: leave it.
  bool was_pending = sigismember(&pending, SIGPIPE) == 1;
  bool broken_pipe = false;
  const char *next = bytes;
  while (count > 0) {
    ssize_t written = write(fd, next, count);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      broken_pipe = written < 0 && errno == EPIPE;
      break;
    }
    next += written;
    count -= (size_t)written;
  }
  if (broken_pipe && !was_pending) {
    // The write raised SIGPIPE on this thread; take it while it is blocked, so that restoring
    // the mask does not deliver it.
    sigemptyset(&pending);
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE) == 1) {
      int taken;
      sigwait(&pipe_only, &taken);
    }
  }
  pthread_sigmask(SIG_SETMASK, &previous, NULL);
  errno = saved_errno;
}
#endif
