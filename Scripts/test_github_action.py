"""Runs the GitHub Action (action.yml) outside GitHub, as far as that can be done (run by validate-reporters.sh,
in its virtualenv, with PyYAML).

Usage: test_github_action.py GLANCE_BINARY   (from the repository root)

action.yml must be a composite action whose `run` steps name a shell, whose `uses` steps name owner/name@ref,
and whose expressions name only declared inputs and the outputs of earlier steps. Then its steps are run in
order, the way the runner does: each `if:` is evaluated (==, !=, &&, || on inputs and step outputs), each
`run` step with bash, `${{ … }}` replaced, GITHUB_ACTION_PATH this repository, GITHUB_OUTPUT a file read back
into the step's outputs. The `uses` steps are GitHub's own and are stood in for: actions/cache/restore and
/save by a folder of saved copies (exact key, then restore-keys by prefix), upload-sarif by a check that the
file it is given is SARIF 2.1.0. `make` is a stand-in on PATH that installs GLANCE_BINARY into the PREFIX it is
given (the real `make install` is Scripts/test-install.sh's), so a run's build step is seen to run or not.

Scenarios: a first run with the annotations reporter on Examples/CommonMistakes (builds, saves the build, prints
the pinned annotations, fails on the findings); a second run with the same toolchain (the build comes from the
cache, no build step) with sarif and fail-on-findings false (the pinned SARIF, uploaded, passes); a clean
project (exit code 0, passes); options with quotes; `--reporter` in options and a missing path (the run fails
at the lint step, nothing after it runs). Every problem is printed; the exit code is 1 when there was any.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

problems = []


def check(condition, what):
    if not condition:
        problems.append(what)
    return condition


EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def value(name, context):
    """The value of a context name (inputs.x, steps.id.outputs.y, github.sha), '' when unset."""
    parts = name.split(".")
    if parts[0] == "inputs":
        return context["inputs"].get(parts[1], "")
    if parts[0] == "steps" and len(parts) == 4 and parts[2] == "outputs":
        return context["steps"].get(parts[1], {}).get(parts[3], "")
    if name == "github.sha":
        return context["sha"]
    if name == "github.ref":
        return "refs/pull/7/merge"
    if name == "github.event.repository.default_branch":
        return "main"
    raise ValueError(f"unknown context {name}")


def evaluate(expression, context):
    """A boolean of `a == 'b'`, `a != 'b'` joined by && and ||, the only forms action.yml uses."""
    result = False
    for alternative in expression.split("||"):
        conjunction = True
        for comparison in alternative.split("&&"):
            match = re.fullmatch(r"\s*([\w.-]+)\s*(==|!=)\s*'([^']*)'\s*", comparison)
            if not match:
                raise ValueError(f"cannot evaluate {comparison!r}")
            equal = value(match.group(1), context) == match.group(3)
            conjunction = conjunction and (equal if match.group(2) == "==" else not equal)
        result = result or conjunction
    return result


def substitute(text, context):
    return EXPRESSION.sub(lambda match: value(match.group(1), context), str(text))


def check_structure(action):
    check(action.get("runs", {}).get("using") == "composite", "action.yml: not a composite action")
    declared = set(action.get("inputs", {}))
    seen = set()
    for index, step in enumerate(action["runs"]["steps"], 1):
        where = f"action.yml step {index}"
        check(("uses" in step) != ("run" in step), f"{where}: needs one of uses or run")
        if "run" in step:
            check(step.get("shell") == "bash", f"{where}: a run step needs shell: bash")
        else:
            check(re.fullmatch(r"[\w.-]+/[\w./-]+@[\w.-]+", step["uses"]) is not None, f"{where}: uses {step['uses']!r}")
        text = yaml.safe_dump(step) + " " + str(step.get("if", ""))
        for name in re.findall(r"inputs\.([\w-]+)", text):
            check(name in declared, f"{where}: inputs.{name} is not declared")
        for name in re.findall(r"steps\.([\w-]+)\.outputs", text):
            check(name in seen, f"{where}: steps.{name} is not an earlier step")
        if "id" in step:
            seen.add(step["id"])
    for name, output in action.get("outputs", {}).items():
        for step in re.findall(r"steps\.([\w-]+)\.outputs", output["value"]):
            check(step in seen, f"action.yml output {name}: steps.{step} is not a step")


class Runner:
    def __init__(self, action, glance, work):
        self.action, self.glance, self.work = action, glance, work
        self.caches = os.path.join(work, "caches")
        self.fake_bin = os.path.join(work, "bin")
        os.makedirs(self.caches)
        os.makedirs(self.fake_bin)
        # The stand-in for `make -C SOURCE install PREFIX=DIR`: records the call, installs the binary.
        with open(os.path.join(self.fake_bin, "make"), "w") as file:
            file.write(f"""#!/bin/sh
