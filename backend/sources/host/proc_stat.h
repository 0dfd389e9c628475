#pragma once

#include "host_error.h"

#include <cstdint>
#include <string_view>
#include <variant>
#include <vector>

namespace hetsched {

// Cumulative jiffies of one "cpuN" line of /proc/stat. Columns a kernel does
// not have (steal, guest before 2.6.24) stay 0.
struct CpuTimes {
  int cpu = -1;  // -1: the aggregate "cpu" line
  std::uint64_t user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;

  // guest/guest_nice are already counted in user/nice, so they are left out.
  std::uint64_t total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
  std::uint64_t idleAll() const { return idle + iowait; }
};

struct ProcStat {
  CpuTimes all;
  std::vector<CpuTimes> cpus;  // by ascending cpu number; offline cpus are absent
};

std::variant<ProcStat, HostError> parseProcStat(std::string_view text);

// Busy share (0..1) between two readings of the same cpu; 0 when no time
// passed or a counter went backwards (cpu hot-plugged, counter reset).
double cpuBusy(const CpuTimes& before, const CpuTimes& after);

}  // namespace hetsched
