#include "team_mix.h"

#include "base/model/job.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace hetsched {

namespace {

constexpr std::array<std::string_view, 3> kVision{"mina", "jisoo", "arjun"};
constexpr std::array<std::string_view, 4> kLanguage{"hyun", "lena", "omar", "sara"};
constexpr std::array<std::string_view, 3> kSearch{"tomas", "yuki", "priya"};
constexpr std::array<std::string_view, 2> kAds{"dana", "ravi"};
constexpr std::array<std::string_view, 3> kPlatform{"kai", "noor", "ben"};

//                                       training inference service batch real-time
constexpr std::array<SimTeam, 5> kTeams{{{"vision", kVision, {40, 20, 5, 10, 0}},
                                         {"language", kLanguage, {45, 30, 5, 5, 0}},
                                         {"search", kSearch, {5, 35, 35, 10, 30}},
                                         {"ads", kAds, {10, 15, 25, 45, 40}},
                                         {"platform", kPlatform, {0, 0, 30, 30, 30}}}};

// SplitMix64: a well-mixed number from the seed and the job number alone.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

std::span<const SimTeam> simTeams() { return kTeams; }

SimOwner simOwnerOf(std::uint64_t seed, std::uint64_t jobNumber, JobKind kind) {
  const std::uint64_t h = mix(mix(seed) ^ jobNumber);
  const auto k = static_cast<std::size_t>(kind);
  std::uint64_t total = 0;
  for (const SimTeam& t : kTeams) total += t.kindWeight[k];
  std::uint64_t pick = (h & 0xffffffffu) % total;
  for (const SimTeam& t : kTeams) {
    if (pick < t.kindWeight[k]) return {t.users[(h >> 32) % t.users.size()], t.name};
    pick -= t.kindWeight[k];
  }
  return {kTeams.back().users.front(), kTeams.back().name};
}

}  // namespace hetsched