echo "make $*" >> {work}/make.log
for argument; do case $argument in PREFIX=*) prefix=${{argument#PREFIX=}} ;; esac; done
mkdir -p "$prefix/bin" && cp {glance} "$prefix/bin/glance"
""")
        os.chmod(os.path.join(self.fake_bin, "make"), 0o755)

    def cache_folder(self, key):
        return os.path.join(self.caches, re.sub(r"[^\w.-]", "_", key))

    def uses(self, step, context, outputs):
        name, inputs = step["uses"].split("@")[0], {k: substitute(v, context) for k, v in step.get("with", {}).items()}
        if name == "actions/cache/restore":
            # The exact key, else the newest saved key that starts with a restore key.
            folder = self.cache_folder(inputs["key"])
            outputs["cache-hit"] = "true" if os.path.isdir(folder) else "false"
            if not os.path.isdir(folder):
                prefixes = [self.cache_folder(prefix) for prefix in inputs.get("restore-keys", "").split()]
                saved = [os.path.join(self.caches, name) for name in os.listdir(self.caches)]
                matches = sorted((path for path in saved if any(path.startswith(prefix) for prefix in prefixes)), key=os.path.getmtime)
                folder = matches[-1] if matches else None
            if folder:
                shutil.rmtree(inputs["path"], ignore_errors=True)
                shutil.copytree(folder, inputs["path"], symlinks=True)
        elif name == "actions/cache/save":
            check(os.path.isdir(inputs["path"]), f"cache save of a missing folder {inputs['path']}")
            if os.path.isdir(inputs["path"]) and not os.path.exists(self.cache_folder(inputs["key"])):
                shutil.copytree(inputs["path"], self.cache_folder(inputs["key"]), symlinks=True)
        elif name == "github/codeql-action/upload-sarif":
            self.uploaded = inputs
            try:
                with open(inputs["sarif_file"]) as file:
                    sarif = json.load(file)
                check(sarif.get("version") == "2.1.0" and sarif.get("runs"), f"upload-sarif: {inputs['sarif_file']} is not SARIF 2.1.0")
            except (OSError, ValueError) as error:
                problems.append(f"upload-sarif: {inputs['sarif_file']}: {error}")
        else:
            problems.append(f"no stand-in for {step['uses']}")

    def run(self, inputs, sha="0123abcd"):
        """Runs the action with these inputs; returns (failed, steps run, log, outputs of the steps)."""
        declared = {name: str(spec.get("default", "")) for name, spec in self.action["inputs"].items()}
        context = {"inputs": {**declared, **inputs}, "steps": {}, "sha": sha}
        temp = tempfile.mkdtemp(dir=self.work, prefix="runner-temp-")
        self.uploaded = None
        log, ran = "", []
        environment = {**os.environ, "GITHUB_ACTION_PATH": os.getcwd(), "RUNNER_TEMP": temp, "RUNNER_OS": "Linux",
                       "RUNNER_ARCH": "X64", "PATH": self.fake_bin + os.pathsep + os.environ["PATH"]}
        for index, step in enumerate(self.action["runs"]["steps"]):
            if "if" in step and not evaluate(step["if"], context):
                continue
            ran.append(step.get("id") or step.get("uses") or step["run"].split()[-1])
            outputs = {}
            if "uses" in step:
                self.uses(step, context, outputs)
            else:
                output_file = os.path.join(temp, f"output-{index}")
                open(output_file, "w").close()
                env = {**environment, "GITHUB_OUTPUT": output_file,
                       **{k: substitute(v, context) for k, v in step.get("env", {}).items()}}
                process = subprocess.run(["bash", "-e", "-c", substitute(step["run"], context)], env=env, capture_output=True, text=True)
                log += process.stdout + process.stderr
                with open(output_file) as file:
                    outputs = dict(line.rstrip("\n").split("=", 1) for line in file if "=" in line)
                if process.returncode != 0:
                    context["steps"][step.get("id", str(index))] = outputs
                    return True, ran, log, context["steps"]
            context["steps"][step.get("id", str(index))] = outputs
        return False, ran, log, context["steps"]


def expected(name):
    with open(os.path.join("Tests/GlanceCLITests/Expected", name)) as file:
        return file.read()


def main():
    glance = os.path.abspath(sys.argv[1])
    with open("action.yml") as file:
        action = yaml.safe_load(file)
    check_structure(action)
    if problems:
        return finish()
    work = tempfile.mkdtemp(prefix="glance-action-test-")
    try:
        runner = Runner(action, glance, work)
        make_log = os.path.join(work, "make.log")

        # 1. First run: nothing cached. The build runs, is saved; annotations; the findings fail the run.
        failed, ran, log, steps = runner.run({"path": "Examples/CommonMistakes"})
        check(failed, "first run: passed despite errors (fail-on-findings is true by default)")
        check(ran.count("build") == 1, f"first run: the build step did not run: {ran}")
        check(os.path.exists(make_log) and f"-C {os.getcwd()} install PREFIX=" in open(make_log).read(),
              f"first run: make was not called as make -C SOURCE install PREFIX=…")
        check(steps.get("lint", {}).get("exit-code") == "1", f"first run: exit-code {steps.get('lint')}")
        annotations = "".join(line + "\n" for line in log.splitlines() if line.startswith(("::error file=", "::warning file=")))
        check(annotations == expected("CommonMistakes.lint.github-actions.txt"), "first run: the annotations differ from the pinned ones")
        check("::error::glance lint found violations" in log, "first run: no error annotation for the failed run")
        key = steps["key"]["key"]
        check(os.path.isdir(runner.cache_folder(key)), "first run: the build was not saved in the cache")
        check(any(name.startswith("lint-") for name in os.listdir(runner.caches)), "first run: the lint cache was not saved")
        check(re.fullmatch(r"glance-\d+\.\d+\.\d+-[0-9a-f]{16}-Linux-X64-.*swift-[0-9a-f]{16}-\w+", key) is not None, f"key {key!r}")

        # 2. Second run, same toolchain: the build comes from the cache; SARIF, uploaded; passes.
        os.remove(make_log)
        sarif = os.path.join(work, "out.sarif")
        failed, ran, log, steps = runner.run({"path": "Examples/CommonMistakes", "reporter": "sarif", "sarif-file": sarif,
                                              "fail-on-findings": "false"}, sha="4567cdef")
        check(not failed, f"second run: failed: {log[-500:]}")
        check("build" not in ran and not os.path.exists(make_log), f"second run: built again despite the cached build: {ran}")
        check(steps.get("build-cache", {}).get("cache-hit") == "true", "second run: no exact cache hit for the build")
        check(steps.get("lint-cache", {}).get("cache-hit") == "false" and any(n.endswith("4567cdef") for n in os.listdir(runner.caches)),
              "second run: the lint cache was not restored from the first run's key and saved under the new one")
        check(runner.uploaded is not None and runner.uploaded.get("sarif_file") == sarif and runner.uploaded.get("category") == "glance",
              f"second run: upload-sarif got {runner.uploaded}")
        check(os.path.exists(sarif) and open(sarif).read() == expected("CommonMistakes.lint.sarif"), "second run: the SARIF differs from the pinned one")

        # 3. A clean project: exit code 0, passes; options with quotes reach glance as words.
        failed, ran, log, steps = runner.run({"path": "Examples/ProductivityTimer", "options": "--strict --config 'Examples/ProductivityTimer/no such.json'"})
        check(failed and "no such.json" in log and steps["lint"].get("exit-code") == "2",
              f"options: a quoted file name did not reach glance as one word: {log[-300:]}")
        failed, ran, log, steps = runner.run({"path": "Examples/ProductivityTimer", "options": "--strict"})
        check(not failed and steps["lint"].get("exit-code") == "0", f"clean project: {log[-300:]}")

        # 4. Runs that cannot lint fail at the lint step; nothing after it runs.
        for inputs, what in [({"options": "--reporter json"}, "'reporter' input"), ({"path": "No/Such/Folder"}, "No/Such/Folder"),
                             ({"options": "--config 'unbalanced"}, "not shell words")]:
            failed, ran, log, steps = runner.run(inputs)
            check(failed and ran[-1] == "lint" and what in log, f"{inputs}: expected a failed lint step naming {what}: {ran} {log[-300:]}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return finish()


def finish():
    for problem in problems:
        print("INVALID: " + problem, file=sys.stderr)
    print(f"action.yml: {len(problems)} problems" if problems else "action.yml: valid; its steps ran as expected in every scenario")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
