#include "proc_stat.h"

#include "host_error.h"
#include "text_fields.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched {

std::variant<ProcStat, HostError> parseProcStat(std::string_view text) {
  ProcStat out;
  bool sawAggregate = false;
  int lineNo = 0;
  for (std::string_view line : splitLines(text)) {
    ++lineNo;
    const auto fields = splitFields(line);
    if (fields.empty() || !fields[0].starts_with("cpu")) continue;
    CpuTimes t;
    if (fields[0] != "cpu") {
      const auto n = parseUnsigned(fields[0].substr(3));
      if (!n || *n > 1'000'000) return HostError{"/proc/stat", lineNo, "bad cpu name '" + std::string(fields[0]) + "'"};
      t.cpu = static_cast<int>(*n);
    }
    // Kernels before 2.6 have four columns; newer ones up to ten.
    if (fields.size() < 5) return HostError{"/proc/stat", lineNo, "fewer than four time columns"};
    std::uint64_t* columns[] = {&t.user, &t.nice, &t.system, &t.idle, &t.iowait, &t.irq, &t.softirq, &t.steal};
    for (std::size_t c = 0; c < std::size(columns) && c + 1 < fields.size(); ++c) {
      const auto v = parseUnsigned(fields[c + 1]);
      if (!v) return HostError{"/proc/stat", lineNo, "column " + std::to_string(c + 1) + " is not a number"};
      *columns[c] = *v;
    }
    if (t.cpu < 0) {
      out.all = t;
      sawAggregate = true;
    } else {
      out.cpus.push_back(t);
    }
  }
  if (!sawAggregate) return HostError{"/proc/stat", 0, "no aggregate 'cpu' line"};
  std::sort(out.cpus.begin(), out.cpus.end(), [](const CpuTimes& a, const CpuTimes& b) { return a.cpu < b.cpu; });
  return out;
}

double cpuBusy(const CpuTimes& before, const CpuTimes& after) {
  if (after.total() <= before.total() || after.idleAll() < before.idleAll()) return 0.0;
  const double total = static_cast<double>(after.total() - before.total());
  const double idle = static_cast<double>(after.idleAll() - before.idleAll());
  return std::clamp(1.0 - idle / total, 0.0, 1.0);
}

}  // namespace hetsched
