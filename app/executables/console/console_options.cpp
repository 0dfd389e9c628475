#include "console_options.h"

#include "cluster_workspace.h"
#include "widgets/theme.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <cstring>

namespace hetsched {

namespace {

QCommandLineOption option(const char* name, const char* description, const char* value = nullptr,
                          const char* defaultValue = nullptr) {
  QCommandLineOption o(QString::fromLatin1(name), QString::fromLatin1(description));
  if (value) o.setValueName(QString::fromLatin1(value));
  if (defaultValue) o.setDefaultValue(QString::fromLatin1(defaultValue));
  return o;
}

}  // namespace

void setApplicationNames() {
  QCoreApplication::setApplicationName(QStringLiteral("hetsched-console"));
  QCoreApplication::setOrganizationName(QStringLiteral("HetSched"));
  QCoreApplication::setApplicationVersion(QStringLiteral(HETSCHED_VERSION));
}

void addConsoleOptions(QCommandLineParser& parser) {
  parser.setApplicationDescription(QStringLiteral("HetSched operations console"));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addOptions({
      option("open", "Snapshot file to replay at start (the console exits with an error if it cannot).", "FILE"),
      option("connect", "Gateway to connect to (default: an embedded simulated cluster on loopback).", "HOST:PORT"),
      option("token-file", "File holding the bearer token for --connect (needed to submit jobs and change policies).",
             "FILE"),
      option("tls", "TLS to --connect, checked against the system's roots."),
      option("ca", "TLS to --connect, checked against this CA (PEM).", "FILE"),
      option("screenshot", "Render the window to a PNG and exit.", "FILE"),
      option("after", "Seconds before the screenshot (5).", "SECONDS", "5"),
      option("size", "Window size, e.g. 1024x700 (default: the last one, else 1400x900).", "WxH", "1400x900"),
      option("speed", "Embedded cluster: simulated seconds per second (1).", "X", "1"),
      option("seed", "Embedded cluster: workload seed (1).", "N", "1"),
      option("lang", "Interface language, e.g. ko or en.", "CODE"),
      option("theme", "light, dark or system (default: the last choice, else the system's).", "NAME"),
      option("tab", "Page to open: overview, cluster, timeline, map, policies, whatif or alerts (cluster).", "NAME",
             "cluster"),
      option("select", "Device to select once the cluster is shown, its details beside the heatmap, e.g. gpu-007/3.",
             "NODE/SLOT"),
      option("report-startup", "Print the time from start to the first live frame on screen, then exit."),
      option("quit-after-map",
             "Print when the first job map is shown (still settling, or done) and when it is done, in "
             "seconds after the process started, then quit (hetsched bench console-map)."),
  });
}

int answerWithoutDisplay(int argc, char** argv) {
  bool asked = false;
  for (int i = 1; i < argc; ++i) {
    for (const char* flag : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
      asked = asked || std::strcmp(argv[i], flag) == 0;
  }
  if (!asked) return -1;
  QCoreApplication app(argc, argv);
  setApplicationNames();
  QCommandLineParser parser;
  addConsoleOptions(parser);
  parser.process(app);  // prints help or the version and exits 0
  return 0;
}

QString ConsoleOptions::parse(const QStringList& arguments) {
  QCommandLineParser parser;
  addConsoleOptions(parser);
  if (!parser.parse(arguments)) return parser.errorText();
  const auto value = [&parser](const char* name) { return parser.value(QString::fromLatin1(name)); };
  bool ok = false;
  after = value("after").toDouble(&ok);
  if (!ok || after < 0 || after > 3600) return QStringLiteral("--after: expected seconds between 0 and 3600");
  speed = value("speed").toDouble(&ok);
  if (!ok || speed < 0.01 || speed > 10000) return QStringLiteral("--speed: expected 0.01 to 10000");
  seed = value("seed").toULongLong(&ok);
  if (!ok) return QStringLiteral("--seed: expected a whole number");
  const auto sizeMatch = QRegularExpression(QStringLiteral("^(\\d+)x(\\d+)$")).match(value("size"));
  if (!sizeMatch.hasMatch()) return QStringLiteral("--size: expected WIDTHxHEIGHT, e.g. 1024x700");
  size = QSize(sizeMatch.captured(1).toInt(), sizeMatch.captured(2).toInt());
  sizeSet = parser.isSet(QStringLiteral("size"));
  if (size.width() < 320 || size.height() < 240 || size.width() > 16384 || size.height() > 16384)
    return QStringLiteral("--size: expected 320x240 to 16384x16384");
  tab = value("tab").toLower();
  if (tab != QLatin1String("overview") && !ClusterWorkspace::tabNames().contains(tab))
    return QStringLiteral("--tab: expected overview, cluster, timeline, map, policies, whatif or alerts");
  if (parser.isSet(QStringLiteral("theme"))) {
    if (!Theme::parse(value("theme"), &theme)) return QStringLiteral("--theme: expected light, dark or system");
    themeSet = true;
  }
  if (parser.isSet(QStringLiteral("select"))) {
    const auto match = QRegularExpression(QStringLiteral("^(.+)/(\\d{1,5})$")).match(value("select"));
    if (!match.hasMatch()) return QStringLiteral("--select: expected NODE/SLOT, e.g. gpu-007/3");
    selectNode = match.captured(1);
    selectSlot = match.captured(2).toInt();
  }
  language = value("lang");
  connect = value("connect");
  screenshot = value("screenshot");
  reportStartup = parser.isSet(QStringLiteral("report-startup"));
  quitAfterMap = parser.isSet(QStringLiteral("quit-after-map"));
  if (parser.isSet(QStringLiteral("token-file"))) {
    QFile file(value("token-file"));
    if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("--token-file: cannot read ") + file.fileName();
    client.bearerToken = QString::fromUtf8(file.readAll()).trimmed().toStdString();
  }
  client.tls = parser.isSet(QStringLiteral("tls")) || parser.isSet(QStringLiteral("ca"));
  if (parser.isSet(QStringLiteral("ca"))) {
    QFile file(value("ca"));
    if (!file.open(QIODevice::ReadOnly)) return QStringLiteral("--ca: cannot read ") + file.fileName();
    client.caPem = file.readAll().toStdString();
  }
  open = value("open");
  if (!open.isEmpty()) {
    const QFileInfo file(open);
    if (!file.exists()) return QStringLiteral("--open: %1 does not exist").arg(open);
    if (!file.isFile() || !file.isReadable()) return QStringLiteral("--open: %1 is not a readable file").arg(open);
  }
  if (!parser.positionalArguments().isEmpty())
    return QStringLiteral("unexpected argument %1").arg(parser.positionalArguments().front());
  return {};
}

}  // namespace hetsched
