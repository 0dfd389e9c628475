#include "alibaba_trace_importer.h"

#include "base/model/file_text.h"
#include "base/model/job.h"
#include "csv_row.h"
#include "import_error.h"
#include "import_result.h"
#include "row_parser.h"
#include "trace_node.h"
#include "trace_pod.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <istream>
#include <limits>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace hetsched::trace {

namespace {

constexpr std::array<std::string_view, 5> kNodeColumns{"sn", "cpu_milli", "memory_mib", "gpu", "model"};
constexpr std::array<std::string_view, 11> kPodColumns{"name",          "cpu_milli",     "memory_mib",    "num_gpu",
                                                       "gpu_milli",     "gpu_spec",      "qos",           "pod_phase",
                                                       "creation_time", "deletion_time", "scheduled_time"};
// The multigpu variants were published with the resource columns only.
constexpr std::size_t kShortPodColumnCount = 5;

constexpr std::uint64_t kMaxCpuMilli = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint64_t kMaxMemoryMib = std::uint64_t{1} << 40;
constexpr std::uint64_t kMaxGpuCount = 1024;
constexpr std::uint64_t kMilli = 1000;

std::string joined(std::span<const std::string_view> columns) {
  std::string out;
  for (const std::string_view c : columns) {
    if (!out.empty()) out += ',';
    out += c;
  }
  return out;
}

bool headerIs(const CsvRow& header, std::span<const std::string_view> columns) {
  if (header.size() != columns.size()) return false;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (header[i] != columns[i]) return false;
  }
  return true;
}

std::optional<Qos> parseQos(std::string_view text) {
  if (text == "LS") return Qos::LatencySensitive;
  if (text == "BE") return Qos::BestEffort;
  if (text == "Burstable") return Qos::Burstable;
  if (text == "Guaranteed") return Qos::Guaranteed;
  return std::nullopt;
}

// Reads the header, then hands every data line to `parseRow` with a parser
// of its `columns`; it returns the row or nothing (the parser recorded why).
// Counting happens here so that rowsRead == rows + rowsRejected holds
// whatever parseRow does.
template <class Row, class HeaderCheck, class ParseRow>
ImportResult<Row> readCsv(std::istream& in, std::string_view fileName, std::span<const std::string_view> columns,
                          HeaderCheck headerCheck, ParseRow parseRow) {
  ImportResult<Row> result;
  std::string line;
  if (!std::getline(in, line)) {
    result.fatal = ImportError{std::string(fileName), 1, {}, ImportProblem::EmptyFile, {}};
    return result;
  }
  if (line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);  // UTF-8 byte order mark
  const CsvRow header(line);
  std::optional<std::size_t> columnCount = headerCheck(header);
  if (!columnCount) {
    result.fatal = ImportError{std::string(fileName), 1, "header", ImportProblem::HeaderMismatch, {}};
    return result;
  }
  std::size_t lineNo = 1;
  while (std::getline(in, line)) {
    ++lineNo;
    ++result.rowsRead;
    const CsvRow row(line);
    if (row.size() == 1 && row[0].empty()) {
      result.errors.push_back(ImportError{std::string(fileName), lineNo, {}, ImportProblem::EmptyRow, {}});
      ++result.rowsRejected;
      continue;
    }
    if (row.size() != *columnCount) {
      result.errors.push_back(
          ImportError{std::string(fileName), lineNo, "row", ImportProblem::WrongFieldCount,
                      std::to_string(row.size()) + " fields, expected " + std::to_string(*columnCount)});
      ++result.rowsRejected;
      continue;
    }
    RowParser parser(fileName, lineNo, row, columns, result.errors);
    if (std::optional<Row> parsed = parseRow(parser, row)) {
      result.rows.push_back(std::move(*parsed));
    } else {
      ++result.rowsRejected;
    }
  }
  return result;
}

template <class Row>
void setExpectedHeader(ImportResult<Row>& result, std::string expected) {
  if (result.fatal && result.fatal->problem == ImportProblem::HeaderMismatch) result.fatal->text = std::move(expected);
}

// The four columns node and pod rows both begin with: a name no earlier row
// of the file has, CPU (milli), memory (MiB) and whole GPUs. Each is empty
// where `p` recorded why.
struct LeadingColumns {
  std::string name;
  std::optional<std::uint64_t> cpuMilli;
  std::optional<std::uint64_t> memoryMib;
  std::optional<std::uint64_t> gpus;
};

LeadingColumns readLeadingColumns(RowParser& p, std::unordered_set<std::string>& names) {
  LeadingColumns out;
  if (const auto name = p.requiredTextAt(0)) {
    out.name = std::string(*name);
    if (!names.insert(out.name).second) p.fail(0, ImportProblem::DuplicateName, *name);
  }
  out.cpuMilli = p.unsignedAt(1, kMaxCpuMilli);
  out.memoryMib = p.unsignedAt(2, kMaxMemoryMib);
  out.gpus = p.unsignedAt(3, kMaxGpuCount);
  return out;
}

}  // namespace

