#include "AmbientRuntime.h"

#include <pthread.h>
#include <stdlib.h>

// Every reader record ever made; the record of a thread that exited goes on `free_nodes` for the
// next new thread, so the list grows only with the number of threads alive at once.
static pthread_mutex_t records_lock = PTHREAD_MUTEX_INITIALIZER;
static ambient_reader_record *all_records;
static pthread_key_t record_key;
static pthread_once_t record_key_once = PTHREAD_ONCE_INIT;
static _Thread_local ambient_reader_record *thread_record;

typedef struct free_node {
  ambient_reader_record *record;
  struct free_node *next;
} free_node;
static free_node *free_nodes;

static void release_record(void *record) {
  thread_record = NULL;  // a later read on this exiting thread registers again
  free_node *node = malloc(sizeof(free_node));
  if (!node) return;  // the record stays unused; harmless
  pthread_mutex_lock(&records_lock);
  node->record = record;
  node->next = free_nodes;
  free_nodes = node;
  pthread_mutex_unlock(&records_lock);
}

static void make_record_key(void) { pthread_key_create(&record_key, release_record); }

ambient_reader_record *ambient_current_reader_record(void) {
  ambient_reader_record *record = thread_record;
  if (record) return record;
  pthread_once(&record_key_once, make_record_key);
  pthread_mutex_lock(&records_lock);
  if (free_nodes) {
    free_node *node = free_nodes;
    free_nodes = node->next;
    record = node->record;
    free(node);
  } else {
    record = calloc(1, sizeof(ambient_reader_record));
    if (!record) abort();
    record->next = all_records;
    all_records = record;
  }
  pthread_mutex_unlock(&records_lock);
  thread_record = record;
  pthread_setspecific(record_key, record);
  return record;
}

bool ambient_readers_quiescent(void) {
  bool quiescent = true;
  pthread_mutex_lock(&records_lock);
  for (ambient_reader_record *record = all_records; record; record = record->next) {
    if (__atomic_load_n(&record->active, __ATOMIC_SEQ_CST)) {
      quiescent = false;
      break;
    }
  }
  pthread_mutex_unlock(&records_lock);
  return quiescent;
}

static _Thread_local const void *ambient_read_site;

const void *ambient_read_site_exchange(const void *site) {
  const void *previous = ambient_read_site;
  ambient_read_site = site;
  return previous;
}

const void *ambient_read_site_get(void) {
  return ambient_read_site;
}

static _Thread_local bool ambient_updating;

bool ambient_updating_exchange(bool updating) {
  bool previous = ambient_updating;
  ambient_updating = updating;
  return previous;
}

bool ambient_updating_get(void) {
  return ambient_updating;
}

static ambient_current_test_hook current_test_hook;
static ambient_record_issue_hook record_issue_hook;

void ambient_install_test_hooks(ambient_current_test_hook currentTest, ambient_record_issue_hook recordIssue) {
  __atomic_store_n(&current_test_hook, currentTest, __ATOMIC_RELEASE);
  __atomic_store_n(&record_issue_hook, recordIssue, __ATOMIC_RELEASE);
}

ambient_current_test_hook ambient_installed_current_test_hook(void) {
  return __atomic_load_n(&current_test_hook, __ATOMIC_ACQUIRE);
}

ambient_record_issue_hook ambient_installed_record_issue_hook(void) {
  return __atomic_load_n(&record_issue_hook, __ATOMIC_ACQUIRE);
}
