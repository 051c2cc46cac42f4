#!/usr/bin/env python3
"""Fuzz Glance with damaged and hostile inputs, and classify every run.

Each run copies a small project (Examples/ProductivityTimer, or the LegacyPackages fixture for local packages),
damages one input of one kind, runs the glance CLI on it with a timeout, and classifies the run:

  ok           exit 0 or 1, standard error empty or only Glance's own `glance: note|warning:` lines
  clean error  exit 2 with exactly one line `glance: error: …` on standard error
  crash        killed by a signal, any other exit code, or a crash report on standard error
  hang         no answer within --timeout seconds
  noisy        anything else on standard error (libxml2's or CoreFoundation's lines, an error of several lines)
  wrote a file the project folder or the run's temporary folder changed

Input kinds: pbxproj, xcworkspace, xcconfig, info-plist, entitlements, asset-json, package-swift, swift, config,
baseline, push-body, headers, json-lines; and fix-pbxproj, fix-info-plist, fix-entitlements, fix-swift, which run
`glance fix P --write` on the FixClassic fixture (which has something to fix) with one of the files it edits
damaged: such a run may write, but must then leave no temporary file and a project that still lints (else
"half-written"), and a run that fails must have written nothing. Mutations: byte flips, insertions and deletions, truncation, a chunk
repeated many times, deep nesting with the kind's own brackets, huge values, tokens of the kind's syntax,
control characters and bytes that are not UTF-8, empty and whitespace-only files, and the file replaced by a
folder, a FIFO, or a symbolic link out of the project.

Three more kinds attack what surrounds a run, on Examples/CommonMistakes (a project with findings), and the run
must print exactly the findings a run without them prints (else "wrong findings", a failure) or fail cleanly:
  cache         a warm cache (entries, packs, records) with one file damaged by the mutations above, replaced by
                a link, folder or FIFO, or forged: a pack hard-linked hundreds of times, a pack header claiming
                the most entries, a record emptied of its questions, an entry given a suppression; or one of the
                cache's folders made writable by anyone, or replaced by a file, a FIFO or a link leading out;
  written-link  a symbolic link, leading out of the project, at a path Glance writes (--write-baseline and a
                folder on its way, rules --docs, init, a file fix --write edits, the cache's own folders, an
                entry's or a record's name in a warm cache): nothing outside may change;
  limits        a run under a resource limit, ulimit -n (lint with a cache of 64 packs), -v or -f, of lint,
                --write-baseline, rules --docs or fix --write: a file the user asked for is left as it was or
                written whole (as a run without the limit writes it), never in part ("wrote a file").

Every run is decided by the seed and its number alone (`random.Random(f"{seed}:{run}")`), so a fixed seed
gives the same runs in the same order whatever --jobs is. Runs stop at --runs or after --duration seconds,
whichever comes first.

    Scripts/fuzz.py --duration 180 --seed 12           # what .ci/run does; exit 1 on any crash, hang, noise or write
    Scripts/fuzz.py --duration 1200 --seed 7 --jobs 2  # a longer local run
    Scripts/fuzz.py --duration 300 --kinds cache,written-link,limits   # only some kinds
    Scripts/fuzz.py --replay fuzz-findings/0042         # run one saved failure again
    Scripts/fuzz.py --minimize fuzz-findings/0042 --keep NAME
        # shrink a saved failure while it still fails the same way, and keep it as a regression test in
        # Tests/GlanceCLITests/Fixtures/Fuzz/NAME (FuzzRegressionTests runs every case there)

Failures are saved under --findings (default fuzz-findings/, git-ignored) as a folder holding the damaged
file (`input`), and `case.json` (kind, file, command, outcome). A summary table of runs per kind and outcome
ends the output; --json FILE writes it as JSON too.
"""
import argparse
import base64
import hashlib
import json
import os
import random
import re
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMER = os.path.join(ROOT, "Examples", "ProductivityTimer")
LEGACY = os.path.join(ROOT, "Tests", "GlanceCLITests", "Fixtures", "LegacyPackages")
FIXES = os.path.join(ROOT, "Tests", "GlanceCLITests", "Fixtures", "FixClassic")
BASES = {"timer": TIMER, "workspace": TIMER, "legacy": LEGACY, "fixes": FIXES}
REGRESSIONS = os.path.join(ROOT, "Tests", "GlanceCLITests", "Fixtures", "Fuzz")

SUMMARY = re.compile(r"glance: \d+ errors?, \d+ warnings? in \d+ files? \(\d+\.\d s\)$")
MISTAKES = os.path.join(ROOT, "Examples", "CommonMistakes")
OUTCOMES = ["ok", "clean error", "crash", "hang", "noisy", "wrote a file", "half-written", "wrong findings"]
FAILURES = {"crash", "hang", "noisy", "wrote a file", "half-written", "wrong findings"}
# What `glance fix` says on standard error besides errors.
FIX_LINES = re.compile(r"glance: (not fixed: |fixed \d+ findings? in \d+ files?$|nothing to fix$|the diff above fixes )")

