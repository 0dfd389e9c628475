// A snapshot's job embedder blob (embed/embedder_file; also the model file
// of hetsched tsne): decoded, and a decoded one maps jobs as a replay's job
// map does. The length and checksum in the header are set to match the
// input, so that the fuzzer reaches the payload rather than stopping at the
// checksum (damage is caught there, but crafted files pass it).
#include "base/model/job.h"
#include "data/embed/embedder_file.h"
#include "data/embed/job_features.h"
#include "fuzz_input.h"

#include <cstdint>
#include <cstring>
#include <vector>

using namespace hetsched;

namespace {

constexpr std::size_t kHeader = 8 + 4 + 4 + 8;

std::uint64_t fnv1a(const std::vector<std::uint8_t>& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (std::size_t i = kHeader; i < bytes.size(); ++i) {
    h ^= bytes[i];
    h *= 0x100000001b3ULL;
  }
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> bytes(data, data + size);
  if (bytes.size() >= kHeader && !(bytes[0] & 1)) {  // half the inputs keep their own header
    const auto length = static_cast<std::uint32_t>(bytes.size() - kHeader);
    const std::uint64_t sum = fnv1a(bytes);
    std::memcpy(bytes.data() + 12, &length, sizeof length);
    std::memcpy(bytes.data() + 16, &sum, sizeof sum);
  }
  if (bytes.size() >= 8) std::memcpy(bytes.data(), "HSEMBED", 8);
  const embed::LoadedEmbedder loaded = embed::decodeEmbedder(bytes);
  (void)embed::describe(loaded.error);
  if (loaded.error != embed::EmbedderFileError::None) return 0;
  std::vector<embed::JobSample> samples(3);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    samples[i].job.spec.kind = static_cast<JobKind>(i);
    samples[i].job.spec.requests.gpuCount = static_cast<std::uint32_t>(i);
    samples[i].job.submitTimeMs = static_cast<std::int64_t>(i) * 1000;
  }
  embed::assignInterArrivals(samples);
  (void)loaded.embedder.embed(loaded.features.encode(samples));
  return 0;
}
