// EmbeddingMapView: rectangle and lasso selection, legend, progress row.
#include "base/model/device_kind.h"
#include "base/model/embedded_point.h"
#include "base/model/job.h"
#include "widgets/embedding_map_view.h"
#include "widgets/embedding_selection.h"
#include "widgets/job_style.h"
#include "widgets/qcustomplot_include.h"

#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

using namespace hetsched;

namespace {

// A 10 × 10 grid of jobs at integer coordinates 0..9; job id = 1 + x + 10 y.
std::vector<EmbeddedPoint> gridPoints() {
  std::vector<EmbeddedPoint> points;
  for (int y = 0; y < 10; ++y) {
    for (int x = 0; x < 10; ++x) {
      points.push_back({static_cast<JobId>(1 + x + 10 * y), static_cast<float>(x), static_cast<float>(y),
                        static_cast<JobKind>((x + y) % 5), static_cast<DeviceKind>(x % 3), y / 3});
    }
  }
  return points;
}

// Synthetic clusters shaped like a t-SNE result: five blobs, one per job kind.
std::vector<EmbeddedPoint> blobPoints() {
  std::vector<EmbeddedPoint> points;
  std::uint64_t state = 12345;
  auto uniform = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<double>(state >> 11) / static_cast<double>(1ull << 53);
  };
  const double centres[5][2] = {{-20, 10}, {15, 18}, {0, -15}, {25, -10}, {-18, -12}};
  for (JobId id = 1; id <= 1500; ++id) {
    const int c = static_cast<int>(id % 5);
    const double r = 6.0 * std::sqrt(-2.0 * std::log(std::max(uniform(), 1e-9)));
    const double a = 6.283185307 * uniform();
    points.push_back({id, static_cast<float>(centres[c][0] + r * std::cos(a) * 0.5),
                      static_cast<float>(centres[c][1] + r * std::sin(a) * 0.5), static_cast<JobKind>(c),
                      static_cast<DeviceKind>(id % 3), c == 4 && id % 2 ? 5 : c});
  }
  return points;
}

void sendMouse(QWidget* target, QEvent::Type type, QPointF pos, Qt::MouseButtons buttons,
               Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
  const Qt::MouseButton button = type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
  QMouseEvent event(type, pos, target->mapToGlobal(pos), button, buttons, modifiers);
  QCoreApplication::sendEvent(target, &event);
}

std::vector<JobId> sorted(std::vector<JobId> v) {
  std::ranges::sort(v);
  return v;
}

}  // namespace

