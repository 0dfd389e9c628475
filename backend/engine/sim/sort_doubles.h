#pragma once

#include <vector>

namespace hetsched {

// Sorts ascending, the order std::sort gives (no NaN). Large inputs go by
// least-significant-digit radix on the IEEE bits: the service metrics sort
// the end times of every job of a run, and at 10^6 jobs a comparison sort
// was a tenth of a what-if.
void sortDoubles(std::vector<double>& values);

}  // namespace hetsched
