#include "AmbientRuntime.h"

static _Thread_local const void *ambient_read_site;

const void *ambient_read_site_exchange(const void *site) {
  const void *previous = ambient_read_site;
  ambient_read_site = site;
  return previous;
}

const void *ambient_read_site_get(void) {
  return ambient_read_site;
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
