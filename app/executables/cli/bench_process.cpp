#include "bench_process.h"

#include "cli_args.h"

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <random>
#include <spawn.h>
#include <sstream>
#include <stdlib.h>
#include <string>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace hetsched::cli {

ProcessSample sampleProcess(pid_t pid) {
  ProcessSample s;
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  std::getline(stat, line);
  // Fields after the command name (which may hold spaces) start at ") ".
  std::istringstream rest(line.substr(line.rfind(')') + 2));
  std::string field;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) s.cpuSeconds += std::stod(field);
    if (i == 15) s.cpuSeconds += std::stod(field);
  }
  s.cpuSeconds /= static_cast<double>(sysconf(_SC_CLK_TCK));
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  while (std::getline(status, line)) {
    if (line.rfind("VmRSS:", 0) == 0) s.rssMib = std::stod(line.substr(6)) / 1024.0;
  }
  return s;
}

double processCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

double threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

pid_t spawnGateway(std::vector<std::string> argv, const char* benchName) {
  std::vector<char*> cargv;
  cargv.reserve(argv.size());
  for (auto& a : argv) cargv.push_back(a.data());
  cargv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0].c_str(), nullptr, nullptr, cargv.data(), environ) != 0) {
    std::fprintf(stderr, "hetsched bench %s: cannot start %s (use --gateway PATH)\n", benchName, argv[0].c_str());
    return 0;
  }
  return pid;
}

std::string gatewayPath(const Args& args) {
  if (auto path = args.value("gateway")) return *path;
  const auto self = std::filesystem::read_symlink("/proc/self/exe").parent_path();
  for (const auto& candidate : {self / "hetschedd", self / ".." / "gateway" / "hetschedd"}) {
    if (std::filesystem::exists(candidate)) return candidate.string();
  }
  return "hetschedd";
}

int freePortGuess() { return 20000 + static_cast<int>(getpid() % 20000); }

std::string randomToken() {
  std::random_device entropy;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (int i = 0; i < 32; ++i) {
    const auto byte = static_cast<unsigned>(entropy()) & 0xffu;
    out += kHex[byte >> 4];
    out += kHex[byte & 0xfu];
  }
  return out;
}

std::string makeBenchDirectory() {
  std::string pattern = (std::filesystem::temp_directory_path() / "hetsched-bench-XXXXXX").string();
  return ::mkdtemp(pattern.data()) ? pattern : std::string();
}

bool writePrivateBenchFile(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) return false;
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  return ::close(fd) == 0 && ok;
}

}  // namespace hetsched::cli
