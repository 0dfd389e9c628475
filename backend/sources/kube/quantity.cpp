#include "quantity.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace hetsched {

std::optional<double> parseQuantity(std::string_view text) {
  if (text.empty() || text.size() > 64) return std::nullopt;
  const std::string s(text);
  char* end = nullptr;
  // strtod would take "1e3" itself, but also "inf" and hex; only the
  // quantity grammar's digits, sign and point are let through to it.
  std::size_t numberEnd = 0;
  if (s[numberEnd] == '+' || s[numberEnd] == '-') ++numberEnd;
  while (numberEnd < s.size() && (std::isdigit(static_cast<unsigned char>(s[numberEnd])) || s[numberEnd] == '.'))
    ++numberEnd;
  if (numberEnd == 0 || (numberEnd == 1 && !std::isdigit(static_cast<unsigned char>(s[0])))) return std::nullopt;
  // Named: strtod's end pointer points into it (it once pointed into a
  // temporary that was gone by the time it was read).
  const std::string digits = s.substr(0, numberEnd);
  const double number = std::strtod(digits.c_str(), &end);
  if (end == nullptr || *end != '\0') return std::nullopt;
  const std::string suffix = s.substr(numberEnd);
  static const std::pair<const char*, double> kSuffixes[] = {{"", 1.0},
                                                             {"n", 1e-9},
                                                             {"u", 1e-6},
                                                             {"m", 1e-3},
                                                             {"k", 1e3},
                                                             {"M", 1e6},
                                                             {"G", 1e9},
                                                             {"T", 1e12},
                                                             {"P", 1e15},
                                                             {"E", 1e18},
                                                             {"Ki", 1024.0},
                                                             {"Mi", 1048576.0},
                                                             {"Gi", 1073741824.0},
                                                             {"Ti", 1099511627776.0},
                                                             {"Pi", 1125899906842624.0},
                                                             {"Ei", 1152921504606846976.0}};
  for (const auto& [name, factor] : kSuffixes) {
    if (suffix == name) return number * factor;
  }
  if (suffix.size() >= 2 && (suffix[0] == 'e' || suffix[0] == 'E')) {
    char* expEnd = nullptr;
    const long exponent = std::strtol(suffix.c_str() + 1, &expEnd, 10);
    if (*expEnd != '\0' || exponent < -30 || exponent > 30) return std::nullopt;
    return number * std::pow(10.0, static_cast<double>(exponent));
  }
  return std::nullopt;
}

namespace {

// A quantity as a whole number of `unit`s, or nothing when it is negative,
// not finite, or past what 64 bits hold (converting such a double is
// undefined behaviour, not a large number).
std::optional<std::uint64_t> whole(std::string_view text, double unit) {
  const auto v = parseQuantity(text);
  if (!v || !(*v >= 0)) return std::nullopt;
  const double scaled = std::ceil(*v * unit - 1e-9);
  if (!(scaled < 18446744073709551616.0)) return std::nullopt;
  return static_cast<std::uint64_t>(std::max(0.0, scaled));
}

}  // namespace

std::optional<std::uint64_t> parseMilli(std::string_view text) { return whole(text, 1000.0); }

std::optional<std::uint64_t> parseCount(std::string_view text) { return whole(text, 1.0); }

}  // namespace hetsched
