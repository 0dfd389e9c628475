// What a console or `hetsched snapshot save` takes from a gateway: the
// topology, the jobs and the column-packed frames of a SnapshotChunk
// (WatchFrames sends the same Frame messages), converted and decoded as
// client/snapshot_fetcher and client/cluster_client do.
#include "base/model/frame.h"
#include "base/model/job.h"
#include "base/model/topology.h"
#include "hetsched.pb.h"
#include "serve/rpc/frame_codec.h"
#include "serve/rpc/proto_convert.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>
#include <variant>

#include <google/protobuf/stubs/logging.h>

using namespace hetsched;

// Protobuf logs every string field that is not UTF-8; the fuzzer makes
// millions of them.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  google::protobuf::SetLogHandler(nullptr);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  v1::SnapshotChunk chunk;
  if (!chunk.ParseFromArray(data, static_cast<int>(size))) return 0;
  std::size_t devices = 0, nodes = 0;
  auto topology = fromProto(chunk.topology());
  if (auto* t = std::get_if<Topology>(&topology)) {
    devices = t->devices.size();
    nodes = t->nodes.size();
    v1::Topology back;
    toProto(*t, &back);
  }
  for (const v1::Job& job : chunk.jobs()) {
    const Job j = fromProto(job);
    (void)toString(j.spec.kind);
    (void)toString(j.state);
  }
  Frame frame;
  for (const v1::Frame& f : chunk.frames()) {
    if (decodeFrame(f, devices, nodes, &frame)) continue;
    v1::Frame again;
    encodeFrame(frame, &again);
  }
  return 0;
}
