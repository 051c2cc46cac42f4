#!/usr/bin/env python3
"""Measures how `glance lint` grows with a project's size: files -> seconds.

Each step is a copy of Examples/ProductivityTimer (an app, widget extension, watch app: the files that use the
frameworks Glance checks) with N generated Swift files added to its app target (App/Generated/, a synchronized
folder): models, stores and SwiftUI views such as most files of a large app are, which never name a widget, a
control, a Live Activity or an App Group. A `--framework-share` of them (default 0) are widgets instead (a
timeline provider and a `Widget`), which Glance parses. Nothing is committed: the projects are written to a temporary folder and removed.

For each N it prints the cold lint (`--no-cache`), a repeat from a warm cache, and SwiftParser over every file
(`glance debug parse-only`), median of --runs runs, in seconds:

    Scripts/scale.py                                  # 0, 1000, 5000, 10000, 20000 files; release build first
    Scripts/scale.py --files 0 20000 --framework-share 0.02
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PLAIN = '''import Foundation
import SwiftUI

struct Item{n}: Identifiable, Codable, Hashable {{
    let id: UUID
    var title: String
    var detail: String
    var count: Int
    var updated: Date

    func summary(prefix: String) -> String {{
        let parts = [prefix, title, detail, String(count)]
        return parts.filter {{ !$0.isEmpty }}.joined(separator: " · ")
    }}
}}

final class Store{n}: ObservableObject {{
    @Published private(set) var items: [Item{n}] = []

    func add(_ title: String) {{
        items.append(Item{n}(id: UUID(), title: title, detail: "", count: items.count, updated: Date()))
    }}

    func remove(at offsets: IndexSet) {{
        for index in offsets.sorted(by: >) where index < items.count {{ items.remove(at: index) }}
    }}

    var total: Int {{ items.reduce(0) {{ $0 + $1.count }} }}
}}

struct Row{n}: View {{
    let item: Item{n}
    @State private var expanded = false

    var body: some View {{
        VStack(alignment: .leading, spacing: 4) {{
            HStack {{
                Text(item.title).font(.headline)
                Spacer()
                Text("\\(item.count)").foregroundStyle(.secondary)
            }}
            if expanded {{
                Text(item.detail).font(.footnote)
            }}
        }}
        .padding(.vertical, 6)
        .onTapGesture {{ expanded.toggle() }}
    }}
}}
'''

FRAMEWORK = '''import SwiftUI
import WidgetKit

struct GeneratedEntry{n}: TimelineEntry {{
    let date: Date
    let value: Int
}}

struct GeneratedProvider{n}: TimelineProvider {{
    func placeholder(in context: Context) -> GeneratedEntry{n} {{ GeneratedEntry{n}(date: Date(), value: 0) }}
    func getSnapshot(in context: Context, completion: @escaping (GeneratedEntry{n}) -> Void) {{ completion(placeholder(in: context)) }}
    func getTimeline(in context: Context, completion: @escaping (Timeline<GeneratedEntry{n}>) -> Void) {{
        completion(Timeline(entries: [placeholder(in: context)], policy: .atEnd))
    }}
}}

struct GeneratedWidget{n}: Widget {{
    var body: some WidgetConfiguration {{
        StaticConfiguration(kind: "com.example.generated.{n}", provider: GeneratedProvider{n}()) {{ entry in
            VStack {{
                Text("Value \\(entry.value)")
                Text(entry.date, style: .time)
            }}
            .containerBackground(.fill.tertiary, for: .widget)
        }}
        .configurationDisplayName("Generated {n}")
    }}
}}
'''


def make_project(folder, files, share):
    shutil.copytree(os.path.join(ROOT, "Examples", "ProductivityTimer"), folder)
    generated = os.path.join(folder, "App", "Generated")
    os.makedirs(generated)
    every = int(round(1 / share)) if share > 0 else 0
    for n in range(files):
        template = FRAMEWORK if every and n % every == 0 else PLAIN
        sub = os.path.join(generated, f"Group{n // 500:03d}")
        os.makedirs(sub, exist_ok=True)
        with open(os.path.join(sub, f"File{n:05d}.swift"), "w") as handle:
            handle.write(template.format(n=n))


def median(command, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--files", type=int, nargs="+", default=[0, 1000, 5000, 10000, 20000])
    parser.add_argument("--framework-share", type=float, default=0.0, help="share of generated files that are widget views")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--glance", default=os.path.join(ROOT, ".build", "release", "glance"))
    arguments = parser.parse_args()
    if arguments.glance == os.path.join(ROOT, ".build", "release", "glance"):
        subprocess.run(["swift", "build", "-c", "release", "--product", "glance"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    print(f"{'Swift files':>11} {'MB':>6} {'parsed':>7} {'cold s':>7} {'repeat s':>8} {'parse-all s':>11}  (load {os.getloadavg()[0]:.1f})")
    for files in arguments.files:
        work = tempfile.mkdtemp(prefix="glance-scale-")
        try:
            project = os.path.join(work, "ProductivityTimer")
            make_project(project, files, arguments.framework_share)
            cache = os.path.join(work, "cache")
            lint = [arguments.glance, "lint", project, "--quiet"]
            stats = subprocess.run([arguments.glance, "debug", "stats", project], capture_output=True, text=True).stdout.split()
            total, parsed = stats[4].rstrip(","), stats[6]
            size = sum(os.path.getsize(os.path.join(d, f)) for d, _, names in os.walk(project) for f in names if f.endswith(".swift"))
            cold = median(lint + ["--no-cache"], arguments.runs)
            subprocess.run(lint + ["--cache-path", cache], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            repeat = median(lint + ["--cache-path", cache], arguments.runs)
            parse_all = median([arguments.glance, "debug", "parse-only", project], arguments.runs)
            print(f"{total:>11} {size / 1e6:6.1f} {parsed:>7} {cold:7.2f} {repeat:8.2f} {parse_all:11.2f}", flush=True)
        finally:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