# kind: (base project, file inside it, command (P = project folder, F = the file), tokens, nesting openers)
KINDS = {
    "pbxproj": ("timer", "ProductivityTimer.xcodeproj/project.pbxproj", ["lint", "P"],
                [b"isa = PBXGroup;", b"children = (", b"path = ", b"sourceTree = \"<absolute>\";", b"path = /;", b"{", b"(",
                 b"isa = PBXFileSystemSynchronizedRootGroup;", b"mainGroup = ", b"projectDirPath = \"../../../..\";",
                 b"XCLocalSwiftPackageReference", b"relativePath = /;", b"INFOPLIST_FILE = /dev/zero;", b"$(A)$(A)"],
                [b"{", b"(", b"( ("]),
    "xcworkspace": ("workspace", "App.xcworkspace/contents.xcworkspacedata", ["lint", "P/App.xcworkspace"],
                    [b"<Group location=\"group:..\">", b"<FileRef location=\"absolute:/\">", b"</Group>", b"<?xml",
                     b"<!DOCTYPE a [<!ENTITY x \"xxxxxxxx\">]>", b"&x;", b"location=\"container:../../..\"", b"<Workspace>"],
                    [b"<Group location=\"group:a\">", b"<a>"]),
    "xcconfig": ("timer", "Config/Base.xcconfig", ["lint", "P"],
                 [b"$(", b")", b"${", b"#include \"Base.xcconfig\"", b"#include \"/dev/zero\"", b"#include? \"../../x\"",
                  b"A = $(B)$(B)\nB = $(A)", b"[sdk=*]", b"$(inherited)", b"\\\n", b":default=", b"BASE_BUNDLE_IDENTIFIER = "],
                 [b"$(", b"${", b"$(A_$("]),
    "info-plist": ("timer", "App/Info.plist", ["lint", "P"],
                   [b"<dict>", b"<array>", b"<key>NSExtension</key>", b"<string>$(", b"<integer>", b"<data>", b"</dict>",
                    b"<!DOCTYPE plist [<!ENTITY x \"y\">]>", b"&x;", b"bplist00"],
                   [b"<array>", b"<dict><key>a</key>"]),
    "entitlements": ("timer", "App/ProductivityTimer.entitlements", ["lint", "P"],
                     [b"<key>com.apple.security.application-groups</key>", b"<array>", b"<string>group.$(A)</string>",
                      b"<true/>", b"</plist>"],
                     [b"<array>", b"<dict><key>a</key>"]),
    "asset-json": ("timer", "Widgets/Assets.xcassets/OrderIcon.imageset/Contents.json", ["lint", "P"],
                   [b"{", b"[", b"\"filename\" : \"/dev/zero\"", b"\"filename\" : \"../../../../../../etc/passwd\"",
                    b"\"scale\" : \"3x\"", b"\"images\" : ", b"1e999", b"\"\\u0000\""],
                   [b"[", b"{\"a\":"]),
    "package-swift": ("legacy", "Packages/ReaderKit/Package.swift", ["lint", "P"],
                      [b".target(name: \"ReaderKit\", path: \"/\")", b".package(path: \"../../../..\")", b"[", b"(",
                       b"products: [", b"targets: [", b"\\(", b"#\"", b"<", b".library(name: \"ReaderKit\", targets: [\"A\"])"],
                      [b"[", b"(", b"([", b"a<", b"[[", b"\"\\("]),
    "swift": ("timer", "Widgets/FocusWidget.swift", ["lint", "P", "--explain-skips"],
              [b"Widget", b"@main", b"\\(", b"#if os(iOS)\n", b"#endif\n", b"typealias A = A\n", b"<", b">", b"{", b"}",
               b".padding()", b"struct W: Widget {", b"var body: some Widget", b"\"\"\"", b"#\"", b"/*", b"*/",
               b"extension FocusWidget: Widget {}", b"class A: A {}", b".widgetURL(URL(string: \"a://b\"))",
               b"// glance:disable all\n", b"else if a {", b"a = b = ", b"? a : "],
              [b"[", b"(", b"([", b"a < ", b"{ ", b"\"\\(", b".overlay(", b"if a { ", b"#if A\n"]),
    "config": ("timer", ".glance.json", ["lint", "P"],
               [b"{\"excluded\": [\"**/**/**/**/**/**/**/*a*a*a*a*a*a*b\"]}", b"\"baseline\": \"/dev/zero\"",
                b"\"baseline\": \"../../../../etc/passwd\"", b"\"excluded_by_rule\": {", b"\"only_rules\": [", b"[", b"{", b"null"],
               [b"[", b"{\"a\":"]),
    "baseline": ("timer", "glance-baseline.json", ["lint", "P", "--baseline", "F"],
                 [b"{\"version\": 1, \"violations\": [", b"{\"file\": \"App/Info.plist\", \"line\": 1, \"lineText\": \"\", \"message\": \"m\", \"rule\": \"r\"}",
                  b"\"version\": 2", b"]}", b"[", b"{"],
                 [b"[", b"{\"a\":"]),
    "push-body": ("timer", "Pushes/2-update.json", ["payload", "check", "F", "--project", "P"],
                  [b"\"aps\":", b"\"content-state\":", b"\"timestamp\": 1e308", b"\"event\": \"start\"", b"{", b"[", b"\"\\ud800\"",
                   b"\"stale-date\": -1", b"\"alert\": {\"title\": ", b",}"],
                  [b"[", b"{\"a\":"]),
    "headers": ("timer", "Pushes/headers.txt", ["payload", "check", "P/Pushes/2-update.json", "--project", "P", "--headers", "F"],
                [b"apns-priority: 10\n", b"apns-topic: ", b":path: /3/device/x\n", b"{\"apns-topic\": ", b"apns-expiration: -1\n",
                 b"# comment\n", b"\r\n"],
                [b"{\"a\":", b"["]),
    "json-lines": ("timer", "Pushes/delivery.jsonl", ["payload", "simulate", "F", "--project", "P"],
                   [b"{\"at\": 0, \"body\": {\"aps\": {\"timestamp\": 1, \"event\": \"update\"}}}\n", b"\"at\": true", b"\"headers\": {",
                    b"\n", b"{", b"[", b"\"at\": 1e99"],
                   [b"[", b"{\"a\":"]),
    # `glance fix --write` on a project with something to fix, one of the files it edits damaged: a clean error
    # and nothing written, or the edits made and a project that still lints; never a half-written file.
    "fix-pbxproj": ("fixes", "FixClassic.xcodeproj/project.pbxproj", ["fix", "P", "--write"],
                    [b"/* Begin PBXCopyFilesBuildPhase section */\n", b"/* End PBXBuildFile section */\n", b"\t\t};\n", b"buildSettings = {",
                     b"files = (", b"\t\t\t);\n", b" /* Sources */", b"isa = PBXFileSystemSynchronizedRootGroup;", b"= {isa = PBXBuildFile; ",
                     b"INFOPLIST_FILE = DinerWidgets/Info.plist;", b"{", b"("],
                    [b"{", b"(", b"( ("]),
    "fix-info-plist": ("fixes", "DinerWidgets/Info.plist", ["fix", "P", "--write"],
                       [b"<dict>", b"</dict>", b"<dict/>", b"<key>NSExtension</key>", b"<array/>", b"\t<key>A</key>\n", b"<true/>",
                        b"<!-- -->", b"<![CDATA[", b"bplist00"],
                       [b"<array>", b"<dict><key>a</key>"]),
    "fix-entitlements": ("fixes", "DinerWidgets/DinerWidgets.entitlements", ["fix", "P", "--write"],
                         [b"<key>com.apple.security.application-groups</key>", b"<array>", b"</array>", b"<array/>",
                          b"<string>group.x</string>", b"<dict/>", b"</dict>"],
                         [b"<array>", b"<dict><key>a</key>"]),
    "fix-swift": ("fixes", "DinerWidgets/DinerWidgets.swift", ["fix", "P", "--write"],
                  [b"{", b"}", b"(", b")", b".padding()", b"\n", b"StaticConfiguration(", b"#if os(iOS)\n", b"#endif\n", b"//", b"\"\"\""],
                  [b"{", b"(", b"["]),
}