ImportResult<TraceNode> AlibabaTraceImporter::readNodes(std::istream& in, std::string_view fileName) {
  std::unordered_set<std::string> names;
  auto result = readCsv<TraceNode>(
      in, fileName, kNodeColumns,
      [](const CsvRow& header) -> std::optional<std::size_t> {
        if (headerIs(header, kNodeColumns)) return kNodeColumns.size();
        return std::nullopt;
      },
      [&](RowParser& p, const CsvRow&) -> std::optional<TraceNode> {
        TraceNode node;
        auto [name, cpu, memory, gpus] = readLeadingColumns(p, names);
        node.name = std::move(name);
        node.gpuModel = std::string(p.text(4));
        if (gpus && *gpus > 0 && node.gpuModel.empty()) p.fail(4, ImportProblem::EmptyField, {});
        if (p.failed()) return std::nullopt;
        node.cpuMilli = static_cast<std::uint32_t>(*cpu);
        node.memoryMib = *memory;
        node.gpuCount = static_cast<std::uint32_t>(*gpus);
        return node;
      });
  setExpectedHeader(result, joined(kNodeColumns));
  return result;
}

ImportResult<TracePod> AlibabaTraceImporter::readPods(std::istream& in, std::string_view fileName) {
  std::unordered_set<std::string> names;
  auto result = readCsv<TracePod>(
      in, fileName, kPodColumns,
      [](const CsvRow& header) -> std::optional<std::size_t> {
        if (headerIs(header, kPodColumns)) return kPodColumns.size();
        if (headerIs(header, std::span(kPodColumns).first(kShortPodColumnCount))) return kShortPodColumnCount;
        return std::nullopt;
      },
      [&](RowParser& p, const CsvRow& row) -> std::optional<TracePod> {
        TracePod pod;
        auto [name, cpu, memory, gpus] = readLeadingColumns(p, names);
        pod.name = std::move(name);
        const auto milli = p.unsignedAt(4, kMilli);
        // A share of a GPU only makes sense for one GPU; whole GPUs are 1000 each.
        if (gpus && milli && ((*gpus == 0) != (*milli == 0) || (*gpus > 1 && *milli != kMilli)))
          p.fail(4, ImportProblem::Inconsistent, p.text(4));
        if (row.size() == kPodColumns.size()) {
          pod.hasSchedulingColumns = true;
          const std::string_view spec = p.text(5);
          if (!spec.empty()) {
            std::size_t start = 0;
            while (true) {
              const std::size_t bar = spec.find('|', start);
              const std::string_view model = spec.substr(start, bar == std::string_view::npos ? bar : bar - start);
              if (model.empty()) {
                p.fail(5, ImportProblem::EmptyField, spec);
                break;
              }
              // The trace lists some models twice ("V100M16|V100M32|V100M32"); it is one set.
              if (std::find(pod.gpuModels.begin(), pod.gpuModels.end(), model) == pod.gpuModels.end()) {
                pod.gpuModels.emplace_back(model);
              }
              if (bar == std::string_view::npos) break;
              start = bar + 1;
            }
          }
          if (const auto qos = parseQos(p.text(6))) {
            pod.qos = *qos;
            pod.priority = priorityFor(*qos);
          } else {
            p.fail(6, ImportProblem::UnknownQos, p.text(6));
          }
          pod.podPhase = std::string(p.text(7));
          pod.creationTime = p.optionalIntegerAt(8);
          pod.deletionTime = p.optionalIntegerAt(9);
          pod.scheduledTime = p.optionalIntegerAt(10);
        }
        if (p.failed()) return std::nullopt;
        pod.cpuMilli = static_cast<std::uint32_t>(*cpu);
        pod.memoryMib = *memory;
        pod.gpuCount = static_cast<std::uint32_t>(*gpus);
        pod.gpuMilli = static_cast<std::uint32_t>(*milli);
        return pod;
      });
  setExpectedHeader(result,
                    joined(kPodColumns) + "' or '" + joined(std::span(kPodColumns).first(kShortPodColumnCount)));
  return result;
}

namespace {

template <class Row, class Read>
ImportResult<Row> loadFile(const std::filesystem::path& path, Read read) {
  const std::string fileName = path.filename().string();
  std::string text;
  if (auto error = readFileText(path, &text)) {
    ImportResult<Row> result;
    // The reason after the path readFileText puts first.
    result.fatal =
        ImportError{path.string(), 0, {}, ImportProblem::CannotOpen, error->substr(path.string().size() + 2)};
    return result;
  }
  std::istringstream in(std::move(text));
  return read(in, fileName);
}

}  // namespace

ImportResult<TraceNode> AlibabaTraceImporter::loadNodes(const std::filesystem::path& path) {
  return loadFile<TraceNode>(path, &AlibabaTraceImporter::readNodes);
}

ImportResult<TracePod> AlibabaTraceImporter::loadPods(const std::filesystem::path& path) {
  return loadFile<TracePod>(path, &AlibabaTraceImporter::readPods);
}

}  // namespace hetsched::trace
