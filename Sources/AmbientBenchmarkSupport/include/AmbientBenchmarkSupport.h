#ifndef AMBIENT_BENCHMARK_SUPPORT_H
#define AMBIENT_BENCHMARK_SUPPORT_H

#include <stddef.h>

/// Bytes the C allocator has handed out and not had back (glibc's `mallinfo2`; 0 where that is
/// not available). Swift's Glibc module does not export <malloc.h>.
size_t ambient_benchmark_bytes_in_use(void);

/// The most memory this process has had resident at once, in bytes: what a user's process
/// monitor shows at its peak (`VmHWM` in /proc/self/status on Linux, `ru_maxrss` elsewhere; 0
/// if neither can be read). Unlike the allocator's bytes, it counts memory the allocator keeps
/// for itself, such as pages fragmented by many small allocations.
size_t ambient_benchmark_peak_resident_bytes(void);

#endif
