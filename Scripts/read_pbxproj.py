#!/usr/bin/env python3
"""Reads a project.pbxproj with the `pbxproj` package from PyPI (an independent parser of Xcode projects) and
prints its objects as JSON: {"rootObject": ID, "objects": {ID: {field: value}}}, values as strings, lists and
dictionaries. The tests of `glance fix` compare it with what Glance reads (Scripts/setup-fix-tests.sh installs
the package)."""
import json
import sys

from pbxproj import XcodeProject


def plain(value):
    if hasattr(value, "get_keys"):
        return {str(key): plain(value[key]) for key in value.get_keys()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    return str(value)


project = XcodeProject.load(sys.argv[1])
objects = {str(key): plain(project.objects[key]) for key in project.objects.get_keys()}
for fields in objects.values():
    fields.pop("_id", None)
print(json.dumps({"rootObject": str(project.rootObject), "objects": objects}, sort_keys=True))
