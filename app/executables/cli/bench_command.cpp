#include "cli_args.h"
#include "commands.h"

#include <cstdio>

namespace hetsched::cli {

int runBench(std::span<char* const> args) {
  const Args parsed(args);
  if (parsed.positional().empty()) {
    std::fprintf(stderr, "usage: hetsched bench WHAT [options]\n");
    return 2;
  }
  std::fprintf(stderr, "hetsched bench: unknown benchmark '%s'\n", parsed.positional().front().c_str());
  return 2;
}

}  // namespace hetsched::cli
