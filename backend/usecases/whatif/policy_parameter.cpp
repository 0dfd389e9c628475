#include "policy_parameter.h"

#include "base/model/job.h"
#include "base/model/slo_targets.h"
#include "engine/policy/policy_loader.h"
#include "policy.pb.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <variant>
#include <vector>

namespace hetsched {

namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

bool numeric(const FieldDescriptor* f) {
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_DOUBLE:
    case FieldDescriptor::CPPTYPE_FLOAT:
    case FieldDescriptor::CPPTYPE_INT32:
    case FieldDescriptor::CPPTYPE_UINT32:
    case FieldDescriptor::CPPTYPE_INT64:
    case FieldDescriptor::CPPTYPE_UINT64: return !f->is_repeated();
    default: return false;
  }
}

// The fields a path may continue with, for the error text.
std::string fieldsOf(const google::protobuf::Descriptor* d) {
  std::string out;
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    const bool message = f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && !f->is_repeated();
    if (!message && !numeric(f)) continue;
    out += (out.empty() ? "" : ", ") + std::string(f->name()) + (message ? "." : "");
  }
  return out;
}

std::optional<std::string> setNumber(Message& m, const FieldDescriptor* f, double v) {
  const auto* r = m.GetReflection();
  const auto integral = [&](double lo, double hi) -> std::optional<std::string> {
    if (v != std::floor(v) || v < lo || v > hi)
      return std::string(f->name()) + " takes whole numbers from " + std::to_string(static_cast<long long>(lo)) +
             ", not " + std::to_string(v);
    return std::nullopt;
  };
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_DOUBLE: r->SetDouble(&m, f, v); return std::nullopt;
    case FieldDescriptor::CPPTYPE_FLOAT: r->SetFloat(&m, f, static_cast<float>(v)); return std::nullopt;
    case FieldDescriptor::CPPTYPE_INT32:
      if (auto e = integral(std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max()))
        return e;
      r->SetInt32(&m, f, static_cast<std::int32_t>(v));
      return std::nullopt;
    case FieldDescriptor::CPPTYPE_UINT32:
      if (auto e = integral(0, std::numeric_limits<std::uint32_t>::max())) return e;
      r->SetUInt32(&m, f, static_cast<std::uint32_t>(v));
      return std::nullopt;
    case FieldDescriptor::CPPTYPE_INT64:
      if (auto e = integral(-9.0e15, 9.0e15)) return e;
      r->SetInt64(&m, f, static_cast<std::int64_t>(v));
      return std::nullopt;
    case FieldDescriptor::CPPTYPE_UINT64:
      if (auto e = integral(0, 9.0e15)) return e;
      r->SetUInt64(&m, f, static_cast<std::uint64_t>(v));
      return std::nullopt;
    default: return std::string(f->name()) + " is not a number";
  }
}

double numberOf(const Message& m, const FieldDescriptor* f) {
  const auto* r = m.GetReflection();
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_DOUBLE: return r->GetDouble(m, f);
    case FieldDescriptor::CPPTYPE_FLOAT: return r->GetFloat(m, f);
    case FieldDescriptor::CPPTYPE_INT32: return r->GetInt32(m, f);
    case FieldDescriptor::CPPTYPE_UINT32: return r->GetUInt32(m, f);
    case FieldDescriptor::CPPTYPE_INT64: return static_cast<double>(r->GetInt64(m, f));
    case FieldDescriptor::CPPTYPE_UINT64: return static_cast<double>(r->GetUInt64(m, f));
    default: return 0.0;
  }
}

void collectParameters(const Message& m, const std::string& prefix, std::vector<PolicyParameter>& out) {
  const auto* d = m.GetDescriptor();
  for (int i = 0; i < d->field_count(); ++i) {
    const FieldDescriptor* f = d->field(i);
    const std::string path = prefix + std::string(f->name());
    if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE && !f->is_repeated()) {
      // An unset message reads as its defaults, which withParameter creates.
      collectParameters(m.GetReflection()->GetMessage(m, f), path + ".", out);
      continue;
    }
    if (!numeric(f)) continue;
    const auto t = f->cpp_type();
    out.push_back({path, numberOf(m, f), t != FieldDescriptor::CPPTYPE_DOUBLE && t != FieldDescriptor::CPPTYPE_FLOAT,
                   t == FieldDescriptor::CPPTYPE_UINT32 || t == FieldDescriptor::CPPTYPE_UINT64});
  }
}

