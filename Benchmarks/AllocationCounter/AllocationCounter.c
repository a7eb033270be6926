// Counts heap allocations for outline-bench's "allocations per operation":
// the executable defines malloc and its siblings, which glibc lets a program
// do (its own are reachable as __libc_*), so every allocation of the Swift
// runtime and the standard library goes through here.

#include "AllocationCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <stddef.h>
#include <stdatomic.h>
#include <malloc.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t allocations;

void *malloc(size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_realloc(pointer, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  void *pointer = __libc_memalign(alignment, size);
  if (pointer == NULL) return 12;  // ENOMEM
  *result = pointer;
  return 0;
}

uint64_t outline_bench_allocation_count(void) {
  return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t outline_bench_heap_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}
#else
uint64_t outline_bench_allocation_count(void) { return UINT64_MAX; }
uint64_t outline_bench_heap_bytes(void) { return UINT64_MAX; }
#endif
