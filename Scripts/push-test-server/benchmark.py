#!/usr/bin/env python3
"""The measuring part of Scripts/benchmark-push.sh (see there): starts the stand-ins, runs each client on each batch
RUNS times, and prints a Markdown table of medians and the ratio of Glance's rate to aioapns'."""

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
KEY = os.path.join(ROOT, "Tests/GlancePushTests/Fixtures/AuthKey_TESTKEY001.p8")
KEY_ID, TEAM_ID, BUNDLE_ID = "TESTKEY001", "TEAM123456", "com.example.productivitytimer"
BODY = os.path.join(ROOT, "Examples/ProductivityTimer/Pushes/2-update.json")
SIZES = (1000, 10000, 50000)
NGINX = """
daemon off;
master_process off;
worker_processes 1;
pid %(work)s/nginx.pid;
error_log %(work)s/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path %(work)s/nginx-body;
    proxy_temp_path %(work)s/nginx-proxy;
    fastcgi_temp_path %(work)s/nginx-fastcgi;
    uwsgi_temp_path %(work)s/nginx-uwsgi;
    scgi_temp_path %(work)s/nginx-scgi;
    server {
        listen 127.0.0.1:%(port)d ssl http2;
        ssl_certificate %(certificate)s;
        ssl_certificate_key %(key)s;
        http2_max_concurrent_streams 1000;
        keepalive_requests 1000000;
        location / {
            add_header apns-id $http_apns_id always;
            return 200;
        }
    }
}
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for_port(port, process, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit("benchmark-push: a stand-in ended at start-up")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit("benchmark-push: a stand-in did not start listening")


def measure(command, environment):
    """Runs a command; returns (wall seconds, CPU seconds, peak resident set in MB, standard output).

    Through GNU time (Debian: time), whose small process starts the command: a child forked from this process
    would count this process's memory in its peak."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        status = subprocess.call(["/usr/bin/time", "-f", "glance-benchmark %e %U %S %M"] + command, stdout=output, stderr=errors,
                                 env=environment)
        wall = time.monotonic() - started
        errors.seek(0)
        error_text = errors.read().decode()
        output.seek(0)
        text = output.read().decode()
    if status != 0:
        raise SystemExit("benchmark-push: %s exited %d: %s" % (os.path.basename(command[0]), status, error_text[-2000:]))
    line = [line for line in error_text.split("\n") if line.startswith("glance-benchmark ")][-1].split()
    return wall, float(line[2]) + float(line[3]), int(line[4]) / 1024, text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--glance", required=True)
    parser.add_argument("--aioapns-python", required=True)
    parser.add_argument("--stand-in-python", required=True)
    parser.add_argument("--ca-dir", required=True)
    args = parser.parse_args()
    sys.path.insert(0, HERE)
    import server  # the stand-in's certificate maker

    work = tempfile.mkdtemp(prefix="glance-push-benchmark-")
    stand_ins = []
    try:
        certfile, keyfile = server.leaf_certificate(args.ca_dir, work)
        rng = random.Random(24)
        tokens = ["%064x" % rng.getrandbits(256) for _ in range(max(SIZES))]
        files = {}
        for size in SIZES:
            files[size] = os.path.join(work, "tokens-%d.txt" % size)
            with open(files[size], "w") as file:
                file.write("".join(token + "\n" for token in tokens[:size]))
        # nginx answers every request with 200 and the request's apns-id, as APNs does (aioapns matches answers to
        # requests by it), over HTTP/2 with 1,000 streams a connection, in one worker process.
        nginx_port = free_port()
        configuration = os.path.join(work, "nginx.conf")
        with open(configuration, "w") as file:
            file.write(NGINX % {"work": work, "port": nginx_port, "certificate": certfile, "key": keyfile})
        nginx = subprocess.Popen(["nginx", "-p", work, "-c", configuration], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        stand_ins.append(nginx)
        wait_for_port(nginx_port, nginx)
        # The stand-in's own HTTP/2 server (as --max-concurrent-streams makes it): it answers 200 with HEADERS alone,
        # as APNs does; Hypercorn adds an empty DATA frame, which aioapns takes for a broken connection.
        python_port = free_port()
        python_stand_in = subprocess.Popen([args.stand_in_python, os.path.join(HERE, "server.py"), "--ca-dir", args.ca_dir,
                                            "--key-file", KEY, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--bundle-id", BUNDLE_ID,
                                            "--port", str(python_port), "--work-dir", work, "--max-concurrent-streams", "1000"],
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        stand_ins.append(python_stand_in)
        wait_for_port(python_port, python_stand_in)

        environment = dict(os.environ, GLANCE_APNS_TOKEN_CACHE=os.path.join(work, "token-cache"))

        def glance(size, port):
            command = [args.glance, "push", BODY, "--tokens", files[size], "--host", "127.0.0.1:%d" % port,
                       "--bundle-id", BUNDLE_ID, "--key-file", KEY, "--team-id", TEAM_ID, "--reporter", "json"]
            wall, cpu, memory, text = measure(command, environment)
            summary = json.loads(text.strip().split("\n")[-1])["summary"]
            return wall, cpu, memory, summary["accepted"], summary["connections"]

        def aioapns(size, port):
            command = [args.aioapns_python, os.path.join(HERE, "aioapns_batch.py"), "--host", "127.0.0.1", "--port", str(port),
                       "--key-file", KEY, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--bundle-id", BUNDLE_ID,
                       "--body", BODY, "--tokens", files[size]]
            wall, cpu, memory, text = measure(command, environment)
            result = json.loads(text.strip().split("\n")[-1])
            return wall, cpu, memory, result["accepted"], result["connections"]

        rows = []
        plan = [("nginx", nginx_port, size) for size in SIZES] + [("Python stand-in", python_port, SIZES[0])]
        for server_name, port, size in plan:
            results = {}
            for name, client in (("Glance", glance), ("aioapns", aioapns)):
                samples = []
                for _ in range(args.runs):
                    wall, cpu, memory, accepted, connections = client(size, port)
                    if accepted != size:
                        raise SystemExit("benchmark-push: %s had %d of %d pushes accepted" % (name, accepted, size))
                    samples.append((wall, cpu, memory, connections))
                wall = statistics.median(sample[0] for sample in samples)
                results[name] = (size / wall, statistics.median(sample[1] for sample in samples) / size * 1000,
                                 max(sample[2] for sample in samples), max(sample[3] for sample in samples))
                print("%s, %d tokens, %s: %.0f pushes/s" % (server_name, size, name, results[name][0]), file=sys.stderr, flush=True)
            ratio = results["Glance"][0] / results["aioapns"][0]
            for name in ("Glance", "aioapns"):
                rate, cpu, memory, connections = results[name]
                rows.append("| %s | %s | %s | %.0f | %.3f | %.0f | %d | %s |" % (
                    server_name, "{:,}".format(size), name, rate, cpu, memory, connections, "%.2f×" % ratio if name == "Glance" else ""))
        print("| Stand-in | Tokens | Client | Pushes/s | CPU ms/push | Peak MB | Connections | Glance ÷ aioapns |")
        print("|---|---:|---|---:|---:|---:|---:|---:|")
        print("\n".join(rows))
        print("\nMedians of %d runs; peak memory is the largest of them." % args.runs)
    finally:
        for process in stand_ins:
            process.kill()
            process.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
