#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

namespace hetsched::trace {

// Splits one CSV line into fields. The Alibaba traces never quote fields,
// so a plain comma split is exact; a trailing '\r' (CRLF files) is dropped.
class CsvRow {
 public:
  explicit CsvRow(std::string_view line);

  std::size_t size() const { return m_fields.size(); }
  std::string_view operator[](std::size_t i) const { return m_fields[i]; }
  const std::vector<std::string_view>& fields() const { return m_fields; }

 private:
  std::vector<std::string_view> m_fields;
};

}  // namespace hetsched::trace
