// SPDX-License-Identifier: MIT
#include "ui/document/methodspart.h"

#include "core/positionmethods.h"
#include "ui/state/methodsoptions.h"

namespace pe::ui {

ViewPartPtr buildMethodsPart(const PartInputs& in, const PartBefore& before)
{
    auto part = std::make_shared<MethodsPart>();
    const MethodInputs options = methodInputs(methodOptionsFrom(in.options), in.data);
    const LearnedTablePtr learned = in.table ? in.table->values : nullptr;
    part->length = in.spec.maxLen;
    if (options.method == ScoreMethod::Alibi && options.heads >= 1) {
        const Eigen::VectorXd slopes = core::alibiSlopes(options.heads);
        part->alibiSlope = options.head >= 1 && options.head <= options.heads ? slopes[options.head - 1] : slopes.mean();
    }
    if (in.wholeCells) {
        part->error = scoreMethodError(options.method, in.spec, options, learned);
        if (part->error.isEmpty())
            part->scoreRows = std::make_shared<const MethodScoreRows>(in.spec, options, learned);
        return part;
    }
    const auto* old = dynamic_cast<const MethodsPart*>(before.part.get());
    const MethodsPixels pixels{in.pixels.height(), in.pixels.width(), in.zoom.xLower, in.zoom.xUpper};
    part->data = std::make_shared<const MethodsData>(
        methodsData(in.spec, options, pixels, learned, old && old->data ? old->data.get() : nullptr));
    part->error = part->data->error;
    return part;
}

DataTable methodsPartData(const ViewPart& viewPart)
{
    const auto& part = static_cast<const MethodsPart&>(viewPart);
    const std::shared_ptr<const MethodScoreRows> rows = part.scoreRows;
    return DataTable(part.length, part.length, [rows](std::int64_t first, Eigen::Ref<core::RowMatrix> out) { rows->fill(first, out); });
}

} // namespace pe::ui
