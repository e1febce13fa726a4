# SPDX-License-Identifier: MIT
# Fails when a folder includes one above it. The layers, from the ground up (a folder may
# include its own layer's other folders only where listed as allowed below, and any lower layer):
#   0 core
#   1 ui/state, ui/modelfiles, ui/widgets    (state and widgets may read a model's files)
#   2 ui/document, ui/plotting               (neither includes the other)
#   3 ui/views
#   4 ui/controls, ui/export                 (neither includes the other)
#   5 ui/window
#   6 app
# Include forms it sees: "core/…", "app/…", "ui/<folder>/…" and the same in angle brackets
# (<ui/views/plotview.h>); and quoted relative includes with a ".." ("../views/plotview.h"),
# resolved from the including file's folder. A relative include must land in a layered folder
# inside SOURCE_DIR. Other includes (Qt, the standard library, "foo.h" beside the file) pass.
# Run as: cmake -DSOURCE_DIR=<root> -P check_layering.cmake
cmake_minimum_required(VERSION 3.25)
set(folders core ui/state ui/modelfiles ui/widgets ui/document ui/plotting ui/views ui/controls ui/export ui/window app)
set(level_core 0)
set(level_ui/state 1)
set(level_ui/modelfiles 1)
set(level_ui/widgets 1)
set(level_ui/document 2)
set(level_ui/plotting 2)
set(level_ui/views 3)
set(level_ui/controls 4)
set(level_ui/export 4)
set(level_ui/window 5)
set(level_app 6)
# Includes within one layer that are allowed (from → to).
set(sideways "ui/state→ui/modelfiles" "ui/widgets→ui/modelfiles")

# The root, absolute and normalised, to resolve relative includes against.
get_filename_component(root "${SOURCE_DIR}" ABSOLUTE)
cmake_path(NORMAL_PATH root)

# Appends to offenders when folder may not include target; note prefixes the reason.
function(check_include file line folder target note)
    if(target STREQUAL folder)
        return()
    endif()
    if(NOT DEFINED level_${target})
        list(APPEND offenders "${file}: ${line} (${note}unknown folder ${target}: give it a layer in check_layering.cmake)")
    else()
        set(from ${level_${folder}})
        set(to ${level_${target}})
        if(to GREATER from)
            list(APPEND offenders "${file}: ${line} (${note}${folder} is below ${target})")
        elseif(to EQUAL from AND NOT "${folder}→${target}" IN_LIST sideways)
            list(APPEND offenders "${file}: ${line} (${note}${folder} and ${target} are one layer: neither includes the other)")
        endif()
    endif()
    set(offenders "${offenders}" PARENT_SCOPE)
endfunction()

set(offenders "")
set(count 0)
foreach(folder IN LISTS folders)
    file(GLOB_RECURSE sources "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
    foreach(file IN LISTS sources)
        math(EXPR count "${count} + 1")
        # Every quoted include (it may be relative), and angle-bracket ones of project folders.
        file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*(\"|<(core|app|ui/[a-z]+)/)")
        foreach(line IN LISTS lines)
            if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*[\"<](core|app|ui/[a-z]+)/")
                # By its path from the root, quoted or in angle brackets; a ".." in it would
                # hide the folder it lands in ("ui/state/../window/x.h").
                set(target "${CMAKE_MATCH_1}")
                if(line MATCHES "[\"<][^\">]*\\.\\./")
                    list(APPEND offenders "${file}: ${line} (a path from the root climbs with '..': name the folder it lands in)")
                    continue()
                endif()
                check_include("${file}" "${line}" "${folder}" "${target}" "")
            elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\"")
                # Relative: only a ".." can leave the file's folder.
                set(path "${CMAKE_MATCH_1}")
                if(NOT path MATCHES "(^|/)\\.\\.(/|$)")
                    continue()
                endif()
                get_filename_component(dir "${file}" DIRECTORY)
                get_filename_component(dir "${dir}" ABSOLUTE)
                cmake_path(APPEND dir "${path}" OUTPUT_VARIABLE resolved)
                cmake_path(NORMAL_PATH resolved)
                cmake_path(IS_PREFIX root "${resolved}" NORMALIZE inside)
                if(NOT inside)
                    list(APPEND offenders "${file}: ${line} (relative include resolves to ${resolved}, outside ${root}: include it by its path from the root)")
                    continue()
                endif()
                cmake_path(RELATIVE_PATH resolved BASE_DIRECTORY "${root}" OUTPUT_VARIABLE relative)
                if(relative MATCHES "^(core|app|ui/[^/]+)/")
                    check_include("${file}" "${line}" "${folder}" "${CMAKE_MATCH_1}" "resolves to ${relative}: ")
                else()
                    list(APPEND offenders "${file}: ${line} (relative include resolves to ${relative}, in no layered folder: give it a layer in check_layering.cmake, or include it by its path from the root)")
                endif()
            endif()
        endforeach()
    endforeach()
endforeach()
if(count EQUAL 0)
    message(FATAL_ERROR "no sources found under ${SOURCE_DIR}")
endif()
if(offenders)
    # NOTICE prints the lines as they are (FATAL_ERROR would wrap them).
    string(REPLACE ";" "\n" report "${offenders}")
    message(NOTICE "${report}")
    list(LENGTH offenders found)
    message(FATAL_ERROR "${found} includes against the layering (docs/architecture.md)")
endif()
message(STATUS "${count} files checked: every include points down the layers")
