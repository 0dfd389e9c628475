// A snapshot's history blobs (store/history_codec), decoded one after the
// other into the same state as a replay scrubs through them, and the queue
// summary blob beside each. Input: u16 devices, u8 nodes, then length-
// prefixed blobs (fuzz_input.h).
#include "base/model/frame.h"
#include "data/store/history_codec.h"
#include "data/store/quantised_frame.h"
#include "fuzz_input.h"

#include <cstddef>
#include <cstdint>

using namespace hetsched;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 3) return 0;
  const std::size_t devices = (data[0] | std::size_t{data[1]} << 8) % 4097;
  const std::size_t nodes = data[2];
  HistoryCodec codec;
  QuantisedFrame state;
  state.reset(devices, nodes);
  Frame frame;
  for (const auto blob : fuzz::parts(data + 3, size - 3)) {
    (void)decodeQueueSummary(blob);
    if (codec.decode(blob, &state)) {
      state.reset(devices, nodes);  // as the reader does after damage
      continue;
    }
    state.dequantise(&frame);
  }
  return 0;
}
