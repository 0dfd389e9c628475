// The What-if tab's Teams table (issue 15 item 2) on a comparison of the
// built-in team-quotas policy with the same policy without quotas, on a cut
// of the default simulated cluster: a row per policy and team, the GPU
// guarantee where the policy states one ("not limited" where not), the
// numbers the summary holds. HETSCHED_SCREENSHOT_DIR keeps a picture.
#include "base/model/device_kind.h"
#include "builtin_policy.h"
#include "default_cluster_cut.h"
#include "engine/sim/sim_result.h"
#include "policy.pb.h"
#include "usecases/whatif/snapshot_files.h"
#include "usecases/whatif/whatif_comparison.h"
#include "usecases/whatif/whatif_run.h"
#include "usecases/whatif/whatif_source.h"
#include "widgets/whatif_view.h"

#include <QDir>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cstddef>
#include <memory>
#include <utility>
#include <variant>

using namespace hetsched;

namespace {

int column(const QTableWidget* t, const QString& header) {
  for (int c = 0; c < t->columnCount(); ++c)
    if (t->horizontalHeaderItem(c)->text() == header) return c;
  return -1;
}

}  // namespace

class TestWhatifTeams : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void teamsTableShowsQuotaUse() {
    QTemporaryDir scratch;
    const WhatifSource source = test::defaultClusterCut(scratch.filePath(QStringLiteral("cut.hsnap")));
    auto loaded = loadSnapshotWorkload(source.path, source.snapshotId, true, source.horizonS);
    QVERIFY(std::holds_alternative<WhatifWorkload>(loaded));
    v1::Policy quotas = test::builtinPolicy("team-quotas");
    v1::Policy open = quotas;
    open.clear_quotas();
    open.set_name("no quotas");
    auto compared = runWhatifComparison(std::get<WhatifWorkload>(loaded), open, std::span(&quotas, 1), {});
    QVERIFY(std::holds_alternative<WhatifComparison>(compared));
    auto results = std::make_shared<const WhatifResults>(std::get<WhatifComparison>(std::move(compared)).results);

    WhatifView view;
    view.setResults(results);
    const QTableWidget* t = view.teamsTable();
    const std::size_t teams0 = results->runs[0].result.summary.teams.size();
    const std::size_t teams1 = results->runs[1].result.summary.teams.size();
    QCOMPARE(t->rowCount(), static_cast<int>(teams0 + teams1));
    const int guaranteed = column(t, QStringLiteral("GPUs guaranteed"));
    const int avg = column(t, QStringLiteral("GPUs avg"));
    const int borrowed = column(t, QStringLiteral("Borrowed GPU-hours"));
    QVERIFY(guaranteed > 0 && avg > 0 && borrowed > 0);
    QVERIFY(column(t, QStringLiteral("CPU cores guaranteed")) > 0);  // team-quotas guarantees cores too
    bool vision = false;
    for (int r = 0; r < t->rowCount(); ++r) {
      const bool withQuotas = t->item(r, 0)->text() == QStringLiteral("team-quotas");
      const std::size_t i = withQuotas ? static_cast<std::size_t>(r) - teams0 : static_cast<std::size_t>(r);
      const TeamService& team = results->runs[withQuotas ? 1 : 0].result.summary.teams[i];
      QCOMPARE(t->item(r, 1)->text(),
               team.name.empty() ? QStringLiteral("(no team)") : QString::fromStdString(team.name));
      const TeamUsage& gpu = team.usage[index(DeviceKind::Gpu)];
      QCOMPARE(t->item(r, avg)->data(Qt::UserRole).toDouble(), gpu.avg);
      QCOMPARE(t->item(r, borrowed)->data(Qt::UserRole).toDouble(), gpu.borrowedHours);
      if (!withQuotas) QCOMPARE(t->item(r, guaranteed)->text(), QStringLiteral("not limited"));
      if (withQuotas && team.name == "vision") {
        QCOMPARE(t->item(r, guaranteed)->data(Qt::UserRole).toDouble(), 64.0);
        vision = true;
      }
    }
    QVERIFY(vision);

    QTemporaryDir shots;
    const QString dir = qEnvironmentVariableIsSet("HETSCHED_SCREENSHOT_DIR")
                            ? qEnvironmentVariable("HETSCHED_SCREENSHOT_DIR")
                            : shots.path();
    auto* tabs = view.findChild<QTabWidget*>();
    QVERIFY(tabs);
    tabs->setCurrentWidget(view.teamsTable());
    view.resize(1400, 700);
    view.show();
    QVERIFY(view.grab().save(QDir(dir).filePath(QStringLiteral("whatif-teams.png"))));
  }
};

QTEST_MAIN(TestWhatifTeams)
#include "tst_whatif_teams.moc"
