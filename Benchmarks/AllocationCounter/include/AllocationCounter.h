#ifndef OUTLINE_BENCH_ALLOCATION_COUNTER_H
#define OUTLINE_BENCH_ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, aligned
/// allocations) the process has made so far, or UINT64_MAX where they are
/// not counted (anywhere but Linux with glibc).
uint64_t outline_bench_allocation_count(void);

#endif
