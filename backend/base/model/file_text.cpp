#include "file_text.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <ios>
#include <iterator>
#include <optional>
#include <string>
#include <system_error>

namespace hetsched {

std::string fileError(const std::filesystem::path& path, int error) {
  return path.string() + ": " + (error == EISDIR ? "is a directory, not a file" : std::strerror(error));
}

std::optional<std::string> readFileText(const std::filesystem::path& path, std::string* text) {
  // A directory opens and then reads as empty: say what it is instead.
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return fileError(path, EISDIR);
  errno = 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) return fileError(path, errno != 0 ? errno : ENOENT);
  text->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (in.bad()) return fileError(path, errno != 0 ? errno : EIO);
  return std::nullopt;
}

}  // namespace hetsched
