// hetsched tsne: a 2-D t-SNE map of the rows of a numeric CSV.
#include "cli_args.h"
#include "commands.h"
#include "data/embed/csv_matrix.h"
#include "data/embed/tsne.h"
#include "data/embed/tsne_options.h"
#include "sim_args.h"
#include "tsne_bench.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <span>
#include <string>
#include <string_view>
#include <variant>

namespace hetsched::cli {

namespace {

constexpr std::array<std::string_view, 14> kKnown{"input",    "output",       "perplexity",   "iterations", "seed",
                                                  "threads",  "kl-tolerance", "bench",        "points",     "dims",
                                                  "clusters", "runs",         "spread-ratio", "no-baseline"};

int usage() {
  std::fprintf(stderr,
               "usage: hetsched tsne --input X.csv --output Y.csv [options]\n"
               "       hetsched tsne --bench [--points 10000] [--dims 64] [--clusters 10] [--runs 3]\n"
               "                     [--spread-ratio R] [--no-baseline]\n"
               "                     (equal and unequal cluster spreads unless --spread-ratio; Rtsne and\n"
               "                     scikit-learn side by side when installed)\n\n"
               "  --perplexity P     neighbourhood size, 3P neighbours are searched (default 30)\n"
               "  --iterations N     at most this many gradient steps (default 1000)\n"
               "  --kl-tolerance T   stop once 50 steps lower the KL by less than T of it (default 0.004;\n"
               "                     0 runs every step)\n"
               "  --seed S           seed of the initial map and the neighbour search (default 1)\n"
               "  --threads N        worker threads (default: all cores)\n");
  return 2;
}

std::string describe(const std::string& file, const embed::CsvError& e) {
  using Kind = embed::CsvError::Kind;
  switch (e.kind) {
    case Kind::NotANumber:
      return file + ":" + std::to_string(e.line) + ": column " + std::to_string(e.column) + ": not a number '" +
             e.token + "'";
    case Kind::RaggedRow:
      return file + ":" + std::to_string(e.line) + ": expected " + std::to_string(e.expected) + " columns, found " +
             std::to_string(e.found);
    case Kind::Empty: return file + ": no rows";
    case Kind::None: break;
  }
  return file + ": unreadable";
}

const char* describe(embed::TsneStatus status) {
  switch (status) {
    case embed::TsneStatus::Ok: return "ok";
    case embed::TsneStatus::Cancelled: return "cancelled";
    case embed::TsneStatus::TooFewPoints: return "need at least 2 rows";
    case embed::TsneStatus::InvalidOptions: return "invalid options";
    case embed::TsneStatus::InvalidInitial: return "invalid initial map";
  }
  return "failed";
}

}  // namespace

std::variant<embed::TsneOptions, std::string> tsneOptionsFromArgs(const Args& args) {
  embed::TsneOptions options;
  if (auto text = args.value("perplexity")) {
    auto v = parseNumber("perplexity", *text, 1.0, 1000.0);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.perplexity = std::get<double>(v);
  }
  if (auto text = args.value("iterations")) {
    auto v = parseInteger("iterations", *text, 0, 1000000);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.iterations = static_cast<int>(std::get<long long>(v));
  }
  if (auto text = args.value("kl-tolerance")) {
    auto v = parseNumber("kl-tolerance", *text, 0.0, 1.0);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.klTolerance = std::get<double>(v);
  }
  if (auto text = args.value("seed")) {
    auto v = parseInteger("seed", *text, 0, 1LL << 62);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.seed = static_cast<std::uint64_t>(std::get<long long>(v));
  }
  if (auto text = args.value("threads")) {
    auto v = parseInteger("threads", *text, 1, 1024);
    if (auto* e = std::get_if<std::string>(&v)) return *e;
    options.threads = static_cast<unsigned>(std::get<long long>(v));
  }
  return options;
}

int runTsne(std::span<char* const> argv) {
  const Args args(argv);
  if (const auto unknown = args.unknownOptions(kKnown); !unknown.empty()) {
    std::fprintf(stderr, "hetsched tsne: unknown option '%s'\n", unknown.front().c_str());
    return usage();
  }
  auto parsed = tsneOptionsFromArgs(args);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    std::fprintf(stderr, "hetsched tsne: %s\n", e->c_str());
    return 2;
  }
  const embed::TsneOptions& options = std::get<embed::TsneOptions>(parsed);
  if (args.flag("bench")) return runTsneBench(args, options);

  const auto input = args.value("input");
  const auto output = args.value("output");
  if (!input || !output) return usage();
  std::ifstream in(*input);
  if (!in) {
    std::fprintf(stderr, "hetsched tsne: cannot open '%s'\n", input->c_str());
    return 1;
  }
  const embed::CsvMatrix data = embed::readCsvMatrix(in);
  if (!data.ok()) {
    std::fprintf(stderr, "hetsched tsne: %s\n", describe(*input, data.error).c_str());
    return 1;
  }
  const embed::TsneResult result = embed::computeTsne(data.values, options);
  if (result.status != embed::TsneStatus::Ok) {
    std::fprintf(stderr, "hetsched tsne: %s\n", describe(result.status));
    return 1;
  }
  std::ofstream out(*output);
  embed::writeCsv(out, result.embedding);
  out.close();
  if (!out) {
    std::fprintf(stderr, "hetsched tsne: cannot write '%s'\n", output->c_str());
    return 1;
  }
  const double seconds = result.neighbourSeconds + result.optimiseSeconds + result.klSeconds;
  std::printf("points %lld  dims %lld  perplexity %g\n", static_cast<long long>(data.values.rows()),
              static_cast<long long>(data.values.cols()), result.perplexityUsed);
  std::printf("KL divergence %.4f%s\nseconds %.3f (neighbours %.3f, optimisation %.3f in %d iterations, KL %.3f)\n",
              result.klDivergence, result.klEstimated ? " (estimated)" : "", seconds, result.neighbourSeconds,
              result.optimiseSeconds, result.iterationsRun, result.klSeconds);
  return 0;
}

}  // namespace hetsched::cli
