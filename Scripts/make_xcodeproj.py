#!/usr/bin/env python3
"""Writes the project.pbxproj files of Glance's example and fixture projects from a short description.

Maintainer tool, not used by the build or tests: the .xcodeproj folders it writes are committed. Run it after
changing a description in `Scripts/projects/*.py`:

    python3 Scripts/make_xcodeproj.py Scripts/projects/productivity_timer.py

A description is a Python file defining PROJECT = {...}; see Scripts/projects/ for the keys. Object ids are
derived from names, so the output is stable. With "xcodeStyle": True, the file is written as Xcode writes
it: a comment after each object id and reference, PBXBuildFile and PBXFileReference objects on one line.
"""
import hashlib
import os
import runpy
import sys

PRODUCT_TYPES = {
    "app": ("com.apple.product-type.application", "wrapper.application", ".app"),
    "widget": ("com.apple.product-type.app-extension", "wrapper.app-extension", ".appex"),
    "framework": ("com.apple.product-type.framework", "wrapper.framework", ".framework"),
    "test": ("com.apple.product-type.bundle.unit-test", "wrapper.cfbundle", ".xctest"),
}

FILE_TYPES = {
    ".swift": "sourcecode.swift", ".plist": "text.plist.xml", ".entitlements": "text.plist.entitlements",
    ".xcassets": "folder.assetcatalog", ".xcconfig": "text.xcconfig", ".png": "image.png",
    ".m": "sourcecode.c.objc", ".h": "sourcecode.c.h",
}


def oid(*parts):
    return hashlib.sha1("/".join(parts).encode()).hexdigest()[:24].upper()


def quote(value):
    text = str(value)
    if text and all(c.isalnum() or c in "._/$" for c in text) and not text.startswith("$("):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render_value(value, indent, comments=None, key=None):
    pad = "\t" * indent
    comments = comments or {}
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda kv: (kv[0] != "isa", kv[0]))
        inner = "".join(f"{pad}\t{quote(k)} = {render_value(v, indent + 1, comments, k)};\n" for k, v in items)
        return "{\n" + inner + pad + "}"
    if isinstance(value, list):
        inner = "".join(f"{pad}\t{render_value(v, indent + 1, comments)},\n" for v in value)
        return "(\n" + inner + pad + ")"
    return render_reference(value, comments, key)


