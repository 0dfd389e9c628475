#include "policy_diff.h"

#include "policy.pb.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hetsched {

namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Message;

std::string scalar(const Message& m, const FieldDescriptor* f, int i) {
  const auto* r = m.GetReflection();
  const bool rep = f->is_repeated();
  switch (f->cpp_type()) {
    case FieldDescriptor::CPPTYPE_BOOL:
      return (rep ? r->GetRepeatedBool(m, f, i) : r->GetBool(m, f)) ? "true" : "false";
    case FieldDescriptor::CPPTYPE_UINT32:
      return std::to_string(rep ? r->GetRepeatedUInt32(m, f, i) : r->GetUInt32(m, f));
    case FieldDescriptor::CPPTYPE_INT32: return std::to_string(rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f));
    case FieldDescriptor::CPPTYPE_UINT64:
      return std::to_string(rep ? r->GetRepeatedUInt64(m, f, i) : r->GetUInt64(m, f));
    case FieldDescriptor::CPPTYPE_INT64: return std::to_string(rep ? r->GetRepeatedInt64(m, f, i) : r->GetInt64(m, f));
    case FieldDescriptor::CPPTYPE_DOUBLE: {
      // Shortest text that reads back the same value, as the JSON printer
      // does; a whole number as one (120, not %g's 1.2e+02).
      char buf[32];
      const double v = rep ? r->GetRepeatedDouble(m, f, i) : r->GetDouble(m, f);
      if (v == std::floor(v) && std::abs(v) < 1e15) {
        std::snprintf(buf, sizeof buf, "%.0f", v);
        return buf;
      }
      std::snprintf(buf, sizeof buf, "%.17g", v);
      for (int p = 1; p < 17; ++p) {
        char shorter[32];
        std::snprintf(shorter, sizeof shorter, "%.*g", p, rep ? r->GetRepeatedDouble(m, f, i) : r->GetDouble(m, f));
        if (std::strtod(shorter, nullptr) == std::strtod(buf, nullptr)) return shorter;
      }
      return buf;
    }
    case FieldDescriptor::CPPTYPE_FLOAT: return std::to_string(rep ? r->GetRepeatedFloat(m, f, i) : r->GetFloat(m, f));
    case FieldDescriptor::CPPTYPE_ENUM:
      return std::string(rep ? r->GetRepeatedEnum(m, f, i)->name() : r->GetEnum(m, f)->name());
    case FieldDescriptor::CPPTYPE_STRING: return rep ? r->GetRepeatedString(m, f, i) : r->GetString(m, f);
    case FieldDescriptor::CPPTYPE_MESSAGE: break;
  }
  return {};
}

// A weights file is thousands of numbers; its checksum line names it.
std::string weightsIdentity(const std::string& text) {
  if (text.empty()) return {};
  const auto at = text.rfind("checksum ");
  if (at == std::string::npos) return std::to_string(text.size()) + " bytes";
  const auto end = text.find('\n', at);
  return text.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

void flatten(const Message& m, const std::string& prefix, std::map<std::string, std::string>& out,
             std::vector<std::string>& order) {
  const auto* d = m.GetDescriptor();
  const auto* r = m.GetReflection();
  const auto put = [&](const std::string& path, std::string value) {
    if (!out.contains(path)) order.push_back(path);
    out[path] = std::move(value);
  };
  for (int k = 0; k < d->field_count(); ++k) {
    const FieldDescriptor* f = d->field(k);
    const std::string path = prefix + std::string(f->name());
    if (f->is_repeated()) {
      for (int i = 0; i < r->FieldSize(m, f); ++i) {
        const std::string item = path + "[" + std::to_string(i) + "]";
        if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE)
          flatten(r->GetRepeatedMessage(m, f, i), item + ".", out, order);
        else put(item, scalar(m, f, i));
      }
    } else if (f->cpp_type() == FieldDescriptor::CPPTYPE_MESSAGE) {
      flatten(r->GetMessage(m, f), path + ".", out, order);
    } else if (f->has_presence() && !r->HasField(m, f)) {
      put(path, "unset");  // an optional amount (quotas): unset is unlimited, not 0
    } else if (f->name() == "hybrid_weights") {
      put(path, weightsIdentity(r->GetString(m, f)));
    } else {
      put(path, scalar(m, f, 0));
    }
  }
}

}  // namespace

std::vector<PolicyChange> diffPolicies(const v1::Policy& before, const v1::Policy& after) {
  std::map<std::string, std::string> a;
  std::map<std::string, std::string> b;
  std::vector<std::string> order;
  flatten(before, {}, a, order);
  std::vector<std::string> orderAfter;
  flatten(after, {}, b, orderAfter);
  for (const auto& p : orderAfter)
    if (!a.contains(p)) order.push_back(p);
  std::vector<PolicyChange> changes;
  for (const auto& path : order) {
    const auto ia = a.find(path);
    const auto ib = b.find(path);
    std::string va = ia == a.end() ? std::string{} : ia->second;
    std::string vb = ib == b.end() ? std::string{} : ib->second;
    if (va != vb) changes.push_back({path, std::move(va), std::move(vb)});
  }
  return changes;
}

}  // namespace hetsched
