#!/usr/bin/env python3
"""Writes Sources/GlanceRules/Data/SFSymbolsData.swift: every SF Symbol name with the SF Symbols release that
introduced it, the old names of renamed symbols, and one table of the OS versions each release shipped in.

Maintainer tool, not used by the build or tests: its output is committed (it is data: the text of the list, in one
raw string literal so that it is compiled into the binary and needs no resource file at run time). Run it when a new SF
Symbols release is out, with git directories (clones, or snapshots) of three open-source projects that publish
Apple's SF Symbols metadata (name_availability.plist, name_aliases.strings) in generated form, all MIT-licensed:

    python3 Scripts/update-sf-symbols.py \\
        --typescript path/to/sf-symbols-typescript \\
        --kit path/to/SFSymbolKit \\
        --aliases path/to/SFSafeSymbols

- sf-symbols-typescript (https://github.com/nandorojo/sf-symbols-typescript): dist/index.d.ts, one type per SF
  Symbols release listing the names it added (renamed symbols' old names included), each with the OS versions of
  that release. The main source.
- SFSymbolKit (https://github.com/LiYanan2004/SFSymbolKit): `Sources/SFSymbolKit/SF Symbols/SFSymbols.<year>.swift`,
  one file per release with its `@available` versions. Used for the releases the first source does not have yet,
  and to cross-check the releases both have (the script stops when they disagree on a name's release).
- SFSafeSymbols (https://github.com/SFSafeSymbols/SFSafeSymbols): name_aliases.strings, old name -> current name.

Each input is read from the commit its HEAD names (`git show HEAD:path`), so a bare git directory works too.
"""
import argparse
import datetime
import plistlib
import re
import subprocess
import sys

OUTPUT = "Sources/GlanceRules/Data/SFSymbolsData.swift"
PLATFORMS = ["iOS", "macOS", "tvOS", "visionOS", "watchOS"]


def git(directory, *args):
    return subprocess.run(["git", "--git-dir", git_dir(directory), *args], check=True, capture_output=True).stdout


def git_dir(directory):
    found = subprocess.run(["git", "-C", directory, "rev-parse", "--git-dir"], capture_output=True, text=True)
    if found.returncode == 0:
        path = found.stdout.strip()
        return path if path.startswith("/") else directory.rstrip("/") + "/" + path
    return directory


def head(directory):
    commit, date = git(directory, "log", "-1", "--format=%H %cs").decode().split()
    return commit, date


def version_key(version):
    return tuple(int(part) for part in version.split("."))


def read_typescript(directory):
    """Public release ("7.0") -> (OS versions by platform, names it added), from dist/index.d.ts."""
    text = git(directory, "show", "HEAD:dist/index.d.ts").decode()
    releases = {}
    pattern = re.compile(r"@name SF Symbols ([\d.]+)\n \* @description[^\n]*\n((?: \* [^\n]*\n)+) \*/\n"
                         r"export type SFSymbols\w+ =\n((?:  \| [^\n]*\n)+)")
    for match in pattern.finditer(text):
        versions = dict(re.findall(r"\* (\w+) v([\d.]+)\+", match.group(2)))
        names = re.findall(r"\| '([^']+)'", match.group(3))
        releases[match.group(1)] = (versions, names)
    if not releases:
        sys.exit("sf-symbols-typescript: no release found in dist/index.d.ts")
    return releases


def public_version(internal):
    """SF Symbols' internal release name (`2025.1`) -> its public version (`7.1`); 2023.1 shipped as part of 5.1."""
    year, _, minor = internal.partition(".")
    minor = int(minor or 0)
    if year == "2023" and minor > 0:
        minor = max(minor - 1, 1)
    return f"{int(year) - 2018}.{minor}"


def read_kit(directory):
    """Public release -> (OS versions by platform, names), from SFSymbolKit's generated Swift files."""
    folder = "Sources/SFSymbolKit/SF Symbols"
    files = git(directory, "ls-tree", "--name-only", f"HEAD:{folder}/").decode().split("\n")
    releases = {}
    for name in filter(None, files):
        match = re.fullmatch(r"SFSymbols\.([\d.]+)\.swift", name)
        if not match:
            continue
        text = git(directory, "show", f"HEAD:{folder}/{name}").decode()
        available = re.search(r"@available\(([^)]*)\)", text)
        versions = dict(re.findall(r"(\w+) ([\d.]+)", available.group(1))) if available else {}
        names = re.findall(r'SFSymbol\(identifier: "([^"]+)"\)', text)
        version = public_version(match.group(1))
        known = releases.setdefault(version, (versions, []))
        known[1].extend(names)
    return releases


