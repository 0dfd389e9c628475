#include "huge_pages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace hetsched {

void adviseHugePages(const void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(data);  // NOLINT(*-reinterpret-cast): an address, for madvise
  const std::uintptr_t first = (begin + kHuge - 1) & ~(kHuge - 1);
  const std::uintptr_t last = (begin + bytes) & ~(kHuge - 1);
  // Advice only: where the kernel has no huge pages it keeps 4 KiB ones.
  if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE); // NOLINT(*-reinterpret-cast)
#else
  (void)data;
  (void)bytes;
#endif
}

} // namespace hetsched
