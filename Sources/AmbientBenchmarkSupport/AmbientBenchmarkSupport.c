#include "AmbientBenchmarkSupport.h"

#if defined(__GLIBC__)
#include <malloc.h>
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
