#include "utc_time.h"

#include <cstdint>
#include <ctime>
#include <string>

namespace hetsched::cli {

std::string utcTime(std::int64_t epochMs, const char* format) {
  const std::time_t t = static_cast<std::time_t>(epochMs / 1000);
  std::tm tm{};
#ifdef _WIN32
  gmtime_s(&tm, &t);
#else
  gmtime_r(&t, &tm);
#endif
  char buf[64];
  return std::strftime(buf, sizeof buf, format, &tm) > 0 ? buf : "";
}

}  // namespace hetsched::cli
