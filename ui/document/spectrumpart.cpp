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
    // The whole spectrum (bins × dims) for a table and for a data export; the window's map of
    // the sinusoid sums each dim's powers into its pixels as they are made, and keeps only
    // what the view draws beside it (the dominant ω).
    const bool whole = in.table || in.wholeCells;
    const bool oldIsWhole = sameData && old->data->spectrum.power.size() > 0;
    if (whole)
        part->data = oldIsWhole ? old->data : std::make_shared<const SpectrumData>(spectrumData(in.spec, in.table));
    if (!whole && sameData)
        part->data = old->data;
    if ((part->data && !part->data->problem.isEmpty()) || in.wholeCells) // no map for a data export
        return part;
    const bool held = part->data && part->data->spectrum.power.size() > 0;
    const std::int64_t bins = held ? part->data->spectrum.power.rows() : core::spectrumFftLength(in.spec.maxLen) / 2 + 1;
    const std::int64_t dims = held ? part->data->spectrum.power.cols() : in.spec.dModel;
    part->frequencies = heatAxis(0, 0, bins, in.pixels.height(), FrameLimits::heatBins);
    part->dims = heatAxis(0, 0, dims, in.pixels.width(), FrameLimits::heatBins);
    if (sameData && old->frequencies == part->frequencies && old->dims == part->dims) {
        part->heat = old->heat;
        return part;
    }
    core::RowMatrix& heat = part->heat.reset(part->frequencies.bins, part->dims.bins);
    if (held)
        binSpectrum(part->data->spectrum, part->frequencies.bins, part->dims.bins, heat);
    else if (part->data) // the same sinusoid on other pixels
        binSinusoidSpectrum(in.spec, part->frequencies.bins, part->dims.bins, heat);
    else
        part->data = std::make_shared<const SpectrumData>(sinusoidMapData(in.spec, part->frequencies.bins, part->dims.bins, heat));
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