class TestEmbeddingMap : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void pureSelection() {
    const auto points = gridPoints();
    // x in [2, 4], y in [1, 2]: 3 × 2 points, edges included.
    const auto inRect = sorted(jobsInRect(points, QRectF(QPointF(4, 2), QPointF(2, 1))));
    QCOMPARE(inRect, (std::vector<JobId>{13, 14, 15, 23, 24, 25}));
    // A triangle with corners (0,0), (6,0), (0,6) holds x + y < 6 strictly
    // inside; points on its slanted edge are boundary cases, so test with a
    // slightly smaller one.
    const QPolygonF triangle{QPointF(-0.5, -0.5), QPointF(5.6, -0.5), QPointF(-0.5, 5.6)};
    const auto inLasso = jobsInPolygon(points, triangle);
    QCOMPARE(inLasso.size(), std::size_t{21});  // x + y <= 5
    for (const JobId job : inLasso) QVERIFY((job - 1) % 10 + (job - 1) / 10 <= 5);
  }

  void rectangleDragSelectsExactlyTheInside() {
    EmbeddingMapView view;
    view.resize(700, 500);
    view.setPoints(gridPoints());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QVERIFY(!view.showsEmptyState());
    QSignalSpy spy(&view, &EmbeddingMapView::jobsSelected);
    QWidget* plot = view.plot();
    // From (1.5, 6.5) to (3.5, 8.5) in data: x 2-3, y 7-8.
    sendMouse(plot, QEvent::MouseButtonPress, view.pixelOf(1.5, 6.5), Qt::LeftButton);
    sendMouse(plot, QEvent::MouseMove, view.pixelOf(2.5, 7.5), Qt::LeftButton);
    sendMouse(plot, QEvent::MouseMove, view.pixelOf(3.5, 8.5), Qt::LeftButton);
    sendMouse(plot, QEvent::MouseButtonRelease, view.pixelOf(3.5, 8.5), Qt::NoButton);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(sorted(spy.at(0).at(0).value<std::vector<JobId>>()), (std::vector<JobId>{73, 74, 83, 84}));
    QCOMPARE(view.selectedJobs().size(), std::size_t{4});
  }

  void lassoWithShiftSelectsThePolygon() {
    EmbeddingMapView view;
    view.resize(700, 500);
    view.setPoints(gridPoints());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QSignalSpy spy(&view, &EmbeddingMapView::jobsSelected);
    QWidget* plot = view.plot();
    // A triangle around (5,5), (8,5), (5,8); its bounding box also holds
    // (8,8), which a rectangle would take and the lasso must not.
    const QPointF corners[] = {{4.6, 4.6}, {8.6, 4.6}, {4.6, 8.6}};
    sendMouse(plot, QEvent::MouseButtonPress, view.pixelOf(corners[0].x(), corners[0].y()), Qt::LeftButton,
              Qt::ShiftModifier);
    for (const QPointF& c : {corners[1], corners[2]})
      sendMouse(plot, QEvent::MouseMove, view.pixelOf(c.x(), c.y()), Qt::LeftButton, Qt::ShiftModifier);
    sendMouse(plot, QEvent::MouseButtonRelease, view.pixelOf(corners[2].x(), corners[2].y()), Qt::NoButton,
              Qt::ShiftModifier);
    QCOMPARE(spy.count(), 1);
    const auto jobs = sorted(spy.at(0).at(0).value<std::vector<JobId>>());
    // x, y >= 5 and x + y <= 13.
    std::vector<JobId> expected;
    for (int y = 5; y < 10; ++y)
      for (int x = 5; x < 10; ++x)
        if (x + y <= 13) expected.push_back(static_cast<JobId>(1 + x + 10 * y));
    QCOMPARE(jobs, expected);
    QVERIFY(std::ranges::find(jobs, JobId{89}) == jobs.end());
    // Lasso mode does the same without Shift.
    view.setSelectionMode(EmbeddingMapView::SelectionMode::Lasso);
    view.selectInPolygon(QPolygonF{corners[0], corners[1], corners[2]});
    QCOMPARE(sorted(spy.at(1).at(0).value<std::vector<JobId>>()), expected);
  }

  void clickPicksAPointAndSetSelectedHighlights() {
    EmbeddingMapView view;
    view.resize(700, 500);
    view.setPoints(gridPoints());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QSignalSpy spy(&view, &EmbeddingMapView::jobsSelected);
    sendMouse(view.plot(), QEvent::MouseButtonPress, view.pixelOf(3, 4), Qt::LeftButton);
    sendMouse(view.plot(), QEvent::MouseButtonRelease, view.pixelOf(3, 4) + QPointF(1, 1), Qt::NoButton);
    QCOMPARE(spy.at(0).at(0).value<std::vector<JobId>>(), (std::vector<JobId>{44}));
    const JobId jobs[] = {5, 6};
    view.setSelectedJobs(jobs);
    QCOMPARE(spy.count(), 1);  // no echo
    QCOMPARE(view.selectedJobs().size(), std::size_t{2});
  }

  void legendFollowsColourMode() {
    EmbeddingMapView view;
    view.setPoints(gridPoints());
    QCOMPARE(view.plot()->legend->itemCount(), 5);
    view.setColorBy(EmbeddingMapView::ColorBy::DeviceKind);
    QCOMPARE(view.plot()->legend->itemCount(), 3);
    view.setColorBy(EmbeddingMapView::ColorBy::Cluster);
    QCOMPARE(view.plot()->legend->itemCount(), 4);  // y / 3: 0..3
  }

  // The legend sits beside the plot, never over a point (issue 14 item 6);
  // a dozen clusters each get their own colour.
  void legendStaysOutOfThePoints() {
    EmbeddingMapView view;
    std::vector<EmbeddedPoint> points = gridPoints();
    for (std::size_t i = 0; i < points.size(); ++i) points[i].cluster = static_cast<std::int32_t>(i % 12);
    view.setPoints(points);
    view.setColorBy(EmbeddingMapView::ColorBy::Cluster);
    view.resize(700, 500);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    QCOMPARE(view.plot()->legend->itemCount(), 12);
    const QRect legend = view.plot()->legend->outerRect();
    const QRect plotArea = view.plot()->axisRect()->rect();
    QVERIFY(legend.isValid() && !legend.isEmpty());
    QVERIFY2(!legend.intersects(plotArea), qPrintable(QStringLiteral("legend %1,%2 %3x%4 over the plot %5,%6 %7x%8")
                                                          .arg(legend.x())
                                                          .arg(legend.y())
                                                          .arg(legend.width())
                                                          .arg(legend.height())
                                                          .arg(plotArea.x())
                                                          .arg(plotArea.y())
                                                          .arg(plotArea.width())
                                                          .arg(plotArea.height())));
    QVERIFY(legend.left() >= plotArea.right());
    // Every point is inside the plot area, none under the legend.
    for (const EmbeddedPoint& p : points) QVERIFY(plotArea.contains(view.pixelOf(p.x, p.y).toPoint()));
    QSet<QRgb> colours;
    for (int c = 0; c < 12; ++c) colours.insert(clusterColor(c).rgb());
    QCOMPARE(colours.size(), 12);
  }

  // A filter narrows the map: the others' points are neither drawn nor picked.
  void shownJobsNarrowTheMap() {
    EmbeddingMapView view;
    view.setPoints(gridPoints());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.replotNow();
    view.setShownJobs(std::vector<JobId>{1, 2, 3, 44});
    QCOMPARE(view.shownPoints().size(), std::size_t{4});
    QCOMPARE(view.points().size(), std::size_t{100});
    QVERIFY(!view.jobAt(view.pixelOf(5, 5)).has_value());  // job 56: filtered out
    QCOMPARE(view.jobAt(view.pixelOf(3, 4)), std::optional<JobId>(44));
    view.selectInRect(QRectF(-1, -1, 20, 20));
    QCOMPARE(sorted({view.selectedJobs().begin(), view.selectedJobs().end()}), (std::vector<JobId>{1, 2, 3, 44}));
    view.setShownJobs(std::nullopt);
    QCOMPARE(view.shownPoints().size(), std::size_t{100});
  }

  void progressRowAndEmptyState() {
    EmbeddingMapView view;
    view.show();
    QVERIFY(view.showsEmptyState());
    QVERIFY(!view.progressBar()->isVisible());
    QSignalSpy cancel(&view, &EmbeddingMapView::cancelRequested);
    view.setProgress(40, QStringLiteral("t-SNE iteration 400 of 1000"));
    QVERIFY(view.progressBar()->isVisible());
    QCOMPARE(view.progressBar()->value(), 40);
    QCOMPARE(view.statusLabel()->text(), QStringLiteral("t-SNE iteration 400 of 1000"));
    QTest::mouseClick(view.cancelButton(), Qt::LeftButton);
    QCOMPARE(cancel.count(), 1);
    QVERIFY(!view.cancelButton()->isEnabled());
    view.setProgress(-1, {});
    QVERIFY(!view.progressBar()->isVisible());
  }

  // A refresh keeps the jobs shown in place, and the view keeps its axes
  // while the points fit them: a point does not slide on screen because the
  // outermost job left. A map that outgrows them, or fills less than half,
  // is fitted again. "Lay out again" asks for a fresh layout.
  void refreshKeepsTheAxes() {
    EmbeddingMapView view;
    view.setPoints(gridPoints());
    const QCPRange x = view.plot()->xAxis->range();
    const QCPRange y = view.plot()->yAxis->range();
    std::vector<EmbeddedPoint> refreshed = gridPoints();
    std::erase_if(refreshed, [](const EmbeddedPoint& p) { return p.x == 9.0f; });  // the right column left
    refreshed.push_back({500, 4.5f, 4.5f, JobKind::Training, DeviceKind::Gpu, 0});  // a new job inside
    view.setPoints(refreshed);
    QCOMPARE(view.plot()->xAxis->range(), x);
    QCOMPARE(view.plot()->yAxis->range(), y);
    refreshed.push_back({501, 30.0f, 4.5f, JobKind::Training, DeviceKind::Gpu, 0});  // outside
    view.setPoints(refreshed);
    QVERIFY(view.plot()->xAxis->range().upper > 30.0);
    QCOMPARE(view.plot()->yAxis->range(), y);
    std::vector<EmbeddedPoint> small = gridPoints();
    for (EmbeddedPoint& p : small) p.x /= 4.0f;  // a quarter as wide: fitted again
    view.setPoints(small);
    QVERIFY(view.plot()->xAxis->range().upper < 3.0);

    QSignalSpy relayout(&view, &EmbeddingMapView::relayoutRequested);
    QTest::mouseClick(view.relayoutButton(), Qt::LeftButton);
    QCOMPARE(relayout.count(), 1);
  }

  // What an operator sees: HETSCHED_RENDER_DIR=/tmp/x.
  void render() {
    const QString dir = qEnvironmentVariable("HETSCHED_RENDER_DIR");
    if (dir.isEmpty()) QSKIP("set HETSCHED_RENDER_DIR to write job map renders");
    EmbeddingMapView view;
    view.resize(1000, 700);
    view.setPoints(blobPoints());
    view.setProgress(70, QStringLiteral("t-SNE: iteration 700 of 1000"));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.selectInRect(QRectF(QPointF(10, 12), QPointF(20, 24)));
    view.replotNow();
    QVERIFY(view.grab().save(dir + QStringLiteral("/jobmap.png")));
    view.setColorBy(EmbeddingMapView::ColorBy::Cluster);
    view.replotNow();
    QVERIFY(view.grab().save(dir + QStringLiteral("/jobmap-clusters.png")));
  }
};

QTEST_MAIN(TestEmbeddingMap)
#include "tst_embedding_map.moc"
