#pragma once

namespace hetsched {

// Large blocks (a frame's columns, a job list, a job map's matrices) go back
// to the system when freed instead of staying in the allocator's heap. With
// glibc's default, the threshold for that rises to the size of the largest
// block freed so far (up to 32 MB), so at 1,000,000 devices every 4 MB column
// of every frame came from the heap, and the heap's holes kept the RSS up:
// 1,331 MiB at peak against 1,198 MiB with a fixed threshold (docs/frames.md).
// Nothing on other C libraries.
void returnLargeBlocksToTheSystem();

}  // namespace hetsched
