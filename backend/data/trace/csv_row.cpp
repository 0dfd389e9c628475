#include "csv_row.h"

#include <cstddef>
#include <string_view>

namespace hetsched::trace {

CsvRow::CsvRow(std::string_view line) {
  if (line.ends_with('\r')) line.remove_suffix(1);
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    if (comma == std::string_view::npos) {
      m_fields.push_back(line.substr(start));
      break;
    }
    m_fields.push_back(line.substr(start, comma - start));
    start = comma + 1;
  }
}

}  // namespace hetsched::trace
