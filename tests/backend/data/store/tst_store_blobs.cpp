// The snapshot file's blob codecs against damaged input: every decoder
// refuses what it cannot use with a message, never a crash. Cases found by
// the fuzzers (tests/fuzz) stay here as regression tests.
#include "base/model/job.h"
#include "checked_value.h"
#include "data/embed/embedder_file.h"
#include "data/embed/job_features.h"
#include "data/embed/task_embedder.h"
#include "data/store/history_codec.h"
#include "data/store/job_codec.h"
#include "data/store/quantised_frame.h"

#include <QTest>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

using namespace hetsched;

namespace {

// A blob header: format 1, compression, and the raw size it claims.
std::vector<std::uint8_t> header(std::uint8_t compression, std::uint32_t rawSize) {
  return {1,
          compression,
          static_cast<std::uint8_t>(rawSize),
          static_cast<std::uint8_t>(rawSize >> 8),
          static_cast<std::uint8_t>(rawSize >> 16),
          static_cast<std::uint8_t>(rawSize >> 24)};
}

bool mentions(const std::optional<std::string>& error, const char* text) {
  return error && error->find(text) != std::string::npos;
}

}  // namespace

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
    VERIFY_HAS_VALUE(error);
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

  // Format 2 carries each job's owner and team; a format 1 chunk (a
  // snapshot from before owners) still opens, its jobs with neither.
  void jobsBlobCarriesOwnerAndTeamAndReadsFormatOne() {
    Job j;
    j.id = 7;
    j.spec.name = "train-1";
    j.spec.owner = "mina";
    j.spec.team = "vision";
    std::vector<Job> out;
    QVERIFY(!JobCodec::decode(JobCodec::encode(std::vector<Job>{j}), &out));
    QCOMPARE(out.size(), std::size_t{1});
    QCOMPARE(out[0].spec.owner, std::string("mina"));
    QCOMPARE(out[0].spec.team, std::string("vision"));

    // Format 1, uncompressed, written field by field as builds before owners did:
    // id 7, name "j", Batch, Low, Guaranteed, requests, runtime, not
    // interruptible, Completed, times, runtime, node 3, no devices.
    std::vector<std::uint8_t> payload{1, 14, 1, 'j', 3, 2, 3, 0x88, 0x27, 64, 1, 0, 0};
    const auto real = [&payload](double v) {
      std::uint8_t raw[8];
      std::memcpy(raw, &v, 8);
      payload.insert(payload.end(), raw, raw + 8);
    };
    real(60.0);
    payload.insert(payload.end(), {0, 2, 0, 2, 4});
    real(1.5);
    payload.insert(payload.end(), {3, 0});
    std::vector<std::uint8_t> blob = header(0, static_cast<std::uint32_t>(payload.size()));
    blob.insert(blob.end(), payload.begin(), payload.end());
    out.clear();
    const auto error = JobCodec::decode(blob, &out);
    QVERIFY2(!error, error ? error->c_str() : "");
    QCOMPARE(out.size(), std::size_t{1});
    QCOMPARE(out[0].id, JobId{7});
    QCOMPARE(out[0].spec.name, std::string("j"));
    QCOMPARE(int(out[0].spec.qos), int(Qos::Guaranteed));
    QCOMPARE(out[0].spec.requests.cpuMilli, 5000u);
    QCOMPARE(out[0].endTimeMs, std::int64_t{2});
    QCOMPARE(out[0].node, 3u);
    QVERIFY(out[0].spec.owner.empty());
    QVERIFY(out[0].spec.team.empty());
    // A format this build does not know is refused by number.
    blob[0] = 3;
    QVERIFY(mentions(JobCodec::decode(blob, &out), "format 3 is unknown"));
  }

  // Found by tests/fuzz/fuzz_history_blob: a 10-byte blob whose header
  // claimed 2.4 GB had the decoder allocate it (libFuzzer: out-of-memory).
  void historyBlobClaimingTooMuchIsRefused() {
    QuantisedFrame state;
    state.reset(4, 2);
    HistoryCodec codec;
    std::vector<std::uint8_t> blob = header(1, 2'391'707'138);
    blob.insert(blob.end(), {0x78, 0x9c, 0x03, 0x00});
    const auto error = codec.decode(blob, &state);
    QVERIFY2(mentions(error, "claims 2391707138 bytes"), error ? error->c_str() : "decoded");
    QCOMPARE(state.deviceCount(), std::size_t{4});
  }

  // Found by tests/fuzz/fuzz_jobs_blob: the same for jobs (a 4 GB buffer
  // zeroed for a few bytes, 11 s: libFuzzer's timeout), and a count of
  // jobs no blob of that size can hold made it reserve them all.
  void jobsBlobClaimingTooMuchIsRefused() {
    std::vector<Job> out;
    std::vector<std::uint8_t> blob = header(1, 0xfffffff0u);
    blob.insert(blob.end(), {0x78, 0x9c, 0x03, 0x00});
    const auto inflated = JobCodec::decode(blob, &out);
    QVERIFY2(mentions(inflated, "claims 4294967280 bytes"), inflated ? inflated->c_str() : "decoded");

    std::vector<std::uint8_t> many = header(0, 64);
    many.push_back(0xff);  // varint count 2^35 - 1
    many.insert(many.end(), {0xff, 0xff, 0xff, 0x7f});
    many.resize(6 + 64);
    QVERIFY(mentions(JobCodec::decode(many, &out), "count is damaged"));
    QVERIFY(out.empty());
  }

  // An embedder whose input is not the job features' width decoded, and
  // the replay's job map then multiplied it with feature columns it does
  // not fit (out-of-bounds reads: Eigen does not check sizes in release
  // builds). Seen writing tests/fuzz/fuzz_embedder_blob, which maps jobs
  // with what it decodes.
  void embedderOfAnotherWidthIsRefused() {
    embed::JobFeatures features;
    const embed::TaskEmbedder narrow(5, 1);
    const auto decoded = embed::decodeEmbedder(embed::encodeEmbedder(features, narrow));
    QCOMPARE(int(decoded.error), int(embed::EmbedderFileError::BadDimensions));
    const embed::TaskEmbedder right(static_cast<int>(embed::JobFeatures::kDimension), 1);
    QCOMPARE(int(embed::decodeEmbedder(embed::encodeEmbedder(features, right)).error),
             int(embed::EmbedderFileError::None));
  }
};

QTEST_GUILESS_MAIN(TestStoreBlobs)
#include "tst_store_blobs.moc"
