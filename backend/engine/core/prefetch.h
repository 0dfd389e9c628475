#pragma once

namespace hetsched {

// Asks the CPU to start loading the cache line holding `p` for a read or a
// write soon. The simulator knows which job completes next long before it
// completes it (the top of the completion heap), but that job's slot,
// placement and timeline sit at random places in arrays of hundreds of MB:
// without a prefetch each is a cache miss taken while the driver waits.
inline void prefetch(const void* p) {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(p, 1);
#else
  (void)p;  // MSVC: no portable write prefetch; a hint, so none is fine
#endif
}

}  // namespace hetsched