# MARK: - Projects


def make_project(base, folder):
    """Copies the base project for a kind into `folder`."""
    shutil.copytree(BASES[base], folder, symlinks=True)
    if base == "workspace":
        os.makedirs(os.path.join(folder, "App.xcworkspace"), exist_ok=True)
        with open(os.path.join(folder, "App.xcworkspace", "contents.xcworkspacedata"), "w") as handle:
            handle.write('<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version = "1.0">\n'
                         '   <FileRef location = "group:ProductivityTimer.xcodeproj">\n   </FileRef>\n</Workspace>\n')
    with open(os.path.join(folder, ".glance.json"), "w") as handle:
        handle.write('{"excluded": ["Pods"], "baseline": null}\n')
    with open(os.path.join(folder, "glance-baseline.json"), "w") as handle:
        handle.write('{"version": 1, "violations": []}\n')


def snapshot(folder):
    """Every entry under `folder` with its kind, size and content hash (links not followed)."""
    entries = {}
    for directory, names, files in os.walk(folder):
        for name in names + files:
            path = os.path.join(directory, name)
            info = os.lstat(path)
            digest = ""
            if stat.S_ISREG(info.st_mode) and info.st_size <= 64 << 20:
                sha = hashlib.sha1()
                with open(path, "rb") as handle:
                    for block in iter(lambda: handle.read(1 << 20), b""):
                        sha.update(block)
                digest = sha.hexdigest()
            elif stat.S_ISREG(info.st_mode):
                digest = f"mtime {info.st_mtime_ns}"   # a big (sparse) input: its size and time tell a change
            entries[os.path.relpath(path, folder)] = (stat.S_IFMT(info.st_mode), info.st_size, digest)
    return entries


# MARK: - Mutations


# The kinds that attack a run's surroundings (see the module's description), with the tokens and nesting openers
# their byte mutations use.
SURROUNDINGS = {
    "cache": ([b"{", b"[", b"\"", b"glance-pack\n", b"\x00" * 8, b"\xff" * 8, b"\"directiveComments\"", b"\"refusal\""],
              [b"{", b"[", b"{\"a\":"]),
    "written-link": ([], []),
    "limits": ([], []),
}


def mutate(data, kind, rng):
    """Returns (description, new bytes or a special replacement)."""
    tokens, openers = (KINDS[kind][3], KINDS[kind][4]) if kind in KINDS else SURROUNDINGS[kind]
    choice = rng.random()
    size = len(data)
    if choice < 0.03:
        return "special", rng.choice(["folder", "fifo", "link-root", "link-zero", "link-up", "sparse"])
    if choice < 0.06:
        return "empty or blank", rng.choice([b"", b" ", b"\n", b"\xef\xbb\xbf", b"\t\r\n", b"<?", b"{", b"\x00" * 64])
    out = bytearray(data)
    steps = []
    # `fix --write` lints twice and edits: its kinds get the smaller sizes (huge inputs are the lint kinds' job).
    small = kind.startswith("fix-")
    for _ in range(rng.choice([1, 1, 1, 2, 3, 5])):
        operation = rng.random()
        at = rng.randint(0, len(out)) if out else 0
        if operation < 0.18 and out:
            for _ in range(rng.randint(1, 8)):
                index = rng.randrange(len(out))
                out[index] ^= 1 << rng.randrange(8)
            steps.append("flip")
        elif operation < 0.28 and out:
            end = min(len(out), at + rng.choice([1, 4, 32, 512]))
            del out[at:end]
            steps.append("delete")
        elif operation < 0.36:
            out[at:at] = bytes(rng.randrange(256) for _ in range(rng.choice([1, 3, 16])))
            steps.append("insert")
        elif operation < 0.44 and out:
            cut = rng.randint(0, len(out))
            del out[cut:]
            steps.append("truncate")
        elif operation < 0.54 and out:
            start = rng.randrange(len(out))
            chunk = bytes(out[start:start + rng.choice([8, 40, 200, 1000])])
            count = rng.choice([10, 100, 1000] if small else [10, 100, 1000, 10000, 50000])
            repeated = chunk * count
            out[at:at] = repeated[:4_000_000]
            steps.append(f"repeat×{count}")
        elif operation < 0.64:
            opener = rng.choice(openers)
            count = rng.choice([8, 16, 22, 64, 129, 300, 1000] if small else [8, 16, 22, 64, 129, 300, 1000, 10000, 100000])
            closing = {b"{": b"}", b"(": b")", b"[": b"]", b"<array>": b"</array>", b"$(": b")", b"${": b"}"}.get(opener)
            block = opener * count
            if closing is not None and rng.random() < 0.5:
                block += closing * count
            out[at:at] = block[:4_000_000]
            steps.append(f"nest×{count}")
        elif operation < 0.72:
            value = rng.choice([b"a", b"9", b"\\", b"\"", b"%", b"$(", b"\xff", b"\xe9", b"\x1b[2J", b"\n", b"\x00"])
            out[at:at] = value * rng.choice([1000, 10000] if small else [1000, 100000, 2000000])
            steps.append("huge value")
        elif operation < 0.92:
            token = rng.choice(tokens)
            out[at:at] = token * rng.choice([1, 1, 2, 10, 1000])
            steps.append("token")
        else:
            control = rng.choice([b"\n", b"\r", b"\x00", b"\x1b", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                                  b"\xe2\x80\xae", b"\xe2\x80\xa8", b"\xef\xbf\xbe", b"\xff\xfe"])
            out[at:at] = control
            steps.append("control")
    return "+".join(steps) or "none", bytes(out)


