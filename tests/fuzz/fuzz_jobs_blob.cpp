// A snapshot's jobs blob (store/job_codec): the chunks a snapshot's jobs are
// stored in, decoded and, when they decode, written and read back the same.
#include "base/model/job.h"
#include "data/store/job_codec.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <vector>

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<Job> jobs;
  if (JobCodec::decode({data, size}, &jobs)) return 0;
  for (const Job& j : jobs) {
    (void)toString(j.spec.kind);
    (void)toString(j.spec.priority);
    (void)toString(j.spec.qos);
    (void)toString(j.state);
  }
  std::vector<Job> again;
  if (JobCodec::decode(JobCodec::encode(jobs), &again) || again.size() != jobs.size()) __builtin_trap();
  return 0;
}
