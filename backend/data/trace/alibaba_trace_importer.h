#pragma once

#include "import_result.h"
#include "trace_node.h"
#include "trace_pod.h"

#include <filesystem>
#include <iosfwd>
#include <string_view>

namespace hetsched::trace {

// Reads Alibaba cluster-trace-gpu-v2023 node and pod lists
// (alibaba/clusterdata, the openb_* files of the ATC'23 FGD paper). Bad rows
// never stop the import: each is reported as file:line: column: problem and
// counted, the good rows are kept. `fileName` is what errors call the file.
class AlibabaTraceImporter {
 public:
  static ImportResult<TraceNode> readNodes(std::istream& in, std::string_view fileName);
  static ImportResult<TracePod> readPods(std::istream& in, std::string_view fileName);

  // Errors name the file by its file name only, as the trace's users know it.
  static ImportResult<TraceNode> loadNodes(const std::filesystem::path& path);
  static ImportResult<TracePod> loadPods(const std::filesystem::path& path);
};

}  // namespace hetsched::trace
