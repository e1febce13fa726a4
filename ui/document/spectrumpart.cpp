// SPDX-License-Identifier: MIT
#include "ui/document/spectrumpart.h"

namespace pe::ui {

ViewPartPtr buildSpectrumPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<SpectrumPart>();
    const auto* old = dynamic_cast<const SpectrumPart*>(before.part.get());
    // The sinusoid's spectrum reads the spec; a table's reads the table's file only.
    const bool sameData = old && old->data && sameTableFile(before.inputs.table, in.table)
        && (in.table || before.inputs.spec == in.spec);
    part->data = sameData ? old->data : std::make_shared<const SpectrumData>(spectrumData(in.spec, in.table));
    if (!part->data->problem.isEmpty() || in.wholeCells) // no map for a data export
        return part;
    const core::PositionSpectrum& s = part->data->spectrum;
    part->frequencies = heatAxis(0, 0, s.power.rows(), in.pixels.height(), FrameLimits::heatBins);
    part->dims = heatAxis(0, 0, s.power.cols(), in.pixels.width(), FrameLimits::heatBins);
    if (sameData && old->frequencies == part->frequencies && old->dims == part->dims) {
        part->heat = old->heat;
        return part;
    }
    binSpectrum(s, part->frequencies.bins, part->dims.bins, part->heat.reset(part->frequencies.bins, part->dims.bins));
    return part;
}

core::RowMatrix spectrumPartData(const ViewPart& part)
{
    const core::PositionSpectrum& s = static_cast<const SpectrumPart&>(part).data->spectrum;
    core::RowMatrix out(s.power.rows(), 1 + s.power.cols());
    for (Eigen::Index f = 0; f < s.power.rows(); ++f)
        out(f, 0) = core::spectrumBinFrequency(f, s.fftLength);
    out.rightCols(s.power.cols()) = s.power;
    return out;
}

} // namespace pe::ui