def generate(spec):
    name = spec["name"]
    objects = {}

    def add(object_id, fields):
        objects[object_id] = fields
        return object_id

    main_children = []
    # Files in classic groups: path -> file reference id.
    refs = {}

    def group_for(folder):
        return oid(name, "group", folder)

    groups = {}

    def file_ref(path):
        if path in refs:
            return refs[path]
        folder, base = os.path.split(path)
        ext = os.path.splitext(base)[1]
        ref = add(oid(name, "ref", path), {"isa": "PBXFileReference", "lastKnownFileType": FILE_TYPES.get(ext, "file"),
                                            "path": base, "sourceTree": "<group>"})
        refs[path] = ref
        ensure_group(folder)["children"].append(ref)
        return ref

    def ensure_group(folder):
        if folder in groups:
            return groups[folder]
        group = {"isa": "PBXGroup", "children": [], "path": os.path.basename(folder), "sourceTree": "<group>"}
        groups[folder] = group
        add(group_for(folder), group)
        parent, _ = os.path.split(folder)
        if parent:
            ensure_group(parent)["children"].append(group_for(folder))
        else:
            main_children.append(group_for(folder))
        return group

    # Configuration files.
    base_config_ref = file_ref(spec["xcconfig"]) if spec.get("xcconfig") else None

    # Local packages the Xcode 14 way: a file reference to the package folder in the group tree.
    for folder in spec.get("packageFolderReferences", []):
        parent, base = os.path.split(folder)
        ref = add(oid(name, "ref", folder), {"isa": "PBXFileReference", "lastKnownFileType": "wrapper", "path": base,
                                              "sourceTree": "<group>"})
        (ensure_group(parent)["children"] if parent else main_children).append(ref)
    # Local packages the Xcode 15 way: XCLocalSwiftPackageReference objects of the project.
    package_refs = {folder: add(oid(name, "package", folder), {"isa": "XCLocalSwiftPackageReference", "relativePath": folder})
                    for folder in spec.get("localPackages", [])}

    def config_list(owner, settings_by_config, base_ref=None, base_refs=None):
        ids = []
        for config in spec.get("configurations", ["Debug", "Release"]):
            fields = {"isa": "XCBuildConfiguration", "buildSettings": settings_by_config.get(config, {}), "name": config}
            if base_refs and config in base_refs:
                fields["baseConfigurationReference"] = base_refs[config]
            elif base_ref:
                fields["baseConfigurationReference"] = base_ref
            ids.append(add(oid(name, owner, "config", config), fields))
        return add(oid(name, owner, "configlist"), {"isa": "XCConfigurationList", "buildConfigurations": ids,
                                                    "defaultConfigurationIsVisible": "0",
                                                    "defaultConfigurationName": spec.get("defaultConfiguration", "Release")})

    products = []
    target_ids = {}
    for target in spec["targets"]:
        target_ids[target["name"]] = oid(name, "target", target["name"])
    product_refs = {}
    for target in spec["targets"]:
        product_type, wrapper, suffix = PRODUCT_TYPES[target["type"]]
        product_refs[target["name"]] = add(oid(name, "product", target["name"]), {
            "isa": "PBXFileReference", "explicitFileType": wrapper, "includeInIndex": "0",
            "path": target["name"] + suffix, "sourceTree": "BUILT_PRODUCTS_DIR"})
        products.append(product_refs[target["name"]])

    synchronized = {}
    for folder, owners in spec.get("synchronized", {}).items():
        # Xcode 16.0's first builds wrote explicitFileTypes and explicitFolders; later ones leave them out.
        extra = {} if spec.get("xcodeStyle") else {"explicitFileTypes": {}, "explicitFolders": []}
        synchronized[folder] = add(oid(name, "sync", folder), {
            "isa": "PBXFileSystemSynchronizedRootGroup", "exceptions": [], **extra, "path": folder, "sourceTree": "<group>"})
        main_children.append(synchronized[folder])
    for folder, exceptions in spec.get("exceptions", {}).items():
        for target_name, paths in exceptions.items():
            exception = add(oid(name, "exception", folder, target_name), {
                "isa": "PBXFileSystemSynchronizedBuildFileExceptionSet", "membershipExceptions": paths,
                "target": target_ids[target_name]})
            objects[synchronized[folder]]["exceptions"].append(exception)

    if spec.get("xcodeStyle"):
        for group in synchronized.values():
            if not objects[group]["exceptions"]:
                del objects[group]["exceptions"]

    for target in spec["targets"]:
        tname = target["name"]
        product_type, _, _ = PRODUCT_TYPES[target["type"]]
        phases = []
        # Files in the group tree that no phase holds (an Info.plist, an entitlements file).
        for path in target.get("files", []):
            file_ref(path)
        source_files = [add(oid(name, tname, "build", path), {"isa": "PBXBuildFile", "fileRef": file_ref(path)})
                        for path in target.get("sources", [])]
        phases.append(add(oid(name, tname, "sources"), {"isa": "PBXSourcesBuildPhase", "buildActionMask": "2147483647",
                                                        "files": source_files, "runOnlyForDeploymentPostprocessing": "0"}))
        resource_files = [add(oid(name, tname, "build", path), {"isa": "PBXBuildFile", "fileRef": file_ref(path)})
                          for path in target.get("resources", [])]
        phases.append(add(oid(name, tname, "resources"), {"isa": "PBXResourcesBuildPhase", "buildActionMask": "2147483647",
                                                          "files": resource_files, "runOnlyForDeploymentPostprocessing": "0"}))
        for embed in target.get("embed", []):
            kind = embed.get("kind", "extensions")
            files = [add(oid(name, tname, "embedfile", other), {"isa": "PBXBuildFile", "fileRef": product_refs[other],
                                                                "settings": {"ATTRIBUTES": ["RemoveHeadersOnCopy"]}})
                     for other in embed["targets"]]
            fields = {"isa": "PBXCopyFilesBuildPhase", "buildActionMask": "2147483647", "files": files,
                      "runOnlyForDeploymentPostprocessing": "1" if embed.get("onlyWhenInstalling") else "0"}
            if kind == "watch":
                fields.update({"dstPath": "$(CONTENTS_FOLDER_PATH)/Watch", "dstSubfolderSpec": "16", "name": "Embed Watch Content"})
            else:
                fields.update({"dstPath": "", "dstSubfolderSpec": "13", "name": "Embed Foundation Extensions"})
            phases.append(add(oid(name, tname, "embed", kind), fields))
        dependencies = []
        for other in target.get("dependencies", []):
            proxy = add(oid(name, tname, "proxy", other), {"isa": "PBXContainerItemProxy", "containerPortal": oid(name, "project"),
                                                           "proxyType": "1", "remoteGlobalIDString": target_ids[other], "remoteInfo": other})
            dependencies.append(add(oid(name, tname, "dependency", other), {"isa": "PBXTargetDependency", "target": target_ids[other],
                                                                             "targetProxy": proxy}))
        # Package products: {"product": "Kit"} names no package (Xcode 14); {"product": "Kit", "package": "Packages/Kit"}
        # names an XCLocalSwiftPackageReference.
        product_dependencies = []
        for product in target.get("packageProducts", []):
            dependency = {"isa": "XCSwiftPackageProductDependency", "productName": product["product"]}
            if product.get("package"):
                dependency["package"] = package_refs[product["package"]]
            product_dependencies.append(add(oid(name, tname, "product", product["product"]), dependency))
        if product_dependencies:
            frameworks = [add(oid(name, tname, "frameworkfile", dependency), {"isa": "PBXBuildFile", "productRef": dependency})
                          for dependency in product_dependencies]
            phases.append(add(oid(name, tname, "frameworks"), {"isa": "PBXFrameworksBuildPhase", "buildActionMask": "2147483647",
                                                               "files": frameworks, "runOnlyForDeploymentPostprocessing": "0"}))
        # {"xcconfig": {"Debug": path, "Release": path}}: the target's base configuration file per configuration.
        target_bases = {config: file_ref(path) for config, path in target.get("xcconfig", {}).items()}
        fields = {"isa": "PBXNativeTarget", "buildConfigurationList": config_list(tname, target.get("settings", {}), base_refs=target_bases),
                  "buildPhases": phases, "buildRules": [], "dependencies": dependencies, "name": tname,
                  "productName": tname, "productReference": product_refs[tname], "productType": product_type}
        if product_dependencies:
            fields["packageProductDependencies"] = product_dependencies
        folders = [synchronized[folder] for folder, owners in spec.get("synchronized", {}).items() if tname in owners]
        if folders:
            fields["fileSystemSynchronizedGroups"] = folders
        add(target_ids[tname], fields)

    products_group = add(oid(name, "group", "Products"), {"isa": "PBXGroup", "children": products, "name": "Products",
                                                          "sourceTree": "<group>"})
    main_group = add(oid(name, "group", "main"), {"isa": "PBXGroup", "children": main_children + [products_group],
                                                  "sourceTree": "<group>"})
    project_settings = spec.get("projectSettings", {})
    add(oid(name, "project"), {
        "isa": "PBXProject", "attributes": {"BuildIndependentTargetsInParallel": "1", "LastUpgradeCheck": "1600"},
        "buildConfigurationList": config_list("project", {"Debug": project_settings, "Release": project_settings}, base_config_ref),
        "compatibilityVersion": "Xcode 14.0", "developmentRegion": "en", "hasScannedForEncodings": "0",
        "knownRegions": ["en", "Base"], "mainGroup": main_group, "productRefGroup": products_group,
        "projectDirPath": "", "projectRoot": "", "targets": [target_ids[t["name"]] for t in spec["targets"]],
        **({"packageReferences": list(package_refs.values())} if package_refs else {})})

    comments = xcode_comments(objects, name) if spec.get("xcodeStyle") else {}
    lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};",
             f"\tobjectVersion = {spec.get('objectVersion', 77)};", "\tobjects = {", ""]
    for isa in sorted({fields["isa"] for fields in objects.values()}):
        lines.append(f"/* Begin {isa} section */")
        for object_id in sorted(k for k, v in objects.items() if v["isa"] == isa):
            fields = dict(objects[object_id])
            head = f"{object_id} /* {comments[object_id]} */" if comments.get(object_id) else object_id
            if comments and isa in ("PBXBuildFile", "PBXFileReference"):
                body = render_inline(fields, comments)
            else:
                body = render_value(fields, 2, comments)
            lines.append(f"\t\t{head} = {body};")
        lines.append(f"/* End {isa} section */")
        lines.append("")
    root = oid(name, "project")
    lines += ["\t};", f"\trootObject = {root} /* Project object */;" if comments else f"\trootObject = {root};", "}", ""]
    return "\n".join(lines)