std::optional<double> number(std::string_view s) {
  double v = 0.0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

}  // namespace

std::variant<v1::Policy, std::string> withParameter(const v1::Policy& policy, std::string_view path, double value) {
  v1::Policy out = policy;
  Message* m = &out;
  std::string_view rest = path;
  while (true) {
    const auto dot = rest.find('.');
    const std::string name(rest.substr(0, dot));
    const FieldDescriptor* f = m->GetDescriptor()->FindFieldByName(name);
    if (!f)
      return std::string(path) + ": " + m->GetDescriptor()->name() + " has no field " + name + " (it has " +
             fieldsOf(m->GetDescriptor()) + ")";
    if (dot == std::string_view::npos) {
      if (!numeric(f)) return std::string(path) + ": not a number a sweep can vary";
      if (auto e = setNumber(*m, f, value)) return std::string(path) + ": " + *e;
      return out;
    }
    if (f->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE || f->is_repeated())
      return std::string(path) + ": " + name + " has no fields";
    m = m->GetReflection()->MutableMessage(m, f);
    rest = rest.substr(dot + 1);
  }
}

std::vector<PolicyParameter> policyParameters(const v1::Policy& policy) {
  std::vector<PolicyParameter> out;
  collectParameters(policy, "", out);
  std::erase_if(out, [](const PolicyParameter& p) { return p.path == "version"; });
  // An unset SLO target is the default target, not 0: a sweep or a slider
  // starts from the wait the policy is judged by.
  const SloTargets targets = sloTargetsOf(policy);
  const std::array<std::string_view, kPriorityClassCount> sloPaths{"slo.high_wait_s", "slo.middle_wait_s",
                                                                   "slo.low_wait_s"};
  for (PolicyParameter& p : out)
    for (std::size_t c = 0; c < sloPaths.size(); ++c)
      if (p.path == sloPaths[c]) {
        p.value = targets[c];
        p.nonNegative = true;
      }
  return out;
}

std::variant<SweepAxis, std::string> parseSweepAxis(std::string_view text, const v1::Policy& policy,
                                                    std::size_t maxValues) {
  const auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return std::string(text) + ": expected PARAMETER=LOW:HIGH:STEP or PARAMETER=A,B,C";
  SweepAxis axis{std::string(text.substr(0, eq)), {}};
  const std::string_view range = text.substr(eq + 1);
  if (std::count(range.begin(), range.end(), ':') == 2) {
    const auto a = range.find(':'), b = range.rfind(':');
    const auto lo = number(range.substr(0, a)), hi = number(range.substr(a + 1, b - a - 1)),
               step = number(range.substr(b + 1));
    if (!lo || !hi || !step) return std::string(text) + ": LOW, HIGH and STEP must be numbers";
    if (*step <= 0.0 || *hi < *lo) return std::string(text) + ": STEP must be above 0 and HIGH at least LOW";
    const double count = std::floor((*hi - *lo) / *step + 1e-9) + 1.0;
    if (count > static_cast<double>(maxValues))
      return std::string(text) + ": " + std::to_string(static_cast<long long>(count)) + " values, at most " +
             std::to_string(maxValues);
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i)
      axis.values.push_back(*lo + static_cast<double>(i) * *step);
  } else {
    std::string_view rest = range;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      const auto v = number(rest.substr(0, comma));
      if (!v) return std::string(text) + ": " + std::string(rest.substr(0, comma)) + " is not a number";
      axis.values.push_back(*v);
      if (axis.values.size() > maxValues)
        return std::string(text) + ": more than " + std::to_string(maxValues) + " values";
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    if (axis.values.empty()) return std::string(text) + ": no values";
  }
  for (const double v : axis.values)
    if (auto set = withParameter(policy, axis.path, v); auto* e = std::get_if<std::string>(&set)) return *e;
  return axis;
}

}  // namespace hetsched
