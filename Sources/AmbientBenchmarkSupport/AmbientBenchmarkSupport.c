#include "AmbientBenchmarkSupport.h"

// <malloc.h> first: it brings in <features.h>, which is what defines __GLIBC__ (testing the
// macro before any libc header would always fail, and every memory row would read 0).
#if defined(__linux__)
#include <malloc.h>
#endif

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#if defined(__GLIBC__)
size_t ambient_benchmark_bytes_in_use(void) { return mallinfo2().uordblks; }
#elif defined(__APPLE__)
#include <malloc/malloc.h>
size_t ambient_benchmark_bytes_in_use(void) {
  malloc_statistics_t statistics;
  malloc_zone_statistics(NULL, &statistics);
  return statistics.size_in_use;
}
#else
size_t ambient_benchmark_bytes_in_use(void) { return 0; }
#endif

size_t ambient_benchmark_peak_resident_bytes(void) {
#if defined(__linux__)
  FILE *status = fopen("/proc/self/status", "r");
  if (status) {
    char line[256];
    unsigned long kilobytes = 0;
    int found = 0;
    while (!found && fgets(line, sizeof line, status)) {
      found = sscanf(line, "VmHWM: %lu kB", &kilobytes) == 1;
    }
    fclose(status);
    if (found) return (size_t)kilobytes * 1024;
  }
#endif
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
#if defined(__APPLE__)
  return (size_t)usage.ru_maxrss;  // bytes on Darwin
#else
  return (size_t)usage.ru_maxrss * 1024;  // kilobytes elsewhere
#endif
}
