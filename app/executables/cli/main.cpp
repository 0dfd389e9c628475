// hetsched: the command-line front end of the HetSched engine.
#include "commands.h"

#include <array>
#include <cstdio>
#include <cstring>

namespace {

using hetsched::cli::Command;

constexpr std::array kCommands{
    Command{"bench", "measure frame codec, gateway streaming and other hot paths", &hetsched::cli::runBench},
    Command{"experiment", "reproduce published experiments (fragmentation: ATC'23 FGD)", &hetsched::cli::runExperiment},
    Command{"snapshot", "inspect snapshot files, save one from a gateway or a simulated cluster",
            &hetsched::cli::runSnapshot},
    Command{"whatif", "run jobs on a cluster under one or more policies, metrics side by side",
            &hetsched::cli::runWhatif},
    Command{"sweep", "a list of policies, or a grid of one or two parameters, with the Pareto front of two metrics",
            &hetsched::cli::runSweep},
    Command{"policies", "list the built-in scheduling policies and their parameters", &hetsched::cli::runPolicies},
    Command{"tsne", "2-D t-SNE map of the rows of a numeric CSV (--bench: timing)", &hetsched::cli::runTsne},
    Command{"train-hybrid",
            "train the seed 2.5 hybrid scheduler (heuristics propose, trained weights pick) on pod lists",
            &hetsched::cli::runTrainHybrid},
    Command{"policy", "a gateway's live policy: get, push with a canary, promote, rollback, history, audit",
            &hetsched::cli::runPolicy},
    Command{"queue", "a gateway's waiting jobs: predicted start, node and why each waits", &hetsched::cli::runQueue},
    Command{"alerts", "a gateway's alerts (firing, pending, resolved), its rules, and setting them",
            &hetsched::cli::runAlerts},
    Command{"validate", "how closely the engine reproduces a snapshot's recorded period (fidelity)",
            &hetsched::cli::runValidate},
};

int usage(FILE* out) {
  std::fprintf(out, "usage: hetsched COMMAND [options]\n\ncommands:\n");
  for (const Command& c : kCommands) std::fprintf(out, "  %-12s %s\n", c.name, c.summary);
  return out == stdout ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage(stderr);
  if (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) return usage(stdout);
  for (const Command& c : kCommands) {
    if (std::strcmp(argv[1], c.name) == 0) return c.run({argv + 2, static_cast<std::size_t>(argc - 2)});
  }
  std::fprintf(stderr, "hetsched: unknown command '%s'\n", argv[1]);
  return usage(stderr);
}