def apply(project, relative, payload):
    """Writes the damaged input into the project (or replaces it with a special file)."""
    path = os.path.join(project, relative)
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        else:
            os.remove(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if isinstance(payload, bytes):
        with open(path, "wb") as handle:
            handle.write(payload)
    elif payload == "folder":
        os.makedirs(path)
    elif payload == "fifo":
        os.mkfifo(path)
    elif payload == "link-root":
        os.symlink("/", path)
    elif payload == "link-zero":
        os.symlink("/dev/zero", path)
    elif payload == "link-up":
        os.symlink("../../../../../../../../../../etc/hostname", path)
    elif payload == "sparse":
        with open(path, "wb") as handle:
            handle.truncate(3 << 30)


# MARK: - Running


def command(kind, project, glance):
    relative = KINDS[kind][1]
    args = [a.replace("P", project, 1) if a.startswith("P") else (os.path.join(project, relative) if a == "F" else a)
            for a in KINDS[kind][2]]
    return [glance] + args


# What a run that writes a file the user asked for says on standard error besides errors.
WROTE_LINES = re.compile(r"glance: wrote \d+ violations? to baseline |" + FIX_LINES.pattern)


def classify(returncode, stderr, timed_out, wrote, fixes=False, allowed=None):
    if timed_out:
        return "hang"
    text = stderr.decode("utf-8", "replace")
    if returncode < 0 or returncode not in (0, 1, 2) or "Fatal error" in text or "Backtracing" in text or "Program crashed" in text:
        return "crash"
    # `glance fix --write` may write (the caller checks what it left); a failed one must not have.
    if wrote and not (fixes and returncode == 0):
        return "half-written" if fixes else "wrote a file"
    # `glance lint` ends with its summary line (`glance: 0 errors, 1 warning in 3 files (0.1 s)`).
    allowed = allowed or (FIX_LINES if fixes else None)
    lines = [line for line in text.split("\n") if line and not SUMMARY.match(line) and not (allowed and allowed.match(line))]
    if returncode == 2:
        return "clean error" if len(lines) == 1 and lines[0].startswith("glance: error: ") else "noisy"
    if all(line.startswith("glance: note: ") or line.startswith("glance: warning: ") for line in lines):
        return "ok"
    return "noisy"


def run_process(args, env, cwd, timeout, limits=None):
    """Runs a glance process; returns (returncode, stdout, stderr, timed out, seconds)."""
    def apply_limits():
        import resource
        for which, value in (limits or {}).items():
            resource.setrlimit(which, (value, value))
    started = time.time()
    process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
                               start_new_session=True, preexec_fn=apply_limits if limits else None)
    timed_out = False
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
    return process.returncode, stdout, stderr, timed_out, time.time() - started


# MARK: - Surroundings: caches, links at written paths, resource limits


def pack_bytes(entries):
    """A pack (SourceCache's format) of (key, bytes) pairs."""
    header = b"glance-pack\n" + len(entries).to_bytes(8, "little")
    offset = len(header) + 80 * len(entries)
    index, data = b"", b""
    for key, body in entries:
        index += key.encode() + (offset + len(data)).to_bytes(8, "little") + len(body).to_bytes(8, "little")
        data += body
    return header + index + data


class Surroundings:
    """What the surroundings kinds share, prepared once per fuzz run: the CommonMistakes findings without a cache
    (the reference every run must print), and a warm cache for it whose entries are in one pack, with 64 packs
    more that no run looks up (so a run holding packs open would exhaust `ulimit -n 64`)."""

    def __init__(self, glance, work, timeout):
        self.glance, self.work = glance, work
        base = os.path.join(work, "surroundings")
        project = os.path.join(base, "P")
        shutil.copytree(MISTAKES, project, symlinks=True)
        env = dict(os.environ, TMPDIR=base, XDG_CACHE_HOME=os.path.join(base, "unused"))
        code, stdout, _, _, _ = run_process([glance, "lint", project, "--no-cache"], env, base, timeout)
        self.reference = (code, stdout.replace(project.encode(), b"P"))
        self.cache = os.path.join(base, "cache")
        run_process([glance, "lint", project, "--cache-path", self.cache], env, base, timeout)
        entries, self.entry_places = [], []
        records = os.path.join(self.cache, "records-v1")
        self.records = sorted(os.path.relpath(os.path.join(directory, name), self.cache)
                              for directory, _, names in os.walk(records) for name in names)
        sources = os.path.join(self.cache, "sources-v1")
        for shard in sorted(os.listdir(sources)):
            if len(shard) != 2:
                continue
            for name in sorted(os.listdir(os.path.join(sources, shard))):
                with open(os.path.join(sources, shard, name), "rb") as handle:
                    entries.append((name, handle.read()))
                self.entry_places.append(os.path.join("sources-v1", shard, name))
                os.remove(os.path.join(sources, shard, name))
        packs = os.path.join(sources, "packs")
        os.makedirs(packs, exist_ok=True)
        with open(os.path.join(packs, "entries.pack"), "wb") as handle:
            handle.write(pack_bytes(entries))
        for number in range(64):
            with open(os.path.join(packs, f"filler{number:02d}.pack"), "wb") as handle:
                handle.write(pack_bytes([(hashlib.sha256(str(number).encode()).hexdigest(), b"{}")]))
            os.utime(os.path.join(packs, f"filler{number:02d}.pack"), (time.time() - 7200 - number, time.time() - 7200 - number))
        # What the commands that write files the user asked for write without a limit: under one, a run leaves
        # either nothing or exactly this (never part of a file).
        docs = os.path.join(base, "docs")
        run_process([glance, "rules", "--docs", docs], env, base, timeout)
        self.docs = snapshot_bytes(docs)
        fixed = os.path.join(base, "fixed")
        shutil.copytree(FIXES, fixed, symlinks=True)
        self.unfixed = snapshot_bytes(fixed)
        run_process([glance, "fix", fixed, "--write"], env, base, timeout)
        self.fixed = snapshot_bytes(fixed)


