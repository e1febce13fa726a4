// SPDX-License-Identifier: MIT
#include "ui/document/bandspart.h"

#include "core/frequencies.h"
#include "core/precision.h"

namespace pe::ui {

ViewPartPtr buildBandsPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<BandsPart>();
    // A new number format keeps the frequencies.
    if (const auto* old = dynamic_cast<const BandsPart*>(before.part.get()); old && before.inputs.spec == in.spec) {
        part->omega = old->omega;
        part->wavelength = old->wavelength;
    } else {
        part->omega = core::angularFrequencies(in.spec);
        part->wavelength = core::wavelengths(in.spec);
    }
    if (in.wholeCells) // a data export writes the frequencies only
        return part;
    part->resolution.resize(core::pairCount(in.spec));
    for (int k = 0; k < part->resolution.size(); ++k)
        part->resolution[k] = static_cast<double>(core::resolutionLimit(in.spec, k, in.state.format));
    return part;
}

core::RowMatrix bandsPartData(const ViewPart& part)
{
    const auto& bands = static_cast<const BandsPart&>(part);
    core::RowMatrix data(bands.omega.size(), 3);
    data.col(0) = Eigen::VectorXd::LinSpaced(bands.omega.size(), 0, static_cast<double>(bands.omega.size() - 1));
    data.col(1) = bands.omega;
    data.col(2) = bands.wavelength;
    return data;
}

} // namespace pe::ui
