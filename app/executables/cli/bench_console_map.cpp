// hetsched bench console-map: from the start of a console process to its
// first job map on the embedded cluster (issue 17: <= 2 s), shown while it
// still settles, and to that map done. The console runs headless
// (offscreen) with --quit-after-map and a fresh home, as on a first start;
// --baseline PATH runs another console the same way, each run alternating
// with ours.
#include "bench_process.h"
#include "bench_suite.h"
#include "cli_args.h"
#include "sim_args.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <optional>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string>
#include <string_view>
#include <sys/poll.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <variant>
#include <vector>

extern char** environ;

namespace hetsched::cli {

namespace {

using Clock = std::chrono::steady_clock;

constexpr double kGoalSeconds = 2.0;
constexpr int kTimeoutMs = 120000;

struct FirstMap {
  double sinceSpawn = 0.0;   // measured here, from posix_spawn
  double sinceStart = 0.0;   // the console's own figure, from its /proc start time
  double cpu = 0.0;          // the console's CPU time by then, all threads
  std::size_t jobs = 0;
  bool settling = false;     // shown before it had converged
  double doneSinceSpawn = 0.0, doneCpu = 0.0;  // the map converged
};

double loadAverage() {
  std::ifstream in("/proc/loadavg");
  double load = -1.0;
  in >> load;
  return load;
}

std::string consolePath(const Args& args) {
  if (auto path = args.value("console")) return *path;
  const auto self = std::filesystem::read_symlink("/proc/self/exe").parent_path();
  for (const auto& candidate : {self / "hetsched-console", self / ".." / "console" / "hetsched-console"}) {
    if (std::filesystem::exists(candidate)) return candidate.string();
  }
  return "hetsched-console";
}

// Runs `exe --quit-after-map` and reads its stdout until the lines
// "first job map: N jobs, S s after start, C s CPU (settling|done)" and
// "job map done: N jobs, S s after start, C s CPU".
std::optional<FirstMap> runOnce(const std::string& exe, const std::string& home) {
  int out[2];
  if (pipe(out) != 0) return std::nullopt;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, out[0]);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    if (std::strncmp(*e, "HOME=", 5) != 0 && std::strncmp(*e, "QT_QPA_PLATFORM=", 16) != 0) env.emplace_back(*e);
  }
  env.push_back("HOME=" + home);
  env.push_back("QT_QPA_PLATFORM=offscreen");
  std::vector<char*> cenv;
  cenv.reserve(env.size());
  for (auto& e : env) cenv.push_back(e.data());
  cenv.push_back(nullptr);
  std::string program = exe, flag = "--quit-after-map";
  char* argv[] = {program.data(), flag.data(), nullptr};
  pid_t pid = 0;
  const auto spawned = Clock::now();
  const int rc = posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv, cenv.data());
  posix_spawn_file_actions_destroy(&actions);
  close(out[1]);
  if (rc != 0) {
    close(out[0]);
    return std::nullopt;
  }
  FirstMap map;
  bool first = false, done = false;
  std::string text;
  char buffer[512];
  while (!done) {
    pollfd p{out[0], POLLIN, 0};
    if (poll(&p, 1, kTimeoutMs) <= 0) break;
    const ssize_t n = read(out[0], buffer, sizeof buffer);
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    const double now = std::chrono::duration<double>(Clock::now() - spawned).count();
    const auto at = text.find("first job map: ");
    if (!first && at != std::string::npos && text.find('\n', at) != std::string::npos) {
      char state[16] = {};
      const int fields =
          std::sscanf(text.c_str() + at, "first job map: %zu jobs, %lf s after start, %lf s CPU (%15[a-z])", &map.jobs,
                      &map.sinceStart, &map.cpu, state);
      if (fields != 2 && fields != 4) break;
      map.sinceSpawn = now;
      map.settling = std::string_view(state) == "settling";
      first = true;
      // A console from before previews quits at its first map, done.
      if (fields == 2) {
        map.cpu = map.doneCpu = -1.0;
        map.doneSinceSpawn = now;
        done = true;
      }
    }
    const auto end = text.find("job map done: ");
    if (first && end != std::string::npos && text.find('\n', end) != std::string::npos) {
      double since = 0.0;
      std::size_t jobs = 0;
      if (std::sscanf(text.c_str() + end, "job map done: %zu jobs, %lf s after start, %lf s CPU", &jobs, &since,
                      &map.doneCpu) != 3)
        break;
      map.doneSinceSpawn = now;
      done = true;
    }
  }
  close(out[0]);
  std::optional<FirstMap> found;
  if (done) found = map;
  else kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  return found;
}

}  // namespace

