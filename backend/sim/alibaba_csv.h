#pragma once

#include "model/topology.h"
#include "sim_job.h"

#include <cstdint>
#include <istream>
#include <string>
#include <variant>
#include <vector>

namespace hetsched {

// A minimal reader of Alibaba cluster-trace-gpu-v2023's openb_node_list and
// openb_pod_list CSVs, enough for what-if runs until the trace importer
// (backend/trace) replaces it. Columns are found by header name.
struct CsvError {
  enum class Kind : std::uint8_t { MissingColumn, BadNumber, ShortRow };
  Kind kind = Kind::BadNumber;
  std::uint64_t line = 0;
  std::string column;
};

// Nodes: sn,cpu_milli,memory_mib,num_gpu,model. A row with num_gpu > 0 is a
// GPU node of that model (power figures from a small table of public TDPs,
// A100's where unknown); the others are CPU nodes with one CPU device.
std::variant<Topology, CsvError> readAlibabaNodes(std::istream& in);

// Pods: name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,
// creation_time,deletion_time,scheduled_time. Arrival is creation_time
// relative to the first pod, runtime deletion_time - scheduled_time; pods
// without both are skipped (counted in `skipped`). GPU pods are training
// jobs (routed to GPUs), the rest services. gpu_spec ("A|B") limits models.
struct AlibabaPods {
  std::vector<SimJob> jobs;
  std::uint64_t skipped = 0;
};
std::variant<AlibabaPods, CsvError> readAlibabaPods(std::istream& in, const Topology& topology);

}  // namespace hetsched
