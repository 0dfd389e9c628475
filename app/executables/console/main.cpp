// hetsched-console: the desktop console. With no address it starts a gateway
// on loopback in this process, over a simulated cluster, and connects to it
// over gRPC like any remote gateway.
#include "base/model/topology.h"
#include "cluster_connection.h"
#include "cluster_opener.h"
#include "cluster_registry.h"
#include "cluster_workspace.h"
#include "console_options.h"
#include "embedded_cluster.h"
#include "heap_tuning.h"
#include "main_window.h"
#include "replay_controller.h"
#include "saved_connection_model.h"
#include "status_area.h"
#include "token_vault.h"
#include "view_settings.h"
#include "widgets/cluster_dashboard.h"
#include "widgets/device_detail_panel.h"
#include "widgets/embedding_map_view.h"
#include "widgets/heatmap_view.h"
#include "widgets/theme.h"

#include <QApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <QTranslator>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <memory>
#include <time.h>
#include <unistd.h>

namespace {

using namespace hetsched;

void installTranslations(QApplication& app, const QString& language) {
  const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
  QLocale::setDefault(locale);
  auto* ours = new QTranslator(&app);
  // English carries the plural forms, so it is the fallback for locales we
  // have no translation for (and for the C locale of headless runs).
  if (ours->load(locale, QStringLiteral("hetsched"), QStringLiteral("_"), QStringLiteral(":/i18n")) ||
      ours->load(QStringLiteral(":/i18n/hetsched_en")))
    QApplication::installTranslator(ours);
  auto* qt = new QTranslator(&app);
  if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
               QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    QApplication::installTranslator(qt);
}

// Seconds since this process started, from /proc (10 ms resolution): the
// kernel's start time, not main()'s, so loading the libraries counts.
double secondsSinceProcessStart() {
  std::FILE* file = std::fopen("/proc/self/stat", "r");
  if (!file) return -1.0;
  char line[1024] = {};
  const bool read = std::fgets(line, sizeof line, file) != nullptr;
  std::fclose(file);
  const char* fields = read ? std::strrchr(line, ')') : nullptr;  // the name may hold spaces
  if (!fields) return -1.0;
  unsigned long long start = 0;
  // Field 22, starttime; the text after ") " starts at field 3.
  if (std::sscanf(fields + 2, "%*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %llu",
                  &start) != 1)
    return -1.0;
  timespec now{};
  clock_gettime(CLOCK_BOOTTIME, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec) -
         static_cast<double>(start) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// CPU seconds of every thread of this process so far.
double cpuSeconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

int fail(const QString& message) {
  std::fprintf(stderr, "hetsched-console: %s\n", qPrintable(message));
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  // --help and --version need no display: answered before the GUI starts.
  if (const int rc = answerWithoutDisplay(argc, argv); rc >= 0) return rc;
  hetsched::returnLargeBlocksToTheSystem();

  QApplication app(argc, argv);
  setApplicationNames();
  ConsoleOptions options;
  if (const QString error = options.parse(app.arguments()); !error.isEmpty()) return fail(error);
  installTranslations(app, options.language);
  Theme::instance()->setChoice(options.themeSet ? options.theme : ViewSettings::savedTheme());

  EmbeddedCluster embedded(options.speed, options.seed);
  QSettings settings;
  SavedConnectionModel saved(&settings);
  TokenVault vault;
  saved.setTokenVault(&vault);
  ClusterRegistry registry(&saved, ClusterOpener(&saved, &vault, &embedded));
  QObject::connect(&saved, &SavedConnectionModel::tokenStored, &registry,
                   [&](const QString& name, const QString& problem) {
                     if (problem.isEmpty()) return;
                     for (MainWindow* w : registry.windows())
                       w->statusArea()->showMessage(
                           MainWindow::tr("Token for %1 kept for this session only: %2").arg(name, problem), 15000);
                   });

  int rc = 0;
  {
    MainWindow window(&registry);  // at its remembered size and place, if any
    if (options.sizeSet || !ViewSettings::hasSavedWindow()) window.resize(options.size);
    ClusterWorkspace* first = nullptr;
    QString error;
    if (options.connect.isEmpty()) {
      first = registry.open(0, &window, &error);
    } else {
      first = window.addCluster(std::make_unique<ClusterConnection>(options.connect, options.client), options.connect);
    }
    if (!first) return fail(error);
    window.showTab(options.tab);
    window.show();
    if (options.reportStartup) {
      // Cold start (from the process's start, loading included) to the
      // first live frame on screen, for scripts/bench-console-start.
      QObject::connect(first, &ClusterWorkspace::frameShown, &window, [&] {
        if (first->inReplay()) return;
        std::printf("first live frame after %.0f ms\n", 1000.0 * secondsSinceProcessStart());
        std::fflush(stdout);
        QApplication::exit(0);
      });
    }
    if (!options.open.isEmpty()) {
      // A file asked for on the command line that does not open ends the
      // console: falling back to the live cluster silently would mislead.
      QObject::connect(first->replay(), &ReplayController::openFailed, &window, [&](const QString& message) {
        std::fprintf(stderr, "hetsched-console: cannot open %s: %s\n", qPrintable(options.open), qPrintable(message));
        QApplication::exit(2);
      });
      first->replay()->openFile(options.open);
    }
    if (options.selectSlot >= 0) {
      // On the first frame whose topology has the device; until then the
      // cluster may not have reported it yet.
      QObject::connect(first, &ClusterWorkspace::frameShown, &window, [&options, first, done = false]() mutable {
        const Topology* topology = first->dashboard()->heatmap()->topology();
        if (done || !topology) return;
        for (const NodeInfo& node : topology->nodes) {
          if (QString::fromStdString(node.name) != options.selectNode ||
              static_cast<std::uint32_t>(options.selectSlot) >= node.deviceCount)
            continue;
          const auto device = static_cast<int>(node.firstDevice) + options.selectSlot;
          first->dashboard()->heatmap()->setSelectedDevice(device);
          first->dashboard()->details()->setDevice(device);
          done = true;
        }
      });
    }
    if (!options.screenshot.isEmpty()) {
      QTimer::singleShot(static_cast<int>(options.after * 1000), &window, [&] {
        if (!window.grab().save(options.screenshot)) {
          std::fprintf(stderr, "hetsched-console: cannot write %s\n", qPrintable(options.screenshot));
          QApplication::exit(1);
          return;
        }
        QApplication::quit();
      });
    }
    if (options.quitAfterMap) {
      // Polled, not hooked into the map's signals: what counts is when the
      // view has the points an operator would see (hetsched bench console-map).
      auto* poll = new QTimer(&window);
      QObject::connect(poll, &QTimer::timeout, &window, [first, once = true]() mutable {
        const std::size_t shown = first->jobMap()->points().size();
        if (shown == 0) return;
        const bool done = !first->jobMapBusy();
        if (once) {
          std::printf("first job map: %zu jobs, %.3f s after start, %.3f s CPU (%s)\n", shown,
                      secondsSinceProcessStart(), cpuSeconds(), done ? "done" : "settling");
          once = false;
        }
        if (done) {
          std::printf("job map done: %zu jobs, %.3f s after start, %.3f s CPU\n", shown, secondsSinceProcessStart(),
                      cpuSeconds());
          QApplication::quit();
        }
        std::fflush(stdout);
      });
      poll->start(10);
    }
    rc = QApplication::exec();
  }
  return rc;
}
