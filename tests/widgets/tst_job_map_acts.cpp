// Issue 14 item 6: the job map acts. A tooltip names the job under the
// pointer, a click opens its story, a selection says what it holds.
#include "base/model/device_kind.h"
#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "widgets/embedding_map_view.h"
// Kept: QCustomPlot* passed as the QWidget* it derives from.
#include "widgets/qcustomplot_include.h"  // IWYU pragma: keep

#include <QLabel>
#include <QSignalSpy>
#include <QTest>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

constexpr std::int64_t s = 1000;

// Ten jobs on a line: ids 1-10 at x = 0..9; even ones Training, odd ones
// Inference; 1-4 waiting since their submit at 10 s, 5-10 started 20 s after
// submitting and ran 60 s (5-7 still running at 200 s, 8-10 finished).
std::vector<EmbeddedPoint> points() {
  std::vector<EmbeddedPoint> p;
  for (JobId id = 1; id <= 10; ++id)
    p.push_back(
        {id, static_cast<float>(id - 1), 0.0f, id % 2 ? JobKind::Inference : JobKind::Training, DeviceKind::Gpu, 0});
  return p;
}

std::shared_ptr<const std::vector<Job>> jobs() {
  auto list = std::make_shared<std::vector<Job>>();
  for (JobId id = 1; id <= 10; ++id) {
    Job j;
    j.id = id;
    j.spec.name = "job-" + std::to_string(id);
    j.spec.kind = id % 2 ? JobKind::Inference : JobKind::Training;
    j.submitTimeMs = 10 * s;
    if (id >= 5) {
      j.startTimeMs = 30 * s;
      j.state = id >= 8 ? JobState::Completed : JobState::Running;
      if (id >= 8) j.endTimeMs = 90 * s;
    }
    list->push_back(j);
  }
  return list;
}

}  // namespace

class TestJobMapActs : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void tooltipClickAndSummary() {
    EmbeddingMapView map;
    map.resize(700, 500);
    map.setPoints(points());
    map.setJobs(jobs(), 200 * s);
    map.show();
    QVERIFY(QTest::qWaitForWindowExposed(&map));
    map.replotNow();

    // The point under the pointer, and what its tooltip says.
    const QPointF three = map.pixelOf(2, 0);
    QCOMPARE(map.jobAt(three), std::optional<JobId>(3));
    QCOMPARE(map.jobAt(three + QPointF(200, 200)), std::nullopt);
    const QString tip = map.toolTipFor(3);
    for (const QString& part : {QStringLiteral("#3 job-3"), QStringLiteral("Inference"), QStringLiteral("waiting"),
                                QStringLiteral("waited 3 min 10 s")})
      QVERIFY2(tip.contains(part), qPrintable(tip));

    // A click selects the job and asks for its story.
    QSignalSpy story(&map, &EmbeddingMapView::jobActivated);
    QTest::mouseClick(map.plot(), Qt::LeftButton, {}, map.pixelOf(6, 0).toPoint());
    QCOMPARE(story.size(), 1);
    QCOMPARE(story.front().front().value<JobId>(), JobId{7});

    // A selection of jobs 3-8: 6 jobs, 3 Training (4, 6, 8) and 3 Inference;
    // waits 190 s (3, 4) and 20 s (5-8): mean 76.67 s; runtimes 170 s (5-7)
    // and 60 s (8): mean 142.5 s.
    map.selectInRect(QRectF(QPointF(1.5, -1), QPointF(7.5, 1)));
    const QString summary = map.selectionSummary();
    for (const QString& part :
         {QStringLiteral("6 jobs selected"), QStringLiteral("Training 3"), QStringLiteral("Inference 3"),
          QStringLiteral("mean wait 1 min 16 s"), QStringLiteral("mean runtime 2 min 22 s (4 started)")})
      QVERIFY2(summary.contains(part), qPrintable(summary));
    map.setSelectedJobs({});
    QVERIFY(map.selectionSummary().isEmpty());

    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (dir.isEmpty()) return;
    map.selectInRect(QRectF(QPointF(1.5, -1), QPointF(7.5, 1)));
    QTest::qWait(50);
    map.replotNow();
    QVERIFY(map.grab().save(dir + QStringLiteral("/job-map-selection.png")));
  }
};

QTEST_MAIN(TestJobMapActs)
#include "tst_job_map_acts.moc"
