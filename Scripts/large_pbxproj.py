#!/usr/bin/env python3
"""Writes a very large Xcode project: one app target whose Sources phase lists N Swift files.

The shape of the largest projects of big companies (tens of MB of project.pbxproj), and of a hostile pull
request that wants the lint to time out: with the default N = 100,000 the project.pbxproj holds 200,000 objects
(a PBXFileReference and a PBXBuildFile per file) and takes about 29 MB. The Swift files are not written unless
--write-sources is given, so the project lists files that do not exist (what a hostile project would do).

    python3 Scripts/large_pbxproj.py /tmp/large                 # /tmp/large/Large.xcodeproj, no sources
    python3 Scripts/large_pbxproj.py /tmp/large --files 20000 --write-sources
    /usr/bin/time -v .build/release/glance lint /tmp/large --no-cache

Object ids are derived from the file's number, so the output is the same on every run.
"""
import argparse
import os


def object_id(kind, number):
    """24 hexadecimal digits, as Xcode writes them: a kind prefix and the number."""
    return f"{kind:02X}{number:022X}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", help="where to write Large.xcodeproj (made if missing)")
    parser.add_argument("--files", type=int, default=100_000, help="Swift files in the Sources phase (default 100000)")
    parser.add_argument("--write-sources", action="store_true", help="also write the Swift files (empty structs)")
    options = parser.parse_args()

    project_folder = os.path.join(options.folder, "Large.xcodeproj")
    os.makedirs(project_folder, exist_ok=True)
    count = options.files
    names = [f"F{number:06d}.swift" for number in range(count)]
    references = [object_id(1, number) for number in range(count)]
    build_files = [object_id(2, number) for number in range(count)]
    group, sources, target, configuration_list, project_configuration_list = (object_id(9, n) for n in range(5))
    debug, release, target_debug, target_release, root, project, product, products = (object_id(10, n) for n in range(8))

    lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {", ""]
    lines.append("/* Begin PBXBuildFile section */")
    for number in range(count):
        lines.append(f"\t\t{build_files[number]} = {{isa = PBXBuildFile; fileRef = {references[number]}; }};")
    lines.append("/* End PBXBuildFile section */")
    lines.append("")
    lines.append("/* Begin PBXFileReference section */")
    for number in range(count):
        lines.append(f"\t\t{references[number]} /* {names[number]} */ = {{isa = PBXFileReference; lastKnownFileType = sourcecode.swift; "
                     f"path = {names[number]}; sourceTree = \"<group>\"; }};")
    lines.append(f"\t\t{product} /* Large.app */ = {{isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; "
                 f"path = Large.app; sourceTree = BUILT_PRODUCTS_DIR; }};")
    lines.append("/* End PBXFileReference section */")
    lines += ["", "/* Begin PBXGroup section */",
              f"\t\t{root} = {{", "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (", f"\t\t\t\t{group} /* App */,", f"\t\t\t\t{products} /* Products */,",
              "\t\t\t);", "\t\t\tsourceTree = \"<group>\";", "\t\t};",
              f"\t\t{products} /* Products */ = {{", "\t\t\tisa = PBXGroup;", "\t\t\tchildren = (", f"\t\t\t\t{product} /* Large.app */,", "\t\t\t);",
              "\t\t\tname = Products;", "\t\t\tsourceTree = \"<group>\";", "\t\t};",
              f"\t\t{group} /* App */ = {{", "\t\t\tisa = PBXGroup;", "\t\t\tchildren = ("]
    lines += [f"\t\t\t\t{references[number]}," for number in range(count)]
    lines += ["\t\t\t);", "\t\t\tpath = App;", "\t\t\tsourceTree = \"<group>\";", "\t\t};", "/* End PBXGroup section */", ""]
    lines += ["/* Begin PBXNativeTarget section */", f"\t\t{target} /* Large */ = {{", "\t\t\tisa = PBXNativeTarget;",
              f"\t\t\tbuildConfigurationList = {configuration_list};", "\t\t\tbuildPhases = (", f"\t\t\t\t{sources} /* Sources */,", "\t\t\t);",
              "\t\t\tbuildRules = (", "\t\t\t);", "\t\t\tdependencies = (", "\t\t\t);", "\t\t\tname = Large;", "\t\t\tproductName = Large;",
              f"\t\t\tproductReference = {product} /* Large.app */;", "\t\t\tproductType = \"com.apple.product-type.application\";", "\t\t};",
              "/* End PBXNativeTarget section */", ""]
    lines += ["/* Begin PBXProject section */", f"\t\t{project} /* Project object */ = {{", "\t\t\tisa = PBXProject;",
              f"\t\t\tbuildConfigurationList = {project_configuration_list};", "\t\t\tcompatibilityVersion = \"Xcode 14.0\";",
              "\t\t\tdevelopmentRegion = en;", "\t\t\tknownRegions = (", "\t\t\t\ten,", "\t\t\t);", f"\t\t\tmainGroup = {root};",
              f"\t\t\tproductRefGroup = {products} /* Products */;", "\t\t\tprojectDirPath = \"\";", "\t\t\tprojectRoot = \"\";",
              "\t\t\ttargets = (", f"\t\t\t\t{target} /* Large */,", "\t\t\t);", "\t\t};", "/* End PBXProject section */", ""]
    lines += ["/* Begin PBXSourcesBuildPhase section */", f"\t\t{sources} /* Sources */ = {{", "\t\t\tisa = PBXSourcesBuildPhase;",
              "\t\t\tbuildActionMask = 2147483647;", "\t\t\tfiles = ("]
    lines += [f"\t\t\t\t{build_files[number]}," for number in range(count)]
    lines += ["\t\t\t);", "\t\t\trunOnlyForDeploymentPostprocessing = 0;", "\t\t};", "/* End PBXSourcesBuildPhase section */", ""]
    lines.append("/* Begin XCBuildConfiguration section */")
    for identifier, name, settings in [(debug, "Debug", ["SDKROOT = iphoneos;"]), (release, "Release", ["SDKROOT = iphoneos;"]),
                                       (target_debug, "Debug", ["PRODUCT_BUNDLE_IDENTIFIER = com.example.large;", "PRODUCT_NAME = Large;"]),
                                       (target_release, "Release", ["PRODUCT_BUNDLE_IDENTIFIER = com.example.large;", "PRODUCT_NAME = Large;"])]:
        lines += [f"\t\t{identifier} /* {name} */ = {{", "\t\t\tisa = XCBuildConfiguration;", "\t\t\tbuildSettings = {"]
        lines += [f"\t\t\t\t{setting}" for setting in settings]
        lines += ["\t\t\t};", f"\t\t\tname = {name};", "\t\t};"]
    lines += ["/* End XCBuildConfiguration section */", "", "/* Begin XCConfigurationList section */"]
    for identifier, members in [(project_configuration_list, (debug, release)), (configuration_list, (target_debug, target_release))]:
        lines += [f"\t\t{identifier} = {{", "\t\t\tisa = XCConfigurationList;", "\t\t\tbuildConfigurations = ("]
        lines += [f"\t\t\t\t{member}," for member in members]
        lines += ["\t\t\t);", "\t\t\tdefaultConfigurationIsVisible = 0;", "\t\t\tdefaultConfigurationName = Release;", "\t\t};"]
    lines += ["/* End XCConfigurationList section */", "\t};", f"\trootObject = {project} /* Project object */;", "}", ""]

    with open(os.path.join(project_folder, "project.pbxproj"), "w") as handle:
        handle.write("\n".join(lines))
    if options.write_sources:
        os.makedirs(os.path.join(options.folder, "App"), exist_ok=True)
        for number, name in enumerate(names):
            with open(os.path.join(options.folder, "App", name), "w") as handle:
                handle.write(f"struct Model{number} {{ var value = {number} }}\n")
    size = os.path.getsize(os.path.join(project_folder, "project.pbxproj"))
    print(f"{project_folder}/project.pbxproj: {size / (1 << 20):.1f} MiB, {2 * count + 13} objects, {count} files in one Sources phase")


if __name__ == "__main__":
    main()
