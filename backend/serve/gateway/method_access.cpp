#include "method_access.h"

#include "token_store.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace hetsched {

static_assert(
    [] {
      for (std::size_t i = 0; i < kMethodRules.size(); ++i)
        if (static_cast<std::size_t>(kMethodRules[i].method) != i) return false;
      return true;
    }(),
    "kMethodRules must list the methods in enum order");

std::optional<MethodRule> findRule(std::string_view service, std::string_view name) {
  for (const MethodRule& r : kMethodRules)
    if (r.service == service && r.name == name) return r;
  return std::nullopt;
}

bool permits(Role role, Access access) {
  switch (access) {
    case Access::Read: return role == Role::Viewer || role == Role::Operator;
    case Access::Report: return role == Role::Agent || role == Role::Operator;
    case Access::Mutate: return role == Role::Operator;
  }
  return false;
}

std::string_view neededRoles(Access access) {
  switch (access) {
    case Access::Read: return "a viewer or operator token";
    case Access::Report: return "an agent or operator token";
    case Access::Mutate: return "an operator token";
  }
  return "an operator token";
}

std::string_view toString(Access access) {
  switch (access) {
    case Access::Read: return "read";
    case Access::Report: return "report";
    case Access::Mutate: return "mutate";
  }
  return "mutate";
}

}  // namespace hetsched
