#include "alibaba_csv.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <string_view>

namespace hetsched {

namespace {

std::vector<std::string_view> split(std::string_view line, char sep) {
  std::vector<std::string_view> out;
  while (true) {
    const auto at = line.find(sep);
    out.push_back(line.substr(0, at));
    if (at == std::string_view::npos) return out;
    line.remove_prefix(at + 1);
  }
}

class Columns {
 public:
  explicit Columns(std::string_view header) : m_names(split(header, ',')) {}
  std::optional<std::size_t> find(std::string_view name) const {
    const auto it = std::ranges::find(m_names, name);
    if (it == m_names.end()) return std::nullopt;
    return static_cast<std::size_t>(it - m_names.begin());
  }

 private:
  std::vector<std::string_view> m_names;
};

template <class T>
std::optional<T> number(std::string_view text) {
  T value{};
  if (text.empty()) return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

DeviceModel gpuModel(std::string_view name) {
  // TDP / idle in W from vendor data sheets; the trace names models only.
  struct Known {
    std::string_view prefix;
    double peakTflops, tdp, idle;
    std::uint64_t memoryMib;
  };
  static constexpr std::array<Known, 5> kKnown{{{"V100M32", 15.7, 300, 30, 32768},
                                                {"V100", 15.7, 300, 30, 16384},
                                                {"P100", 9.3, 250, 25, 16384},
                                                {"T4", 8.1, 70, 10, 16384},
                                                {"A10", 31.2, 150, 15, 24576}}};
  DeviceModel model = *findBuiltinModel("A100");
  model.name = std::string(name);
  for (const Known& k : kKnown) {
    if (name.starts_with(k.prefix)) {
      model.peakTflops = k.peakTflops;
      model.tdpWatts = k.tdp;
      model.idleWatts = k.idle;
      model.memoryMib = k.memoryMib;
      break;
    }
  }
  return model;
}

std::uint32_t modelIndex(Topology& t, const DeviceModel& model) {
  const auto it = std::ranges::find(t.models, model.name, &DeviceModel::name);
  if (it != t.models.end()) return static_cast<std::uint32_t>(it - t.models.begin());
  t.models.push_back(model);
  return static_cast<std::uint32_t>(t.models.size() - 1);
}

}  // namespace

std::variant<Topology, CsvError> readAlibabaNodes(std::istream& in) {
  std::string line;
  std::getline(in, line);
  const Columns cols(line);
  const char* required[] = {"sn", "cpu_milli", "memory_mib", "num_gpu"};
  std::array<std::size_t, 4> at{};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto c = cols.find(required[i]);
    if (!c) return CsvError{CsvError::Kind::MissingColumn, 1, required[i]};
    at[i] = *c;
  }
  const auto modelColumn = cols.find("model") ? cols.find("model") : cols.find("gpu_type");
  Topology t;
  t.clusterName = "alibaba";
  t.source = "alibaba-csv";
  const DeviceModel xeon = *findBuiltinModel("Xeon");
  for (std::uint64_t lineNo = 2; std::getline(in, line); ++lineNo) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto f = split(line, ',');
    if (f.size() <= *std::ranges::max_element(at)) return CsvError{CsvError::Kind::ShortRow, lineNo, {}};
    const auto cpu = number<std::uint32_t>(f[at[1]]);
    const auto mem = number<std::uint64_t>(f[at[2]]);
    const auto gpus = number<std::uint32_t>(f[at[3]]);
    if (!cpu) return CsvError{CsvError::Kind::BadNumber, lineNo, "cpu_milli"};
    if (!mem) return CsvError{CsvError::Kind::BadNumber, lineNo, "memory_mib"};
    if (!gpus) return CsvError{CsvError::Kind::BadNumber, lineNo, "num_gpu"};
    NodeInfo node{std::string(f[at[0]]), DeviceKind::Cpu, static_cast<std::uint32_t>(t.devices.size()), 1, *cpu, *mem};
    std::uint32_t model = 0;
    if (*gpus > 0) {
      node.kind = DeviceKind::Gpu;
      node.deviceCount = *gpus;
      const std::string_view name = modelColumn && *modelColumn < f.size() ? f[*modelColumn] : "A100";
      model = modelIndex(t, gpuModel(name));
    } else {
      // One CPU device as large as the machine; power scales with its cores
      // from the seed's 32-core Xeon socket.
      DeviceModel cpuModel = xeon;
      cpuModel.cores = std::max(1u, *cpu / 1000);
      const double sockets = cpuModel.cores / 32.0;
      cpuModel.name = "cpu-" + std::to_string(cpuModel.cores) + "c";
      cpuModel.tdpWatts *= sockets;
      cpuModel.idleWatts *= sockets;
      cpuModel.peakTflops *= sockets;
      model = modelIndex(t, cpuModel);
    }
    for (std::uint32_t s = 0; s < node.deviceCount; ++s)
      t.devices.push_back({static_cast<std::uint32_t>(t.nodes.size()), s, model});
    t.nodes.push_back(std::move(node));
  }
  return t;
}

