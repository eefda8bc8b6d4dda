#ifndef AMBIENT_BENCHMARK_SUPPORT_H
#define AMBIENT_BENCHMARK_SUPPORT_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not had back (glibc's `mallinfo2`; 0 where that is
/// not available). Swift's Glibc module does not export <malloc.h>.
size_t ambient_benchmark_bytes_in_use(void);

#endif
