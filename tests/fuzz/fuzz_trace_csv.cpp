// The Alibaba trace importer (hetsched whatif --cluster/--jobs, the console's
// what-if tab) and the conversion of its rows into a simulator workload.
// Input: a node list CSV, a NUL byte, a pod list CSV.
#include "base/model/topology.h"
#include "data/trace/alibaba_trace_importer.h"
#include "data/trace/import_error.h"
#include "engine/sim/trace_workload.h"
#include "fuzz_input.h"

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view all = fuzz::text(data, size);
  const std::size_t cut = all.find('\0');
  std::istringstream nodeText(std::string(all.substr(0, cut)));
  std::istringstream podText(std::string(cut == std::string_view::npos ? std::string_view() : all.substr(cut + 1)));
  const auto nodes = trace::AlibabaTraceImporter::readNodes(nodeText, "nodes.csv");
  const auto pods = trace::AlibabaTraceImporter::readPods(podText, "pods.csv");
  // The importer's promise: every row is kept or counted as rejected.
  if (nodes.rowsRead != nodes.rows.size() + nodes.rowsRejected) __builtin_trap();
  if (pods.rowsRead != pods.rows.size() + pods.rowsRejected) __builtin_trap();
  for (const auto& e : nodes.errors) (void)trace::describe(e);
  for (const auto& e : pods.errors) (void)trace::describe(e);
  if (nodes.fatal) (void)trace::describe(*nodes.fatal);
  const Topology topology = topologyFromTrace(nodes.rows);
  (void)jobsFromTrace(pods.rows, topology);
  return 0;
}
