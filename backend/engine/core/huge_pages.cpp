#include "huge_pages.h"

#include <cstddef>
#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace hetsched {

void adviseHugePages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const auto address = reinterpret_cast<std::uintptr_t>(data);  // NOLINT(*-reinterpret-cast): its alignment
  const std::size_t head = (kHuge - address % kHuge) % kHuge;   // up to the first whole huge page
  if (bytes <= head) return;
  const std::size_t length = (bytes - head) / kHuge * kHuge;
  // Advice only: where the kernel has no huge pages it keeps 4 KiB ones.
  if (length > 0) madvise(static_cast<char*>(data) + head, length, MADV_HUGEPAGE);
#else
  (void)data;
  (void)bytes;
#endif
}

}  // namespace hetsched
