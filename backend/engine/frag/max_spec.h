#pragma once

#include <cstdint>

namespace hetsched::frag {

// The largest machine of the Alibaba GPU cluster (128 CPUs, 8 GPUs); DotProd
// and Best-fit normalise by it, as the ATC'23 authors' simulator does.
inline constexpr double kMaxSpecCpuMilli = 128000.0;
inline constexpr double kMaxSpecGpuMilli = 8000.0;
inline constexpr std::int64_t kMaxSpecGpuMilliInt = 8000;

}  // namespace hetsched::frag
