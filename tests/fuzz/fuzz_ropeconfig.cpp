// SPDX-License-Identifier: MIT
// libFuzzer target for the model configuration reader (ui/modelfiles/ropeconfig.h): the input is a
// whole config.json. Beyond "no crash": a refusal names the file and says why; a model accepted
// passes the core's own check, rotates at least one pair, and every frequency the view and the
// exports draw (unscaled, theta_original, theta_max, at a length past the longest context) and
// its attention factor are finite and positive, so that no plot or file ever holds a NaN.
#include "fuzzcheck.h"

#include "ui/modelfiles/ropeconfig.h"

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace {

void requirePositive(const Eigen::VectorXd& theta, int pairs, const char* what)
{
    PE_FUZZ_REQUIRE(theta.size() == pairs, what);
    for (Eigen::Index k = 0; k < theta.size(); ++k)
        PE_FUZZ_REQUIRE(std::isfinite(theta[k]) && theta[k] > 0.0, what);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const pe::ui::RopeConfigResult read = pe::ui::parseRopeConfig(bytes, QStringLiteral("config.json"), QString());
    if (!read.model) {
        PE_FUZZ_REQUIRE(read.error.startsWith(QLatin1String("config.json")) && read.error.size() > 14, "a refusal names the file and says why");
        return 0;
    }
    const pe::core::RopeModel& m = *read.model;
    PE_FUZZ_REQUIRE(!pe::core::ropeModelError(m), "an accepted model passes the core's check");
    const int pairs = pe::core::ropeModelPairs(m);
    PE_FUZZ_REQUIRE(pairs >= 1 && 2 * pairs <= m.headDim, "at least one pair, within the head");
    requirePositive(pe::core::ropeModelUnscaledFrequencies(m), pairs, "unscaled frequencies are finite and positive");
    requirePositive(pe::core::ropeModelThetaOriginal(m), pairs, "theta_original is finite and positive");
    requirePositive(pe::core::ropeModelThetaMax(m), pairs, "theta_max is finite and positive");
    requirePositive(pe::core::ropeModelInverseFrequencies(m, 4 * pe::core::ropeModelMaxContext(m)), pairs,
                    "frequencies past the longest context are finite and positive");
    const double attention = pe::core::ropeModelAttentionScaling(m);
    PE_FUZZ_REQUIRE(std::isfinite(attention) && attention > 0.0, "the attention factor is finite and positive");
    PE_FUZZ_REQUIRE(std::isfinite(pe::core::ropeModelSoftmaxScale(m)), "the softmax scale is finite");
    PE_FUZZ_REQUIRE(pe::core::ropeModelOriginalContext(m) > 0 && std::isfinite(pe::core::ropeModelMaxContext(m)),
                    "the contexts are finite");
    return 0;
}
