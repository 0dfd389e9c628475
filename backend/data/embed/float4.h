#pragma once

namespace hetsched::embed {

// Four float lanes (GCC/Clang vector extension; plain SSE2 on x86-64, no
// target flags needed).
using F4 = float __attribute__((vector_size(16)));

}  // namespace hetsched::embed