def snapshot_bytes(folder):
    """Every regular file below `folder` with its bytes."""
    files = {}
    for directory, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(directory, name)
            if os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as handle:
                    files[os.path.relpath(path, folder)] = handle.read()
    return files


def plan_for(kind, rng):
    """A surroundings case, as JSON (saved with a finding, replayed from it)."""
    if kind == "cache":
        damage = rng.choice(["bytes", "bytes", "bytes", "link-zero", "link-out", "folder", "fifo", "hardlinks", "huge-header",
                             "empty-record", "suppression", "refusal", "swap"])
        if rng.random() < 0.15:
            # The cache's folders themselves: one anyone may write to (another user could have planted entries), or
            # one replaced by a file, a FIFO or a link leading out.
            return {"folder": rng.choice(["", "sources-v1", "sources-v1/packs", "records-v1"]), "pick": 0, "seed": 0,
                    "damage": rng.choice(["world-writable", "world-writable", "file", "fifo", "link-out"])}
        return {"target": rng.choice(["entry", "record", "record"]), "pick": rng.randrange(1 << 30), "damage": damage, "seed": rng.randrange(1 << 30)}
    if kind == "written-link":
        return {"path": rng.choice(["baseline", "baseline-folder", "docs", "init", "fix", "cache-sources", "cache-packs",
                                    "cache-records", "cache-shard", "cache-entry", "cache-record"]), "pick": rng.randrange(1 << 30)}
    limit = rng.choice(["n", "n", "v", "f"])
    value = {"n": rng.choice([8, 16, 24, 32, 48, 64]), "v": rng.choice([600, 800, 1024]) << 20, "f": rng.choice([4, 64, 1024]) << 10}[limit]
    # Which run is limited: lint with a warm cache, or one of the commands that write a file the user asked for
    # (a limit must leave no partial file behind: the old one or a whole new one).
    command = rng.choice(["lint", "lint", "lint", "write-baseline", "docs", "fix"])
    return {"limit": limit, "value": value, "command": command}


def damage_cache(cache, plan, outside):
    """Applies a cache plan to a copy of the warm cache."""
    rng = random.Random(plan["seed"])
    if "folder" in plan:
        folder = os.path.join(cache, plan["folder"]) if plan["folder"] else cache
        if plan["damage"] == "world-writable":
            os.chmod(folder, 0o777)
        else:
            shutil.rmtree(folder)
            if plan["damage"] == "link-out":
                os.symlink(os.path.join(outside, "folder"), folder)
            else:
                apply(os.path.dirname(folder), os.path.basename(folder), {"file": b"not a folder\n", "fifo": "fifo"}[plan["damage"]])
        return
    packs = os.path.join(cache, "sources-v1", "packs")
    pack = os.path.join(packs, "entries.pack")
    records = sorted(os.path.join(directory, name) for directory, _, names in os.walk(os.path.join(cache, "records-v1")) for name in names)
    target = pack if plan["target"] == "entry" or not records else records[plan["pick"] % len(records)]
    damage = plan["damage"]
    if damage == "hardlinks":
        for number in range(300):
            os.link(pack, os.path.join(packs, f"link{number:03d}.pack"))
        return
    if damage == "huge-header":
        with open(os.path.join(packs, "huge.pack"), "wb") as handle:
            handle.write(b"glance-pack\n" + (1 << 18).to_bytes(8, "little") + b"0" * 64 + (0).to_bytes(8, "little") * 2)
        return
    if damage in ("empty-record", "suppression", "refusal", "swap"):
        if damage == "empty-record" and records:
            target = records[plan["pick"] % len(records)]
            with open(target, "rb") as handle:
                stored = json.loads(handle.read()[65:])
            stored["record"]["answers"] = {"questions": [], "answers": []}
            if "report" in stored["record"]:
                stored["record"]["report"]["violations"] = []
            text = json.dumps(stored).encode()
            with open(target, "wb") as handle:
                handle.write(hashlib.sha256(text).hexdigest().encode() + b"\n" + text)
            return
        with open(pack, "rb") as handle:
            data = handle.read()
        count = int.from_bytes(data[12:20], "little")
        index = [(data[20 + 80 * n:84 + 80 * n].decode(), int.from_bytes(data[84 + 80 * n:92 + 80 * n], "little"),
                  int.from_bytes(data[92 + 80 * n:100 + 80 * n], "little")) for n in range(count)]
        bodies = [data[offset:offset + length] for _, offset, length in index]
        keys = [key for key, _, _ in index]
        if damage == "swap":
            bodies = bodies[1:] + bodies[:1]
        else:
            # Forged as someone who can write the cache would: sealed again with a digest that holds.
            forged = []
            for body in bodies:
                entry = json.loads(body[65:])
                if damage == "suppression" and isinstance(entry.get("entry", {}).get("tokens"), dict):
                    entry["entry"]["tokens"]["directiveComments"] = [{"line": 1, "column": 1, "text": "glance:disable all"}]
                if damage == "refusal":
                    entry["entry"] = {"refusal": "not parsed: forged", "replaced": False}
                text = json.dumps(entry).encode()
                forged.append(hashlib.sha256(text).hexdigest().encode() + b"\n" + text)
            bodies = forged
        with open(pack, "wb") as handle:
            handle.write(pack_bytes(list(zip(keys, bodies))))
        shutil.rmtree(os.path.join(cache, "records-v1"), ignore_errors=True)
        return
    description, payload = ("special", {"link-zero": "link-zero", "link-out": "link-up", "folder": "folder", "fifo": "fifo"}[damage]) \
        if damage != "bytes" else (None, None)
    if damage == "bytes":
        with open(target, "rb") as handle:
            _, payload = mutate(handle.read(), "cache", rng)
        if not isinstance(payload, bytes):
            payload = b""
    folder, name = os.path.split(target)
    apply(folder, name, payload)


