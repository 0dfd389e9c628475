#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <type_traits>

namespace hetsched {

// A vector of trivially copyable values held inline up to N of them, on the
// heap beyond. A placement's devices and their milli shares are one to
// eight numbers; as two std::vectors they cost two heap allocations, two
// frees and two cache misses per job, a fifth of a million-job what-if
// (docs/engine.md, Speed). Same size as a std::vector for N = 4 of 32 bits.
template <class T, std::size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_default_constructible_v<T>);
  static_assert(N > 0 && N * sizeof(T) >= sizeof(T*), "inline room is shared with the heap pointer");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  SmallVector() = default;
  SmallVector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
  template <std::input_iterator It>
  SmallVector(It first, It last) {
    assign(first, last);
  }
  SmallVector(const SmallVector& o) { assign(o.begin(), o.end()); }
  SmallVector(SmallVector&& o) noexcept { steal(o); }
  SmallVector& operator=(const SmallVector& o) {
    if (this != &o) assign(o.begin(), o.end());
    return *this;
  }
  SmallVector& operator=(SmallVector&& o) noexcept {
    if (this != &o) {
      release();
      steal(o);
    }
    return *this;
  }
  SmallVector& operator=(std::initializer_list<T> values) {
    assign(values.begin(), values.end());
    return *this;
  }
  ~SmallVector() { release(); }

  template <std::input_iterator It>
  void assign(It first, It last) {
    clear();
    if constexpr (std::forward_iterator<It>) reserve(static_cast<std::size_t>(std::distance(first, last)));
    for (; first != last; ++first) push_back(*first);
  }

  std::size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }
  std::size_t capacity() const { return m_capacity; }
  T* data() { return onHeap() ? m_heap : m_local; }
  const T* data() const { return onHeap() ? m_heap : m_local; }
  T* begin() { return data(); }
  T* end() { return data() + m_size; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + m_size; }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& at(std::size_t i) const {
    if (i >= m_size) throw std::out_of_range("SmallVector::at");
    return data()[i];
  }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& front() { return data()[0]; }
  const T& front() const { return data()[0]; }
  T& back() { return data()[m_size - 1]; }
  const T& back() const { return data()[m_size - 1]; }

  void push_back(T value) {
    if (m_size == m_capacity) reserve(2 * m_capacity);
    data()[m_size++] = value;
  }
  void clear() { m_size = 0; }
  void reserve(std::size_t n) {
    if (n <= m_capacity) return;
    auto grown = std::make_unique_for_overwrite<T[]>(n);
    std::copy_n(data(), m_size, grown.get());
    release();
    m_heap = grown.release();
    m_capacity = static_cast<std::uint32_t>(n);
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) { return std::ranges::equal(a, b); }

 private:
  bool onHeap() const { return m_capacity > N; }
  void release() {
    if (onHeap()) delete[] m_heap;
    m_capacity = N;
  }
  // Leaves `o` empty and inline.
  void steal(SmallVector& o) {
    m_size = o.m_size;
    m_capacity = o.m_capacity;
    if (o.onHeap()) m_heap = o.m_heap;
    else std::copy_n(o.m_local, o.m_size, m_local);
    o.m_size = 0;
    o.m_capacity = N;
  }

  std::uint32_t m_size = 0;
  std::uint32_t m_capacity = N;
  union {
    T m_local[N];
    T* m_heap;
  };
};

}  // namespace hetsched