int benchConsoleMap(const Args& args) {
  long long runs = 3;
  if (auto text = args.value("runs")) {
    auto v = parseInteger("runs", *text, 1, 50);
    if (auto* e = std::get_if<std::string>(&v)) {
      std::fprintf(stderr, "hetsched bench console-map: %s\n", e->c_str());
      return 2;
    }
    runs = std::get<long long>(v);
  }
  struct Subject {
    std::string name, exe;
    std::vector<double> sinceSpawn, cpu, done, doneCpu;
  };
  std::vector<Subject> subjects{{"hetsched-console", consolePath(args), {}, {}, {}, {}}};
  if (auto baseline = args.value("baseline")) subjects.push_back({"baseline", *baseline, {}, {}, {}, {}});
  const std::string home = makeBenchDirectory();
  if (home.empty()) {
    std::fprintf(stderr, "hetsched bench console-map: cannot make a directory under the temp directory\n");
    return 1;
  }
  std::printf(
      "console-map bench: process start to the first job map on the embedded cluster, headless, "
      "load average %.2f\n",
      loadAverage());
  for (const Subject& s : subjects) std::printf("  %-16s %s\n", s.name.c_str(), s.exe.c_str());
  for (long long r = 0; r < runs; ++r) {
    for (Subject& s : subjects) {
      std::filesystem::remove_all(home);
      std::filesystem::create_directories(home);
      const auto map = runOnce(s.exe, home);
      if (!map) {
        std::printf("run %lld  %-16s no job map within %d s (does it know --quit-after-map?)\n", r + 1, s.name.c_str(),
                    kTimeoutMs / 1000);
        continue;
      }
      s.sinceSpawn.push_back(map->sinceSpawn);
      s.cpu.push_back(map->cpu);
      s.done.push_back(map->doneSinceSpawn);
      s.doneCpu.push_back(map->doneCpu);
      std::printf(
          "run %lld  %-16s first map %.3f s from spawn (%.3f s by its own clock, %.3f s CPU, %s), done "
          "%.3f s (%.3f s CPU), %zu jobs\n",
          r + 1, s.name.c_str(), map->sinceSpawn, map->sinceStart, map->cpu, map->settling ? "settling" : "converged",
          map->doneSinceSpawn, map->doneCpu, map->jobs);
    }
  }
  std::filesystem::remove_all(home);
  if (subjects.front().sinceSpawn.empty()) return 1;
  const Subject& us = subjects.front();
  const double ours = median(us.sinceSpawn);
  std::printf("hetsched-console median of %zu: first map %.3f s (%.3f s CPU), done %.3f s (%.3f s CPU)\n",
              us.sinceSpawn.size(), ours, median(us.cpu), median(us.done), median(us.doneCpu));
  std::printf("figure %.3f s; goal <= %.0f s: %s", ours, kGoalSeconds, ours <= kGoalSeconds ? "met" : "NOT met");
  if (subjects.size() > 1 && !subjects[1].sinceSpawn.empty()) {
    const Subject& them = subjects[1];
    const double theirs = median(them.sinceSpawn);
    std::printf("; baseline median first map %.3f s, done %.3f s: ratio %.2fx to the first map, %.2fx to done", theirs,
                median(them.done), theirs / ours, median(them.done) / median(us.done));
  } else {
    std::printf("; no baseline (--baseline PATH: another console with --quit-after-map)");
  }
  std::printf("\nload average at the end %.2f\n", loadAverage());
  return 0;
}

}  // namespace hetsched::cli
