# SPDX-License-Identifier: MIT
# The wave, similarity, offset, bands, conventions and precision views (included by ui/CMakeLists.txt).
target_sources(pe_ui PRIVATE
    ${CMAKE_CURRENT_SOURCE_DIR}/viewsupport.h ${CMAKE_CURRENT_SOURCE_DIR}/viewsupport.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/wavesview.h ${CMAKE_CURRENT_SOURCE_DIR}/wavesview.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/similarityview.h ${CMAKE_CURRENT_SOURCE_DIR}/similarityview.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/offsetcircles.h ${CMAKE_CURRENT_SOURCE_DIR}/offsetcircles.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/offsetview.h ${CMAKE_CURRENT_SOURCE_DIR}/offsetview.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/bandsview.h ${CMAKE_CURRENT_SOURCE_DIR}/bandsview.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/ropedata.h ${CMAKE_CURRENT_SOURCE_DIR}/ropedata.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/ropeview.h ${CMAKE_CURRENT_SOURCE_DIR}/ropeview.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/conventionsview.h ${CMAKE_CURRENT_SOURCE_DIR}/conventionsview.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/precisionview.h ${CMAKE_CURRENT_SOURCE_DIR}/precisionview.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/embeddingdata.h ${CMAKE_CURRENT_SOURCE_DIR}/embeddingdata.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/wordvectorloader.h ${CMAKE_CURRENT_SOURCE_DIR}/wordvectorloader.cpp
    ${CMAKE_CURRENT_SOURCE_DIR}/embeddingsview.h ${CMAKE_CURRENT_SOURCE_DIR}/embeddingsview.cpp
)
