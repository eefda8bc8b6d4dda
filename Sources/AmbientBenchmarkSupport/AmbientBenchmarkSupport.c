#include "AmbientBenchmarkSupport.h"

// <malloc.h> first: it brings in <features.h>, which is what defines __GLIBC__ (testing the
// macro before any libc header would always fail, and every memory row would read 0).
#if defined(__linux__)
#include <malloc.h>
#endif

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
