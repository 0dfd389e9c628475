#pragma once

#include <cstddef>
#include <iterator>
#include <vector>

namespace hetsched {

// Asks the kernel to back the whole 2 MiB pages inside [data, data + bytes)
// with transparent huge pages (Linux's madvise(MADV_HUGEPAGE); nothing on
// other systems). Debian's default THP mode is "madvise": unasked, the
// simulator's per-job arrays (hundreds of MB at 10^6 jobs) are faulted in
// 4 KiB at a time, and on a virtual machine those faults were close to half
// of a what-if's time (docs/engine.md, Speed).
void adviseHugePages(void* data, std::size_t bytes);

// v.reserve(n), the new storage advised before it is first touched (moved
// into, value-initialised or pushed to).
template <class T>
void reserveOnHugePages(std::vector<T>& v, std::size_t n) {
  if (n <= v.capacity()) return;
  std::vector<T> grown;
  grown.reserve(n);
  adviseHugePages(grown.data(), n * sizeof(T));
  grown.insert(grown.end(), std::make_move_iterator(v.begin()), std::make_move_iterator(v.end()));
  v.swap(grown);
}

template <class T>
void resizeOnHugePages(std::vector<T>& v, std::size_t n) {
  reserveOnHugePages(v, n);
  v.resize(n);
}

}  // namespace hetsched
