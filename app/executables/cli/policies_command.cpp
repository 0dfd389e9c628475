#include "cli_args.h"
#include "commands.h"
#include "engine/policy/builtin_policies.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"
#include "policy_catalog.h"

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <span>
#include <string_view>

namespace hetsched::cli {

int runPolicies(std::span<char* const> argv) {
  const Args args(argv);
  constexpr std::array<std::string_view, 3> kKnown{"export", "json", "help"};
  if (args.flag("help") || !args.unknownOptions(kKnown).empty()) {
    std::fprintf(args.flag("help") ? stdout : stderr,
                 "usage: hetsched policies [--json] [--export DIR]\n"
                 "  lists the built-in policies and their parameters\n"
                 "  --json         print each policy as its JSON file\n"
                 "  --export DIR   write DIR/<name>.json for each built-in\n");
    return args.flag("help") ? 0 : 2;
  }
  const auto policies = builtinPolicies();
  if (const auto dir = args.value("export")) {
    std::filesystem::create_directories(*dir);
    for (const v1::Policy& p : policies) {
      const auto path = std::filesystem::path(*dir) / (p.name() + ".json");
      std::ofstream out(path);
      out << policyToJson(p);
      if (!out) {
        std::fprintf(stderr, "hetsched policies: cannot write %s\n", path.c_str());
        return 1;
      }
    }
    return 0;
  }
  for (const v1::Policy& p : policies) {
    if (args.flag("json")) {
      std::printf("%s\n", policyToJson(p).c_str());
      continue;
    }
    std::printf("%-22s v%u  %s\n%-22s      %s\n", p.name().c_str(), p.version(), describePolicy(p).c_str(), "",
                p.description().c_str());
  }
  return 0;
}

}  // namespace hetsched::cli
