// hetsched: the command-line front end of the HetSched engine.
#include "commands.h"

#include <array>
#include <climits>
#include <cstdio>
#include <cstring>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

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

// Every command runs to its end and exits, and the simulation commands run
// one what-if after another (bench runs, sweeps, experiments, training).
// glibc hands each array above 32 MB back to the kernel when it is freed,
// and the next run has it faulted in and zeroed again: a fifth of a
// million-job what-if (docs/engine.md, "Memory kept between runs"). A batch
// process keeps what it freed for the next run instead. Not the gateway's
// or the console's policy: they live for days and should give memory back.
void keepFreedMemory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_MAX, 0);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}

int usage(FILE* out) {
  std::fprintf(out, "usage: hetsched COMMAND [options]\n\ncommands:\n");
  for (const Command& c : kCommands) std::fprintf(out, "  %-12s %s\n", c.name, c.summary);
  return out == stdout ? 0 : 2;
}

}  // namespace

int main(int argc, char** argv) {
  keepFreedMemory();
  if (argc < 2) return usage(stderr);
  if (std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "help") == 0) return usage(stdout);
  for (const Command& c : kCommands) {
    if (std::strcmp(argv[1], c.name) == 0) return c.run({argv + 2, static_cast<std::size_t>(argc - 2)});
  }
  std::fprintf(stderr, "hetsched: unknown command '%s'\n", argv[1]);
  return usage(stderr);
}
