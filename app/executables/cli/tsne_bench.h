#pragma once

#include "cli_args.h"
#include "data/embed/tsne_options.h"

#include <string>
#include <variant>

namespace hetsched::cli {

// --perplexity/--iterations/--seed/--threads of `hetsched tsne`.
std::variant<embed::TsneOptions, std::string> tsneOptionsFromArgs(const Args& args);

// `hetsched tsne --bench`: seeded Gaussian clusters of equal and of unequal
// spread, several timed runs, each alternating with Rtsne / scikit-learn on
// the same data when they are installed; prints the figure, the goal and
// the ratio measured in the same run.
int runTsneBench(const Args& args, const embed::TsneOptions& options);

}  // namespace hetsched::cli
