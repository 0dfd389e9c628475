// The snapshot file's blob codecs against damaged input: every decoder
// refuses what it cannot use with a message, never a crash. Cases found by
// the fuzzers (tests/fuzz) stay here as regression tests.
#include "store/job_codec.h"

#include <QTest>

using namespace hetsched;

class TestStoreBlobs : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  // Enums index tables downstream (kind names, routes, queues): a stored
  // value past the last one is damage.
  void jobsBlobRefusesUnknownEnums_data() {
    QTest::addColumn<int>("field");
    QTest::addColumn<int>("value");
    QTest::newRow("kind") << 0 << 5;
    QTest::newRow("priority") << 1 << 3;
    QTest::newRow("qos") << 2 << 200;
    QTest::newRow("state") << 3 << 4;
  }
  void jobsBlobRefusesUnknownEnums() {
    QFETCH(int, field);
    QFETCH(int, value);
    Job j;
    j.id = 7;
    j.spec.name = "j";
    if (field == 0) j.spec.kind = static_cast<JobKind>(value);
    if (field == 1) j.spec.priority = static_cast<PriorityClass>(value);
    if (field == 2) j.spec.qos = static_cast<Qos>(value);
    if (field == 3) j.state = static_cast<JobState>(value);
    const std::vector<Job> jobs{j};
    std::vector<Job> out;
    const auto error = JobCodec::decode(JobCodec::encode(jobs), &out);
    QVERIFY(error);
    QVERIFY2(error->find("job 0 has an unknown") != std::string::npos, error->c_str());

    Job good = j;
    good.spec.kind = JobKind::Batch;
    good.spec.priority = PriorityClass::Low;
    good.spec.qos = Qos::Guaranteed;
    good.state = JobState::Unschedulable;
    out.clear();
    const std::vector<Job> last{good};
    QVERIFY(!JobCodec::decode(JobCodec::encode(last), &out));
    QCOMPARE(out.size(), std::size_t{1});
    QCOMPARE(int(out[0].state), int(JobState::Unschedulable));
  }
};

QTEST_GUILESS_MAIN(TestStoreBlobs)
#include "tst_store_blobs.moc"