def xcode_comments(objects, name):
    """The comments Xcode writes after object ids (`/* Foo.swift in Sources */`, `/* Project object */`)."""
    comments = {}
    phase_of = {}
    for object_id, fields in objects.items():
        if fields["isa"].endswith("BuildPhase"):
            for file_id in fields.get("files", []):
                phase_of[file_id] = object_id
    target_of_list = {}
    for object_id, fields in objects.items():
        if "buildConfigurationList" in fields:
            kind = "PBXProject" if fields["isa"] == "PBXProject" else fields["isa"]
            target_of_list[fields["buildConfigurationList"]] = (kind, fields.get("name", name))
    default_phase = {"PBXSourcesBuildPhase": "Sources", "PBXResourcesBuildPhase": "Resources",
                     "PBXFrameworksBuildPhase": "Frameworks", "PBXCopyFilesBuildPhase": "CopyFiles"}
    main_groups = {fields["mainGroup"] for fields in objects.values() if fields["isa"] == "PBXProject"}
    for object_id, fields in objects.items():
        isa = fields["isa"]
        if isa == "PBXFileReference":
            comments[object_id] = fields.get("name", os.path.basename(fields.get("path", "")))
        elif isa in ("PBXGroup", "PBXFileSystemSynchronizedRootGroup") and object_id not in main_groups:
            comments[object_id] = fields.get("name", fields.get("path", ""))
        elif isa == "PBXNativeTarget":
            comments[object_id] = fields["name"]
        elif isa in default_phase:
            comments[object_id] = fields.get("name", default_phase[isa])
        elif isa == "XCBuildConfiguration":
            comments[object_id] = fields["name"]
        elif isa == "PBXProject":
            comments[object_id] = "Project object"
        elif isa in ("PBXContainerItemProxy", "PBXTargetDependency"):
            comments[object_id] = isa
        elif isa == "XCSwiftPackageProductDependency":
            comments[object_id] = fields["productName"]
        elif isa == "XCLocalSwiftPackageReference":
            comments[object_id] = f'XCLocalSwiftPackageReference "{fields["relativePath"]}"'
    for object_id, fields in objects.items():
        isa = fields["isa"]
        if isa == "PBXBuildFile":
            file_name = comments.get(fields.get("fileRef"), comments.get(fields.get("productRef"), ""))
            comments[object_id] = f"{file_name} in {comments.get(phase_of.get(object_id), 'Sources')}"
        elif isa == "XCConfigurationList":
            kind, owner = target_of_list.get(object_id, ("PBXNativeTarget", "?"))
            comments[object_id] = f'Build configuration list for {kind} "{owner}"'
        elif isa == "PBXFileSystemSynchronizedBuildFileExceptionSet":
            folder = next((comments[g] for g, f in objects.items() if object_id in f.get("exceptions", [])), "?")
            comments[object_id] = f'Exceptions for "{folder}" folder in "{comments.get(fields["target"], "?")}" target'
    return comments


# Fields whose value is an object id that Xcode writes without the object's comment.
UNCOMMENTED = {"remoteGlobalIDString", "mainGroup"}


def render_reference(value, comments, key=None):
    if isinstance(value, str) and value in comments and comments[value] and key not in UNCOMMENTED:
        return f"{value} /* {comments[value]} */"
    return quote(value)


def render_inline(value, comments, key=None):
    if isinstance(value, dict):
        items = sorted(value.items(), key=lambda kv: (kv[0] != "isa", kv[0]))
        return "{" + "".join(f"{quote(k)} = {render_inline(v, comments, k)}; " for k, v in items) + "}"
    if isinstance(value, list):
        return "(" + "".join(f"{render_inline(v, comments)}, " for v in value) + ")"
    return render_reference(value, comments, key)


if __name__ == "__main__":
    for path in sys.argv[1:]:
        spec = runpy.run_path(path)["PROJECT"]
        out = os.path.join(spec["folder"], spec["name"] + ".xcodeproj")
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, "project.pbxproj"), "w") as handle:
            handle.write(generate(spec))
        print("wrote", os.path.join(out, "project.pbxproj"))