std::variant<AlibabaPods, CsvError> readAlibabaPods(std::istream& in, const Topology& topology) {
  std::string line;
  std::getline(in, line);
  const Columns cols(line);
  const char* required[] = {"name", "cpu_milli", "memory_mib", "num_gpu", "gpu_milli", "creation_time",
                            "deletion_time", "scheduled_time"};
  std::array<std::size_t, 8> at{};
  for (std::size_t i = 0; i < at.size(); ++i) {
    const auto c = cols.find(required[i]);
    if (!c) return CsvError{CsvError::Kind::MissingColumn, 1, required[i]};
    at[i] = *c;
  }
  const auto specColumn = cols.find("gpu_spec");
  const auto qosColumn = cols.find("qos");
  AlibabaPods out;
  std::optional<std::int64_t> origin;
  for (std::uint64_t lineNo = 2; std::getline(in, line); ++lineNo) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    const auto f = split(line, ',');
    if (f.size() <= *std::ranges::max_element(at)) return CsvError{CsvError::Kind::ShortRow, lineNo, {}};
    const auto created = number<std::int64_t>(f[at[5]]);
    const auto deleted = number<std::int64_t>(f[at[6]]);
    const auto scheduled = number<std::int64_t>(f[at[7]]);
    if (!created || !deleted || !scheduled || *deleted <= *scheduled) {
      ++out.skipped;
      continue;
    }
    SimJob job;
    JobRequests& r = job.spec.requests;
    const auto cpu = number<std::uint32_t>(f[at[1]]);
    const auto mem = number<std::uint64_t>(f[at[2]]);
    const auto gpus = number<std::uint32_t>(f[at[3]]);
    const auto milli = number<std::uint32_t>(f[at[4]]);
    if (!cpu || !mem || !gpus || !milli) return CsvError{CsvError::Kind::BadNumber, lineNo, {}};
    r.cpuMilli = *cpu;
    r.memoryMib = *mem;
    // A share of one GPU is gpu_count 0 + gpu_milli, as JobRequests has it.
    if (*gpus == 1 && *milli < 1000) r.gpuMilli = *milli;
    else r.gpuCount = *gpus;
    job.spec.name = std::string(f[at[0]]);
    job.spec.kind = *gpus > 0 ? JobKind::Training : JobKind::Service;
    const std::string_view qos = qosColumn && *qosColumn < f.size() ? f[*qosColumn] : "";
    job.spec.qos = qos == "LS" ? Qos::LatencySensitive : qos == "BE" ? Qos::BestEffort
                 : qos == "Guaranteed" ? Qos::Guaranteed : Qos::Burstable;
    job.spec.priority = qos == "LS" ? PriorityClass::High : qos == "BE" ? PriorityClass::Low : PriorityClass::Middle;
    job.spec.interruptible = job.spec.qos == Qos::BestEffort;
    if (specColumn && *specColumn < f.size() && !f[*specColumn].empty()) {
      for (const std::string_view name : split(f[*specColumn], '|')) {
        const auto it = std::ranges::find(topology.models, name, &DeviceModel::name);
        // An unknown model cannot be offered; a pod allowing only those never fits.
        job.allowedModels.push_back(it == topology.models.end() ? ~0u
                                                                : static_cast<std::uint32_t>(it - topology.models.begin()));
      }
    }
    if (!origin) origin = *created;
    job.arrivalS = static_cast<double>(*created - *origin);
    job.runtimeS = static_cast<double>(*deleted - *scheduled);
    out.jobs.push_back(std::move(job));
  }
  return out;
}

}  // namespace hetsched
