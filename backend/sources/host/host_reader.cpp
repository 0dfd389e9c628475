#include "host_reader.h"

#include "host_error.h"
#include "host_platform.h"
#include "host_sample.h"
#include "meminfo.h"
#include "net_dev.h"
#include "nvml_library.h"
#include "proc_stat.h"
#include "text_fields.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <ios>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <system_error>
#include <utility>
#include <variant>
#include <vector>

namespace hetsched {

namespace fs = std::filesystem;

HostReader::HostReader(HostReaderOptions options) : m_options(std::move(options)) {
  if (m_options.nvmlLibrary.empty()) {
    m_nvmlStatus = "disabled";
  } else {
    m_nvml = NvmlLibrary::open(m_options.nvmlLibrary, &m_nvmlStatus);
  }
}

HostReader::~HostReader() = default;

std::optional<std::string> HostReader::read(const fs::path& relative) const {
  std::ifstream in(m_options.root / relative, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string HostReader::hostName() const {
  if (auto name = read("proc/sys/kernel/hostname"); name && !trim(*name).empty()) return std::string(trim(*name));
  return systemHostName();
}

int HostReader::packageOf(int cpu) const {
  const auto text = read("sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/physical_package_id");
  if (!text) return 0;  // no sysfs (containers, old kernels): one group
  const auto id = parseUnsigned(trim(*text));
  // Some firmware reports -1; anything unparsable joins package 0.
  return id && *id < 4096 ? static_cast<int>(*id) : 0;
}

std::vector<AcceleratorReading> HostReader::accelerators() const {
  std::set<std::string> names;
  std::error_code ec;
  for (const char* dir : {"sys/class/accel", "dev/accel"}) {
    for (const auto& entry : fs::directory_iterator(m_options.root / dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (name.starts_with("accel")) names.insert(name);
    }
  }
  std::vector<AcceleratorReading> out;
  for (const std::string& name : names) {
    AcceleratorReading a{name, {}};
    const fs::path driver = fs::read_symlink(m_options.root / "sys/class/accel" / name / "device/driver", ec);
    if (!ec) a.driver = driver.filename().string();
    out.push_back(std::move(a));
  }
  return out;
}

std::variant<HostSample, HostError> HostReader::sample() {
  if (auto why = hostTreeUnsupported(m_options.root)) return HostError{m_options.root.string(), 0, *why};
  const auto statText = read("proc/stat");
  if (!statText) return HostError{"/proc/stat", 0, "cannot be read"};
  auto stat = parseProcStat(*statText);
  if (auto* e = std::get_if<HostError>(&stat)) return *e;
  ProcStat& now = std::get<ProcStat>(stat);

  const auto memText = read("proc/meminfo");
  if (!memText) return HostError{"/proc/meminfo", 0, "cannot be read"};
  auto mem = parseMeminfo(*memText);
  if (auto* e = std::get_if<HostError>(&mem)) return *e;

  HostSample s;
  s.memory = std::get<MemInfo>(mem);
  const ProcStat base = m_previous.value_or(ProcStat{});
  s.cpuUsage = cpuBusy(base.all, now.all);
  std::map<int, CpuTimes> before, after;  // per package, summed
  std::map<int, std::uint32_t> cores;
  for (const CpuTimes& t : now.cpus) {
    const int package = packageOf(t.cpu);
    CpuTimes& a = after[package];
    a.user += t.user, a.nice += t.nice, a.system += t.system, a.idle += t.idle;
    a.iowait += t.iowait, a.irq += t.irq, a.softirq += t.softirq, a.steal += t.steal;
    const auto prev =
        std::find_if(base.cpus.begin(), base.cpus.end(), [&](const CpuTimes& p) { return p.cpu == t.cpu; });
    // A cpu that came online since the last sample counts from boot, like the first sample.
    const CpuTimes p = prev != base.cpus.end() ? *prev : CpuTimes{};
    CpuTimes& b = before[package];
    b.user += p.user, b.nice += p.nice, b.system += p.system, b.idle += p.idle;
    b.iowait += p.iowait, b.irq += p.irq, b.softirq += p.softirq, b.steal += p.steal;
    ++cores[package];
  }
  for (const auto& [package, times] : after) {
    CpuGroupReading g;
    g.package = package;
    g.utilization = cpuBusy(before[package], times);
    g.cores = cores[package];
    s.cpuGroups.push_back(g);
  }
  if (s.cpuGroups.empty()) s.cpuGroups.push_back({0, 1, s.cpuUsage});  // a kernel with only the aggregate line
  m_previous = std::move(now);

  if (const auto net = read("proc/net/dev")) {
    auto interfaces = parseNetDev(*net);
    if (auto* e = std::get_if<HostError>(&interfaces)) return *e;
    for (const NetInterface& i : std::get<std::vector<NetInterface>>(interfaces)) {
      if (i.name == "lo") continue;
      s.netRxBytes += i.rxBytes;
      s.netTxBytes += i.txBytes;
    }
  }
  if (const auto info = read("proc/cpuinfo")) {
    for (std::string_view line : splitLines(*info)) {
      const auto colon = line.find(':');
      if (colon != std::string_view::npos && trim(line.substr(0, colon)) == "model name") {
        s.cpuModel = std::string(trim(line.substr(colon + 1)));
        break;
      }
    }
  }
  if (s.cpuModel.empty()) s.cpuModel = "CPU";
  if (m_nvml) s.gpus = m_nvml->read();
  s.accelerators = accelerators();
  return s;
}

}  // namespace hetsched
