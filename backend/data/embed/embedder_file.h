#pragma once

#include "job_features.h"
#include "task_embedder.h"

#include <cstdint>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hetsched::embed {

enum class EmbedderFileError : std::uint8_t {
  None,
  CannotOpen,
  CannotWrite,
  NotAnEmbedderFile,   // wrong magic
  UnsupportedVersion,  // written by a newer format
  Truncated,
  ChecksumMismatch,  // damaged on disk or in transit
  BadDimensions,     // sizes that no embedder of ours has
  NotFinite,         // a weight or statistic that is NaN or infinite
};

// What went wrong, in a few words, for logs and error messages (not named
// toString: QCOMPARE would pick it up and expect a char*).
std::string_view describe(EmbedderFileError error);

struct LoadedEmbedder {
  EmbedderFileError error = EmbedderFileError::None;
  JobFeatures features;
  TaskEmbedder embedder;
};

// A small binary file: magic "HSEMBED\0", format version, payload length and
// FNV-1a checksum, then the feature statistics and the weights as
// little-endian float32. The same bytes are what a snapshot stores.
std::vector<std::uint8_t> encodeEmbedder(const JobFeatures& features, const TaskEmbedder& embedder);
LoadedEmbedder decodeEmbedder(std::span<const std::uint8_t> bytes);
EmbedderFileError saveEmbedder(std::ostream& out, const JobFeatures& features, const TaskEmbedder& embedder);
EmbedderFileError saveEmbedder(const std::string& path, const JobFeatures& features, const TaskEmbedder& embedder);
LoadedEmbedder loadEmbedder(std::istream& in);
LoadedEmbedder loadEmbedder(const std::string& path);

}  // namespace hetsched::embed
