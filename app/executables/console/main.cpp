// hetsched-console: the desktop console. With no address it starts a gateway
// on loopback in this process, over a simulated cluster, and connects to it
// over gRPC like any remote gateway.
#include "cluster/simulated_cluster.h"
#include "cluster_connection.h"
#include "connection_opener.h"
#include "gateway/gateway.h"
#include "main_window.h"
#include "replay_controller.h"
#include "saved_connection_model.h"
#include "token_vault.h"
#include "widgets/embedding_map_view.h"
#include "trust_prompt.h"

#include <QApplication>
#include <QFile>
#include <QCommandLineParser>
#include <QLibraryInfo>
#include <QLocale>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QTranslator>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <unistd.h>

namespace {

void installTranslations(QApplication& app, const QString& language) {
  const QLocale locale = language.isEmpty() ? QLocale() : QLocale(language);
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
  using namespace hetsched;
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("hetsched-console"));
  QApplication::setOrganizationName(QStringLiteral("HetSched"));
  QApplication::setApplicationVersion(QStringLiteral(HETSCHED_VERSION));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("HetSched operations console"));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption connectOption(QStringLiteral("connect"),
                                         QStringLiteral("Gateway to connect to (default: an embedded simulated "
                                                        "cluster on loopback)."),
                                         QStringLiteral("HOST:PORT"));
  const QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
                                            QStringLiteral("Render the window to a PNG and exit."),
                                            QStringLiteral("FILE"));
  const QCommandLineOption afterOption(QStringLiteral("after"), QStringLiteral("Seconds before the screenshot (5)."),
                                       QStringLiteral("SECONDS"), QStringLiteral("5"));
  const QCommandLineOption speedOption(QStringLiteral("speed"),
                                       QStringLiteral("Embedded cluster: simulated seconds per second (1)."),
                                       QStringLiteral("X"), QStringLiteral("1"));
  const QCommandLineOption seedOption(QStringLiteral("seed"), QStringLiteral("Embedded cluster: workload seed (1)."),
                                      QStringLiteral("N"), QStringLiteral("1"));
  const QCommandLineOption langOption(QStringLiteral("lang"), QStringLiteral("Interface language, e.g. ko or en."),
                                      QStringLiteral("CODE"));
  const QCommandLineOption tabOption(QStringLiteral("tab"),
                                     QStringLiteral("Page to open: cluster, timeline, map, policies or whatif (cluster)."),
                                     QStringLiteral("NAME"), QStringLiteral("cluster"));
  const QCommandLineOption openOption(QStringLiteral("open"), QStringLiteral("Snapshot file to replay at start."),
                                      QStringLiteral("FILE"));
  const QCommandLineOption tokenFileOption(
      QStringLiteral("token-file"),
      QStringLiteral("File holding the bearer token for --connect (needed to submit jobs and change policies)."), QStringLiteral("FILE"));
  const QCommandLineOption tlsOption(QStringLiteral("tls"),
                                     QStringLiteral("TLS to --connect, checked against the system's roots."));
  const QCommandLineOption caOption(QStringLiteral("ca"), QStringLiteral("TLS to --connect, checked against this CA (PEM)."),
                                    QStringLiteral("FILE"));
  const QCommandLineOption quitAfterMapOption(
      QStringLiteral("quit-after-map"),
      QStringLiteral("Print when the first job map is shown (still settling, or done) and when it is done, in "
                     "seconds after the process started, then quit (hetsched bench console-map)."));
  parser.addOptions({openOption, connectOption, screenshotOption, afterOption, speedOption, seedOption, langOption,
                     tabOption, tokenFileOption, tlsOption, caOption, quitAfterMapOption});
  parser.process(app);
  installTranslations(app, parser.value(langOption));

  bool ok = false;
  const double after = parser.value(afterOption).toDouble(&ok);
  if (!ok || after < 0 || after > 3600) return fail(QStringLiteral("--after: expected seconds between 0 and 3600"));
  const double speed = parser.value(speedOption).toDouble(&ok);
  if (!ok || speed < 0.01 || speed > 10000) return fail(QStringLiteral("--speed: expected 0.01 to 10000"));
  const qulonglong seed = parser.value(seedOption).toULongLong(&ok);
  if (!ok) return fail(QStringLiteral("--seed: expected a whole number"));

  const QString tab = parser.value(tabOption).toLower();
  if (!QStringList{QStringLiteral("cluster"), QStringLiteral("timeline"), QStringLiteral("map"),
                   QStringLiteral("policies"), QStringLiteral("whatif")}
           .contains(tab))
    return fail(QStringLiteral("--tab: expected cluster, timeline, map, policies or whatif"));

  // The embedded gateway starts with the console when no address is given,
  // and later when the operator switches to it in File → Connect….
  std::unique_ptr<Gateway> embedded;
  std::string embeddedError;
  // The embedded gateway trusts only this console: a fresh operator token
  // that never leaves the process.
  const std::string embeddedToken = TokenStore::generateToken();
  const auto embeddedTarget = [&]() -> QString {
    if (!embedded) {
      SimOptions sim;
      sim.seed = seed;
      GatewayOptions options;
      options.speed = speed;
      options.tokens.add(embeddedToken, Role::Operator, "console");
      auto gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
      if (!gateway->start(&embeddedError)) return {};
      embedded = std::move(gateway);
    }
    return QString::fromStdString(embedded->address());
  };
  QString target = parser.value(connectOption);
  ClientOptions clientOptions;
  if (parser.isSet(tokenFileOption)) {
    QFile file(parser.value(tokenFileOption));
    if (!file.open(QIODevice::ReadOnly)) return fail(QStringLiteral("--token-file: cannot read ") + file.fileName());
    clientOptions.bearerToken = QString::fromUtf8(file.readAll()).trimmed().toStdString();
  }
  clientOptions.tls = parser.isSet(tlsOption) || parser.isSet(caOption);
  if (parser.isSet(caOption)) {
    QFile file(parser.value(caOption));
    if (!file.open(QIODevice::ReadOnly)) return fail(QStringLiteral("--ca: cannot read ") + file.fileName());
    clientOptions.caPem = file.readAll().toStdString();
  }
  if (target.isEmpty()) {
    target = embeddedTarget();
    if (target.isEmpty()) return fail(QString::fromStdString(embeddedError));
    clientOptions.bearerToken = embeddedToken;
  }
  QSettings settings;
  SavedConnectionModel connections(&settings);
  TokenVault vault;
  connections.setTokenVault(&vault);

  int rc = 0;
  {
    ClusterConnection connection(target, clientOptions);
    MainWindow window(&connection);
    window.showTab(tab);
    window.setConnectionModel(&connections, parser.value(connectOption).isEmpty() ? 0 : -1);
    QObject::connect(&window, &MainWindow::connectRequested, &window, [&](int row) {
      if (connections.isEmbedded(row)) {
        const QString address = embeddedTarget();
        if (address.isEmpty()) {
          QMessageBox::warning(&window, MainWindow::tr("Connect"),
                               MainWindow::tr("The embedded cluster did not start: %1")
                                   .arg(QString::fromStdString(embeddedError)));
          return;
        }
        ClientOptions local;
        local.bearerToken = embeddedToken;
        window.switchConnection(new ClusterConnection(address, local), row);
        return;
      }
      const SavedConnection saved = connections.connectionAt(row);
      // Token, CA or pinned certificate first; the window switches once
      // they are known (keychain and TLS probe answer asynchronously).
      auto* opener = new ConnectionOpener(saved, &vault, &window);
      QObject::connect(opener, &ConnectionOpener::needsTrust, &window,
                       [&, opener, saved, row](const QString& fingerprint, const QString& previous, const QString& subject) {
                         if (!askToTrust(&window, saved.address, fingerprint, previous, subject)) {
                           window.statusBar()->showMessage(MainWindow::tr("Not connected to %1: certificate not trusted")
                                                               .arg(saved.name), 10000);
                           opener->deleteLater();
                           return;
                         }
                         connections.setFingerprint(row, fingerprint);
                         opener->trust();
                       });
      QObject::connect(opener, &ConnectionOpener::failed, &window, [&, opener](const QString& message) {
        QMessageBox::warning(&window, MainWindow::tr("Connect"), message);
        opener->deleteLater();
      });
      QObject::connect(opener, &ConnectionOpener::ready, &window,
                       [&, opener, saved, row](std::shared_ptr<const ClientOptions> options) {
                         window.switchConnection(new ClusterConnection(saved.address, *options), row);
                         connections.setLastUsed(saved.name);
                         opener->deleteLater();
                       });
      opener->start();
    });
    QObject::connect(&connections, &SavedConnectionModel::tokenStored, &window,
                     [&](const QString& name, const QString& problem) {
                       if (!problem.isEmpty())
                         window.statusBar()->showMessage(
                             MainWindow::tr("Token for %1 kept for this session only: %2").arg(name, problem), 15000);
                     });
    window.resize(1400, 900);
    window.show();
    connection.start();
    if (parser.isSet(openOption)) window.replay()->openFile(parser.value(openOption));
    const QString screenshot = parser.value(screenshotOption);
    if (!screenshot.isEmpty()) {
      QTimer::singleShot(static_cast<int>(after * 1000), &window, [&] {
        if (!window.grab().save(screenshot)) {
          std::fprintf(stderr, "hetsched-console: cannot write %s\n", qPrintable(screenshot));
          QApplication::exit(1);
          return;
        }
        QApplication::quit();
      });
    }
    if (parser.isSet(quitAfterMapOption)) {
      // Polled, not hooked into the map's signals: what counts is when the
      // view has the points an operator would see.
      auto* poll = new QTimer(&window);
      QObject::connect(poll, &QTimer::timeout, &window, [&window, first = true]() mutable {
        const std::size_t shown = window.jobMap()->points().size();
        if (shown == 0) return;
        const bool done = !window.jobMapBusy();
        if (first) {
          std::printf("first job map: %zu jobs, %.3f s after start, %.3f s CPU (%s)\n", shown,
                      secondsSinceProcessStart(), cpuSeconds(), done ? "done" : "settling");
          first = false;
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
  if (embedded) embedded->stop();
  return rc;
}
