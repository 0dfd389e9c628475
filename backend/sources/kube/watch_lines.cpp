#include "watch_lines.h"

#include <cstddef>
#include <string_view>

namespace hetsched {

namespace {

bool blank(std::string_view line) { return line.find_first_not_of(" \r\t") == std::string_view::npos; }

}  // namespace

bool WatchLines::feed(std::string_view chunk, const OnLine& onLine) {
  m_pending.append(chunk);
  std::size_t start = 0;
  for (std::size_t nl; (nl = m_pending.find('\n', start)) != std::string::npos; start = nl + 1) {
    const std::string_view line(m_pending.data() + start, nl - start);
    if (blank(line)) continue;
    if (!onLine(line)) return false;
  }
  m_pending.erase(0, start);
  return true;
}

void WatchLines::finish(const OnLine& onLine) {
  if (!blank(m_pending)) onLine(m_pending);
  m_pending.clear();
}

}  // namespace hetsched
