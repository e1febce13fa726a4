// SPDX-License-Identifier: MIT
#pragma once

#include <Eigen/Core>

#include <cstddef>
#include <tuple>
#include <vector>

namespace pe::core {

// Scratch memory a thread keeps from one call to the next, so that the next frame of a slider
// drag does not touch fresh pages (slow on first touch here: ~0.4 GB/s). Kept within a budget:
// a buffer that grew beyond keptScratchBytes for one large call (an export's block, a huge
// table's rows) gives its memory back when that call ends. The window's own frames stay
// within it: their buffers are sized by the plot's pixels.
inline constexpr std::size_t keptScratchBytes = std::size_t{32} << 20;

template <class T>
std::size_t scratchBytes(const std::vector<T>& buffer) { return buffer.capacity() * sizeof(T); }

template <class Derived>
std::size_t scratchBytes(const Eigen::PlainObjectBase<Derived>& buffer)
{
    return static_cast<std::size_t>(buffer.size()) * sizeof(typename Derived::Scalar);
}

template <class T>
void releaseScratch(std::vector<T>& buffer) { std::vector<T>().swap(buffer); }

template <class Derived>
void releaseScratch(Eigen::PlainObjectBase<Derived>& buffer) { buffer.resize(0, 0); }

/// Gives back, when the scope ends, whatever of `buffers` holds more than keptScratchBytes.
template <class... Buffers>
class ScratchBudget {
public:
    explicit ScratchBudget(Buffers&... buffers) : m_buffers(buffers...) {}
    ScratchBudget(const ScratchBudget&) = delete;
    ScratchBudget& operator=(const ScratchBudget&) = delete;
    ~ScratchBudget()
    {
        std::apply([](auto&... buffer) { (trim(buffer), ...); }, m_buffers);
    }

private:
    template <class Buffer>
    static void trim(Buffer& buffer)
    {
        if (scratchBytes(buffer) > keptScratchBytes)
            releaseScratch(buffer);
    }
    std::tuple<Buffers&...> m_buffers;
};

} // namespace pe::core