def run_surroundings(kind, plan, glance, timeout, work, surroundings):
    """Sets up, runs and classifies one surroundings case (see `run_case`)."""
    folder = tempfile.mkdtemp(prefix="run-", dir=work)
    project = os.path.join(folder, "P")
    outside = os.path.join(folder, "outside")
    scratch = os.path.join(folder, "tmp")
    os.makedirs(os.path.join(outside, "folder"))
    os.makedirs(scratch)
    with open(os.path.join(outside, "file.txt"), "w") as handle:
        handle.write("the user's own file\n")
    try:
        shutil.copytree(MISTAKES, project, symlinks=True)
        cache = os.path.join(folder, "cache")
        args, limits, compare = [glance, "lint", project, "--cache-path", cache], None, True
        # A check of what a run wrote where it may write: returns what is wrong, or None.
        check_written = None
        if kind == "cache":
            shutil.copytree(surroundings.cache, cache, symlinks=True)
            damage_cache(cache, plan, outside)
        elif kind == "limits":
            import resource
            which = {"n": resource.RLIMIT_NOFILE, "v": resource.RLIMIT_AS, "f": resource.RLIMIT_FSIZE}[plan["limit"]]
            limits = {which: plan["value"]}
            command = plan.get("command", "lint")
            if command == "lint" and plan["limit"] == "n":
                shutil.copytree(surroundings.cache, cache, symlinks=True)
                shutil.rmtree(os.path.join(cache, "records-v1"), ignore_errors=True)
            elif command == "write-baseline":
                baseline = os.path.join(project, "baseline.json")
                with open(baseline, "w") as handle:
                    handle.write('{"version": 1, "violations": []}\n')
                args, compare = [glance, "lint", project, "--no-cache", "--write-baseline", baseline], False

                def check_written():
                    with open(baseline, "rb") as handle:
                        text = handle.read()
                    try:
                        json.loads(text)["violations"]
                    except (ValueError, KeyError, TypeError):
                        return f"baseline.json left unreadable ({len(text)} bytes)"
                    extra = set(os.listdir(project)) - set(os.listdir(MISTAKES)) - {"baseline.json"}
                    return f"left {sorted(extra)}" if extra else None
            elif command == "docs":
                docs = os.path.join(folder, "docs")
                args, compare = [glance, "rules", "--docs", docs], False

                def check_written():
                    wrong = [name for name, data in snapshot_bytes(docs).items() if surroundings.docs.get(name) != data]
                    return f"pages left partial or stray: {wrong[:3]}" if wrong else None
            elif command == "fix":
                shutil.rmtree(project)
                shutil.copytree(FIXES, project, symlinks=True)
                args, compare = [glance, "fix", project, "--write"], False

                def check_written():
                    left = snapshot_bytes(project)
                    return None if left in (surroundings.unfixed, surroundings.fixed) else \
                        f"fix --write left a project that is neither the old nor the fixed one: {sorted(n for n in set(left) | set(surroundings.fixed) if left.get(n) != surroundings.fixed.get(n))[:3]}"
        else:
            where = plan["path"]
            if where == "baseline":
                args = [glance, "lint", project, "--no-cache", "--write-baseline", os.path.join(project, "baseline.json")]
                os.symlink(os.path.join(outside, "file.txt"), os.path.join(project, "baseline.json"))
                compare = False
            elif where == "docs":
                os.makedirs(os.path.join(project, "docs"))
                os.symlink(os.path.join(outside, "file.txt"), os.path.join(project, "docs", "README.md"))
                args, compare = [glance, "rules", "--docs", os.path.join(project, "docs")], False
            elif where == "init":
                if os.path.lexists(os.path.join(project, ".glance.json")):
                    os.remove(os.path.join(project, ".glance.json"))
                os.symlink(os.path.join(outside, "file.txt"), os.path.join(project, ".glance.json"))
                args, compare = [glance, "init", project, "--force"], False
            elif where == "baseline-folder":
                os.symlink(os.path.join(outside, "folder"), os.path.join(project, "out"))
                args = [glance, "lint", project, "--no-cache", "--write-baseline", os.path.join(project, "out", "baseline.json")]
                compare = False
            elif where == "fix":
                # A file `glance fix` edits, planted as a link to a copy outside: the copy must stay as it was.
                shutil.rmtree(project)
                shutil.copytree(FIXES, project, symlinks=True)
                shutil.copy(os.path.join(FIXES, "DinerWidgets", "Info.plist"), os.path.join(outside, "Info.plist"))
                os.remove(os.path.join(project, "DinerWidgets", "Info.plist"))
                os.symlink(os.path.join(outside, "Info.plist"), os.path.join(project, "DinerWidgets", "Info.plist"))
                args, compare = [glance, "fix", project, "--write"], False
            elif where in ("cache-entry", "cache-record"):
                # A link at the name of an entry or a record a warm cache holds: not read through, not written through.
                shutil.copytree(surroundings.cache, cache, symlinks=True)
                places = surroundings.entry_places if where == "cache-entry" else surroundings.records
                if places:
                    place = os.path.join(cache, places[plan["pick"] % len(places)])
                    os.makedirs(os.path.dirname(place), exist_ok=True)
                    if os.path.lexists(place):
                        os.remove(place)
                    os.symlink(os.path.join(outside, "file.txt"), place)
            else:
                sub = {"cache-sources": "sources-v1", "cache-packs": "sources-v1/packs", "cache-records": "records-v1", "cache-shard": "sources-v1/00"}[where]
                os.makedirs(os.path.dirname(os.path.join(cache, sub)), exist_ok=True)
                os.symlink(os.path.join(outside, "folder"), os.path.join(cache, sub))
        before = snapshot(outside)
        project_before = snapshot(project)
        env = dict(os.environ, TMPDIR=scratch, XDG_CACHE_HOME=os.path.join(folder, "default-cache"))
        code, stdout, stderr, timed_out, seconds = run_process(args, env, folder, timeout, limits)
        written = snapshot(project) != project_before and kind != "written-link" and check_written is None
        outcome = classify(code, stderr, timed_out, snapshot(outside) != before or written or os.listdir(scratch) != [], allowed=WROTE_LINES)
        if outcome in ("ok", "clean error") and check_written is not None:
            problem = check_written()
            if problem:
                outcome, stderr = "wrote a file", stderr + b"\n" + problem.encode()
        if outcome == "ok" and compare and (code, stdout.replace(project.encode(), b"P")) != surroundings.reference:
            outcome = "wrong findings"
        shown = [a.replace(project, "P").replace(folder, "R") for a in args[1:]]
        return outcome, seconds, stderr[:400].decode("utf-8", "replace"), shown
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_case(kind, payload, glance, timeout, work, surroundings=None):
    """Sets up, runs and classifies one case. Returns (outcome, seconds, stderr head, command)."""
    if kind in SURROUNDINGS:
        return run_surroundings(kind, payload, glance, timeout, work, surroundings or Surroundings(glance, work, timeout))
    folder = tempfile.mkdtemp(prefix="run-", dir=work)
    project = os.path.join(folder, "project")
    scratch = os.path.join(folder, "tmp")
    os.makedirs(scratch)
    try:
        make_project(KINDS[kind][0], project)
        apply(project, KINDS[kind][1], payload)
        before = snapshot(project)
        args = command(kind, project, glance)
        # One source cache for the whole fuzz run (never the user's): damaged files go through it too.
        env = dict(os.environ, TMPDIR=scratch, XDG_CACHE_HOME=os.path.join(work, "cache"))
        started = time.time()
        process = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   cwd=folder, env=env, start_new_session=True)
        timed_out = False
        try:
            _, stderr = process.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            timed_out = True
            os.killpg(process.pid, signal.SIGKILL)
            _, stderr = process.communicate()
        seconds = time.time() - started
        after = snapshot(project)
        wrote = after != before or os.listdir(scratch) != []
        fixes = kind.startswith("fix-")
        outcome = classify(process.returncode, stderr, timed_out, wrote, fixes)
        if fixes and outcome == "ok" and after != before:
            # What `fix --write` left: no temporary file, nothing but the project's files, and a project that lints.
            leftovers = [name for name in after if ".glance-fix-" in name] or os.listdir(scratch)
            check = subprocess.run([glance, "lint", project, "-q"], stdin=subprocess.DEVNULL, capture_output=True,
                                   cwd=folder, env=env, timeout=timeout)
            if leftovers or check.returncode not in (0, 1):
                outcome = "half-written"
                stderr += b"\nafter fix --write: " + (f"left {leftovers}".encode() if leftovers else check.stderr[:300])
        shown = [a.replace(project, "P") for a in args[1:]]
        return outcome, seconds, stderr[:400].decode("utf-8", "replace"), shown
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def case_for(seed, number):
    rng = random.Random(f"{seed}:{number}")
    # One run in five is a `fix --write` kind, drawn from a stream of its own, so that the other runs of a seed are
    # the cases they were before those kinds existed.
    fixes = random.Random(f"{seed}:{number}:fix")
    if fixes.random() < 0.2:
        kind = fixes.choice(sorted(k for k in KINDS if k.startswith("fix-")))
        rng = fixes
    else:
        kind = rng.choice(sorted(k for k in KINDS if not k.startswith("fix-")) + sorted(SURROUNDINGS))
    if kind in SURROUNDINGS:
        plan = plan_for(kind, rng)
        return kind, " ".join(f"{key}={value}" for key, value in sorted(plan.items()) if key not in ("seed", "pick")), plan
    base = os.path.join(BASES[KINDS[kind][0]], KINDS[kind][1])
    original = b""
    if os.path.isfile(base):
        with open(base, "rb") as handle:
            original = handle.read()
    elif kind == "xcworkspace":
        original = (b'<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version = "1.0">\n'
                    b'   <FileRef location = "group:ProductivityTimer.xcodeproj">\n   </FileRef>\n</Workspace>\n')
    elif kind == "config":
        original = b'{"excluded": ["Pods"], "baseline": null}\n'
    elif kind == "baseline":
        original = b'{"version": 1, "violations": []}\n'
    description, payload = mutate(original, kind, rng)
    return kind, description, payload


