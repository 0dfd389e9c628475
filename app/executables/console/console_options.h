#pragma once

#include "serve/client/cluster_client.h"
#include "widgets/theme.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <cstdint>

class QCommandLineParser;

namespace hetsched {

// hetsched-console's command line, checked before anything starts: a bad
// value names the option, a snapshot to open must exist.
struct ConsoleOptions {
  QString connect;
  ClientOptions client;  // for --connect: the token file's token, TLS and its CA
  QString open;
  QString screenshot;
  double after = 5.0;
  double speed = 1.0;
  std::uint64_t seed = 1;
  QString language;
  QString tab = QStringLiteral("cluster");
  // --select NODE/SLOT: the device to select once the cluster is shown.
  QString selectNode;
  int selectSlot = -1;
  Theme::Choice theme = Theme::Choice::System;
  bool themeSet = false;
  QSize size{1400, 900};
  bool sizeSet = false;  // --size given: it wins over the remembered size
  bool reportStartup = false;
  bool quitAfterMap = false;

  // Empty when every option is good; otherwise what is wrong, in words.
  QString parse(const QStringList& arguments);
};

// The options, for parsing and for --help.
void addConsoleOptions(QCommandLineParser& parser);
void setApplicationNames();
// With --help or --version among `argv`: prints the answer and returns the
// exit code, without a display (no QApplication is made). Otherwise -1.
int answerWithoutDisplay(int argc, char** argv);

}  // namespace hetsched