def read_aliases(directory):
    data = git(directory, "show", "HEAD:SymbolsGenerator/Sources/SymbolsGenerator/Resources/name_aliases.strings")
    return plistlib.loads(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--typescript", required=True, help="git directory of sf-symbols-typescript")
    parser.add_argument("--kit", required=True, help="git directory of SFSymbolKit")
    parser.add_argument("--aliases", required=True, help="git directory of SFSafeSymbols")
    parser.add_argument("--output", default=OUTPUT)
    arguments = parser.parse_args()

    typescript = read_typescript(arguments.typescript)
    kit = read_kit(arguments.kit)
    aliases = read_aliases(arguments.aliases)

    release_of = {}
    tables = {}
    for version in sorted(typescript, key=version_key):
        versions, names = typescript[version]
        tables[version] = versions
        for name in names:
            release_of.setdefault(name, version)
    newest_typescript = max(typescript, key=version_key)
    disagreements = []
    for version in sorted(kit, key=version_key):
        versions, names = kit[version]
        if version_key(version) > version_key(newest_typescript):
            tables.setdefault(version, versions)
            for name in names:
                release_of.setdefault(name, version)
            continue
        # A release both sources have: the same names must have come with it (or with an earlier one that the
        # other source merged, as 2023.1 into 5.1).
        for name in names:
            known = release_of.get(name)
            if known is None:
                disagreements.append(f"{name}: SFSymbolKit {version}, not in sf-symbols-typescript")
            elif tables[known].get("iOS") != versions.get("iOS") and version_key(known) != version_key(version):
                disagreements.append(f"{name}: sf-symbols-typescript {known}, SFSymbolKit {version}")
    if disagreements:
        sys.exit("the sources disagree:\n  " + "\n  ".join(disagreements[:20]) + f"\n  ({len(disagreements)} in all)")
    for version, versions in tables.items():
        missing = [platform for platform in PLATFORMS if platform not in versions]
        if missing:
            sys.exit(f"release {version}: no OS version for {', '.join(missing)}")

    # Old names of renamed symbols the release lists do not have (they still resolve: the system maps them to the
    # current name). Their release is not known: the current name's release is not theirs.
    renamed = {}
    for old, current in aliases.items():
        if current in release_of:
            renamed[old] = current

    sources = [("sf-symbols-typescript", "https://github.com/nandorojo/sf-symbols-typescript", arguments.typescript,
                "MIT licence, (c) 2023 Fernando Rojo", f"names by release, SF Symbols 1.0 to {newest_typescript}, and each release's OS versions"),
               ("SFSymbolKit", "https://github.com/LiYanan2004/SFSymbolKit", arguments.kit, "MIT licence, (c) 2025 LiYanan2004",
                "releases after that, and a cross-check of the others"),
               ("SFSafeSymbols", "https://github.com/SFSafeSymbols/SFSafeSymbols", arguments.aliases, "MIT licence, (c) 2021 SFSafeSymbols",
                "renamed symbols: old name -> current name (name_aliases.strings)")]
    header = [
        "SF Symbols: each name with the SF Symbols release that introduced it, renamed symbols' old names, and the OS",
        "versions each release shipped in. Data, read by Glance's sf_symbol_unknown and sf_symbol_unavailable rules.",
        f"Generated by Scripts/update-sf-symbols.py on {datetime.date.today().isoformat()}; do not edit by hand, run the script.",
        "Sources (each generated from the metadata of Apple's SF Symbols app: name_availability.plist, name_aliases.strings):",
    ]
    for name, url, directory, licence, use in sources:
        commit, date = head(directory)
        header.append(f"  {name} <{url}>, commit {commit[:12]} of {date}, {licence}: {use}.")
    header += [
        "The symbol names are Apple's; the symbols themselves are Apple's system images, under the Xcode and Apple SDKs agreement.",
        "",
        "Format: one `release` line per SF Symbols release (its public version, then the first OS version of each platform",
        "that has its symbols): this is the table of SF Symbols releases and OS versions. Then one line per name: the name, a",
        "tab, the release that introduced it, and for a symbol renamed since, a tab, `>` and its current name. An old name",
        "that the release lists do not hold (it still resolves to its current name) has `-` for its release.",
    ]
    lines = []
    for version in sorted(tables, key=version_key):
        lines.append("release " + version + " " + " ".join(f"{platform} {tables[version][platform]}" for platform in PLATFORMS))
    for name in sorted(set(release_of) | set(renamed)):
        line = f"{name}\t{release_of.get(name, '-')}"
        if name in renamed:
            line += f"\t>{renamed[name]}"
        lines.append(line)
    text = "\n".join(lines)
    if '"""#' in text:
        sys.exit("a name holds the literal's delimiter")
    swift = "".join(f"// {line}".rstrip() + "\n" for line in header)
    swift += "\n/// The list above, line by line (see the header for the format).\nenum SFSymbolsData {\n    static let text = #\"\"\"\n"
    swift += text + "\n\"\"\"#\n}\n"
    with open(arguments.output, "w") as output:
        output.write(swift)
    print(f"{arguments.output}: {len(release_of)} names in {len(tables)} releases, {len(renamed)} renamed "
          f"({sum(1 for name in renamed if name not in release_of)} old names only there)")


if __name__ == "__main__":
    main()
