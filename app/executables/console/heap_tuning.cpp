#include "heap_tuning.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace hetsched {

void returnLargeBlocksToTheSystem() {
#if defined(__GLIBC__)
  // Setting the threshold also stops glibc from raising it on each free; a
  // frame's smallest column at 10,000 devices (10 KB) stays on the heap.
  mallopt(M_MMAP_THRESHOLD, 512 * 1024);
#endif
}

}  // namespace hetsched
