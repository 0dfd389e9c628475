// Benchmark: switching between the light and the dark theme with a live
// cluster on every page (issue 13: at most 200 ms). Each iteration switches
// the theme, delivers the palette change to every widget (plots restyle)
// and paints the whole window once; the "repaint" row is the same paint
// without a switch, the baseline beside it. `bench_theme -median 7`.
#include "cluster_connection.h"
#include "cluster_workspace.h"
#include "main_window.h"
#include "serve/gateway/gateway.h"
#include "sources/cluster/sim_options.h"
#include "sources/cluster/simulated_cluster.h"
#include "widgets/theme.h"

#include <QTest>
#include <memory>
#include <string>

using namespace hetsched;

class BenchTheme : public QObject {
  Q_OBJECT

  std::unique_ptr<Gateway> m_gateway;
  std::unique_ptr<MainWindow> m_window;

 private Q_SLOTS:
  void initTestCase() {
    SimOptions sim;  // the embedded cluster's default shape
    GatewayOptions options;
    options.speed = 10.0;
    m_gateway = std::make_unique<Gateway>(std::make_unique<SimulatedCluster>(sim), options);
    std::string error;
    QVERIFY2(m_gateway->start(&error), error.c_str());
    m_window = std::make_unique<MainWindow>();
    ClusterWorkspace* ws = m_window->addCluster(
        std::make_unique<ClusterConnection>(QString::fromStdString(m_gateway->address())), QStringLiteral("bench"));
    m_window->resize(1600, 1000);
    m_window->show();
    QTRY_VERIFY_WITH_TIMEOUT(ws->lastFrame() != nullptr, 15000);
    ws->rebuildTimeline();
  }

  void cleanupTestCase() {
    m_window.reset();
    m_gateway.reset();
  }

  void themeSwitch_data() {
    QTest::addColumn<QString>("page");
    QTest::addColumn<bool>("switchTheme");
    for (const QString& page : {QStringLiteral("cluster"), QStringLiteral("whatif")}) {
      QTest::addRow("%s/switch", qPrintable(page)) << page << true;
      QTest::addRow("%s/repaint", qPrintable(page)) << page << false;
    }
  }
  void themeSwitch() {
    QFETCH(QString, page);
    QFETCH(bool, switchTheme);
    m_window->showTab(page);
    QCoreApplication::processEvents();
    bool dark = false;
    QBENCHMARK {
      if (switchTheme) {
        dark = !dark;
        Theme::instance()->setChoice(dark ? Theme::Choice::Dark : Theme::Choice::Light);
      }
      QCoreApplication::processEvents();  // palette changes, queued replots
      const QPixmap painted = m_window->grab();
      QVERIFY(!painted.isNull());
    }
  }
};

QTEST_MAIN(BenchTheme)
#include "bench_theme.moc"
