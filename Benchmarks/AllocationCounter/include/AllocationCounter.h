#ifndef OUTLINE_BENCH_ALLOCATION_COUNTER_H
#define OUTLINE_BENCH_ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, aligned
/// allocations) the process has made so far, or UINT64_MAX where they are
/// not counted (anywhere but Linux with glibc).
uint64_t outline_bench_allocation_count(void);

/// Bytes of heap in use (glibc's mallinfo2: small blocks plus mmapped
/// ones), or UINT64_MAX where it is not known.
uint64_t outline_bench_heap_bytes(void);

#endif