def save_finding(findings, number, kind, description, payload, outcome, stderr, shown):
    folder = os.path.join(findings, f"{number:06d}")
    os.makedirs(folder, exist_ok=True)
    if isinstance(payload, bytes):
        with open(os.path.join(folder, "input"), "wb") as handle:
            handle.write(payload)
    with open(os.path.join(folder, "case.json"), "w") as handle:
        json.dump({"kind": kind, "file": KINDS[kind][1] if kind in KINDS else None, "mutation": description,
                   "special": None if isinstance(payload, bytes) else payload,
                   "outcome": outcome, "command": shown, "stderr": stderr}, handle, indent=2)
    return folder


def fuzz(options):
    glance = os.path.abspath(options.glance)
    if not os.access(glance, os.X_OK):
        sys.exit(f"fuzz.py: {glance} is not an executable; run `swift build` first")
    work = tempfile.mkdtemp(prefix="glance-fuzz-")
    counts = {kind: {outcome: 0 for outcome in OUTCOMES} for kind in sorted(KINDS) + sorted(SURROUNDINGS)}
    surroundings = Surroundings(glance, work, options.timeout)
    lock = threading.Lock()
    started = time.time()
    next_number = [0]
    failures = []
    slowest = [0.0, None]

    def worker():
        while True:
            with lock:
                number = next_number[0]
                if number >= options.runs or time.time() - started > options.duration:
                    return
                next_number[0] += 1
            kind, description, payload = case_for(options.seed, number)
            if options.kinds and kind not in options.kinds:
                with lock:
                    counts.setdefault(kind, {outcome: 0 for outcome in OUTCOMES})
                continue
            outcome, seconds, stderr, shown = run_case(kind, payload, glance, options.timeout, work, surroundings)
            with lock:
                counts[kind][outcome] += 1
                if seconds > slowest[0]:
                    slowest[0], slowest[1] = seconds, f"run {number} ({kind}, {description})"
                if outcome in FAILURES:
                    folder = save_finding(options.findings, number, kind, description, payload, outcome, stderr, shown)
                    failures.append((number, kind, description, outcome, folder))
                    print(f"run {number}: {kind} {description}: {outcome} → {folder}\n  {stderr.strip()[:200]}", flush=True)

    threads = [threading.Thread(target=worker) for _ in range(options.jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    shutil.rmtree(work, ignore_errors=True)
    elapsed = time.time() - started
    total = sum(sum(row.values()) for row in counts.values())
    print(f"\n{total} runs in {elapsed:.0f} s (seed {options.seed}, {options.jobs} job{'s' if options.jobs != 1 else ''}, "
          f"timeout {options.timeout:g} s); slowest run {slowest[0]:.1f} s: {slowest[1]}")
    header = f"{'kind':<14}{'runs':>6}" + "".join(f"{name:>15}" for name in OUTCOMES)
    print(header)
    for kind, row in counts.items():
        print(f"{kind:<14}{sum(row.values()):>6}" + "".join(f"{row[name]:>15}" for name in OUTCOMES))
    totals = {name: sum(row[name] for row in counts.values()) for name in OUTCOMES}
    print(f"{'all':<14}{total:>6}" + "".join(f"{totals[name]:>15}" for name in OUTCOMES))
    if options.json:
        with open(options.json, "w") as handle:
            json.dump({"seed": options.seed, "seconds": round(elapsed), "runs": total, "by_kind": counts, "totals": totals,
                       "failures": [{"run": n, "kind": k, "mutation": d, "outcome": o, "saved": f} for n, k, d, o, f in failures]},
                      handle, indent=2)
    return 1 if failures else 0


# MARK: - Replay and minimization


def load_finding(folder):
    with open(os.path.join(folder, "case.json")) as handle:
        case = json.load(handle)
    payload = case["special"]
    if payload is None:
        with open(os.path.join(folder, "input"), "rb") as handle:
            payload = handle.read()
    return case, payload


def minimize(options):
    glance = os.path.abspath(options.glance)
    case, payload = load_finding(options.minimize)
    kind, wanted = case["kind"], case["outcome"]
    if kind in SURROUNDINGS:
        sys.exit("fuzz.py: a cache, link or limit case is a plan, not bytes: replay it (--replay) and write its regression test by hand")
    work = tempfile.mkdtemp(prefix="glance-fuzz-min-")

    def fails(candidate):
        return run_case(kind, candidate, glance, options.timeout, work)[0] == wanted

    if isinstance(payload, bytes) and options.duration > 0:
        if not fails(payload):
            sys.exit(f"fuzz.py: {options.minimize} no longer fails ({wanted}); nothing to minimize")
        chunk = max(1, len(payload) // 2)
        deadline = time.time() + options.duration
        while chunk >= 1 and time.time() < deadline:
            index, shrunk = 0, False
            while index < len(payload) and time.time() < deadline:
                candidate = payload[:index] + payload[index + chunk:]
                if fails(candidate):
                    payload, shrunk = candidate, True
                else:
                    index += chunk
            if not shrunk:
                chunk //= 2
        print(f"minimized to {len(payload)} bytes")
    shutil.rmtree(work, ignore_errors=True)
    if options.keep:
        folder = os.path.join(REGRESSIONS, options.keep)
        os.makedirs(folder, exist_ok=True)
        base = KINDS[kind][0]
        kept = {"kind": kind, "base": "LegacyPackages" if base == "legacy" else "ProductivityTimer",
                "workspace": base == "workspace", "file": KINDS[kind][1],
                "special": None if isinstance(payload, bytes) else payload,
                "arguments": KINDS[kind][2], "found": f"{case['outcome']}: {case['mutation']}"}
        if isinstance(payload, bytes):
            if len(payload) > 64 * 1024:
                kept["parts"] = parts(payload)   # what makes such inputs hostile is their size: kept run-length encoded
            else:
                with open(os.path.join(folder, "input"), "wb") as handle:
                    handle.write(payload)
        with open(os.path.join(folder, "case.json"), "w") as handle:
            json.dump(kept, handle, indent=2)
        print(f"kept as {folder}")
    return 0


def parts(data):
    """The bytes as a list of parts — {"text"} or {"base64"}, with "repeat" for a unit of 1 to 16 bytes repeated
    at least 64 times — which FuzzRegressionTests expands back."""
    result, literal, index = [], bytearray(), 0

    def flush():
        if literal:
            try:
                result.append({"text": literal.decode("utf-8")})
            except UnicodeDecodeError:
                result.append({"base64": base64.b64encode(bytes(literal)).decode()})
            literal.clear()

    while index < len(data):
        best = (0, 1)
        for width in range(1, 17):
            unit = data[index:index + width]
            count = 1
            while data[index + count * width:index + (count + 1) * width] == unit:
                count += 1
            if count >= 64 and count * width > best[0] * best[1]:
                best = (count, width)
        count, width = best
        if count >= 64:
            flush()
            unit = data[index:index + width]
            try:
                result.append({"text": unit.decode("utf-8"), "repeat": count})
            except UnicodeDecodeError:
                result.append({"base64": base64.b64encode(unit).decode(), "repeat": count})
            index += count * width
        else:
            literal.append(data[index])
            index += 1
    flush()
    return result


def replay(options):
    case, payload = load_finding(options.replay)
    work = tempfile.mkdtemp(prefix="glance-fuzz-replay-")
    outcome, seconds, stderr, shown = run_case(case["kind"], payload, os.path.abspath(options.glance), options.timeout, work)
    shutil.rmtree(work, ignore_errors=True)
    print(f"{outcome} in {seconds:.1f} s: glance {' '.join(shown)}\n{stderr}")
    return 1 if outcome in FAILURES else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--glance", default=os.path.join(ROOT, ".build", "debug", "glance"), help="the glance executable")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--duration", type=float, default=180, help="seconds to fuzz (or to minimize)")
    parser.add_argument("--runs", type=int, default=10 ** 9, help="stop after this many runs")
    parser.add_argument("--timeout", type=float, default=30, help="seconds before a run counts as a hang")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--findings", default=os.path.join(ROOT, "fuzz-findings"))
    parser.add_argument("--json", help="write the summary as JSON to this file")
    parser.add_argument("--replay", help="run one saved finding again")
    parser.add_argument("--minimize", help="shrink one saved finding")
    parser.add_argument("--keep", help="with --minimize: keep it as Tests/GlanceCLITests/Fixtures/Fuzz/KEEP")
    parser.add_argument("--kinds", type=lambda text: set(text.split(",")), help="only these input kinds (comma-separated), for local runs")
    options = parser.parse_args()
    if options.replay:
        return replay(options)
    if options.minimize:
        return minimize(options)
    return fuzz(options)


if __name__ == "__main__":
    sys.exit(main())
